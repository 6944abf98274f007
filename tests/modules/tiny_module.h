/* The tiny test module (tiny_module.c). */
#ifndef CRISK_TESTS_TINY_MODULE_H
#define CRISK_TESTS_TINY_MODULE_H

#include "catanrisk.h"

#define TINY_EV_ADD 1u    /* seat added args[0]; total args[1] */
#define TINY_EV_SECRET 2u /* args[0] seen by the seat only */

extern const crisk_module tiny_table;

#endif
