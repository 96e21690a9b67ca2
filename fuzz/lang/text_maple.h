/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The maple_contract target's programs (fuzz/maple/fuzz_maple_contract.c):
 * each four bytes are one op on an MT_FLAGS_ALLOC_RANGE tree, op[0] % 6
 * its kind.  Decoded, printed as text and parsed back without loss; the
 * grammar is in fuzz/lang/README.md.
 */
#ifndef _IOVAFUZZ_TEXT_MAPLE_H
#define _IOVAFUZZ_TEXT_MAPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MC_MAX_OPS	512

enum mc_kind {
	MC_INSERT,		/* highest fit in a window, then store */
	MC_ERASE_ATOMIC,	/* erase with every non-sleeping allocation failing */
	MC_ERASE,
	MC_OVERWRITE,		/* marker over exactly an entry, and back */
	MC_PREALLOC,		/* mas_preallocate() with its N-th allocation failing */
	MC_NR_KINDS,
};

struct mc_op {
	enum mc_kind kind;
	uint8_t a, b, c;
};

struct mc_program {
	unsigned int nr_ops;
	struct mc_op ops[MC_MAX_OPS];
};

void mc_decode(const uint8_t *data, size_t size, struct mc_program *p);
size_t mc_encode(const struct mc_program *p, uint8_t *buf, size_t cap);
/* Is this the text form of a maple_contract program? */
bool mc_is_text(const uint8_t *data, size_t size);
/* One op as its text line (no newline). */
void mc_op_print(FILE *f, const struct mc_op *op);
void mc_print(FILE *f, const struct mc_program *p);
bool mc_parse(const char *text, size_t len, struct mc_program *p, char *err,
	      size_t errlen);

/* What an op's arguments mean. */
static inline unsigned long mc_insert_size(const struct mc_op *op)
{
	return 1 + (op->a & 31);
}

static inline unsigned long mc_insert_min(const struct mc_op *op)
{
	return op->b * 4UL;
}

static inline unsigned long mc_insert_max(const struct mc_op *op)
{
	return mc_insert_min(op) + op->c * 8UL;
}

#endif
