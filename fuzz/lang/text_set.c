// SPDX-License-Identifier: GPL-2.0-only
/*
 * Named arguments back into an op's bytes.  A setter writes only the
 * bits its argument owns, so bits no argument owns keep whatever the
 * base op (its {AA BB CC} bytes, or zeros) had: that is how the text
 * form stays lossless without showing bytes that mean nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* A whole-string unsigned number (decimal or 0x hex) no larger than max. */
static bool num(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return false;
	*v = strtoul(s, &end, 0);
	return !*end && *v <= max;
}

/* "PREFIX<number>SUFFIX" with nothing else. */
static bool num_in(const char *s, const char *prefix, const char *suffix,
		   unsigned long max, unsigned long *v)
{
	size_t pl = strlen(prefix), sl = strlen(suffix), n = strlen(s);
	char buf[48];

	if (n <= pl + sl || n - pl - sl >= sizeof(buf) ||
	    strncmp(s, prefix, pl) || strcmp(s + n - sl, suffix))
		return false;
	memcpy(buf, s + pl, n - pl - sl);
	buf[n - pl - sl] = 0;
	return num(buf, max, v);
}

static const char *set_size(struct prog_op *op, const char *val)
{
	unsigned long want;
	unsigned int a;

	if (!num(val, 1024, &want))
		return "size: want a number";
	for (a = 0; a < 256; a++)
		if (prog_size(a) == want) {
			op->a = a;
			return NULL;
		}
	return "size: not a size class (1..64, powers of two to 128, odd to 127, multiples of 16 to 1024)";
}

static const char *set_limit_mode(struct prog_op *op, unsigned int mode,
				  unsigned long k, long d)
{
	if (k > 31)
		return "limit: selector out of range";
	op->b = mode | k << 3;
	if (d >= 0)
		op->c = (op->c & ~0x0e) | (d << 1);
	return NULL;
}

/* The two-number forms: lo(range=K)-N and hi(range=K)+N. */
static const char *set_limit_range(struct prog_op *op, const char *val)
{
	unsigned long k, d;
	char tail;

	if (sscanf(val, "lo(range=%lu)-%lu%c", &k, &d, &tail) == 2 &&
	    d >= 1 && d <= 8)
		return set_limit_mode(op, 5, k, d - 1);
	if (sscanf(val, "hi(range=%lu)+%lu%c", &k, &d, &tail) == 2 &&
	    d >= 1 && d <= 8)
		return set_limit_mode(op, 7, k, d - 1);
	if (num_in(val, "hi(range=", ")", 31, &k))
		return set_limit_mode(op, 4, k, -1);
	return "limit: want dma32-1, dma32-N, dma32+N, start+N, mask(BITS), hi(range=K), hi(range=K)+N or lo(range=K)-N";
}

static const char *set_limit(struct prog_op *op, const char *val)
{
	unsigned long v;

	if (!strcmp(val, "dma32-1"))
		return set_limit_mode(op, 0, 0, -1);
	if (num_in(val, "start+", "", 127, &v) && v % 4 == 3)
		return set_limit_mode(op, 1, v / 4, -1);
	if (num_in(val, "dma32-", "", 249, &v) && v % 8 == 1)
		return set_limit_mode(op, 2, v / 8, -1);
	if (num_in(val, "mask(", ")", 56, &v) && v >= 33)
		return set_limit_mode(op, 3, v - 33, -1);
	if (num_in(val, "dma32+", "", 31, &v))
		return set_limit_mode(op, 6, v, -1);
	return set_limit_range(op, val);
}

static const char *set_reserve_at(struct prog_op *op, const char *val)
{
	unsigned long v, k;
	char tail;

	if (num_in(val, "start+", "", 1020, &v) && v % 4 == 0) {
		op->a = v / 4;
		op->c &= ~3;
	} else if (num_in(val, "dma32-", "", 1021, &v) && v % 4 == 1) {
		op->a = v / 4;
		op->c = (op->c & ~3) | 1;
	} else if (num_in(val, "dma32+", "", 255 * 64, &v) && v % 64 == 0) {
		op->a = v / 64;
		op->c = (op->c & ~3) | 2;
	} else if (sscanf(val, "reserved(%lu)-8+%lu%c", &k, &v, &tail) == 2 &&
		   k < 256 && v < 64) {
		op->a = k;
		op->c = v << 2 | 3;
	} else {
		return "at: want start+4K, dma32-(1+4K), dma32+64K or reserved(K)-8+N";
	}
	return NULL;
}

