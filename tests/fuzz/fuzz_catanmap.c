/* libFuzzer target: catanmap_parse on arbitrary bytes must give a map that
 * keeps every rule of H-28/H-29 or refuse with "line N: ..." and no map.
 * Without CRs in the input, the CRLF form of the same text must give the
 * same answer (H-21). */
#include <stdlib.h>
#include <string.h>
#include "catan/catanmap.h"
#include "core/error.h"
#include "fuzz.h"

static void check_list(const catanmap *m, cm_list l, int bound)
{
	for (uint32_t j = 0; j < l.n; j++)
		FUZZ_ASSERT(cm_items(m, l)[j] < bound);
}

static void check_map(const catanmap *m)
{
	FUZZ_ASSERT(m->n_island <= CM_MAX_ISLANDS && m->n_hex <= CM_MAX_HEXES && m->n_point <= CM_MAX_POINTS &&
		    m->n_space <= CM_MAX_SPACES && m->n_disc <= CM_MAX_DISCS && m->n_point > 0);
	int n_sea = 0, n_fishing = 0;
	for (int i = 0; i < m->n_island; i++)
		FUZZ_ASSERT(catanmap_index(m, CM_ISLAND, cm_str(m, m->island[i].id)) == i);
	for (int i = 0; i < m->n_hex; i++) {
		const cm_hex *h = &m->hex[i];
		FUZZ_ASSERT(catanmap_index(m, CM_HEX, cm_str(m, h->id)) == i);
		FUZZ_ASSERT(h->terrain <= TERR_SEA);
		if (h->terrain == TERR_SEA) {
			n_sea++;
			FUZZ_ASSERT(h->island == -1 && h->number == 0 && h->points.n == 0);
		} else {
			FUZZ_ASSERT(h->island >= 0 && h->island < m->n_island && h->spaces.n == 0);
			FUZZ_ASSERT((h->terrain == TERR_DESERT) == (h->number == 0));
		}
		FUZZ_ASSERT(h->number == 0 || (h->number >= 2 && h->number <= 12 && h->number != 7));
		check_list(m, h->points, m->n_point);
		check_list(m, h->spaces, m->n_space);
	}
	for (int i = 0; i < m->n_point; i++) {
		const cm_point *p = &m->point[i];
		FUZZ_ASSERT(catanmap_index(m, CM_POINT, cm_str(m, p->id)) == i);
		FUZZ_ASSERT(p->kind <= CM_JUNCTION && p->island >= -1 && p->island < m->n_island);
		FUZZ_ASSERT((p->kind == CM_JUNCTION) == (p->produces.n == 0));
		if (p->kind != CM_JUNCTION)
			FUZZ_ASSERT(p->island >= 0 && cm_str(m, p->name)[0] != '\0');
		check_list(m, p->produces, m->n_hex);
		for (uint32_t j = 0; j < p->produces.n; j++)
			FUZZ_ASSERT(m->hex[cm_items(m, p->produces)[j]].terrain != TERR_SEA);
		check_list(m, p->spaces, m->n_space);
		FUZZ_ASSERT(p->spaces.n > 0 || m->n_point == 1); /* one connected graph */
		for (uint32_t j = 0; j < p->spaces.n; j++) {
			const cm_space *s = &m->space[cm_items(m, p->spaces)[j]];
			FUZZ_ASSERT(s->a == i || s->b == i);
		}
	}
	for (int i = 0; i < m->n_space; i++) {
		const cm_space *s = &m->space[i];
		FUZZ_ASSERT(catanmap_index(m, CM_SPACE, cm_str(m, s->id)) == i);
		FUZZ_ASSERT(s->kind <= CM_FISHING && s->a < m->n_point && s->b < m->n_point && s->a != s->b);
		FUZZ_ASSERT((s->kind == CM_MERCHANT) == (s->rate != 0));
		FUZZ_ASSERT(s->rate == 0 || ((s->rate == 2 || s->rate == 3) && s->trade >= CM_ANY && s->trade <= 4));
		FUZZ_ASSERT(s->kind != CM_ROAD || s->sea.n == 0);
		check_list(m, s->sea, m->n_hex);
		for (uint32_t j = 0; j < s->sea.n; j++)
			FUZZ_ASSERT(m->hex[cm_items(m, s->sea)[j]].terrain == TERR_SEA);
		check_list(m, s->discs, m->n_disc);
		n_fishing += s->kind == CM_FISHING;
	}
	for (int i = 0; i < m->n_disc; i++) {
		const cm_disc *d = &m->disc[i];
		FUZZ_ASSERT(catanmap_index(m, CM_DISC, cm_str(m, d->id)) == i);
		FUZZ_ASSERT(d->spaces.n > 0);
		check_list(m, d->spaces, m->n_space);
		for (uint32_t j = 0; j < d->spaces.n; j++)
			FUZZ_ASSERT(m->space[cm_items(m, d->spaces)[j]].kind == CM_FISHING);
	}
	FUZZ_ASSERT(m->robber >= 0 && m->robber < m->n_hex && m->hex[m->robber].terrain != TERR_SEA);
	FUZZ_ASSERT(n_sea ? m->pirate >= 0 && m->hex[m->pirate].terrain == TERR_SEA : m->pirate == -1);
	FUZZ_ASSERT(!n_fishing || m->n_track >= 2);
	for (int i = 0; i < m->n_track; i++)
		FUZZ_ASSERT(m->track[i] <= 9 && (i ? m->track[i] >= m->track[i - 1] : m->track[0] == 0));
	int targets = 0;
	for (int s = 0; s < 7; s++) {
		FUZZ_ASSERT(m->target[s] == 0 || (s >= 3 && m->target[s] >= 3 && m->target[s] <= 30));
		targets += m->target[s] != 0;
	}
	FUZZ_ASSERT(targets > 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	catanmap *m = NULL;
	int rc = catanmap_parse(&m, (const char *)data, size);
	static char msg[ERR_MSG_MAX];
	if (rc) {
		FUZZ_ASSERT(m == NULL && (rc == CRISK_EFORMAT || rc == CRISK_ENOMEM));
		FUZZ_ASSERT(strncmp(crisk_error_last(), "line ", 5) == 0);
	} else {
		FUZZ_ASSERT(m != NULL);
		check_map(m);
		FUZZ_ASSERT(catanmap_find(m, (const char *)data, size < 40 ? size : 40, NULL) >= -1);
	}
	strcpy(msg, crisk_error_last());
	if (!memchr(data, '\r', size)) {
		char *crlf = malloc(2 * size + 1);
		size_t o = 0;
		for (size_t i = 0; i < size; i++) {
			if (data[i] == '\n')
				crlf[o++] = '\r';
			crlf[o++] = (char)data[i];
		}
		catanmap *m2 = NULL;
		int rc2 = catanmap_parse(&m2, crlf, o);
		FUZZ_ASSERT(rc2 == rc);
		if (rc)
			FUZZ_ASSERT(strcmp(msg, crisk_error_last()) == 0);
		else
			FUZZ_ASSERT(m2->n_hex == m->n_hex && m2->n_point == m->n_point && m2->n_space == m->n_space &&
				    m2->n_disc == m->n_disc && !memcmp(m2->hex, m->hex, sizeof *m->hex * (size_t)m->n_hex) &&
				    !memcmp(m2->point, m->point, sizeof *m->point * (size_t)m->n_point) &&
				    !memcmp(m2->space, m->space, sizeof *m->space * (size_t)m->n_space) &&
				    !strcmp(cm_str(m2, m2->title), cm_str(m, m->title)));
		catanmap_free(m2);
		free(crlf);
	}
	catanmap_free(m);
	return 0;
}
