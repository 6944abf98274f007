/* The shell test module (shell_module.c): wraps another module through the
 * public interface and tells the library where the inner game is through
 * inner_state, correctly or in one of the broken ways the core must refuse. */
#ifndef CRISK_TESTS_SHELL_MODULE_H
#define CRISK_TESTS_SHELL_MODULE_H

#include "catanrisk.h"

/* Where the inner state starts in a shell's state block. */
#define SHELL_OFFSET 16

/* Values of the `mode` parameter: what inner_state of the outermost shell does. */
enum {
	SHELL_OK,         /* the inner state, table and data */
	SHELL_NULL,       /* returns NULL: no inner game */
	SHELL_NO_MODULE,  /* a state but *inner left NULL */
	SHELL_OUTSIDE,    /* a block reaching past the end of the shell's state */
	SHELL_MISALIGNED, /* 8 bytes into the shell's state */
	SHELL_BAD_DATA,   /* the shell's own data as the inner data */
	SHELL_SELF,       /* the shell itself again: a cycle */
	SHELL_FOREIGN,    /* the inner table with a pointer to a 1-byte object as its data */
	SHELL_NULL_DATA,  /* the inner table with NULL data */
	SHELL_OTHER_TABLE, /* built-in two_player's table with the inner data */
};

/* The module the innermost shell wraps and its parameter string; set them
 * before creating rules (`depth` shells nest around it). */
extern const crisk_module *shell_inner_table;
extern const char *shell_inner_params;

extern const crisk_module shell_table;

#endif
