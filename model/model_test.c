// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests for the reference IOVA model.
 *
 * Each test returns true on pass and prints "FAIL: <test>: <reason>" on
 * failure.  main() prints one "N passed, M failed" line and exits 0 iff
 * nothing failed.  The randomized cross-checks use a fixed-seed xorshift
 * generator so every run is identical.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static const char *cur_test;

static bool fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static bool fail(const char *fmt, ...)
{
	va_list ap;

	printf("FAIL: %s: ", cur_test);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return false;
}

#define CHECK(cond, ...)				\
	do {						\
		if (!(cond)) {				\
			model_destroy(&m);		\
			return fail(__VA_ARGS__);	\
		}					\
	} while (0)

/* Expect model_highest_fit() to succeed with exactly @want. */
#define CHECK_FIT(size, limit, shift, want)				\
	do {								\
		unsigned long got_ = 0xdeadUL;				\
		bool ok_ = model_highest_fit(&m, size, limit, shift,	\
					     &got_);			\
		CHECK(ok_ && got_ == (want),				\
		      "fit(size=%lu limit=%#lx shift=%u): got %s %#lx, " \
		      "want %#lx", (unsigned long)(size),		\
		      (unsigned long)(limit), (unsigned int)(shift),	\
		      ok_ ? "ok" : "none", got_, (unsigned long)(want)); \
	} while (0)

#define CHECK_NOFIT(size, limit, shift)					\
	do {								\
		unsigned long got_ = 0;					\
		bool ok_ = model_highest_fit(&m, size, limit, shift,	\
					     &got_);			\
		CHECK(!ok_, "fit(size=%lu limit=%#lx shift=%u): got %#lx, " \
		      "want none", (unsigned long)(size),		\
		      (unsigned long)(limit), (unsigned int)(shift), got_); \
	} while (0)

static bool test_insert_basic(void)
{
	struct model m;

	model_init(&m, 0);
	CHECK(model_insert(&m, 10, 19, MS_LIVE, 10, 1) == 0, "first insert");
	CHECK(model_insert(&m, 30, 39, MS_RESERVED, 0, 2) == 1, "after");
	CHECK(model_insert(&m, 0, 4, MS_CACHED, 5, 3) == 0, "before");
	CHECK(model_insert(&m, 20, 29, MS_DEFERRED, 0, 4) == 2, "between");
	CHECK(m.nr == 4, "nr=%u", m.nr);
	CHECK(model_at(&m, 0)->lo == 0 && model_at(&m, 1)->lo == 10 &&
	      model_at(&m, 2)->lo == 20 && model_at(&m, 3)->lo == 30,
	      "not sorted");
	CHECK(model_at(&m, 2)->state == MS_DEFERRED &&
	      model_at(&m, 2)->tag == 4 && model_at(&m, 2)->req_size == 0 &&
	      model_at(&m, 2)->cpu == 0, "fields not stored");
	CHECK(model_at(&m, 1)->req_size == 10 && model_at(&m, 1)->tag == 1,
	      "fields moved badly");
	model_destroy(&m);
	return true;
}

static bool test_insert_overlap(void)
{
	struct model m;

	model_init(&m, 0);
	CHECK(model_insert(&m, 100, 199, MS_LIVE, 100, 0) == 0, "seed");
	/* Adjacent on either side is fine... */
	CHECK(model_insert(&m, 200, 200, MS_LIVE, 1, 0) >= 0, "adj above");
	CHECK(model_insert(&m, 90, 99, MS_LIVE, 10, 0) >= 0, "adj below");
	/* ...but sharing even one pfn is not. */
	CHECK(model_insert(&m, 89, 90, MS_LIVE, 2, 0) == -1, "touch lo");
	CHECK(model_insert(&m, 200, 210, MS_LIVE, 11, 0) == -1, "touch hi");
	CHECK(model_insert(&m, 150, 150, MS_LIVE, 1, 0) == -1, "inside");
	CHECK(model_insert(&m, 0, 1000, MS_LIVE, 1, 0) == -1, "covering");
	CHECK(model_insert(&m, 100, 199, MS_LIVE, 1, 0) == -1, "identical");
	CHECK(model_insert(&m, 5, 4, MS_LIVE, 1, 0) == -1, "lo > hi");
	CHECK(m.nr == 3, "rejected insert changed model: nr=%u", m.nr);
	/* Extremes of the pfn space. */
	CHECK(model_insert(&m, ULONG_MAX, ULONG_MAX, MS_RESERVED, 0, 0) >= 0,
	      "top pfn");
	CHECK(model_insert(&m, ULONG_MAX - 1, ULONG_MAX, MS_LIVE, 0, 0) == -1,
	      "top overlap");
	CHECK(model_insert(&m, 0, 0, MS_RESERVED, 0, 0) == 0, "pfn 0");
	model_destroy(&m);
	return true;
}

