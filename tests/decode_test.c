// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decoder is total: any byte string is a program, sizes are never 0,
 * op kinds are in range, short inputs are the simplest programs, and the
 * same bytes always decode the same way.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "program.h"

static struct program p, q;

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint8_t next_byte(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint8_t)rng;
}

static bool test_empty_and_short(void)
{
	static const uint8_t one[] = { 0xff };
	static const uint8_t five[] = { 1, 2, 3, 4, 5 };

	prog_decode(NULL, 0, &p);
	CHECK_EQ(p.nr_ops, 0);
	CHECK_EQ(p.dom.nr_cpus, 1);
	CHECK(p.dom.rcaches);
	CHECK_EQ(p.dom.granule_shift, 12);
	prog_decode(one, sizeof(one), &p);
	CHECK_EQ(p.nr_ops, 0);
	CHECK_EQ(p.dom.nr_cpus, 8);
	prog_decode(five, sizeof(five), &p);	/* partial op dropped */
	CHECK_EQ(p.nr_ops, 0);
	return true;
}

static bool test_sizes_never_zero(void)
{
	unsigned int a;

	for (a = 0; a < 256; a++) {
		CHECK(prog_size(a) >= 1);
		CHECK(prog_size(a) <= 1024);
	}
	return true;
}

static bool test_random_bytes(void)
{
	static uint8_t buf[PROG_HDR_BYTES + (PROG_MAX_OPS + 10) * PROG_OP_BYTES];
	unsigned int iter, i;

	for (iter = 0; iter < 2000; iter++) {
		size_t n = next_byte() | (size_t)next_byte() << 8;

		n %= sizeof(buf);
		for (i = 0; i < n; i++)
			buf[i] = next_byte();
		prog_decode(buf, n, &p);
		CHECK(p.nr_ops <= PROG_MAX_OPS);
		CHECK(p.dom.nr_cpus >= 1 && p.dom.nr_cpus <= 8);
		CHECK(p.dom.granule_shift >= 9 && p.dom.granule_shift <= 12);
		for (i = 0; i < p.nr_ops; i++)
			CHECK(p.ops[i].kind < OP_NR_KINDS);
		prog_decode(buf, n, &q);
		CHECK(!memcmp(&p, &q, sizeof(p) - sizeof(p.ops) +
			      p.nr_ops * sizeof(p.ops[0])));
	}
	return true;
}

static bool test_every_kind_reachable(void)
{
	bool seen[OP_NR_KINDS] = { false };
	uint8_t op[PROG_HDR_BYTES + PROG_OP_BYTES] = { 0 };
	unsigned int b, k;

	for (b = 0; b < 256; b++) {
		op[PROG_HDR_BYTES] = b;
		prog_decode(op, sizeof(op), &p);
		seen[p.ops[0].kind] = true;
	}
	for (k = 0; k < OP_NR_KINDS; k++)
		CHECK(seen[k]);
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	RUN_TEST(&t, test_empty_and_short);
	RUN_TEST(&t, test_sizes_never_zero);
	RUN_TEST(&t, test_random_bytes);
	RUN_TEST(&t, test_every_kind_reachable);
	return check_summary(&t);
}
