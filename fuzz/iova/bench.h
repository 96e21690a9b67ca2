/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The harness-overhead benchmark (bench.c) and its inputs (bench_inputs.c).
 */
#ifndef _IOVAFUZZ_BENCH_H
#define _IOVAFUZZ_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "program.h"
#include "runner.h"

#define BENCH_OPS	64	/* ops per program of the fixed corpus */

struct bench_input {
	char *name;
	uint8_t *data;
	size_t size;
	struct raw_stream stream;	/* its kernel calls, recorded */
};

struct bench_set {
	struct bench_input *in;
	size_t nr, cap;
};

/* A file, or every file of a directory in name order; -1 on error. */
int bench_load_path(struct bench_set *s, const char *path);
/* @nr programs of BENCH_OPS ops each, from a fixed seed. */
void bench_ops64(struct bench_set *s, unsigned int nr);
/* Each input as a file in @dir (for an engine to run); -1 on error. */
int bench_write(const struct bench_set *s, const char *dir);

#endif