static bool test_insert_grow(void)
{
	struct model m;
	unsigned long i;

	/* Insert in descending order so every insert memmoves everything. */
	model_init(&m, 0);
	for (i = 1000; i > 0; i--)
		CHECK(model_insert(&m, i * 4, i * 4 + 1, MS_LIVE, 2, i) == 0,
		      "insert %lu", i);
	CHECK(m.nr == 1000 && m.cap >= 1000, "nr=%u cap=%u", m.nr, m.cap);
	for (i = 0; i < 1000; i++)
		CHECK(model_at(&m, i)->tag == i + 1, "order at %lu", i);
	/* destroy then init again must work. */
	model_destroy(&m);
	model_init(&m, 5);
	CHECK(model_insert(&m, 5, 6, MS_LIVE, 2, 0) == 0, "reuse");
	model_destroy(&m);
	return true;
}

static bool test_reset(void)
{
	struct model m;
	unsigned int cap;

	model_init(&m, 0);
	model_insert(&m, 1, 2, MS_LIVE, 2, 0);
	model_insert(&m, 5, 9, MS_LIVE, 5, 0);
	cap = m.cap;
	model_reset(&m, 77);
	CHECK(m.nr == 0 && m.start_pfn == 77 && m.cap == cap && m.r,
	      "reset state");
	CHECK(model_insert(&m, 1, 2, MS_LIVE, 2, 0) == 0, "insert after reset");
	model_destroy(&m);
	return true;
}

static bool test_find(void)
{
	struct model m;

	model_init(&m, 0);
	CHECK(model_find(&m, 0) == -1, "empty");
	model_insert(&m, 10, 19, MS_LIVE, 10, 0);
	model_insert(&m, 20, 20, MS_LIVE, 1, 0);
	model_insert(&m, 40, 49, MS_LIVE, 10, 0);
	model_insert(&m, ULONG_MAX - 1, ULONG_MAX, MS_RESERVED, 0, 0);
	CHECK(model_find(&m, 9) == -1, "below first");
	CHECK(model_find(&m, 10) == 0, "first lo");
	CHECK(model_find(&m, 19) == 0, "first hi");
	CHECK(model_find(&m, 20) == 1, "single");
	CHECK(model_find(&m, 21) == -1, "gap lo");
	CHECK(model_find(&m, 39) == -1, "gap hi");
	CHECK(model_find(&m, 40) == 2, "third lo");
	CHECK(model_find(&m, 49) == 2, "third hi");
	CHECK(model_find(&m, 50) == -1, "after third");
	CHECK(model_find(&m, ULONG_MAX) == 3, "top");
	CHECK(model_find(&m, ULONG_MAX - 2) == -1, "below top");
	CHECK(model_find(&m, 0) == -1, "zero");
	model_destroy(&m);
	return true;
}

static bool test_find_overlap(void)
{
	struct model m;

	model_init(&m, 0);
	CHECK(model_find_overlap(&m, 0, ULONG_MAX) == -1, "empty");
	model_insert(&m, 10, 19, MS_LIVE, 10, 0);
	model_insert(&m, 30, 39, MS_LIVE, 10, 0);
	CHECK(model_find_overlap(&m, 0, 9) == -1, "below");
	CHECK(model_find_overlap(&m, 0, 10) == 0, "touch first lo");
	CHECK(model_find_overlap(&m, 19, 30) == 0, "spans both: lowest");
	CHECK(model_find_overlap(&m, 20, 29) == -1, "gap exact");
	CHECK(model_find_overlap(&m, 20, 30) == 1, "touch second lo");
	CHECK(model_find_overlap(&m, 35, 35) == 1, "inside second");
	CHECK(model_find_overlap(&m, 0, ULONG_MAX) == 0, "everything");
	CHECK(model_find_overlap(&m, 40, ULONG_MAX) == -1, "above");
	CHECK(model_find_overlap(&m, 15, 12) == -1, "lo > hi");
	model_destroy(&m);
	return true;
}

