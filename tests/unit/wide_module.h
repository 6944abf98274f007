/* The wide test module (wide_module.c): lists longer than 512 actions and
 * chance points with more than 64 outcomes. */
#ifndef CRISK_TESTS_WIDE_MODULE_H
#define CRISK_TESTS_WIDE_MODULE_H

#include "catanrisk.h"

#define WIDE_TYPE_EVEN 1u    /* moves with an even index */
#define WIDE_TYPE_ODD 2u     /* moves with an odd index */
#define WIDE_TYPE_OUTCOME 3u /* chance outcomes */

extern const crisk_module wide_table;

#endif
