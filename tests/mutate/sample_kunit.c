// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite of sample.c, on purpose not complete: no range it checks
 * touches another at one pfn, no pfn it clamps is a bound, no
 * allocation fails.  expected.txt lists what survives it.
 */
#include <kunit/test.h>

#include "sample.h"

static void sample_clamp_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sample_clamp(5, 10, 20), 10UL);
	KUNIT_EXPECT_EQ(test, sample_clamp(15, 10, 20), 15UL);
	KUNIT_EXPECT_EQ(test, sample_clamp(25, 10, 20), 20UL);
}

static void sample_overlap_test(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, sample_overlap(10, 20, 15, 25));
	KUNIT_EXPECT_TRUE(test, sample_overlap(15, 25, 10, 20));
	KUNIT_EXPECT_FALSE(test, sample_overlap(10, 20, 30, 40));
	KUNIT_EXPECT_FALSE(test, sample_overlap(30, 40, 10, 20));
}

static void sample_overlap_len_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sample_overlap_len(10, 20, 15, 25), 6UL);
	KUNIT_EXPECT_EQ(test, sample_overlap_len(15, 25, 10, 20), 6UL);
	KUNIT_EXPECT_EQ(test, sample_overlap_len(10, 20, 30, 40), 0UL);
}

static void sample_count_in_test(struct kunit *test)
{
	static const unsigned long pfns[] = { 1, 5, 12, 18, 30, 7 };

	KUNIT_EXPECT_EQ(test, sample_count_in(pfns, 6, 4, 20), 4U);
	KUNIT_EXPECT_EQ(test, sample_count_in(pfns, 3, 4, 20), 2U);
	KUNIT_EXPECT_EQ(test, sample_count_in(pfns, 0, 0, 100), 0U);
	KUNIT_EXPECT_EQ(test, sample_index(pfns, &pfns[3]), 3U);
}

static void sample_range_test(struct kunit *test)
{
	struct sample_range *r = sample_range_new(3, 8, GFP_KERNEL);
	struct sample_range *d;

	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_EXPECT_EQ(test, r->lo, 3UL);
	KUNIT_EXPECT_EQ(test, r->hi, 8UL);
	d = sample_range_dup(r);
	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_EXPECT_EQ(test, d->lo, 3UL);
	KUNIT_EXPECT_EQ(test, d->hi, 8UL);
	sample_range_free(d);
	sample_range_free(r);
}

static void sample_range_one_test(struct kunit *test)
{
	struct sample_range *r = sample_range_new(4, 4, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_EXPECT_EQ(test, r->hi - r->lo, 0UL);
	sample_range_free(r);
}

static struct kunit_case sample_cases[] = {
	KUNIT_CASE(sample_clamp_test),
	KUNIT_CASE(sample_overlap_test),
	KUNIT_CASE(sample_overlap_len_test),
	KUNIT_CASE(sample_count_in_test),
	KUNIT_CASE(sample_range_test),
	KUNIT_CASE(sample_range_one_test),
	{}
};

static struct kunit_suite sample_suite = {
	.name = "mutate_sample",
	.test_cases = sample_cases,
};
kunit_test_suite(sample_suite);
