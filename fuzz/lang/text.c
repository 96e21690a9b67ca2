// SPDX-License-Identifier: GPL-2.0-only
/*
 * Text programs: printing, parsing and the binary encoding.  A line is
 *
 *   [NAME =] OP(KEY=VAL, ...) [{AA BB CC}] [; fail(KEY=VAL) [{AA BB CC}]] [# ...]
 *
 * The braces hold bytes no argument shows (they are printed only when
 * they differ from what the arguments alone encode).  "; fail(...)" is
 * an injection that applies to this op: in the binary form it is the
 * inject op just before it.  See fuzz/lang/README.md.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "text_lex.h"

static const char *const start_modes[] = {
	"low", "below32x8", "below32", "above32",
};

/* Inverse of kind_table in decode.c: the first byte for each kind. */
static uint8_t kind_byte(enum op_kind kind)
{
	struct program p;
	uint8_t op[PROG_HDR_BYTES + PROG_OP_BYTES] = { 0 };
	unsigned int i;

	if (kind == OP_REINIT)
		return 0xff;
	for (i = 0; i < 32; i++) {
		op[PROG_HDR_BYTES] = i;
		prog_decode(op, sizeof(op), &p);
		if (p.ops[0].kind == kind)
			return i;
	}
	return 0;
}

size_t text_encode(const struct program *p, uint8_t *buf, size_t cap)
{
	const struct prog_domain *d = &p->dom;
	size_t n = PROG_HDR_BYTES, i;

	if (cap < PROG_HDR_BYTES + p->nr_ops * PROG_OP_BYTES)
		return 0;
	buf[0] = (d->nr_cpus - 1) | (!d->rcaches << 3) |
		 ((12 - d->granule_shift) << 4);
	buf[1] = d->start_mode | d->start_arg << 2;
	for (i = 0; i < p->nr_ops; i++, n += PROG_OP_BYTES) {
		buf[n] = kind_byte(p->ops[i].kind);
		buf[n + 1] = p->ops[i].a;
		buf[n + 2] = p->ops[i].b;
		buf[n + 3] = p->ops[i].c;
	}
	return n;
}

bool text_is_program(const uint8_t *data, size_t size)
{
	size_t n = strlen(TEXT_MAGIC), i = text_first_line(data, size);

	return size - i >= n && !memcmp(data + i, TEXT_MAGIC, n);
}

/* ---- printing ---- */

/* What the arguments alone encode: the op with every other bit 0. */
static struct prog_op canonical(const struct prog_op *op)
{
	struct text_arg args[TEXT_MAX_ARGS];
	struct prog_op c = { .kind = op->kind };
	unsigned int n = text_op_args(op, args), i;

	for (i = 0; i < n; i++)
		text_op_set(&c, args[i].key, args[i].val);
	return c;
}

static void print_call(FILE *f, const char *name, const struct prog_op *op)
{
	struct text_arg args[TEXT_MAX_ARGS];
	unsigned int n = text_op_args(op, args), i;
	struct prog_op c = canonical(op);

	fprintf(f, "%s(", name);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%s=%s", i ? ", " : "", args[i].key, args[i].val);
	fputc(')', f);
	if (c.a != op->a || c.b != op->b || c.c != op->c)
		fprintf(f, " {%02x %02x %02x}", op->a, op->b, op->c);
}

void text_print(FILE *f, const struct program *p)
{
	const struct prog_domain *d = &p->dom;
	unsigned int i;

	fprintf(f, "%s %d iova\n", TEXT_MAGIC, TEXT_VERSION);
	fprintf(f, "domain(cpus=%u, rcaches=%d, granule=%lu, start=%s:%u)\n",
		d->nr_cpus, d->rcaches, 1UL << d->granule_shift,
		start_modes[d->start_mode], d->start_arg);
	for (i = 0; i < p->nr_ops; i++) {
		const struct prog_op *op = &p->ops[i];

		/* An injection for the next op is written on that op. */
		if (text_inject_is_pending(op) && i + 1 < p->nr_ops &&
		    p->ops[i + 1].kind != OP_INJECT) {
			print_call(f, text_op_name(p->ops[i + 1].kind),
				   &p->ops[i + 1]);
			fputs(" ; ", f);
			print_call(f, "fail", op);
			fputc('\n', f);
			i++;
			continue;
		}
		print_call(f, text_op_name(op->kind), op);
		fputc('\n', f);
	}
}

/* ---- parsing ---- */

/*
 * NAME(ARGS) [{AA BB CC}] into @op: every argument is written into the
 * base bytes unless the base already prints it that way, and the result
 * must print exactly as written (no unknown, missing or clashing keys).
 */
