/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The op-sequence language.  Every byte string is a valid program: a
 * two-byte header picks the domain, then each four bytes are one op.
 * Missing header bytes read as 0; a trailing partial op is ignored; an
 * empty input is the simplest program (init, put, nothing in between).
 *
 * OP_REPEAT keeps inputs short where the allocator needs volume (a
 * magazine holds 127 ranges; the depot fills past two per CPU).
 *
 * Ops carry raw argument bytes.  Which live range an op means ("the k-th
 * live range") is resolved when it runs, modulo the live count, so no
 * byte string can name something that does not exist.
 */
#ifndef _IOVAFUZZ_PROGRAM_H
#define _IOVAFUZZ_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROG_HDR_BYTES	2
#define PROG_OP_BYTES	4
#define PROG_MAX_OPS	2048
#define PROG_MAX_EXEC	3072	/* ops run, counting repeats */

enum op_kind {
	OP_ALLOC,		/* alloc_iova() */
	OP_ALLOC_FAST,		/* alloc_iova_fast() */
	OP_FREE,		/* free_iova() of a live range */
	OP___FREE,		/* __free_iova() of a live range */
	OP_FREE_FAST,		/* free_iova_fast() of a fast-path range */
	OP_FIND,		/* find_iova(): hits and misses */
	OP_FREE_UNKNOWN,	/* free_iova() of a pfn nobody owns */
	OP_RESERVE,		/* reserve_iova(), within its contract */
	OP_CPU_SWITCH,
	OP_CPU_OFFLINE,
	OP_CPU_ONLINE,
	OP_RUN_WORK,		/* run pending delayed work */
	OP_FLUSH,		/* flush one CPU's or the global caches */
	OP_INJECT,		/* arm allocation-failure injection */
	OP_DRAIN,		/* drain deferred markers (maple) */
	OP_REINIT,		/* put_iova_domain() + init again */
	OP_REPEAT,		/* run the previous op again, 1..512 times */
	OP_NR_KINDS,
};

struct prog_domain {
	unsigned int nr_cpus;		/* 1..8 */
	bool rcaches;			/* iova_domain_init_rcaches() */
	unsigned int granule_shift;	/* 9..12 */
	unsigned int start_mode;	/* see decode.c */
	unsigned int start_arg;
};

struct prog_op {
	enum op_kind kind;
	uint8_t a, b, c;
};

struct program {
	struct prog_domain dom;
	unsigned int nr_ops;
	struct prog_op ops[PROG_MAX_OPS];
};

void prog_decode(const uint8_t *data, size_t size, struct program *p);
const char *op_kind_name(enum op_kind kind);

/* Size classes: powers of two, small, odd, and larger multiples of 16. */
unsigned long prog_size(uint8_t a);
/* How many times OP_REPEAT runs the previous op. */
unsigned int prog_repeat(const struct prog_op *op);

#endif
