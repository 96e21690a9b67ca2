/* SPDX-License-Identifier: GPL-2.0-only */
/* Between the KUnit runtime's own files; KUnit files never see it. */
#ifndef _KUNIT_RUNTIME_H
#define _KUNIT_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>

#include <kunit/test.h>

/* ---- registry (suites.c) ---- */
/* Init-section suites first, then the others, each in registration
 * order; returns how many. */
size_t kunit_runtime_suites(struct kunit_suite ***suites);

/* ---- one run of a case (case.c) ---- */
struct kunit_run {
	enum kunit_status status;
	char comment[KUNIT_STATUS_COMMENT_SIZE];
	bool crashed;		/* the process died: signal, sanitizer, BUG */
	bool leaked;
	bool warned;
	bool failed_expect;	/* an expectation or assertion failed */
	unsigned long injected;	/* 1: the --fail-nth failure fired */
	char why[512];		/* crash, leak or WARN, one line */
	char first_failure[256];	/* "EXPECTATION FAILED at f:l" */
	char site[64];		/* caller of the injected allocation */
};

/*
 * Runs one case (one parameter) in a child process: init, the case, exit,
 * then its resources are released and the shim is settled (RCU, work).
 * Objects still live that were not before init, or a WARN, fail it.  With
 * @fail_nth, the fail_nth-th non-sleeping allocation fails.  With @quiet
 * the case's own log lines are not printed.
 */
void kunit_runtime_run_case(struct kunit_suite *suite, struct kunit_case *tc,
			    struct kunit *test, unsigned long fail_nth,
			    bool quiet, struct kunit_run *run);

/* ---- inside the child ---- */
void kunit_runtime_set_current(struct kunit *test);
/* First failure message line, kept for the --fail-nth report. */
void kunit_runtime_note_failure(const char *line);
/* Releases every resource and action of @test, newest first. */
void kunit_runtime_cleanup(struct kunit *test);

/* ---- options (main.c) ---- */
struct kunit_options {
	bool fail_nth;
	unsigned long fail_nth_max;	/* bound on runs per case */
};

/* Runs every suite, prints KTAP on stdout; true if all passed (and, with
 * --fail-nth, nothing crashed, leaked or warned). */
bool kunit_runtime_run_all(const struct kunit_options *opt);

#endif
