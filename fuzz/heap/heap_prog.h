/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * system_heap programs: what an input means, and the run that checks the
 * heap's invariants on it (heap_run.c, heap_check.c).
 *
 * Any byte string is a program.  Eight header bytes pick the memory:
 *   [0]      4 + (b & 31) blocks of 4 MiB
 *   [1..4]   aging: the permille (b * 1000 / 255) of 4 MiB, 2 MiB, 1 MiB
 *            and 64 KiB blocks holding one page used by someone else
 *   [5]      bit 0: free lists shuffled; bits 1-3: failure rate of
 *            order > 0 requests without direct reclaim; bits 4-5: of the
 *            others (both per mille, tables in heap_decode.c)
 *   [6..7]   seed of every random choice (aging, injection)
 * then each three bytes [op, a, b] are one op (op & 7):
 *   0, 1 alloc    a buffer; (op >> 3) & 3 picks the size class
 *   2    free     dma_buf_put() of live buffer a
 *   3    inject   failure rates for what follows: a, b
 *   4    nth      the next alloc's (a % 64 + 1)-th page request fails
 *                 (op & 8); else in the next alloc or import every
 *                 kmalloc() fails (b % 8 == 0) or the (b % 8)-th object
 *                 of the dma-buf shim (sg table, dma_buf, attachment, vmap)
 *   5    signal   a fatal signal at the (a % 64 + 1)-th check of the
 *                 next alloc
 *   6    age      someone else takes (a odd) or gives back memory
 *   7    import   attach + map + unmap + detach (b even) or vmap +
 *                 vunmap (b odd) of live buffer a
 */
#ifndef _FUZZ_HEAP_PROG_H
#define _FUZZ_HEAP_PROG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HEAP_HDR	8
#define HEAP_OP_SIZE	3
#define HEAP_MAX_OPS	256
#define HEAP_MAX_LIVE	32
#define HEAP_MAX_PAGES	8192UL	/* largest fuzzed buffer: 32 MiB */

enum heap_op_kind {
	HOP_ALLOC, HOP_FREE, HOP_INJECT, HOP_NTH, HOP_SIGNAL, HOP_AGE,
	HOP_IMPORT,
};

struct heap_op {
	enum heap_op_kind kind;
	unsigned long pages;		/* alloc */
	unsigned int a, b;
	bool flag;
};

struct heap_prog {
	unsigned long nr_blocks;
	unsigned int age_permille[4];	/* orders 10, 9, 8, 4 */
	bool shuffle;
	unsigned int noreclaim, reclaim;	/* permille */
	uint64_t seed;
	unsigned int nr_ops;
	struct heap_op ops[HEAP_MAX_OPS];
};

extern const unsigned int heap_age_orders[4];

void heap_decode(const uint8_t *data, size_t size, struct heap_prog *p);
void heap_print_op(FILE *f, const struct heap_op *op);

/* Runs @p; a violated invariant prints a report and aborts.  @verbose
 * traces every op on stderr. */
void heap_run(const struct heap_prog *p, bool verbose);

#endif
