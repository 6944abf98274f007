/* Reading the event log with per-viewer redaction of hidden arguments. */
#include "evlog.h"

static int may_see_hidden(const ev *e, int viewer)
{
	if (viewer == CRISK_VIEWER_OMNISCIENT)
		return 1;
	/* Spectators and every other negative viewer see public arguments only. */
	return viewer >= 0 && viewer < 8 && ((e->see_mask >> viewer) & 1);
}

int ev_read(const evlog *l, uint64_t seq, int viewer, crisk_event *out)
{
	if (!l->cap || seq < ev_first(l) || seq >= l->next)
		return -1;
	const ev *e = &l->ring[seq % l->cap];
	/* After an undo the slot may hold a dropped, newer event. */
	if (e->seq != seq)
		return -1;
	int see_all = may_see_hidden(e, viewer);
	out->type = e->type;
	out->seq = e->seq;
	out->seat = e->seat;
	out->target = e->target;
	for (int i = 0; i < 6; i++)
		out->args[i] = (!see_all && ((e->hidden >> i) & 1)) ? CRISK_HIDDEN : e->args[i];
	return 0;
}

void ev_write_json(jw *w, const crisk_event *e, const char *type_name, const char *text)
{
	jw_obj_begin(w);
	jw_kint(w, "seq", (int64_t)e->seq);
	if (type_name)
		jw_kstr(w, "type", type_name);
	else
		jw_kint(w, "type", e->type);
	jw_kint(w, "seat", e->seat);
	jw_kint(w, "target", e->target);
	jw_key(w, "args");
	jw_arr_begin(w);
	for (int i = 0; i < 6; i++) {
		if (e->args[i] == CRISK_HIDDEN)
			jw_null(w);
		else
			jw_int(w, e->args[i]);
	}
	jw_arr_end(w);
	jw_kstr(w, "text", text);
	jw_obj_end(w);
}
