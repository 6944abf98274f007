/* A cursor over the text form of an action, shared by the kernel's parser
 * (action_text.c) and the modules' own (two_player_text.c, risk_text.c). */
#ifndef CRISK_CATAN_TEXT_SCAN_H
#define CRISK_CATAN_TEXT_SCAN_H

#include <stddef.h>

typedef struct scan {
	const char *s;    /* next character */
	const char *text; /* the whole text, for messages */
} scan;

void scan_skip_space(scan *c);
/* The next word after spaces: letters, digits and '_'; its length. */
size_t scan_word(scan *c, const char **start);
/* Whether w[0..len) is `name` (lower case), ignoring the case of w. */
int scan_word_is(const char *w, size_t len, const char *name);
/* CRISK_EFORMAT with the text, `what` was wrong and where. */
int scan_bad(const scan *c, const char *what);

#endif
