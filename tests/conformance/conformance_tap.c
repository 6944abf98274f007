/* The conformance suite inside Check programs: games per configuration,
 * the report as TAP comments, and the test's verdict (conformance.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conformance.h"

#define REPORT_CAP (1u << 16)

int conformance_games(int default_games)
{
	const char *env = getenv("CRISK_CONFORMANCE_GAMES");
	int n = env ? atoi(env) : 0;
	return n > 0 ? n : default_games;
}

void conformance_assert(int failures, char *report)
{
	/* The summary as TAP comments, so the log shows what was exercised. */
	for (char *line = strtok(report, "\n"); line && !failures; line = strtok(NULL, "\n"))
		printf("# %s\n", line);
	fflush(stdout);
	ck_assert_msg(failures == 0, "%d failures:\n%s", failures, report);
}

char *conformance_report_buffer(size_t *cap)
{
	char *report = malloc(REPORT_CAP);
	ck_assert_ptr_nonnull(report);
	*cap = REPORT_CAP;
	return report;
}

void conformance_check(const char *module, const char *params, int default_games, uint64_t first_seed,
		       const conformance_options *options)
{
	size_t cap;
	char *report = conformance_report_buffer(&cap);
	conformance_assert(conformance_run_ex(module, params, conformance_games(default_games), first_seed, options,
					      report, cap),
			   report);
	free(report);
}
