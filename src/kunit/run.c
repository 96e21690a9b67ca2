// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs the suites and prints KTAP exactly as the kernel's KUnit executor
 * does on the console (lib/kunit/executor.c, test.c, attributes.c of 6.12):
 * the same lines, indentation, attribute lines, per-case and per-suite
 * stats and the "# Totals:" line, so kunit.py parses it unchanged.  On top
 * of the kernel's: a case fails when it crashes, leaves objects live or
 * makes kernel code WARN.
 */
#include <stdlib.h>
#include <string.h>

#include <shim/shim.h>

#include "fail_nth.h"
#include "runtime.h"

enum { LEVEL_SUITE, LEVEL_CASE, LEVEL_CASE_PARAM };

struct stats {
	unsigned long passed, failed, skipped, total;
};

static const char *const speed_names[] = {
	"unset", "very_slow", "slow", "normal",
};

static void update(struct stats *s, enum kunit_status status)
{
	if (status == KUNIT_SUCCESS)
		s->passed++;
	else if (status == KUNIT_SKIPPED)
		s->skipped++;
	else
		s->failed++;
	s->total++;
}

static void accumulate(struct stats *total, const struct stats *add)
{
	total->passed += add->passed;
	total->failed += add->failed;
	total->skipped += add->skipped;
	total->total += add->total;
}

static void print_ok(unsigned int level, enum kunit_status status,
		     size_t number, const char *desc, const char *directive)
{
	bool skip = status == KUNIT_SKIPPED;

	printf("%*s%s %zu %s%s%s\n", 4 * level, "",
	       status == KUNIT_FAILURE ? "not ok" : "ok", number, desc,
	       skip ? " # SKIP " : "", skip ? directive : "");
}

static void print_stats(const char *indent, const char *name,
			const struct stats *s)
{
	/* The kernel prints stats only where there is more than one. */
	if (s->total > 1)
		printf("%s# %s: pass:%lu fail:%lu skip:%lu total:%lu\n",
		       indent, name, s->passed, s->failed, s->skipped,
		       s->total);
}

static size_t nr_cases(const struct kunit_suite *suite)
{
	size_t n = 0;

	while (suite->test_cases[n].run_case)
		n++;
	return n;
}

static void print_suite_start(const struct kunit_suite *suite)
{
	const char *module = suite->test_cases[0].module_name;

	printf(KUNIT_SUBTEST_INDENT "KTAP version 1\n");
	printf(KUNIT_SUBTEST_INDENT "# Subtest: %s\n", suite->name);
	if (suite->attr.speed)
		printf(KUNIT_SUBTEST_INDENT "# speed: %s\n",
		       speed_names[suite->attr.speed]);
	if (module)
		printf(KUNIT_SUBTEST_INDENT "# module: %s\n", module);
	if (suite->is_init)
		printf(KUNIT_SUBTEST_INDENT "# is_init: true\n");
	printf(KUNIT_SUBTEST_INDENT "1..%zu\n", nr_cases(suite));
}

static void init_test(struct kunit *test, const char *name)
{
	memset(test, 0, sizeof(*test));
	test->name = name;
	test->status = KUNIT_SUCCESS;
}

/* One run, as kunit_run_case_catch_errors() plus our crash/leak/WARN
 * verdicts; true if it counts as a failure. */
static bool run_once(struct kunit_suite *suite, struct kunit_case *tc,
		     struct kunit *test, const struct kunit_options *opt,
		     const char *label)
{
	struct kunit_run run;

	kunit_runtime_run_case(suite, tc, test, 0, false, &run);
	if (run.crashed)
		kunit_err(test, "crashed: %s", run.why);
	if (test->status == KUNIT_FAILURE)
		tc->status = KUNIT_FAILURE;
	else if (tc->status != KUNIT_FAILURE && test->status == KUNIT_SUCCESS)
		tc->status = KUNIT_SUCCESS;
	if (opt->fail_nth)
		kunit_fail_nth_case(suite, tc, test, &run, label, opt);
	return test->status == KUNIT_FAILURE;
}

static void run_params(struct kunit_suite *suite, struct kunit_case *tc,
		       struct kunit *test, const struct kunit_options *opt,
		       struct stats *param_stats)
{
	char desc[KUNIT_PARAM_DESC_SIZE], label[512];

