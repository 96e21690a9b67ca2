// SPDX-License-Identifier: GPL-2.0-only
/*
 * A small KUnit suite of ours for the IOVA allocator's public API, in the
 * shape of the kernel's own KUnit tests: it must pass on every correct
 * tree, and with --fail-nth survive any non-sleeping allocation failing
 * (no crash, leak or WARN; an allocation that fails may fail the case).
 */
#include <kunit/test.h>
#include <linux/iova.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#define IOVA_KUNIT_LIMIT	((1UL << 20) - 1)	/* 4 GiB of 4K pages */

static int iova_basic_suite_init(struct kunit_suite *suite)
{
	return iova_cache_get();
}

static void iova_basic_suite_exit(struct kunit_suite *suite)
{
	iova_cache_put();
}

/* Every case gets a fresh domain in test->priv, put at exit. */
static int iova_basic_init(struct kunit *test)
{
	struct iova_domain *iovad = kunit_kzalloc(test, sizeof(*iovad),
						  GFP_KERNEL);

	if (!iovad)
		return -ENOMEM;
	init_iova_domain(iovad, SZ_4K, 1);
	test->priv = iovad;
	return iova_domain_init_rcaches(iovad);
}

static void iova_basic_exit(struct kunit *test)
{
	put_iova_domain(test->priv);
}

static void iova_alloc_find_free(struct kunit *test)
{
	struct iova_domain *iovad = test->priv;
	struct iova *iova = alloc_iova(iovad, 4, IOVA_KUNIT_LIMIT, true);
	unsigned long lo;

	KUNIT_ASSERT_NOT_NULL(test, iova);
	lo = iova->pfn_lo;
	KUNIT_EXPECT_EQ(test, iova->pfn_hi - iova->pfn_lo + 1, 4);
	KUNIT_EXPECT_TRUE(test, IS_ALIGNED(lo, 4));
	KUNIT_EXPECT_LE(test, iova->pfn_hi, IOVA_KUNIT_LIMIT);
	KUNIT_EXPECT_PTR_EQ(test, find_iova(iovad, lo + 2), iova);
	__free_iova(iovad, iova);
	KUNIT_EXPECT_NULL(test, find_iova(iovad, lo));
}

static void iova_alloc_exhausts_window(struct kunit *test)
{
	struct iova_domain *iovad = test->priv;
	unsigned int n = 0;

	/* [1, 15]: fifteen pages, then nothing fits. */
	while (alloc_iova(iovad, 1, 15, false))
		n++;
	KUNIT_EXPECT_EQ(test, n, 15);
}

static void iova_reserve_keeps_range(struct kunit *test)
{
	struct iova_domain *iovad = test->priv;
	struct iova *iova;

	KUNIT_ASSERT_NOT_NULL(test, reserve_iova(iovad, 0x100, 0x1ff));
	iova = alloc_iova(iovad, 0x10, 0x1ff, false);
	KUNIT_ASSERT_NOT_NULL(test, iova);
	KUNIT_EXPECT_LT(test, iova->pfn_hi, 0x100);
}

static void iova_fast_roundtrip(struct kunit *test)
{
	struct iova_domain *iovad = test->priv;
	unsigned long pfn = alloc_iova_fast(iovad, 3, IOVA_KUNIT_LIMIT, true);

	KUNIT_ASSERT_NE(test, pfn, 0);
	KUNIT_EXPECT_TRUE(test, IS_ALIGNED(pfn, 4));
	free_iova_fast(iovad, pfn, 3);
	KUNIT_EXPECT_NE(test, alloc_iova_fast(iovad, 3, IOVA_KUNIT_LIMIT, true),
			0);
}

static const unsigned long iova_sizes[] = { 1, 2, 7, 64 };

static void iova_size_desc(const unsigned long *size, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "size %lu", *size);
}

KUNIT_ARRAY_PARAM(iova_sizes, iova_sizes, iova_size_desc);

static void iova_size_aligned(struct kunit *test)
{
	const unsigned long *size = test->param_value;
	struct iova *iova = alloc_iova(test->priv, *size, IOVA_KUNIT_LIMIT,
				       true);

	KUNIT_ASSERT_NOT_NULL(test, iova);
	KUNIT_EXPECT_EQ(test, iova_size(iova), *size);
	KUNIT_EXPECT_TRUE(test, IS_ALIGNED(iova->pfn_lo,
					   roundup_pow_of_two(*size)));
}

static struct kunit_case iova_basic_cases[] = {
	KUNIT_CASE(iova_alloc_find_free),
	KUNIT_CASE(iova_alloc_exhausts_window),
	KUNIT_CASE(iova_reserve_keeps_range),
	KUNIT_CASE(iova_fast_roundtrip),
	KUNIT_CASE_PARAM(iova_size_aligned, iova_sizes_gen_params),
	{}
};

static struct kunit_suite iova_basic_suite = {
	.name = "iova_basic",
	.suite_init = iova_basic_suite_init,
	.suite_exit = iova_basic_suite_exit,
	.init = iova_basic_init,
	.exit = iova_basic_exit,
	.test_cases = iova_basic_cases,
};
kunit_test_suite(iova_basic_suite);

MODULE_LICENSE("GPL");
