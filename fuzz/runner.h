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

struct run_opts {
	bool verbose;		/* print the op trace as it runs */
	FILE *out;		/* trace and report; NULL: stderr */
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

/* Totals over every run of this process. */
const struct run_stats *run_totals(void);

#endif
