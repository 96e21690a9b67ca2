// SPDX-License-Identifier: GPL-2.0-only
/*
 * maple_contract programs as text:
 *
 *   insert(min=N, max=N, size=N)
 *   erase(entry=K) [; fail(nonsleeping=1)]
 *   overwrite(entry=K)
 *   mas_preallocate(first=N, last=N, store=entry|NULL) ; fail(nth=N)
 *
 * entry=K is the K-th entry of the tree (mod their count) when the op
 * runs.  As for iova programs, {AA BB CC} keeps bytes no argument shows.
 */
#include <stdlib.h>
#include <string.h>

#include "text_lex.h"
#include "text_maple.h"

static const char *const names[MC_NR_KINDS] = {
	"insert", "erase", "erase", "overwrite", "mas_preallocate",
};

void mc_decode(const uint8_t *data, size_t size, struct mc_program *p)
{
	static const enum mc_kind kinds[6] = {
		MC_INSERT, MC_INSERT, MC_ERASE_ATOMIC, MC_ERASE, MC_OVERWRITE,
		MC_PREALLOC,
	};
	size_t i, n = size / 4 < MC_MAX_OPS ? size / 4 : MC_MAX_OPS;

	p->nr_ops = n;
	for (i = 0; i < n; i++)
		p->ops[i] = (struct mc_op){ kinds[data[4 * i] % 6],
			data[4 * i + 1], data[4 * i + 2], data[4 * i + 3] };
}

size_t mc_encode(const struct mc_program *p, uint8_t *buf, size_t cap)
{
	static const uint8_t bytes[MC_NR_KINDS] = { 0, 2, 3, 4, 5 };
	size_t i;

	if (cap < p->nr_ops * 4)
		return 0;
	for (i = 0; i < p->nr_ops; i++) {
		buf[4 * i] = bytes[p->ops[i].kind];
		buf[4 * i + 1] = p->ops[i].a;
		buf[4 * i + 2] = p->ops[i].b;
		buf[4 * i + 3] = p->ops[i].c;
	}
	return p->nr_ops * 4;
}

bool mc_is_text(const uint8_t *data, size_t size)
{
	static const char magic[] = TEXT_MAGIC " 1 maple_contract";
	size_t i = text_first_line(data, size);

	return size - i >= sizeof(magic) - 1 &&
	       !memcmp(data + i, magic, sizeof(magic) - 1);
}

/* ---- arguments ---- */

static void put(struct text_arg *args, unsigned int *n, const char *key,
		const char *fmt, unsigned long v)
{
	snprintf(args[*n].key, sizeof(args[*n].key), "%s", key);
	snprintf(args[*n].val, sizeof(args[*n].val), fmt, v);
	(*n)++;
}

/* The main call's arguments, then (after *split) the fail() ones. */
static unsigned int op_args(const struct mc_op *op, struct text_arg *args,
			    unsigned int *split)
{
	unsigned int n = 0;

	switch (op->kind) {
	case MC_INSERT:
		put(args, &n, "min", "0x%lx", mc_insert_min(op));
		put(args, &n, "max", "0x%lx", mc_insert_max(op));
		put(args, &n, "size", "%lu", mc_insert_size(op));
		break;
	case MC_PREALLOC:
		put(args, &n, "first", "0x%lx", op->a * 4UL);
		put(args, &n, "last", "0x%lx", op->a * 4UL + (op->b & 15));
		snprintf(args[n].key, sizeof(args[n].key), "store");
		snprintf(args[n].val, sizeof(args[n].val), "%s",
			 op->b & 1 ? "NULL" : "entry");
		n++;
		*split = n;
		put(args, &n, "nth", "%lu", 1 + (op->b >> 4));
		return n;
	default:
		put(args, &n, "entry", "%lu", op->a);
		break;
	}
	*split = n;
	if (op->kind == MC_ERASE_ATOMIC)
		put(args, &n, "nonsleeping", "%lu", 1);
	return n;
}

static bool num(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return false;
	*v = strtoul(s, &end, 0);
	return !*end && *v <= max;
}

static const char *op_set(struct mc_op *op, const char *key, const char *val)
{
	unsigned long v;

	if (!strcmp(key, "store")) {
		if (strcmp(val, "NULL") && strcmp(val, "entry"))
			return "store: want entry or NULL";
		op->b = (op->b & ~1) | (strcmp(val, "NULL") == 0);
		return NULL;
	}
	if (!num(val, 0x7fffffff, &v))
		return "want a number";
	if (!strcmp(key, "size") && v >= 1 && v <= 32)
		op->a = (op->a & ~31) | (v - 1);
	else if (!strcmp(key, "min") && v % 4 == 0 && v <= 1020)
		op->b = v / 4;
	else if (!strcmp(key, "max") && v >= mc_insert_min(op) &&
		 (v - mc_insert_min(op)) % 8 == 0 &&
		 v - mc_insert_min(op) <= 255 * 8)
		op->c = (v - mc_insert_min(op)) / 8;
	else if (!strcmp(key, "entry") && v <= 255)
		op->a = v;
	else if (!strcmp(key, "first") && v % 4 == 0 && v <= 1020)
		op->a = v / 4;
	else if (!strcmp(key, "last") && v >= op->a * 4UL &&
		 v - op->a * 4UL <= 15)
		op->b = (op->b & ~15) | (v - op->a * 4UL);
	else if (!strcmp(key, "nth") && v >= 1 && v <= 16)
		op->b = (op->b & 15) | (v - 1) << 4;
	else if (!strcmp(key, "nonsleeping") && v == 1)
		op->kind = MC_ERASE_ATOMIC;
	else
		return "unknown argument or value out of range (min, first: 0..1020 step 4; max: min + 8K; size 1..32; last: first + 0..15; nth 1..16)";
	return NULL;
}

