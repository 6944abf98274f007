/* SVG pictures of a game, drawn only from what the public API gives a host:
 * the rules' board JSON (crisk_rules_board_json) and a viewer's view
 * (crisk_game_to_json). The picture shows exactly what the view shows, so a
 * seat's picture never holds another seat's secrets. */
#ifndef CRISK_EXAMPLES_SVG_RENDER_H
#define CRISK_EXAMPLES_SVG_RENDER_H

#include <stddef.h>

/* A complete SVG document (malloc'd, NUL-terminated; free it), or NULL with
 * a message in err when the JSON is not what the library writes. Modules:
 * the Catan boards (base, two_player, risk), point-to-point maps (hawaii)
 * and muhq's grid; another module's board gets a picture of its view's
 * title and seats only. */
char *svg_render(const char *board_json, const char *view_json, char *err, size_t errlen);

#endif