static bool test_remove(void)
{
	struct model m;

	model_init(&m, 0);
	model_insert(&m, 0, 9, MS_LIVE, 10, 0);
	model_insert(&m, 10, 19, MS_LIVE, 10, 1);
	model_insert(&m, 20, 29, MS_LIVE, 10, 2);
	model_remove(&m, 1);
	CHECK(m.nr == 2 && model_at(&m, 0)->tag == 0 && model_at(&m, 1)->tag == 2, "middle");
	CHECK(model_find(&m, 15) == -1 && model_find(&m, 25) == 1,
	      "find after remove");
	CHECK(model_insert(&m, 10, 19, MS_CACHED, 10, 3) == 1, "reinsert");
	model_remove(&m, 2);
	CHECK(m.nr == 2 && model_at(&m, 1)->tag == 3, "last");
	model_remove(&m, 0);
	CHECK(m.nr == 1 && model_at(&m, 0)->tag == 3, "first");
	model_remove(&m, 0);
	CHECK(m.nr == 0 && model_find(&m, 15) == -1, "to empty");
	model_destroy(&m);
	return true;
}

static bool test_counts(void)
{
	struct model m;

	model_init(&m, 0);
	CHECK(model_count(&m, MS_LIVE) == 0 && model_pages(&m, MS_LIVE) == 0,
	      "empty");
	model_insert(&m, 0, 9, MS_LIVE, 10, 0);
	model_insert(&m, 10, 10, MS_LIVE, 1, 0);
	model_insert(&m, 20, 35, MS_RESERVED, 0, 0);
	model_insert(&m, 40, 43, MS_CACHED, 3, 0);
	model_insert(&m, 50, 57, MS_CACHED, 8, 0);
	model_insert(&m, 60, 60, MS_CACHED, 1, 0);
	CHECK(model_count(&m, MS_LIVE) == 2, "live count");
	CHECK(model_pages(&m, MS_LIVE) == 11, "live pages");
	CHECK(model_count(&m, MS_RESERVED) == 1, "reserved count");
	CHECK(model_pages(&m, MS_RESERVED) == 16, "reserved pages");
	CHECK(model_count(&m, MS_CACHED) == 3, "cached count");
	CHECK(model_pages(&m, MS_CACHED) == 13, "cached pages");
	CHECK(model_count(&m, MS_DEFERRED) == 0 &&
	      model_pages(&m, MS_DEFERRED) == 0, "deferred");
	model_destroy(&m);
	return true;
}

static bool test_fit_empty(void)
{
	struct model m;

	model_init(&m, 1);
	CHECK_FIT(1, 0xfff, 0, 0xfff);
	CHECK_FIT(16, 0xfff, 0, 0xff0);
	CHECK_FIT(16, 0xfff, 4, 0xff0);
	CHECK_FIT(17, 0xfff, 4, 0xfe0);
	CHECK_FIT(0xfff, 0xfff, 0, 1);		/* whole window */
	CHECK_NOFIT(0x1000, 0xfff, 0);		/* one more than window */
	CHECK_NOFIT(0xfff, 0xfff, 1);		/* must start at 1: odd */
	CHECK_NOFIT(0, 0xfff, 0);		/* size 0 is never a fit */
	CHECK(model_fits_any(&m, 8, 0xfff, 3), "fits_any");
	CHECK(!model_fits_any(&m, 0x2000, 0xfff, 0), "fits_any none");
	model_destroy(&m);
	return true;
}

static bool test_fit_full(void)
{
	struct model m;

	model_init(&m, 1);
	model_insert(&m, 1, 0xfff, MS_RESERVED, 0, 0);
	CHECK_NOFIT(1, 0xfff, 0);
	CHECK_FIT(1, 0x1000, 0, 0x1000);	/* just above the range */
	/* Every state blocks allocation, not just live. */
	model_reset(&m, 0);
	model_insert(&m, 0, 3, MS_LIVE, 4, 0);
	model_insert(&m, 4, 7, MS_CACHED, 4, 0);
	model_insert(&m, 8, 11, MS_DEFERRED, 4, 0);
	model_insert(&m, 12, 15, MS_RESERVED, 0, 0);
	CHECK_NOFIT(1, 15, 0);
	CHECK(model_largest_gap(&m, 15) == 0, "largest gap full");
	model_destroy(&m);
	return true;
}

