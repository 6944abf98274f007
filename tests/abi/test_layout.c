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
/* The module vtable: five header fields, then one pointer per method in
 * declaration order; the parameter description: five pointers, the kind,
 * then the two 64-bit bounds at the next multiple of 8. */
#define METHOD(k) (16 + 2 * PTR + (k) * PTR)
#define DESC_MIN ((5 * PTR + 4 + 7) / 8 * 8)
PIN(crisk_module, abi_version, 0)
PIN(crisk_module, struct_size, 4)
PIN(crisk_module, name, 8)
PIN(crisk_module, version, 8 + PTR)
PIN(crisk_module, n_params, 12 + PTR)
PIN(crisk_module, params, 16 + PTR)
PIN(crisk_module, create, METHOD(0))
PIN(crisk_module, destroy, METHOD(1))
PIN(crisk_module, num_seats, METHOD(2))
PIN(crisk_module, state_size, METHOD(3))
PIN(crisk_module, state_init, METHOD(4))
PIN(crisk_module, current_seat, METHOD(5))
PIN(crisk_module, status, METHOD(6))
PIN(crisk_module, turn, METHOD(7))
PIN(crisk_module, score, METHOD(8))
PIN(crisk_module, legal, METHOD(9))
PIN(crisk_module, check, METHOD(10))
PIN(crisk_module, apply, METHOD(11))
PIN(crisk_module, chance, METHOD(12))
PIN(crisk_module, action_to_string, METHOD(13))
PIN(crisk_module, action_from_string, METHOD(14))
PIN(crisk_module, event_to_string, METHOD(15))
PIN(crisk_module, view_json, METHOD(16))
PIN(crisk_module, event_json, METHOD(17))
PIN(crisk_module, board_json, METHOD(18))
PIN(crisk_module, state_bytes, METHOD(19))
PIN(crisk_module, state_save, METHOD(20))
PIN(crisk_module, state_load, METHOD(21))
PIN(crisk_module, state_check, METHOD(22))
PIN(crisk_module, state_to_json, METHOD(23))
PIN(crisk_module, state_from_json, METHOD(24))
PIN(crisk_module, inner_state, METHOD(25)) /* appended after the first release */
_Static_assert(sizeof(crisk_module) == METHOD(26), "crisk_module changed size");
PIN(crisk_param_desc, name, 0)
PIN(crisk_param_desc, default_value, PTR)
PIN(crisk_param_desc, choices, 2 * PTR)
PIN(crisk_param_desc, accepted, 3 * PTR)
PIN(crisk_param_desc, help, 4 * PTR)
PIN(crisk_param_desc, kind, 5 * PTR)
PIN(crisk_param_desc, min, DESC_MIN)
PIN(crisk_param_desc, max, DESC_MIN + 8)
_Static_assert(sizeof(crisk_param_desc) == DESC_MIN + 16, "crisk_param_desc changed size");

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
	LAYOUT(crisk_module, abi_version, 0),
	LAYOUT(crisk_module, struct_size, 4),
	LAYOUT(crisk_module, name, 8),
	LAYOUT(crisk_module, version, 8 + PTR),
	LAYOUT(crisk_module, n_params, 12 + PTR),
	LAYOUT(crisk_module, params, 16 + PTR),
	LAYOUT(crisk_module, create, METHOD(0)),
	LAYOUT(crisk_module, destroy, METHOD(1)),
	LAYOUT(crisk_module, num_seats, METHOD(2)),
	LAYOUT(crisk_module, state_size, METHOD(3)),
	LAYOUT(crisk_module, state_init, METHOD(4)),
	LAYOUT(crisk_module, current_seat, METHOD(5)),
	LAYOUT(crisk_module, status, METHOD(6)),
	LAYOUT(crisk_module, turn, METHOD(7)),
	LAYOUT(crisk_module, score, METHOD(8)),
	LAYOUT(crisk_module, legal, METHOD(9)),
	LAYOUT(crisk_module, check, METHOD(10)),
	LAYOUT(crisk_module, apply, METHOD(11)),
	LAYOUT(crisk_module, chance, METHOD(12)),
	LAYOUT(crisk_module, action_to_string, METHOD(13)),
	LAYOUT(crisk_module, action_from_string, METHOD(14)),
	LAYOUT(crisk_module, event_to_string, METHOD(15)),
	LAYOUT(crisk_module, view_json, METHOD(16)),
	LAYOUT(crisk_module, event_json, METHOD(17)),
	LAYOUT(crisk_module, board_json, METHOD(18)),
	LAYOUT(crisk_module, state_bytes, METHOD(19)),
	LAYOUT(crisk_module, state_save, METHOD(20)),
	LAYOUT(crisk_module, state_load, METHOD(21)),
	LAYOUT(crisk_module, state_check, METHOD(22)),
	LAYOUT(crisk_module, state_to_json, METHOD(23)),
	LAYOUT(crisk_module, state_from_json, METHOD(24)),
	LAYOUT(crisk_module, inner_state, METHOD(25)),
	SIZE(crisk_module, METHOD(26)),
	LAYOUT(crisk_param_desc, name, 0),
	LAYOUT(crisk_param_desc, default_value, PTR),
	LAYOUT(crisk_param_desc, choices, 2 * PTR),
	LAYOUT(crisk_param_desc, accepted, 3 * PTR),
	LAYOUT(crisk_param_desc, help, 4 * PTR),
	LAYOUT(crisk_param_desc, kind, 5 * PTR),
	LAYOUT(crisk_param_desc, min, DESC_MIN),
	LAYOUT(crisk_param_desc, max, DESC_MIN + 8),
	SIZE(crisk_param_desc, DESC_MIN + 16),
};

/* Version numbers are part of the layout contract too. */
static const pin versions[] = {
	{"CRISK_PARAM_INFO_VERSION", CRISK_PARAM_INFO_VERSION, 1},
	{"CRISK_EVENT_VERSION", CRISK_EVENT_VERSION, 1},
	{"CRISK_CATAN_ACTION_VERSION", CRISK_CATAN_ACTION_VERSION, 1},
	{"CRISK_MODULE_ABI_VERSION", CRISK_MODULE_ABI_VERSION, 1},
	{"CRISK_PARAM_STRING", CRISK_PARAM_STRING, 4},
	{"CRISK_JSON_OBJECT", CRISK_JSON_OBJECT, 7},
	{"CRISK_MODULE_MAX_NESTING", CRISK_MODULE_MAX_NESTING, 8},
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
