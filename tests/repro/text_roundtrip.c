// SPDX-License-Identifier: GPL-2.0-only
/*
 * Binary -> text -> binary is the identity on the decoded program, for
 * random inputs of both targets (iova, maple_contract); and malformed
 * text is refused with its line and column.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "text.h"
#include "text_maple.h"

static struct program p, q, r;
static uint8_t buf[PROG_HDR_BYTES + PROG_MAX_OPS * PROG_OP_BYTES];
static uint64_t rng = 0x2545f4914f6cdd1dULL;

static uint8_t next_byte(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint8_t)rng;
}

static bool same(const struct program *a, const struct program *b)
{
	unsigned int i;

	const struct prog_domain *x = &a->dom, *y = &b->dom;

	if (x->nr_cpus != y->nr_cpus || x->rcaches != y->rcaches ||
	    x->granule_shift != y->granule_shift ||
	    x->start_mode != y->start_mode || x->start_arg != y->start_arg ||
	    a->nr_ops != b->nr_ops)
		return false;
	for (i = 0; i < a->nr_ops; i++)
		if (a->ops[i].kind != b->ops[i].kind || a->ops[i].a != b->ops[i].a ||
		    a->ops[i].b != b->ops[i].b || a->ops[i].c != b->ops[i].c)
			return false;
	return true;
}

static bool round_trip(const uint8_t *data, size_t size)
{
	char *text = NULL, err[160];
	size_t len = 0, n;
	FILE *f = open_memstream(&text, &len);
	bool ok;

	prog_decode(data, size, &p);
	text_print(f, &p);
	fclose(f);
	ok = text_parse(text, len, &q, err, sizeof(err));
	if (!ok)
		fprintf(stderr, "parse: %s\n%s", err, text);
	n = text_encode(&q, buf, sizeof(buf));
	prog_decode(buf, n, &r);
	ok = ok && same(&p, &q) && same(&p, &r);
	if (!ok)
		fprintf(stderr, "round trip changed the program:\n%s", text);
	free(text);
	return ok;
}

static bool test_random(void)
{
	static uint8_t data[2 + 4 * 300];
	unsigned int i, j, size;

	for (i = 0; i < 3000; i++) {
		size = next_byte() % sizeof(data);
		for (j = 0; j < size; j++)
			data[j] = next_byte();
		CHECK(round_trip(data, size));
	}
	/* Every byte value in every op position, once each. */
	for (i = 0; i < 256; i++) {
		uint8_t one[2 + 4 * 4] = { (uint8_t)i, (uint8_t)(i * 7) };

		for (j = 0; j < 4; j++) {
			one[2 + 4 * j] = i;
			one[3 + 4 * j] = i + j;
			one[4 + 4 * j] = 255 - i;
			one[5 + 4 * j] = i * 13 + j;
		}
		CHECK(round_trip(one, sizeof(one)));
	}
	return true;
}

static bool refused(const char *text, const char *want)
{
	char err[160] = "";

	if (text_parse(text, strlen(text), &q, err, sizeof(err))) {
		fprintf(stderr, "accepted: %s\n", text);
		return false;
	}
	if (strncmp(err, want, strlen(want))) {
		fprintf(stderr, "error '%s', want '%s...'\n", err, want);
		return false;
	}
	return true;
}

