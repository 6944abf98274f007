/* Shared pieces of the SVG pictures (svg_render.c, svg_catan.c, svg_muhq.c). */
#ifndef CRISK_EXAMPLES_SVG_DRAW_H
#define CRISK_EXAMPLES_SVG_DRAW_H

#include "json.h"
#include "svg_buf.h"

enum { SVG_PANEL_WIDTH = 330 }; /* the text panel right of the board */

/* Fill colour of a seat (7 distinct, then repeating); -1 and others: grey. */
const char *svg_seat_colour(int seat);
/* The panel: title lines of the view (module, turn, phase, dice, status). Returns the next y. */
double svg_panel_head(svg_buf *b, const json *view, double x, double y);
/* Opens the document with a white background; width and height in px. */
void svg_open(svg_buf *b, double width, double height);
void svg_close(svg_buf *b);

/* Draw a board and its panel; 0, or -1 with err set when the JSON lacks what it needs. */
int svg_catan(svg_buf *b, const json *board, const json *view, char *err, size_t errlen);
int svg_muhq(svg_buf *b, const json *board, const json *view, char *err, size_t errlen);

#endif