static bool call(struct text_cursor *c, struct prog_op *op, bool is_fail)
{
	struct text_arg args[TEXT_MAX_ARGS], got[TEXT_MAX_ARGS];
	size_t cols[TEXT_MAX_ARGS], name_col;
	unsigned int n, m, i;
	char name[32];
	const char *why;

	text_skip_ws(c);
	name_col = c->pos;
	if (!text_word(c, name, sizeof(name)) || !text_expect(c, '(') ||
	    !text_arg_list(c, args, &n, cols))
		return false;
	op->kind = text_op_kind(name, n ? args[0].key : NULL);
	op->a = op->b = op->c = 0;
	if (op->kind == OP_NR_KINDS || (is_fail != !strcmp(name, "fail")))
		return c->pos = name_col, text_error(c, "unknown op '%s'", name);
	text_skip_ws(c);
	if (c->s[c->pos] == '{' &&
	    !text_raw_bytes(c, &op->a, &op->b, &op->c))
		return false;
	for (i = 0; i < n; i++) {
		m = text_op_args(op, got);
		if (i < m && !strcmp(got[i].key, args[i].key) &&
		    !strcmp(got[i].val, args[i].val))
			continue;
		why = text_op_set(op, args[i].key, args[i].val);
		if (why)
			return c->pos = cols[i], text_error(c, "%s: %s", name, why);
	}
	m = text_op_args(op, got);
	for (i = 0; i < m || i < n; i++)
		if (i >= m || i >= n || strcmp(got[i].key, args[i].key) ||
		    strcmp(got[i].val, args[i].val)) {
			c->pos = i < n ? cols[i] : name_col;
			return text_error(c, "%s: expected argument '%s'", name,
				     i < m ? got[i].key : "(none)");
		}
	if (is_fail && !text_inject_is_pending(op))
		return c->pos = name_col,
		       text_error(c, "fail(): only nonsleeping=1 or class=... apply to one op");
	return true;
}

static bool op_line(struct text_cursor *c, struct program *p)
{
	struct prog_op op, inj;
	size_t save;
	char name[32];

	/* An optional result name: "r3 = ". */
	save = c->pos;
	if (text_word(c, name, sizeof(name))) {
		text_skip_ws(c);
		if (c->s[c->pos] != '=')
			c->pos = save;
		else
			c->pos++;
	} else {
		c->pos = save;
	}
	if (!call(c, &op, false))
		return false;
	text_skip_ws(c);
	if (c->s[c->pos] == ';') {
		c->pos++;
		if (!call(c, &inj, true))
			return false;
		if (p->nr_ops + 2 > PROG_MAX_OPS)
			return text_error(c, "more than %d ops", PROG_MAX_OPS);
		p->ops[p->nr_ops++] = inj;
	}
	if (!text_at_end(c))
		return text_error(c, "unexpected text after the op");
	if (p->nr_ops + 1 > PROG_MAX_OPS)
		return text_error(c, "more than %d ops", PROG_MAX_OPS);
	p->ops[p->nr_ops++] = op;
	return true;
}

static bool domain_arg(struct text_cursor *c, struct prog_domain *d,
		       const struct text_arg *a)
{
	unsigned long v;
	char *end, mode[16];
	unsigned int i;

	v = strtoul(a->val, &end, 0);
	if (!strcmp(a->key, "cpus") && !*end && v >= 1 && v <= 8)
		d->nr_cpus = v;
	else if (!strcmp(a->key, "rcaches") && !*end && v <= 1)
		d->rcaches = v;
	else if (!strcmp(a->key, "granule") && !*end &&
		 (v == 512 || v == 1024 || v == 2048 || v == 4096))
		d->granule_shift = __builtin_ctzl(v);
	else if (!strcmp(a->key, "start") &&
		 sscanf(a->val, "%15[a-z0-9]:%lu", mode, &v) == 2 && v < 64) {
		for (i = 0; i < 4 && strcmp(mode, start_modes[i]); i++)
			;
		if (i == 4)
			return text_error(c, "start: want low, below32x8, below32 or above32:N");
		d->start_mode = i;
		d->start_arg = v;
	} else {
		return text_error(c, "domain: bad %s=%s (cpus 1..8, rcaches 0|1, granule 512..4096, start MODE:0..63)",
			     a->key, a->val);
	}
	return true;
}

static bool domain_line(struct text_cursor *c, struct prog_domain *d)
{
	struct text_arg args[TEXT_MAX_ARGS];
	size_t cols[TEXT_MAX_ARGS];
	unsigned int n, i;
	char name[16];
	size_t end;

	*d = (struct prog_domain){ 1, true, 12, 0, 0 };
	if (!text_word(c, name, sizeof(name)))
		return false;
	if (strcmp(name, "domain"))
		return c->pos = 0, text_error(c, "expected domain(...)");
	if (!text_expect(c, '(') || !text_arg_list(c, args, &n, cols))
		return false;
	end = c->pos;
	for (i = 0; i < n; i++) {
		c->pos = cols[i];
		if (!domain_arg(c, d, &args[i]))
			return false;
	}
	c->pos = end;
	return text_at_end(c) ? true : text_error(c, "unexpected text after domain()");
}

struct parse_state {
	struct program *p;
	unsigned int seen;
};

static bool parse_line(struct text_cursor *c, void *arg)
{
	struct parse_state *ps = arg;

	if (!(ps->seen == 0 ? text_header_line(c, "iova") :
	      ps->seen == 1 ? domain_line(c, &ps->p->dom) : op_line(c, ps->p)))
		return false;
	ps->seen++;
	return true;
}

bool text_parse(const char *text, size_t len, struct program *p,
		char *err, size_t errlen)
{
	struct text_cursor c = { .err = err, .errlen = errlen };
	struct parse_state ps = { p, 0 };

	p->nr_ops = 0;
	if (!text_each_line(text, len, &c, parse_line, &ps))
		return false;
	if (ps.seen < 2) {
		c.pos = 0;
		return text_error(&c, "expected the header and a domain() line");
	}
	return true;
}