/* ---- printing ---- */

static void print_args(FILE *f, const struct text_arg *args, unsigned int lo,
		       unsigned int hi)
{
	unsigned int i;

	for (i = lo; i < hi; i++)
		fprintf(f, "%s%s=%s", i > lo ? ", " : "", args[i].key,
			args[i].val);
}

void mc_op_print(FILE *f, const struct mc_op *op)
{
	struct text_arg args[TEXT_MAX_ARGS + 1];
	unsigned int split, n = op_args(op, args, &split), i;
	struct mc_op c = { .kind = op->kind };

	for (i = 0; i < n; i++)
		op_set(&c, args[i].key, args[i].val);
	fprintf(f, "%s(", names[op->kind]);
	print_args(f, args, 0, split);
	fputc(')', f);
	if (c.a != op->a || c.b != op->b || c.c != op->c)
		fprintf(f, " {%02x %02x %02x}", op->a, op->b, op->c);
	if (split < n) {
		fputs(" ; fail(", f);
		print_args(f, args, split, n);
		fputc(')', f);
	}
}

void mc_print(FILE *f, const struct mc_program *p)
{
	unsigned int i;

	fprintf(f, "%s %d maple_contract\n", TEXT_MAGIC, TEXT_VERSION);
	for (i = 0; i < p->nr_ops; i++) {
		mc_op_print(f, &p->ops[i]);
		fputc('\n', f);
	}
}

/* ---- parsing ---- */

static bool call(struct text_cursor *c, char *name, struct text_arg *args,
		 unsigned int *n, size_t *cols)
{
	return text_word(c, name, 32) && text_expect(c, '(') &&
	       text_arg_list(c, args, n, cols);
}

static bool op_line(struct text_cursor *c, struct mc_program *p)
{
	struct text_arg args[2 * TEXT_MAX_ARGS], got[TEXT_MAX_ARGS + 1];
	size_t cols[2 * TEXT_MAX_ARGS];
	unsigned int n = 0, m, k, split, i;
	struct mc_op op = { 0 };
	char name[32], fail[32];
	const char *why;

	if (!call(c, name, args, &n, cols))
		return false;
	for (k = 0; k < MC_NR_KINDS && strcmp(name, names[k]); k++)
		;
	if (k == MC_NR_KINDS)
		return c->pos = 0, text_error(c, "unknown op '%s'", name);
	op.kind = k == MC_ERASE_ATOMIC ? MC_ERASE : k;
	text_skip_ws(c);
	if (c->s[c->pos] == '{' && !text_raw_bytes(c, &op.a, &op.b, &op.c))
		return false;
	text_skip_ws(c);
	if (c->s[c->pos] == ';') {
		c->pos++;
		text_skip_ws(c);
		if (!call(c, fail, args + n, &m, cols + n))
			return false;
		if (strcmp(fail, "fail"))
			return text_error(c, "expected fail(...) after ';'");
		n += m;
	}
	if (!text_at_end(c))
		return text_error(c, "unexpected text after the op");
	for (i = 0; i < n; i++) {
		m = op_args(&op, got, &split);
		if (i < m && !strcmp(got[i].key, args[i].key) &&
		    !strcmp(got[i].val, args[i].val))
			continue;
		why = op_set(&op, args[i].key, args[i].val);
		if (why)
			return c->pos = cols[i], text_error(c, "%s: %s", name, why);
	}
	m = op_args(&op, got, &split);
	for (i = 0; i < m || i < n; i++)
		if (i >= m || i >= n || strcmp(got[i].key, args[i].key) ||
		    strcmp(got[i].val, args[i].val)) {
			c->pos = i < n ? cols[i] : 0;
			return text_error(c, "%s: expected argument '%s'", name,
					  i < m ? got[i].key : "(none)");
		}
	if (p->nr_ops == MC_MAX_OPS)
		return text_error(c, "more than %d ops", MC_MAX_OPS);
	p->ops[p->nr_ops++] = op;
	return true;
}

struct mc_state {
	struct mc_program *p;
	bool header;
};

static bool line(struct text_cursor *c, void *arg)
{
	struct mc_state *st = arg;

	if (!st->header)
		return st->header = true, text_header_line(c, "maple_contract");
	return op_line(c, st->p);
}

bool mc_parse(const char *text, size_t len, struct mc_program *p, char *err,
	      size_t errlen)
{
	struct text_cursor c = { .err = err, .errlen = errlen };
	struct mc_state st = { p, false };

	p->nr_ops = 0;
	if (!text_each_line(text, len, &c, line, &st))
		return false;
	if (!st.header)
		return text_error(&c, "expected the header line");
	return true;
}
