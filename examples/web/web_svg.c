/* The one function the browser module adds to the library's own: the SVG
 * picture of a game for a viewer (examples/svg), as a string the page frees
 * with free(). */
#include <stdlib.h>

#include <emscripten/emscripten.h>

#include "svg_game.h"

static char last_error[300];

/* The picture, or NULL with the reason in web_svg_error(). */
EMSCRIPTEN_KEEPALIVE char *web_svg(const crisk_game *game, int viewer)
{
	last_error[0] = '\0';
	return svg_of_game(game, viewer, last_error, sizeof last_error);
}

EMSCRIPTEN_KEEPALIVE const char *web_svg_error(void)
{
	return last_error;
}
