// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fuzz target: libFuzzer and AFL++ (built with -fsanitize=fuzzer)
 * call this with every input.  A violated invariant aborts, so the engine
 * saves the input; the report names the invariant.  A finding whose
 * signature IOVAFUZZ_KNOWN lists (known.h), and under --keep-going one
 * like a finding already saved (go_on.c), is counted and the input
 * dropped instead.
 */
#include <stdio.h>
#include <stdlib.h>

#include "go_on.h"
#include "known.h"
#include "runner.h"

#define TOTALS_FMT "iovafuzz: totals: %lu ops, %lu injected allocation " \
		   "failures, %lu markers created, %lu drained\n"

/*
 * Fork-mode jobs write to logs libFuzzer deletes: with IOVAFUZZ_TOTALS
 * set, each process also appends its line to that file (one write, so
 * lines of concurrent jobs do not mix), for scripts/fuzz to sum.
 */
static void append_totals(const struct run_stats *t)
{
	const char *path = getenv("IOVAFUZZ_TOTALS");
	FILE *f;

	if (!path || !*path)
		return;
	f = fopen(path, "a");
	if (!f)
		return;
	setvbuf(f, NULL, _IOFBF, 256);
	fprintf(f, TOTALS_FMT, t->ops, t->injected, t->markers_created,
		t->markers_drained);
	fclose(f);
}

/* At exit, say whether the deferred-marker paths ran at all. */
static void print_totals(void)
{
	const struct run_stats *t = run_totals();

	go_on_flush();
	if (!t->ops)
		return;		/* a fork-mode parent runs no input itself */
	known_report(stderr);
	fprintf(stderr, TOTALS_FMT, t->ops, t->injected, t->markers_created,
		t->markers_drained);
	append_totals(t);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	run_describe(stderr);
	known_load();
	known_load_beside((*argv)[0]);
	go_on_init(*argc, *argv);
	atexit(print_totals);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct run_opts opts = { .quiet = true };

	if (!run_program(data, size, &opts))
		return 0;
	if ((known_any() && known_hit(run_settle(data, size))) ||
	    go_on_drop(run_reached(), data, size)) {
		run_discard();
		return -1;	/* asks libFuzzer not to keep it */
	}
	run_report(data, size);
	print_totals();		/* abort() skips atexit */
	fflush(stderr);
	abort();
}