static bool test_hand_written(void)
{
	static const char good[] =
		"iovafuzz-program 1 iova\n"
		"# a comment\n"
		"domain(cpus=2, rcaches=1, granule=4096, start=low:0)\n"
		"r0 = alloc_iova(size=16, limit=dma32-1, aligned=1)\n"
		"alloc_iova_fast(size=3, limit=mask(40), flush=0) ; fail(nonsleeping=1)\n"
		"free_iova(live=0, off=2)   # frees r0\n"
		"repeat(times=300)\n"
		"inject(nth=20)\n"
		"reinit_domain()\n"
		"reinit_domain(fail=3, shared=1)\n";
	char err[160];

	CHECK(text_parse(good, strlen(good), &q, err, sizeof(err)));
	CHECK(q.nr_ops == 8 && q.dom.nr_cpus == 2);
	CHECK(q.ops[0].kind == OP_ALLOC && prog_size(q.ops[0].a) == 16 &&
	      (q.ops[0].c & 1));
	CHECK(q.ops[1].kind == OP_INJECT && q.ops[2].kind == OP_ALLOC_FAST);
	CHECK(q.ops[4].kind == OP_REPEAT && prog_repeat(&q.ops[4]) == 300);
	CHECK(q.ops[6].kind == OP_REINIT && !q.ops[6].a && !(q.ops[6].b & 1));
	CHECK(q.ops[7].kind == OP_REINIT && q.ops[7].a % 64 == 3 &&
	      (q.ops[7].b & 1));
	CHECK(refused("iovafuzz-program 2 iova\n", "1:1: format version 2"));
	CHECK(refused("hello\n", "1:1: expected"));
	CHECK(refused("iovafuzz-program 1 iova\ndomain(cpus=9)\n",
		      "2:8: domain: bad cpus=9"));
	CHECK(refused("iovafuzz-program 1 iova\ndomain()\nalloc_iova(size=0, limit=dma32-1, aligned=0)\n",
		      "3:12: alloc_iova: size"));
	CHECK(refused("iovafuzz-program 1 iova\ndomain()\nfrob()\n",
		      "3:1: unknown op 'frob'"));
	CHECK(refused("iovafuzz-program 1 iova\ndomain()\nfree_iova(live=1, off=2\n",
		      "3:"));
	CHECK(refused("iovafuzz-program 1 iova\ndomain()\nfind_iova(live=1, off=0) junk\n",
		      "3:26: unexpected text"));
	return true;
}

static struct mc_program mp, mq, mr;

static bool mc_same(const struct mc_program *a, const struct mc_program *b)
{
	unsigned int i;

	if (a->nr_ops != b->nr_ops)
		return false;
	for (i = 0; i < a->nr_ops; i++)
		if (a->ops[i].kind != b->ops[i].kind || a->ops[i].a != b->ops[i].a ||
		    a->ops[i].b != b->ops[i].b || a->ops[i].c != b->ops[i].c)
			return false;
	return true;
}

/* The same for maple_contract programs. */
static bool test_maple_random(void)
{
	static uint8_t data[4 * 300];
	char *text, err[160];
	unsigned int i, j, size;
	size_t len, n;
	FILE *f;

	for (i = 0; i < 3000; i++) {
		size = next_byte() % sizeof(data);
		for (j = 0; j < size; j++)
			data[j] = next_byte();
		mc_decode(data, size, &mp);
		text = NULL;
		f = open_memstream(&text, &len);
		mc_print(f, &mp);
		fclose(f);
		if (!mc_parse(text, len, &mq, err, sizeof(err)))
			fprintf(stderr, "parse: %s\n%s", err, text);
		n = mc_encode(&mq, buf, sizeof(buf));
		mc_decode(buf, n, &mr);
		if (!mc_same(&mp, &mq) || !mc_same(&mp, &mr))
			fprintf(stderr, "round trip changed:\n%s", text);
		free(text);
		CHECK(mc_same(&mp, &mq) && mc_same(&mp, &mr));
	}
	return true;
}

static bool test_maple_hand_written(void)
{
	static const char good[] =
		"iovafuzz-program 1 maple_contract\n"
		"insert(min=0x10, max=0x50, size=3)\n"
		"erase(entry=0) ; fail(nonsleeping=1)\n"
		"erase(entry=1)\n"
		"mas_preallocate(first=0x8, last=0x9, store=NULL) ; fail(nth=2)\n";
	static const char bad[] =
		"iovafuzz-program 1 maple_contract\n"
		"insert(min=0x10, max=0x51, size=3)\n";
	char err[160];

	CHECK(mc_parse(good, strlen(good), &mq, err, sizeof(err)));
	CHECK(mq.nr_ops == 4 && mq.ops[0].kind == MC_INSERT &&
	      mc_insert_max(&mq.ops[0]) == 0x50 && mc_insert_size(&mq.ops[0]) == 3);
	CHECK(mq.ops[1].kind == MC_ERASE_ATOMIC && mq.ops[2].kind == MC_ERASE);
	CHECK(mq.ops[3].kind == MC_PREALLOC && (mq.ops[3].b >> 4) == 1);
	CHECK(!mc_parse(bad, strlen(bad), &mq, err, sizeof(err)));
	CHECK(!strncmp(err, "2:18: insert:", 13));
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	RUN_TEST(&t, test_random);
	RUN_TEST(&t, test_hand_written);
	RUN_TEST(&t, test_maple_random);
	RUN_TEST(&t, test_maple_hand_written);
	return check_summary(&t);
}
