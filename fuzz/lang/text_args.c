// SPDX-License-Identifier: GPL-2.0-only
/*
 * Each op's argument bytes as named arguments (text_set.c goes the
 * other way).  Values name what the runner resolves at run time ("the
 * k-th live range", "dma32-1"), never a pfn it only knows then.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

const char *const text_class_names[4] = {
	"iova", "maple_node", "magazine", "other",
};

const char *text_op_name(enum op_kind kind)
{
	switch (kind) {
	case OP_FREE_UNKNOWN:
		return "free_iova";
	case OP_RUN_WORK:
		return "run_delayed_work";
	case OP_REINIT:
		return "reinit_domain";
	default:
		return op_kind_name(kind);
	}
}

enum op_kind text_op_kind(const char *name, const char *first_key)
{
	int k;

	if (!strcmp(name, "free_iova") && first_key &&
	    (!strcmp(first_key, "gap") || !strcmp(first_key, "deferred")))
		return OP_FREE_UNKNOWN;
	if (!strcmp(name, "fail"))
		return OP_INJECT;
	for (k = 0; k < OP_NR_KINDS; k++)
		if (k != OP_FREE_UNKNOWN && !strcmp(name, text_op_name(k)))
			return k;
	return OP_NR_KINDS;
}

bool text_inject_is_pending(const struct prog_op *op)
{
	return op->kind == OP_INJECT &&
	       ((op->a & 3) == 2 || ((op->a & 3) == 1 && !(op->a & 4)));
}

/* ---- printing ---- */

static void put(struct text_arg *args, unsigned int *n, const char *key,
		const char *fmt, unsigned long v)
{
	snprintf(args[*n].key, sizeof(args[*n].key), "%s", key);
	snprintf(args[*n].val, sizeof(args[*n].val), fmt, v);
	(*n)++;
}

static void put_limit(struct text_arg *args, unsigned int *n,
		      const struct prog_op *op)
{
	unsigned int k = op->b >> 3, d = (op->c >> 1) & 7;
	char *v = args[*n].val;
	size_t len = sizeof(args[*n].val);

	snprintf(args[*n].key, sizeof(args[*n].key), "limit");
	switch (op->b & 7) {
	case 1:
		snprintf(v, len, "start+%u", k * 4 + 3);
		break;
	case 2:
		snprintf(v, len, "dma32-%u", 1 + k * 8);
		break;
	case 3:
		snprintf(v, len, "mask(%u)", 33 + k % 24);
		break;
	case 4:
		snprintf(v, len, "hi(range=%u)", k);
		break;
	case 5:
		snprintf(v, len, "lo(range=%u)-%u", k, 1 + d);
		break;
	case 6:
		snprintf(v, len, "dma32+%u", k);
		break;
	case 7:
		snprintf(v, len, "hi(range=%u)+%u", k, 1 + d);
		break;
	default:
		snprintf(v, len, "dma32-1");
		break;
	}
	(*n)++;
}

static void put_classes(struct text_arg *args, unsigned int *n,
			unsigned int mask)
{
	char *v = args[*n].val;
	size_t len = sizeof(args[*n].val), used = 0;
	unsigned int i;

	snprintf(args[*n].key, sizeof(args[*n].key), "class");
	v[0] = 0;
	for (i = 0; i < 4; i++)
		if (mask & (1u << i))
			used += snprintf(v + used, len - used, "%s%s",
					 used ? "+" : "", text_class_names[i]);
	(*n)++;
}

static void put_reserve_at(struct text_arg *args, unsigned int *n,
			   const struct prog_op *op)
{
	char *v = args[*n].val;
	size_t len = sizeof(args[*n].val);

	snprintf(args[*n].key, sizeof(args[*n].key), "at");
	switch (op->c & 3) {
	case 0:
		snprintf(v, len, "start+%lu", op->a * 4UL);
		break;
	case 1:
		snprintf(v, len, "dma32-%lu", 1 + op->a * 4UL);
		break;
	case 2:
		snprintf(v, len, "dma32+%lu", op->a * 64UL);
		break;
	default:
		snprintf(v, len, "reserved(%u)-8+%u", (unsigned int)op->a,
			 (unsigned int)op->c >> 2);
		break;
	}
	(*n)++;
}

static unsigned int inject_args(const struct prog_op *op,
				struct text_arg *args)
{
	unsigned int n = 0;

	switch (op->a & 3) {
	case 0:
		put(args, &n, "nth", "%lu", 1 + op->b % 16);
		break;
	case 1:
		if (op->a & 4)
			put(args, &n, "pressure", "%lu", 2 + op->b % 31);
		else
			put(args, &n, "nonsleeping", "%lu", 1);
		break;
	case 2:
		put_classes(args, &n, 1 + op->b % 15);
		break;
	default:
		put(args, &n, "nth", "%lu", 1 + op->b);
		break;
	}
	return n;
}

static unsigned int find_args(const struct prog_op *op,
			      struct text_arg *args)
{
	static const char *const sel[] = { "live", "deferred", "gap" };
	unsigned int n = 0;

	if ((op->c & 3) == 3) {
		put(args, &n, "pfn", "dma32-4+%lu", op->b & 7);
		return n;
	}
	put(args, &n, sel[op->c & 3], "%lu", op->a);
	put(args, &n, "off", "%lu", op->b);
	return n;
}

unsigned int text_op_args(const struct prog_op *op, struct text_arg *args)
{
	unsigned int n = 0;

	switch (op->kind) {
	case OP_ALLOC:
	case OP_ALLOC_FAST:
		put(args, &n, "size", "%lu", prog_size(op->a));
		put_limit(args, &n, op);
		put(args, &n, op->kind == OP_ALLOC ? "aligned" : "flush",
		    "%lu", op->c & 1);
		break;
	case OP_FREE:
		put(args, &n, "live", "%lu", op->a);
		put(args, &n, "off", "%lu", op->b);
		break;
	case OP___FREE:
	case OP_FREE_FAST:
		put(args, &n, "live", "%lu", op->a);
		break;
	case OP_FIND:
		return find_args(op, args);
	case OP_FREE_UNKNOWN:
		put(args, &n, op->c & 1 ? "deferred" : "gap", "%lu", op->a);
		put(args, &n, "off", "%lu", op->b);
		break;
	case OP_RESERVE:
		put_reserve_at(args, &n, op);
		put(args, &n, "len", "%lu", 1 + op->b);
		break;
	case OP_CPU_SWITCH:
	case OP_CPU_OFFLINE:
	case OP_CPU_ONLINE:
		put(args, &n, "cpu", "%lu", op->a);
		break;
	case OP_FLUSH:
		put(args, &n, "cpu", "%lu", op->a);
		put(args, &n, "global", "%lu", op->c & 1);
		break;
	case OP_INJECT:
		return inject_args(op, args);
	case OP_REPEAT:
		put(args, &n, "times", "%lu", prog_repeat(op));
		break;
	case OP_REINIT:
		if (op->a % 64)
			put(args, &n, "fail", "%lu", op->a % 64);
		if (op->b & 1)
			put(args, &n, "shared", "%lu", 1);
		break;
	default:
		break;
	}
	return n;
}
