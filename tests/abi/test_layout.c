/* Pins the layout of every public versioned struct.  A change here is an ABI
 * break: structs may only grow at the end, with a new *_VERSION (docs/abi.md).
 * The checks run twice: at compile time (_Static_assert) and as TAP subtests
 * that print what differs. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "catanrisk.h"

/* Expected layouts for LP64 (x86_64, aarch64, ...) and ILP32 platforms. */
#if UINTPTR_MAX == UINT64_MAX
#define PTR 8
#else
#define PTR 4
#endif

#define LAYOUT(type, member, off) {#type "." #member, offsetof(type, member), (off)}
#define SIZE(type, size) {"sizeof(" #type ")", sizeof(type), (size)}

typedef struct pin {
	const char *what;
	size_t got, want;
} pin;

#define PIN(type, member, off) _Static_assert(offsetof(type, member) == (off), #type "." #member " moved");
PIN(crisk_param_info, version, 0)
PIN(crisk_param_info, name, PTR)
PIN(crisk_param_info, type, 2 * PTR)
PIN(crisk_param_info, default_value, 3 * PTR)
PIN(crisk_param_info, accepted, 4 * PTR)
PIN(crisk_param_info, help, 5 * PTR)
_Static_assert(sizeof(crisk_param_info) == 6 * PTR, "crisk_param_info changed size");
PIN(crisk_event, version, 0)
PIN(crisk_event, type, 4)
PIN(crisk_event, seq, 8)
PIN(crisk_event, seat, 16)
PIN(crisk_event, target, 20)
PIN(crisk_event, args, 24)
_Static_assert(sizeof(crisk_event) == 48, "crisk_event changed size");
PIN(crisk_catan_action, version, 0)
PIN(crisk_catan_action, type, 4)
PIN(crisk_catan_action, arg, 8)
PIN(crisk_catan_action, to, 20)
PIN(crisk_catan_action, give, 24)
PIN(crisk_catan_action, want, 48)
_Static_assert(sizeof(crisk_catan_action) == 72, "crisk_catan_action changed size");
_Static_assert(sizeof(crisk_action) == 8, "crisk_action is not 64 bits");

static const pin pins[] = {
	LAYOUT(crisk_param_info, version, 0),
	LAYOUT(crisk_param_info, name, PTR),
	LAYOUT(crisk_param_info, type, 2 * PTR),
	LAYOUT(crisk_param_info, default_value, 3 * PTR),
	LAYOUT(crisk_param_info, accepted, 4 * PTR),
	LAYOUT(crisk_param_info, help, 5 * PTR),
	SIZE(crisk_param_info, 6 * PTR),
	LAYOUT(crisk_event, version, 0),
	LAYOUT(crisk_event, type, 4),
	LAYOUT(crisk_event, seq, 8),
	LAYOUT(crisk_event, seat, 16),
	LAYOUT(crisk_event, target, 20),
	LAYOUT(crisk_event, args, 24),
	SIZE(crisk_event, 48),
	LAYOUT(crisk_catan_action, version, 0),
	LAYOUT(crisk_catan_action, type, 4),
	LAYOUT(crisk_catan_action, arg, 8),
	LAYOUT(crisk_catan_action, to, 20),
	LAYOUT(crisk_catan_action, give, 24),
	LAYOUT(crisk_catan_action, want, 48),
	SIZE(crisk_catan_action, 72),
	SIZE(crisk_action, 8),
};

/* Version numbers are part of the layout contract too. */
static const pin versions[] = {
	{"CRISK_PARAM_INFO_VERSION", CRISK_PARAM_INFO_VERSION, 1},
	{"CRISK_EVENT_VERSION", CRISK_EVENT_VERSION, 1},
	{"CRISK_CATAN_ACTION_VERSION", CRISK_CATAN_ACTION_VERSION, 1},
};

int main(void)
{
	size_t n = sizeof pins / sizeof pins[0], nv = sizeof versions / sizeof versions[0];
	int failed = 0, i = 0;
	printf("1..%zu\n", n + nv + 1);
	for (size_t k = 0; k < n; k++) {
		int ok = pins[k].got == pins[k].want;
		failed += !ok;
		printf("%s %d - %s at %zu (pinned %zu)\n", ok ? "ok" : "not ok", ++i, pins[k].what, pins[k].got,
		       pins[k].want);
	}
	for (size_t k = 0; k < nv; k++) {
		int ok = versions[k].got == versions[k].want;
		failed += !ok;
		printf("%s %d - %s is %zu (pinned %zu)\n", ok ? "ok" : "not ok", ++i, versions[k].what,
		       versions[k].got, versions[k].want);
	}
	/* The static initializers set the version field. */
	crisk_event e = CRISK_EVENT_INIT;
	crisk_param_info p = CRISK_PARAM_INFO_INIT;
	int ok = e.version == CRISK_EVENT_VERSION && p.version == CRISK_PARAM_INFO_VERSION;
	failed += !ok;
	printf("%s %d - *_INIT macros set the version field\n", ok ? "ok" : "not ok", ++i);
	return failed ? 1 : 0;
}