static bool test_fit_single_gap(void)
{
	struct model m;

	model_init(&m, 0);
	model_insert(&m, 0, 99, MS_LIVE, 100, 0);
	model_insert(&m, 116, 199, MS_LIVE, 84, 0);
	/* The only gap is [100, 115]: 16 pages. */
	CHECK_FIT(16, 199, 0, 100);		/* gap exactly size */
	CHECK_NOFIT(17, 199, 0);
	CHECK_FIT(1, 199, 0, 115);
	CHECK_FIT(4, 199, 0, 112);
	CHECK_FIT(3, 199, 2, 112);
	CHECK_FIT(8, 199, 3, 104);
	CHECK_FIT(12, 199, 3, 104);		/* 104 + 11 == 115 */
	CHECK_NOFIT(13, 199, 3);		/* would need lo <= 103 */
	CHECK_NOFIT(1, 199, 5);			/* 96 < 100, 128 > 115 */
	CHECK_FIT(1, 105, 0, 105);		/* limit inside the gap */
	CHECK_NOFIT(7, 105, 0);
	CHECK_FIT(6, 105, 0, 100);
	CHECK(model_largest_gap(&m, 199) == 16, "largest gap");
	model_destroy(&m);
	return true;
}

static bool test_fit_alignment(void)
{
	struct model m;
	unsigned int s;

	model_init(&m, 0);
	for (s = 0; s <= 12; s++)
		CHECK_FIT(1, 0xffff, s, 0xffff & ~((1UL << s) - 1));
	model_insert(&m, 0x8000, 0xffff, MS_RESERVED, 0, 0);
	for (s = 0; s <= 12; s++) {
		unsigned long mask = (1UL << s) - 1;

		CHECK_FIT(1, 0xffff, s, 0x7fff & ~mask);
		CHECK_FIT(1UL << s, 0xffff, s, 0x8000 - (1UL << s));
		/* An odd size must still start on the boundary. */
		CHECK_FIT((1UL << s) + 1, 0xffff, s, 0x8000 - (2UL << s));
	}
	/* A gap with room but no aligned start of the right size. */
	model_reset(&m, 0);
	model_insert(&m, 0, 0x1000, MS_RESERVED, 0, 0);
	model_insert(&m, 0x2000, 0x2fff, MS_RESERVED, 0, 0);
	CHECK_FIT(0xfff, 0x2fff, 0, 0x1001);
	CHECK_NOFIT(0x800, 0x2fff, 12);
	CHECK_FIT(0x800, 0x2fff, 11, 0x1800);
	/* Shifts of the word width or more: only pfn 0 is aligned. */
	model_reset(&m, 0);
	CHECK_FIT(1, 0xffff, 63, 0);
	CHECK_FIT(1, ULONG_MAX, 63, 1UL << 63);
	CHECK_FIT(5, 0xffff, 64, 0);
	CHECK_FIT(5, 0xffff, 200, 0);
	model_reset(&m, 1);
	CHECK_NOFIT(1, 0xffff, 64);
	CHECK_NOFIT(1, 0xffff, 40);		/* alignment > window */
	model_destroy(&m);
	return true;
}

static bool test_fit_window_start(void)
{
	struct model m;

	model_init(&m, 0x100);
	CHECK_FIT(0x100, 0x1ff, 0, 0x100);
	CHECK_NOFIT(0x101, 0x1ff, 0);
	CHECK_FIT(1, 0x100, 0, 0x100);
	CHECK_NOFIT(1, 0xff, 0);		/* limit below start */
	CHECK_NOFIT(1, 0, 0);
	CHECK(model_largest_gap(&m, 0xff) == 0, "gap below start");
	CHECK(model_largest_gap(&m, 0x100) == 1, "gap of one");
	/* Ranges below start are irrelevant; one straddling start clips it. */
	model_insert(&m, 0x10, 0x1f, MS_LIVE, 16, 0);
	model_insert(&m, 0xf0, 0x10f, MS_RESERVED, 0, 0);
	CHECK_FIT(0xf0, 0x1ff, 0, 0x110);
	CHECK_NOFIT(0xf1, 0x1ff, 0);
	CHECK_NOFIT(1, 0x10f, 0);
	CHECK(model_largest_gap(&m, 0x1ff) == 0xf0, "gap after straddle");
	model_reset(&m, 0x100);
	model_insert(&m, 0x10, 0x1f, MS_LIVE, 16, 0);
	CHECK_FIT(0x100, 0x1ff, 0, 0x100);
	CHECK(model_largest_gap(&m, 0x1ff) == 0x100, "range below start");
	model_destroy(&m);
	return true;
}

