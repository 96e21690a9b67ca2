/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The text form of an iova program: a header naming the format and the
 * domain, then one op per line, each argument named.  It is lossless on
 * the decoded program (struct program): text_to_bin(text_print(p)) decodes
 * to p again.  The grammar is in fuzz/lang/README.md.
 */
#ifndef _IOVAFUZZ_TEXT_H
#define _IOVAFUZZ_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "program.h"

#define TEXT_MAGIC	"iovafuzz-program"
#define TEXT_VERSION	1

/* One argument as text: key=value. */
struct text_arg {
	char key[16];
	char val[48];
};

#define TEXT_MAX_ARGS	4

/* Does this buffer hold a text program (its first line that is not a
 * '#' comment starts with TEXT_MAGIC)? */
bool text_is_program(const uint8_t *data, size_t size);
size_t text_first_line(const uint8_t *data, size_t size);

/* Prints @p in canonical text form. */
void text_print(FILE *f, const struct program *p);

/*
 * Parses a text program.  On error returns false and puts
 * "LINE:COL: message" in @err.
 */
bool text_parse(const char *text, size_t len, struct program *p,
		char *err, size_t errlen);

/* The binary form of @p: PROG_HDR_BYTES + 4 per op; returns its length. */
size_t text_encode(const struct program *p, uint8_t *buf, size_t cap);

/* ---- per-op arguments (text_args.c, text_set.c) ---- */

/* Allocation classes of fail(class=...), as in shim.h's enum shim_class. */
extern const char *const text_class_names[4];

/* The name an op is written under. */
const char *text_op_name(enum op_kind kind);
/* The arguments of @op, as printed; returns how many. */
unsigned int text_op_args(const struct prog_op *op, struct text_arg *args);
/* Writes argument @key=@val into @op; NULL, or what is wrong. */
const char *text_op_set(struct prog_op *op, const char *key,
			const char *val);
/* Which kind NAME(KEY=...) is; OP_NR_KINDS if none. */
enum op_kind text_op_kind(const char *name, const char *first_key);
/* A pending injection that applies to the next op (written on it). */
bool text_inject_is_pending(const struct prog_op *op);

#endif
