// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fail-nth, like fault injection's fail_nth: each case runs again with
 * its 1st, 2nd, ... non-sleeping (GFP_ATOMIC, GFP_NOWAIT) allocation
 * failing, until a run injects nothing.  What a caller must survive is
 * a failed allocation: a crash, a leak or a WARN then is a finding.  A
 * case whose expectation fails because its allocation failed is told
 * apart: the code under test survived, the test assumed memory.
 */
#include <stdlib.h>
#include <string.h>

#include "fail_nth.h"

enum verdict { V_OK, V_EXPECT, V_CRASH, V_LEAK, V_WARN, NR_VERDICTS };

static const char *const verdict_names[NR_VERDICTS] = {
	"ok", "expect", "crash", "leak", "warn",
};

static char *report;
static size_t report_size;
static FILE *out;
static unsigned long totals[NR_VERDICTS], total_runs, total_cases;

static FILE *report_file(void)
{
	if (!out)
		out = open_memstream(&report, &report_size);
	if (!out) {
		perror("kunit: fail-nth report");
		exit(2);
	}
	return out;
}

static enum verdict judge(const struct kunit_run *run)
{
	if (run->crashed)
		return V_CRASH;
	if (run->warned)
		return V_WARN;
	if (run->leaked)
		return V_LEAK;
	if (run->status == KUNIT_FAILURE)
		return V_EXPECT;
	return V_OK;
}

static void note(const char *label, unsigned long n,
		 const struct kunit_run *run, enum verdict v)
{
	char site[80] = "";

	/* A crashed run could not say which caller it failed. */
	if (run->site[0])
		snprintf(site, sizeof(site), " (in %s)", run->site);

	switch (v) {
	case V_CRASH:
	case V_WARN:
	case V_LEAK:
		fprintf(report_file(),
			"# fail-nth: %s: allocation %lu failed%s: %s: %s\n",
			label, n, site, verdict_names[v], run->why);
		break;
	case V_EXPECT:
		fprintf(report_file(),
			"# fail-nth: %s: allocation %lu failed%s: "
			"expect: the case failed, no finding: %s\n",
			label, n, site,
			run->first_failure[0] ? run->first_failure :
			"the case failed");
		break;
	default:
		break;
	}
}

void kunit_fail_nth_case(struct kunit_suite *suite, struct kunit_case *tc,
			 const struct kunit *test, const struct kunit_run *plain,
			 const char *label, const struct kunit_options *opt)
{
	unsigned long count[NR_VERDICTS] = { 0 }, n;
	struct kunit_run run;
	struct kunit t;

	total_cases++;
	if (plain->status != KUNIT_SUCCESS) {
		fprintf(report_file(), "# fail-nth: %s: not run (the case %s "
			"without injection)\n", label,
			plain->status == KUNIT_SKIPPED ? "is skipped" : "fails");
		return;
	}
	for (n = 1; n <= opt->fail_nth_max; n++) {
		enum verdict v;

		t = *test;
		t.status = KUNIT_SUCCESS;
		t.status_comment[0] = '\0';
		kunit_runtime_run_case(suite, tc, &t, n, true, &run);
		if (!run.crashed && !run.injected)
			break;
		v = judge(&run);
		count[v]++;
		totals[v]++;
		total_runs++;
		note(label, n, &run, v);
	}
	fprintf(report_file(), "# fail-nth: %s: %lu non-sleeping allocation%s "
		"failed in turn%s: ok:%lu expect:%lu crash:%lu leak:%lu "
		"warn:%lu\n", label, n - 1, n - 1 == 1 ? "" : "s",
		n > opt->fail_nth_max ? " (stopped at the bound)" : "",
		count[V_OK], count[V_EXPECT], count[V_CRASH], count[V_LEAK],
		count[V_WARN]);
}

bool kunit_fail_nth_report(void)
{
	FILE *f = report_file();

	fprintf(f, "# fail-nth Totals: cases:%lu runs:%lu ok:%lu expect:%lu "
		"crash:%lu leak:%lu warn:%lu\n", total_cases, total_runs,
		totals[V_OK], totals[V_EXPECT], totals[V_CRASH],
		totals[V_LEAK], totals[V_WARN]);
	fclose(f);
	out = NULL;
	fputs(report, stdout);
	free(report);
	return !totals[V_CRASH] && !totals[V_LEAK] && !totals[V_WARN];
}
