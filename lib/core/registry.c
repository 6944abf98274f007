/* Lookup of the built-in rule modules by name. */
#include <string.h>
#include "module.h"
#include "../modules/modules.h"
#include "../muhq/muhq.h"

static const module *const builtin[] = {
	&module_base,
	&module_two_player,
	&module_risk,
	&module_hawaii,
	&module_muhq,
};

const module *module_find(const char *name)
{
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
		if (strcmp(builtin[i]->name, name) == 0)
			return builtin[i];
	return NULL;
}

/* Names of the built-in modules for error messages, e.g. "base". */
void module_names(char *buf, size_t cap)
{
	textbuf t;
	tb_init(&t, buf, cap);
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
		if (i)
			tb_puts(&t, ", ");
		tb_puts(&t, builtin[i]->name);
	}
	tb_finish(&t, NULL);
}

/* Built-in module i in registration order; NULL past the last. */
const module *module_at(size_t i)
{
	return i < sizeof builtin / sizeof builtin[0] ? builtin[i] : NULL;
}