	desc[0] = '\0';
	test->param_value = tc->generate_params(NULL, desc);
	printf(KUNIT_SUBSUBTEST_INDENT "KTAP version 1\n");
	printf(KUNIT_SUBSUBTEST_INDENT "# Subtest: %s\n", tc->name);
	while (test->param_value) {
		if (!desc[0])
			snprintf(desc, sizeof(desc), "param-%d",
				 test->param_index);
		snprintf(label, sizeof(label), "%s.%s.%s", suite->name,
			 tc->name, desc);
		run_once(suite, tc, test, opt, label);
		print_ok(LEVEL_CASE_PARAM, test->status, test->param_index + 1,
			 desc, test->status_comment);
		update(param_stats, test->status);
		desc[0] = '\0';
		test->param_value = tc->generate_params(test->param_value,
							desc);
		test->param_index++;
		test->status = KUNIT_SUCCESS;
		test->status_comment[0] = '\0';
		test->priv = NULL;
	}
}

/* A suite's own allocations (suite_init) must be back after suite_exit. */
static bool suite_settled(struct kunit_suite *suite, unsigned long live,
			  unsigned int findings)
{
	shim_rcu_barrier();
	shim_flush_all_work(1024);
	shim_rcu_barrier();
	if (shim_nr_findings() > findings) {
		char line[512];

		kunit_err(suite, "%s", shim_finding_line(shim_first_finding(),
							 line, sizeof(line)));
		return false;
	}
	if (shim_live_objects() > live) {
		kunit_err(suite, "%lu objects still live after suite_exit",
			  shim_live_objects() - live);
		return false;
	}
	return true;
}

static enum kunit_status suite_status(const struct kunit_suite *suite)
{
	enum kunit_status status = KUNIT_SKIPPED;
	size_t i;

	if (suite->suite_init_err)
		return KUNIT_FAILURE;
	for (i = 0; suite->test_cases[i].run_case; i++) {
		if (suite->test_cases[i].status == KUNIT_FAILURE)
			return KUNIT_FAILURE;
		if (suite->test_cases[i].status == KUNIT_SUCCESS)
			status = KUNIT_SUCCESS;
	}
	return status;
}

static void run_cases(struct kunit_suite *suite,
		      const struct kunit_options *opt, struct stats *suite_stats,
		      struct stats *total_stats)
{
	struct kunit_case *tc;
	char label[512];

	for (tc = suite->test_cases; tc->run_case; tc++) {
		struct stats param_stats = { 0 };
		struct kunit test;

		init_test(&test, tc->name);
		tc->status = KUNIT_SKIPPED;
		if (!tc->generate_params) {
			snprintf(label, sizeof(label), "%s.%s", suite->name,
				 tc->name);
			run_once(suite, tc, &test, opt, label);
			update(&param_stats, test.status);
		} else {
			run_params(suite, tc, &test, opt, &param_stats);
		}
		if (tc->attr.speed)
			printf(KUNIT_SUBTEST_INDENT "# %s.speed: %s\n",
			       tc->name, speed_names[tc->attr.speed]);
		print_stats(KUNIT_SUBTEST_INDENT, tc->name, &param_stats);
		print_ok(LEVEL_CASE, tc->status, tc - suite->test_cases + 1,
			 tc->name, test.status_comment);
		update(suite_stats, tc->status);
		accumulate(total_stats, &param_stats);
	}
}

/* Returns false if the suite failed. */
static bool run_suite(struct kunit_suite *suite, size_t number,
		      const struct kunit_options *opt)
{
	unsigned long live = shim_live_objects();
	unsigned int findings = shim_nr_findings();
	struct stats suite_stats = { 0 }, total_stats = { 0 };
	enum kunit_status status;
	bool settled = true;

	suite->status_comment[0] = '\0';
	suite->suite_init_err = 0;
	if (suite->suite_init) {
		suite->suite_init_err = suite->suite_init(suite);
		if (suite->suite_init_err) {
			kunit_err(suite, KUNIT_SUBTEST_INDENT
				  "# failed to initialize (%d)",
				  suite->suite_init_err);
			goto end;
		}
	}
	print_suite_start(suite);
	run_cases(suite, opt, &suite_stats, &total_stats);
	if (suite->suite_exit)
		suite->suite_exit(suite);
	settled = suite_settled(suite, live, findings);
	print_stats("", suite->name, &suite_stats);
	print_stats("", "Totals", &total_stats);
end:
	status = settled ? suite_status(suite) : KUNIT_FAILURE;
	print_ok(LEVEL_SUITE, status, number, suite->name,
		 suite->status_comment);
	return status != KUNIT_FAILURE;
}

bool kunit_runtime_run_all(const struct kunit_options *opt)
{
	struct kunit_suite **suites;
	size_t i, n = kunit_runtime_suites(&suites);
	bool ok = true;

	printf("KTAP version 1\n");
	printf("1..%zu\n", n);
	for (i = 0; i < n; i++)
		ok &= run_suite(suites[i], i + 1, opt);
	if (opt->fail_nth)
		ok &= kunit_fail_nth_report();
	fflush(stdout);
	return ok;
}
