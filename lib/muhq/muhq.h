/* Module muhq (rules/muhq.md): the module table the core finds by name. */
#ifndef CRISK_MUHQ_MUHQ_H
#define CRISK_MUHQ_MUHQ_H

#include "../core/module.h"

extern const module module_muhq;

#endif
