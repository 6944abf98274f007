/* Allocation failure injection for a test executable linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc,--wrap=free
 * (tests/alloc/meson.build): every allocation the library makes from the
 * static archive goes through alloc_fail.c, which counts the calls made
 * between alloc_enter() and alloc_leave() and can fail one of them. */
#ifndef ALLOC_FAIL_H
#define ALLOC_FAIL_H

/* Counting starts again at 0; no call is armed to fail. */
void alloc_reset(void);
/* The n-th counted allocation call (1-based) returns NULL; 0 disarms. */
void alloc_arm(long n);
void alloc_disarm(void);
/* Library calls run between these two; they nest. */
void alloc_enter(void);
void alloc_leave(void);
/* Counted allocation calls since alloc_reset. */
long alloc_seen(void);
/* Whether the armed call has failed since it was armed. */
int alloc_fired(void);
/* Blocks allocated while counting and not yet freed while counting. */
long alloc_live(void);

#endif
