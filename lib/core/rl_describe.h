/* Writers for a module's rl_describe_actions and rl_describe_obs hooks
 * (module.h): one JSON object per range of the action index or field of
 * the observation, as crisk_rl_spaces_json() documents them. */
#ifndef CRISK_CORE_RL_DESCRIBE_H
#define CRISK_CORE_RL_DESCRIBE_H

#include <stddef.h>
#include "jsonw.h"

/* Indices first .. first+count-1 mean `name` with argument arg_first + k
 * for index first+k; `arg` says what the argument is ("path", "seat from
 * the actor", "-" for none). */
void rl_range(jw *w, const char *name, size_t first, size_t count, const char *arg);
/* Floats offset .. offset+count-1 hold `name`, each in low..high; `about`
 * says what one value means. */
void rl_field(jw *w, const char *name, size_t offset, size_t count, double low, double high, const char *about);

#endif
