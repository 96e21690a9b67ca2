/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Runs one program against the kernel allocator and the reference model
 * in lockstep, checking every invariant after every op.
 */
#ifndef _IOVAFUZZ_RUNNER_H
#define _IOVAFUZZ_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The kernel calls a run made, with their concrete arguments, so the bare
 * kernel code can be timed on exactly the same stream (fuzz/iova/bench.c).
 */
enum raw_kind {
	RAW_ALLOC, RAW_ALLOC_FAST, RAW_FREE, RAW___FREE, RAW_FREE_FAST,
	RAW_FIND, RAW_RESERVE, RAW_CPU_SWITCH, RAW_CPU_OFFLINE,
	RAW_CPU_ONLINE, RAW_RUN_WORK, RAW_FLUSH_CPU, RAW_FLUSH_GLOBAL,
	RAW_DRAIN, RAW_INJECT_NTH, RAW_INJECT_NONSLEEPING, RAW_INJECT_CLASS,
	RAW_INJECT_CLEAR, RAW_INJECT_PRESSURE, RAW_REINIT,
};

struct raw_call {
	enum raw_kind kind;
	unsigned long a[3];
	unsigned int op;	/* the op of the run that made it */
};

struct raw_stream {
	unsigned int nr_cpus;
	bool rcaches;
	unsigned long granule, start_pfn;
	struct raw_call *calls;
	size_t nr, cap;
};

/* The full comparison runs after every this many ops (runner.c). */
#define RUN_FULL_CHECK_EVERY 32

/* Runs @s on the kernel alone: no model, no checks; with @read_every,
 * also the reads a full comparison makes, after every that many ops and
 * at the end. */
void raw_run(const struct raw_stream *s, unsigned int read_every);

struct run_opts {
	bool verbose;		/* print the op trace as it runs */
	bool every_op;		/* full tree/cache comparison after every op */
	FILE *out;		/* trace and report; NULL: stderr */
	struct raw_stream *record;	/* if set, record the kernel calls */
	unsigned int unaligned_op;	/* op #N-1 of alloc_iova() run
					 * unaligned (a counterfactual) */
	bool try_unaligned;	/* try that for the failing request (-u:
				 * a report's hint, an extra run) */
	bool quiet;		/* no report: run_report() prints it */
};

struct run_stats {
	unsigned long ops;
	unsigned long injected;
	unsigned long markers_created;
	unsigned long markers_drained;
};

/* Returns NULL if every invariant held, else the violated invariant's
 * name (a report has been printed to opts->out). */
const char *run_program(const uint8_t *data, size_t size,
			const struct run_opts *opts);

/* The signature of the last run's finding, its cause named once. */
const char *run_settle(const uint8_t *data, size_t size);
/* The report of the last run's finding (a quiet run's). */
void run_report(const uint8_t *data, size_t size);
/* What the last run's finding reached: "INVARIANT op [flags]", the
 * report's "reached:" line, known before its cause is named. */
const char *run_reached(void);
/* Lets go of the state a run with a finding left, for the next run. */
void run_discard(void);

/* The replayer: name findings by a run with every check after every op,
 * in a process of its own (/proc/self/exe --pin, program on stdin). */
extern bool run_pin_by_exec;
/* The replayer: a sanitizer report ending the run of @data is named at
 * the op the state first departs from the model, if that is no later. */
void run_pin_at_death(const uint8_t *data, size_t size);
/* The signature of the last run's finding, and how it was found. */
const char *run_signature(const char **why);

/* One line: the tree, and which checks are off for its design, and why. */
void run_describe(FILE *f);

/* Totals over every run of this process. */
const struct run_stats *run_totals(void);

#endif
