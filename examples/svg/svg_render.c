/* SVG pictures of a game (svg_render.h): the document, the text panel's
 * head, and the choice of drawing by the kind of board. */
#include "svg_render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg_draw.h"

const char *svg_seat_colour(int seat)
{
	static const char *const colour[] = {"#d32f2f", "#1976d2", "#f57c00", "#f5f5f5",
					     "#388e3c", "#6d4c41", "#7b1fa2"};
	return seat >= 0 ? colour[seat % 7] : "#9e9e9e";
}

void svg_open(svg_buf *b, double width, double height)
{
	sb_printf(b,
		  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		  "font-family=\"DejaVu Sans, sans-serif\">\n"
		  "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#fffdf7\"/>\n",
		  width, height, width, height, width, height);
}

void svg_close(svg_buf *b)
{
	sb_printf(b, "</svg>\n");
}

double svg_panel_head(svg_buf *b, const json *view, double x, double y)
{
	char line[160];
	snprintf(line, sizeof line, "%s, turn %d", json_str(json_get(view, "module"), "?"),
		 json_int(json_get(view, "turn"), 0));
	sb_label(b, "title", x, y, "font-size=\"16\" font-weight=\"bold\"", line);
	y += 20;
	const char *status = json_str(json_get(view, "status"), "?");
	int winner = json_int(json_get(view, "winner"), -1);
	if (winner >= 0)
		snprintf(line, sizeof line, "%s: seat %d wins", status, winner);
	else
		snprintf(line, sizeof line, "%s, phase %s, seat %d to act", status,
			 json_str(json_get(view, "phase"), "?"), json_int(json_get(view, "current_seat"), -1));
	sb_label(b, "status", x, y, "font-size=\"12\"", line);
	y += 16;
	const json *dice = json_get(view, "dice");
	if (json_len(dice) == 2 && json_int(json_at(dice, 0), 0) > 0) {
		snprintf(line, sizeof line, "dice %d + %d", json_int(json_at(dice, 0), 0), json_int(json_at(dice, 1), 0));
		sb_label(b, "dice", x, y, "font-size=\"12\"", line);
		y += 16;
	}
	return y + 6;
}

/* Another module's board: the panel alone, so a picture is never blank. */
static void panel_only(svg_buf *b, const json *view)
{
	svg_open(b, SVG_PANEL_WIDTH + 20, 120);
	svg_panel_head(b, view, 10, 24);
	svg_close(b);
}

char *svg_render(const char *board_json, const char *view_json, char *err, size_t errlen)
{
	char e[200] = "";
	json *board = json_parse(board_json, e, sizeof e), *view = board ? json_parse(view_json, e, sizeof e) : NULL;
	svg_buf b = {0};
	int rc = -1;
	if (!board || !view) {
		snprintf(err, errlen, "%s of the %s", e, board ? "view" : "board");
	} else if (view->type != JSON_OBJECT || board->type != JSON_OBJECT) {
		snprintf(err, errlen, "the board and the view must be JSON objects");
	} else if (json_get(board, "hexes")) {
		rc = svg_catan(&b, board, view, err, errlen);
	} else if (json_get(board, "tiles")) {
		rc = svg_muhq(&b, board, view, err, errlen);
	} else {
		panel_only(&b, view);
		rc = 0;
	}
	json_free(board);
	json_free(view);
	if (!rc && b.failed)
		snprintf(err, errlen, "out of memory writing the picture");
	if (rc || b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}
