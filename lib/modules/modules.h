/* The built-in rule modules. */
#ifndef CRISK_MODULES_H
#define CRISK_MODULES_H

#include "../core/module.h"

extern const module module_base;
extern const module module_two_player;
extern const module module_risk;
extern const module module_hawaii;

#endif