static bool test_fit_size_gt_window(void)
{
	struct model m;

	model_init(&m, 0x1000);
	CHECK_NOFIT(0x1001, 0x1fff, 0);
	CHECK_NOFIT(ULONG_MAX, 0x1fff, 0);
	CHECK_NOFIT(ULONG_MAX / 2, 0x1fff, 0);
	CHECK_FIT(0x1000, 0x1fff, 12, 0x1000);
	/* The window [0, ULONG_MAX - 1] holds exactly ULONG_MAX pages. */
	model_reset(&m, 0);
	CHECK_FIT(ULONG_MAX, ULONG_MAX - 1, 0, 0);
	CHECK_FIT(ULONG_MAX, ULONG_MAX, 0, 1);
	CHECK_FIT(ULONG_MAX, ULONG_MAX, 1, 0);
	model_reset(&m, 1);
	CHECK_NOFIT(ULONG_MAX, ULONG_MAX - 1, 0);
	CHECK_FIT(ULONG_MAX, ULONG_MAX, 0, 1);
	CHECK_NOFIT(ULONG_MAX, ULONG_MAX, 1);
	model_destroy(&m);
	return true;
}

static bool test_fit_top(void)
{
	struct model m;

	model_init(&m, 0);
	CHECK_FIT(1, ULONG_MAX - 1, 0, ULONG_MAX - 1);
	CHECK_FIT(2, ULONG_MAX - 1, 0, ULONG_MAX - 2);
	CHECK_FIT(1, ULONG_MAX - 1, 12, ULONG_MAX - 0xfff);
	CHECK_FIT(0x1000, ULONG_MAX - 1, 12, ULONG_MAX - 0x1fff);
	CHECK_FIT(1, ULONG_MAX, 0, ULONG_MAX);
	CHECK(model_largest_gap(&m, ULONG_MAX - 1) == ULONG_MAX, "gap -1");
	CHECK(model_largest_gap(&m, ULONG_MAX) == ULONG_MAX, "saturate");
	/* A range at the very top, above the limit: ignored. */
	model_insert(&m, ULONG_MAX, ULONG_MAX, MS_RESERVED, 0, 0);
	CHECK_FIT(1, ULONG_MAX - 1, 0, ULONG_MAX - 1);
	CHECK_FIT(1, ULONG_MAX, 0, ULONG_MAX - 1);
	model_reset(&m, 0);
	model_insert(&m, ULONG_MAX - 1, ULONG_MAX, MS_LIVE, 2, 0);
	CHECK_FIT(1, ULONG_MAX - 1, 0, ULONG_MAX - 2);
	CHECK_FIT(1, ULONG_MAX, 0, ULONG_MAX - 2);
	CHECK(model_largest_gap(&m, ULONG_MAX) == ULONG_MAX - 1, "gap top");
	/* A window of one pfn at the very top. */
	model_reset(&m, ULONG_MAX - 1);
	CHECK_FIT(1, ULONG_MAX - 1, 0, ULONG_MAX - 1);
	CHECK_NOFIT(2, ULONG_MAX - 1, 0);
	CHECK_FIT(1, ULONG_MAX - 1, 1, ULONG_MAX - 1);
	CHECK_NOFIT(1, ULONG_MAX - 1, 2);	/* ...fffc is below start */
	CHECK(model_largest_gap(&m, ULONG_MAX - 1) == 1, "one-pfn window");
	model_destroy(&m);
	return true;
}

static bool test_fit_above_limit(void)
{
	struct model m;

	model_init(&m, 0);
	model_insert(&m, 0x1000, 0x1fff, MS_LIVE, 0x1000, 0);
	model_insert(&m, 0x3000, 0x3fff, MS_LIVE, 0x1000, 0);
	/* Entirely above: does not matter. */
	CHECK_FIT(1, 0xfff, 0, 0xfff);
	CHECK_FIT(0x1000, 0xfff, 0, 0);
	/* Straddling the limit: blocks its own pfns only. */
	CHECK_FIT(1, 0x3800, 0, 0x2fff);
	CHECK_FIT(0x1000, 0x3800, 0, 0x2000);
	CHECK_NOFIT(0x1001, 0x3800, 0);
	CHECK_FIT(0x800, 0x3800, 12, 0x2000);
	CHECK(model_largest_gap(&m, 0x3800) == 0x1000, "largest gap");
	CHECK(model_largest_gap(&m, 0x17ff) == 0x1000, "gap below");
	CHECK(model_largest_gap(&m, 0x7fff) == 0x4000, "gap above");
	model_destroy(&m);
	return true;
}

