/* The text cursor of the action parsers (text_scan.h). */
#include <ctype.h>

#include "../core/error.h"
#include "text_scan.h"

void scan_skip_space(scan *c)
{
	while (isspace((unsigned char)*c->s))
		c->s++;
}

size_t scan_word(scan *c, const char **start)
{
	scan_skip_space(c);
	*start = c->s;
	while (isalnum((unsigned char)*c->s) || *c->s == '_')
		c->s++;
	return (size_t)(c->s - *start);
}

int scan_word_is(const char *w, size_t len, const char *name)
{
	size_t i = 0;
	for (; i < len && name[i]; i++) {
		if (tolower((unsigned char)w[i]) != name[i])
			return 0;
	}
	return i == len && !name[i];
}

int scan_bad(const scan *c, const char *what)
{
	return err_set(CRISK_EFORMAT, "cannot read action '%.80s': %s at offset %d", c->text, what,
		       (int)(c->s - c->text));
}
