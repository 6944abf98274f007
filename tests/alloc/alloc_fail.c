/* The wrapped allocator (alloc_fail.h).  Only calls made inside
 * alloc_enter/alloc_leave are counted: Check, linked statically into the
 * test, allocates too, and its calls must neither fail nor shift the count.
 * Under AddressSanitizer __real_malloc is ASan's malloc, so leaks and bad
 * frees are still seen by the sanitizer. */
#include <stddef.h>

#include "alloc_fail.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t count, size_t n);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t count, size_t n);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n);
void __wrap_free(void *p);

static long seen, fail_at, live;
static int inside, fired;

void alloc_reset(void)
{
	seen = 0;
	fail_at = 0;
	fired = 0;
	live = 0;
}

void alloc_arm(long n)
{
	fail_at = n;
	fired = 0;
}

void alloc_disarm(void)
{
	fail_at = 0;
}

void alloc_enter(void)
{
	inside++;
}

void alloc_leave(void)
{
	inside--;
}

long alloc_seen(void)
{
	return seen;
}

int alloc_fired(void)
{
	return fired;
}

long alloc_live(void)
{
	return live;
}

/* Counts one allocation call; true when it is the one to fail. */
static int refuse(void)
{
	if (!inside)
		return 0;
	if (++seen != fail_at)
		return 0;
	fired = 1;
	return 1;
}

static void *counted(void *p)
{
	if (p && inside)
		live++;
	return p;
}

void *__wrap_malloc(size_t n)
{
	return refuse() ? NULL : counted(__real_malloc(n));
}

void *__wrap_calloc(size_t count, size_t n)
{
	return refuse() ? NULL : counted(__real_calloc(count, n));
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
	return refuse() ? NULL : counted(__real_aligned_alloc(align, n));
}

void *__wrap_realloc(void *p, size_t n)
{
	if (refuse())
		return NULL;
	void *q = __real_realloc(p, n);
	/* Only a new block counts; a moved one is still the same block. */
	return p ? q : counted(q);
}

void __wrap_free(void *p)
{
	if (p && inside)
		live--;
	__real_free(p);
}