static bool test_largest_gap(void)
{
	struct model m;

	model_init(&m, 0x10);
	CHECK(model_largest_gap(&m, 0x1f) == 0x10, "empty");
	CHECK(model_largest_gap(&m, 0xf) == 0, "limit below start");
	model_insert(&m, 0x12, 0x13, MS_LIVE, 2, 0);	/* free 0x10-0x11 */
	model_insert(&m, 0x18, 0x18, MS_CACHED, 1, 0);	/* free 0x14-0x17 */
	model_insert(&m, 0x1e, 0x1f, MS_DEFERRED, 2, 0);/* free 0x19-0x1d */
	CHECK(model_largest_gap(&m, 0x1f) == 5, "middle largest");
	CHECK(model_largest_gap(&m, 0x1b) == 4, "limit cuts gap");
	CHECK(model_largest_gap(&m, 0x11) == 2, "bottom only");
	CHECK(model_largest_gap(&m, 0x30) == 0x11, "above all");
	model_reset(&m, 0x10);
	model_insert(&m, 0x10, 0x1f, MS_RESERVED, 0, 0);
	CHECK(model_largest_gap(&m, 0x1f) == 0, "full");
	model_destroy(&m);
	return true;
}

/* Capture model_dump() output into buf (stdio only, no POSIX streams). */
static bool dump_to(const struct model *m, unsigned long lo, unsigned long hi,
		    char *buf, size_t len)
{
	FILE *f = tmpfile();
	size_t n;

	if (!f)
		return false;
	model_dump(m, f, lo, hi);
	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return true;
}

#define CHECK_DUMP(lo, hi, want)					\
	do {								\
		CHECK(dump_to(&m, lo, hi, buf, sizeof(buf)), "tmpfile"); \
		CHECK(!strcmp(buf, want), "dump(%#lx, %#lx):\n%s---\n"	\
		      "want:\n%s---", (unsigned long)(lo),		\
		      (unsigned long)(hi), buf, want);			\
	} while (0)

static bool test_dump(void)
{
	struct model m;
	char buf[1024];
	int i;

	model_init(&m, 0x10);
	CHECK_DUMP(0, 0x1f, "  [0x0010-0x001f] free\n");
	model_insert(&m, 0x20, 0x2f, MS_LIVE, 16, 12);
	i = model_insert(&m, 0x30, 0x33, MS_CACHED, 3, 5);
	model_at(&m, i)->cpu = 2;
	model_insert(&m, 0x40, 0x4f, MS_RESERVED, 0, 0);
	model_insert(&m, 0x60, 0x60, MS_DEFERRED, 0, 7);
	CHECK_DUMP(0, 0x5f,
		   "  [0x0010-0x001f] free\n"
		   "  [0x0020-0x002f] live   size=16 tag=12\n"
		   "  [0x0030-0x0033] cached size=4 req=3 cpu=2 tag=5\n"
		   "  [0x0034-0x003f] free\n"
		   "  [0x0040-0x004f] reserved size=16 tag=0\n"
		   "  [0x0050-0x005f] free\n");
	/* Ranges are shown whole; free space is clipped to the window. */
	CHECK_DUMP(0x25, 0x41,
		   "  [0x0020-0x002f] live   size=16 tag=12\n"
		   "  [0x0030-0x0033] cached size=4 req=3 cpu=2 tag=5\n"
		   "  [0x0034-0x003f] free\n"
		   "  [0x0040-0x004f] reserved size=16 tag=0\n");
	CHECK_DUMP(0x50, 0x61,
		   "  [0x0050-0x005f] free\n"
		   "  [0x0060-0x0060] deferred size=1 tag=7\n"
		   "  [0x0061-0x0061] free\n");
	CHECK_DUMP(0, 0xf, "");			/* below start_pfn */
	CHECK_DUMP(0x30, 0x2f, "");		/* lo > hi */
	model_reset(&m, 0);
	model_insert(&m, ULONG_MAX - 1, ULONG_MAX, MS_RESERVED, 0, 1);
	CHECK_DUMP(ULONG_MAX - 3, ULONG_MAX,
		   "  [0xfffffffffffffffc-0xfffffffffffffffd] free\n"
		   "  [0xfffffffffffffffe-0xffffffffffffffff] reserved "
		   "size=2 tag=1\n");
	model_destroy(&m);
	return true;
}

/*
 * Randomized cross-check against a per-pfn bitmap of a small domain placed
 * at @base.  Everything the model answers is recomputed by brute force.
 */
#define XDOM 512UL

struct xorshift {
	unsigned long long s;
};

static unsigned long long xs_next(struct xorshift *x)
{
	x->s ^= x->s << 13;
	x->s ^= x->s >> 7;
	x->s ^= x->s << 17;
	return x->s;
}

static unsigned long xs_below(struct xorshift *x, unsigned long n)
{
	return (unsigned long)(xs_next(x) % n);
}

static bool pfn_aligned(unsigned long pfn, unsigned int shift)
{
	if (shift >= sizeof(unsigned long) * CHAR_BIT)
		return pfn == 0;
	return !(pfn & ((1UL << shift) - 1));
}

