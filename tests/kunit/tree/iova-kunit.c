// SPDX-License-Identifier: GPL-2.0-only
/*
 * Our stand-in for a tree's own drivers/iommu/iova-kunit.c (none exists in
 * 6.1 or 6.12): it uses helpers iova.c makes visible only to its tests
 * (tree/visible-if-kunit.patch), so it links only if scripts/kunit builds
 * the tree's iova.c with CONFIG_IOVA_KUNIT_TEST.
 */
#include <kunit/test.h>
#include <linux/iova.h>

static int iova_kunit_suite_init(struct kunit_suite *suite)
{
	return iova_cache_get();
}

static void iova_kunit_suite_exit(struct kunit_suite *suite)
{
	iova_cache_put();
}

static void iova_kunit_magazine_starts_empty(struct kunit *test)
{
	struct iova_magazine *mag = iova_magazine_alloc(GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, mag);
	KUNIT_EXPECT_TRUE(test, iova_magazine_empty(mag));
	iova_magazine_free(mag);
}

static void iova_kunit_magazine_atomic(struct kunit *test)
{
	struct iova_magazine *mag = iova_magazine_alloc(GFP_ATOMIC);

	/* A non-sleeping allocation may fail; the caller must cope. */
	if (!mag)
		kunit_skip(test, "no memory for a magazine");
	KUNIT_EXPECT_TRUE(test, iova_magazine_empty(mag));
	iova_magazine_free(mag);
}

static struct kunit_case iova_kunit_cases[] = {
	KUNIT_CASE(iova_kunit_magazine_starts_empty),
	KUNIT_CASE(iova_kunit_magazine_atomic),
	{}
};

static struct kunit_suite iova_kunit_suite = {
	.name = "iova-kunit",
	.suite_init = iova_kunit_suite_init,
	.suite_exit = iova_kunit_suite_exit,
	.test_cases = iova_kunit_cases,
};
kunit_test_suite(iova_kunit_suite);

MODULE_DESCRIPTION("KUnit tests of the IOVA magazine helpers");
MODULE_LICENSE("GPL");
