/* Catanmap texts for tests (map_text.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map_text.h"

char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = f ? malloc(1 << 16) : NULL;
	*len = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
	int whole = f && feof(f);
	if (f)
		fclose(f);
	if (!buf || !whole) {
		free(buf);
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

char *edited_text(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	ck_assert_msg(at != NULL, "no '%s' in the map", from);
	size_t head = (size_t)(at - text), n = strlen(text) - strlen(from) + strlen(to);
	char *s = malloc(n + 1);
	ck_assert_ptr_nonnull(s);
	memcpy(s, text, head);
	strcpy(s + head, to);
	strcat(s, at + strlen(from));
	return s;
}