/*
 * run[i]: free pfns from offset i up to the limit, i.e. the largest size
 * that could start at i.  Offsets below start or above limit get 0.
 */
static void brute_runs(const bool *used, unsigned long start_off,
		       unsigned long limit_off, unsigned long *run)
{
	unsigned long i = XDOM;

	run[XDOM] = 0;
	while (i-- > 0) {
		if (used[i] || i > limit_off)
			run[i] = 0;
		else
			run[i] = run[i + 1] + 1;
	}
	for (i = 0; i < start_off && i < XDOM; i++)
		run[i] = 0;
}

static bool xcheck_domain(unsigned long base, unsigned long long seed,
			  unsigned int iters)
{
	struct xorshift x = { seed };
	struct model m;
	bool used[XDOM];
	unsigned long run[XDOM + 1];
	unsigned int it, q;

	model_init(&m, base);
	for (it = 0; it < iters; it++) {
		unsigned long start_off = xs_below(&x, 64);
		unsigned int nins = (unsigned int)xs_below(&x, 14);
		unsigned long i;

		model_reset(&m, base + start_off);
		memset(used, 0, sizeof(used));
		for (i = 0; i < nins; i++) {
			unsigned long lo = xs_below(&x, XDOM);
			unsigned long len = 1 + xs_below(&x, 48);
			unsigned long hi = lo + len - 1 < XDOM ?
					   lo + len - 1 : XDOM - 1;
			bool clash = false;
			unsigned long p;
			int idx;

			for (p = lo; p <= hi; p++)
				clash |= used[p];
			idx = model_insert(&m, base + lo, base + hi,
					   (enum model_state)xs_below(&x, 4),
					   len, it);
			CHECK((idx < 0) == clash, "it %u: insert [%lu,%lu] "
			      "returned %d, clash=%d", it, lo, hi, idx, clash);
			for (p = lo; p <= hi && !clash; p++)
				used[p] = true;
		}
		/* Occasionally drop a range to exercise remove. */
		if (m.nr && xs_below(&x, 4) == 0) {
			unsigned int k = (unsigned int)xs_below(&x, m.nr);
			const struct model_range *r = model_at(&m, k);

			for (i = r->lo - base; i <= r->hi - base; i++)
				used[i] = false;
			model_remove(&m, k);
		}
		for (i = 0; i < XDOM; i++) {
			int idx = model_find(&m, base + i);

			CHECK(used[i] == (idx >= 0), "it %u: find(+%lu)=%d",
			      it, i, idx);
			CHECK(idx < 0 || (model_at(&m, idx)->lo <= base + i &&
					  base + i <= model_at(&m, idx)->hi),
			      "it %u: find(+%lu) wrong range", it, i);
		}
		for (q = 0; q < 4; q++) {
			unsigned long a = xs_below(&x, XDOM);
			unsigned long b = a + xs_below(&x, XDOM - a);
			int idx = model_find_overlap(&m, base + a, base + b);
			int want = -1;

			for (i = a; i <= b && want < 0; i++)
				if (used[i])
					want = model_find(&m, base + i);
			CHECK(idx == want,
			      "it %u: overlap(+%lu,+%lu)=%d want %d",
			      it, a, b, idx, want);
		}
		for (q = 0; q < 6; q++) {
			unsigned long limit_off = xs_below(&x, XDOM);
			/* Mostly small sizes, sometimes bigger than XDOM. */
			unsigned long size = xs_below(&x, 8) ?
					     xs_below(&x, 64) + 1 :
					     xs_below(&x, 600) + 1;
			unsigned int shift = (unsigned int)xs_below(&x, 14);
			unsigned long got = 0, best = 0, want = 0;
			bool ok, want_ok = false;

			if (shift == 13)
				shift = 64;
			brute_runs(used, start_off, limit_off, run);
			for (i = XDOM; i-- > 0;) {
				if (run[i] > best)
					best = run[i];
				if (!want_ok && run[i] >= size &&
				    pfn_aligned(base + i, shift)) {
					want_ok = true;
					want = base + i;
				}
			}
			ok = model_highest_fit(&m, size, base + limit_off,
					       shift, &got);
			CHECK(ok == want_ok && (!ok || got == want),
			      "it %u: fit(size=%lu limit=+%lu shift=%u) got "
			      "%d/%#lx want %d/%#lx", it, size, limit_off,
			      shift, ok, got, want_ok, want);
			got = model_largest_gap(&m, base + limit_off);
			CHECK(got == best,
			      "it %u: largest_gap(+%lu)=%lu want %lu",
			      it, limit_off, got, best);
		}
	}
	model_destroy(&m);
	return true;
}