static const char *set_classes(struct prog_op *op, const char *val)
{
	char buf[48], *tok, *save;
	unsigned int mask = 0, i;

	snprintf(buf, sizeof(buf), "%s", val);
	for (tok = strtok_r(buf, "+", &save); tok;
	     tok = strtok_r(NULL, "+", &save)) {
		for (i = 0; i < 4 && strcmp(tok, text_class_names[i]); i++)
			;
		if (i == 4)
			return "class: want iova, maple_node, magazine, other joined by +";
		mask |= 1u << i;
	}
	if (!mask)
		return "class: empty";
	op->a = (op->a & ~7) | 2;
	op->b = mask - 1;
	return NULL;
}

static const char *set_inject(struct prog_op *op, const char *key,
			      const char *val)
{
	unsigned long v;

	if (!strcmp(key, "nth")) {
		if (!num(val, 256, &v) || !v)
			return "nth: want 1..256";
		op->a = (op->a & ~7) | (v <= 16 ? 0 : 3);
		op->b = v - 1;
	} else if (!strcmp(key, "pressure")) {
		if (!num(val, 32, &v) || v < 2)
			return "pressure: want 2..32 (ops)";
		op->a = (op->a & ~7) | 5;
		op->b = v - 2;
	} else if (!strcmp(key, "nonsleeping")) {
		if (strcmp(val, "1"))
			return "nonsleeping: want 1";
		op->a = (op->a & ~7) | 1;
	} else if (!strcmp(key, "class")) {
		return set_classes(op, val);
	} else {
		return "unknown argument";
	}
	return NULL;
}

static const char *set_byte(uint8_t *dst, const char *val, unsigned long max)
{
	unsigned long v;

	if (!num(val, max, &v))
		return "want a number 0..255";
	*dst = v;
	return NULL;
}

static const char *set_flag(uint8_t *c, const char *val)
{
	if (strcmp(val, "0") && strcmp(val, "1"))
		return "want 0 or 1";
	*c = (*c & ~1) | (val[0] == '1');
	return NULL;
}

static const char *set_find(struct prog_op *op, const char *key,
			    const char *val)
{
	unsigned long v;

	if (!strcmp(key, "pfn")) {
		if (!num_in(val, "dma32-4+", "", 7, &v))
			return "pfn: want dma32-4+N, N 0..7";
		op->c |= 3;
		op->b = (op->b & ~7) | v;
		return NULL;
	}
	if (!strcmp(key, "off"))
		return set_byte(&op->b, val, 255);
	op->c = (op->c & ~3) | (!strcmp(key, "live") ? 0 :
				!strcmp(key, "deferred") ? 1 : 2);
	return set_byte(&op->a, val, 255);
}

static const char *set_len(struct prog_op *op, const char *val)
{
	unsigned long v;

	if (!num(val, 256, &v) || !v)
		return "len: want 1..256";
	op->b = v - 1;
	return NULL;
}

/* The new domain's set-up fails its Nth allocation (runner.c). */
static const char *set_reinit_fail(struct prog_op *op, const char *val)
{
	unsigned long v;

	if (!num(val, 63, &v) || !v)
		return "fail: want 1..63";
	op->a = (op->a & ~63) | v;
	return NULL;
}

static const char *set_repeat(struct prog_op *op, const char *val)
{
	unsigned long v;

	if (!num(val, 512, &v) || !v)
		return "times: want 1..512";
	op->a = (v - 1) & 255;
	op->b = (op->b & ~1) | (v - 1) >> 8;
	return NULL;
}

const char *text_op_set(struct prog_op *op, const char *key, const char *val)
{
	if (!strcmp(key, "size"))
		return set_size(op, val);
	if (!strcmp(key, "limit"))
		return set_limit(op, val);
	if (!strcmp(key, "aligned") || !strcmp(key, "flush") ||
	    !strcmp(key, "global"))
		return set_flag(&op->c, val);
	if (op->kind == OP_INJECT)
		return set_inject(op, key, val);
	if (op->kind == OP_FIND)
		return set_find(op, key, val);
	if (op->kind == OP_RESERVE)
		return !strcmp(key, "at") ? set_reserve_at(op, val) :
		       set_len(op, val);
	if (op->kind == OP_REPEAT)
		return set_repeat(op, val);
	if (op->kind == OP_REINIT && !strcmp(key, "fail"))
		return set_reinit_fail(op, val);
	if (op->kind == OP_REINIT && !strcmp(key, "shared"))
		return set_flag(&op->b, val);
	if (!strcmp(key, "gap") || !strcmp(key, "deferred")) {
		op->c = (op->c & ~1) | (key[0] == 'd');
		return set_byte(&op->a, val, 255);
	}
	if (!strcmp(key, "live") || !strcmp(key, "cpu"))
		return set_byte(&op->a, val, 255);
	if (!strcmp(key, "off"))
		return set_byte(&op->b, val, 255);
	return "unknown argument";
}