/*
 * The model against a plain array of the same ranges: random inserts,
 * removes and state changes; order, indices and picks by state agree,
 * and what picks scan matches the ranges after every step.
 */
static bool test_xcheck_picks(void)
{
	struct xorshift x = { 0x5eed5eedULL };
	struct model m;
	unsigned long lo[512];
	unsigned int st[512], fl[512], n = 0, step, i;

	model_init(&m, 0);
	m.counted_flags = 1;
	for (step = 0; step < 20000; step++) {
		unsigned int op = (unsigned int)xs_below(&x, 4), k;
		unsigned long pfn = xs_below(&x, 4096) * 2;
		int idx, want;

		if (op < 2 && n < 512) {
			idx = model_insert(&m, pfn, pfn, MS_LIVE, 1, step);
			for (k = 0; k < n && lo[k] < pfn; k++)
				;
			want = k < n && lo[k] == pfn ? -1 : (int)k;
			CHECK(idx == want, "insert %#lx at %d, want %d", pfn,
			      idx, want);
			if (idx < 0)
				continue;
			memmove(lo + k + 1, lo + k, (n - k) * sizeof(*lo));
			memmove(st + k + 1, st + k, (n - k) * sizeof(*st));
			memmove(fl + k + 1, fl + k, (n - k) * sizeof(*fl));
			lo[k] = pfn;
			st[k] = MS_LIVE;
			fl[k] = 0;
			n++;
		} else if (op == 2 && n) {
			k = (unsigned int)xs_below(&x, n);
			model_remove(&m, k);
			memmove(lo + k, lo + k + 1, (n - k - 1) * sizeof(*lo));
			memmove(st + k, st + k + 1, (n - k - 1) * sizeof(*st));
			memmove(fl + k, fl + k + 1, (n - k - 1) * sizeof(*fl));
			n--;
		} else if (n) {
			struct model_range *r;

			k = (unsigned int)xs_below(&x, n);
			r = model_at(&m, k);
			r->state = st[k] = (unsigned int)xs_below(&x, 4);
			r->flags = fl[k] = (unsigned int)xs_below(&x, 4);
			model_recount(&m, r);
		}
		CHECK(m.nr == n && model_classes_ok(&m), "classes at step %u",
		      step);
		if (step % 97)
			continue;
		for (i = 0; i < n; i++)
			CHECK(model_at(&m, i)->lo == lo[i], "order at %u", i);
		for (i = 0; i <= n; i++) {
			int s = (int)xs_below(&x, 5) - 1;
			unsigned int f = (unsigned int)xs_below(&x, 4);

			for (k = i; k < n; k++)
				if ((s < 0 || st[k] == (unsigned int)s) &&
				    (fl[k] & f) == f)
					break;
			want = k < n ? (int)k : -1;
			idx = model_next_in_state(&m, i, s, f);
			CHECK(idx == want, "next(%u, %d, %u) = %d, want %d", i,
			      s, f, idx, want);
		}
	}
	model_destroy(&m);
	return true;
}

static bool test_xcheck_low(void)
{
	return xcheck_domain(0, 0x9e3779b97f4a7c15ULL, 3000);
}

static bool test_xcheck_unaligned(void)
{
	return xcheck_domain(0x12345, 0xd1b54a32d192ed03ULL, 3000);
}

static bool test_xcheck_top(void)
{
	/* The last XDOM pfns of the space, so limit reaches ULONG_MAX. */
	return xcheck_domain(ULONG_MAX - (XDOM - 1), 0x2545f4914f6cdd1dULL,
			     3000);
}

struct test {
	const char *name;
	bool (*fn)(void);
};

#define T(fn) { #fn, fn }

static const struct test tests[] = {
	T(test_insert_basic),
	T(test_insert_overlap),
	T(test_insert_grow),
	T(test_reset),
	T(test_find),
	T(test_find_overlap),
	T(test_remove),
	T(test_counts),
	T(test_fit_empty),
	T(test_fit_full),
	T(test_fit_single_gap),
	T(test_fit_alignment),
	T(test_fit_window_start),
	T(test_fit_size_gt_window),
	T(test_fit_top),
	T(test_fit_above_limit),
	T(test_largest_gap),
	T(test_dump),
	T(test_xcheck_low),
	T(test_xcheck_unaligned),
	T(test_xcheck_top),
	T(test_xcheck_picks),
};

int main(void)
{
	unsigned int i, passed = 0, failed = 0;

	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		cur_test = tests[i].name;
		if (tests[i].fn())
			passed++;
		else
			failed++;
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
