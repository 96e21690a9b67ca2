// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a KUnit file gets from the three headers the maple-tree series'
 * drivers/iommu/iova-kunit.c includes, and no more: in a kernel, module.h
 * (through kunit/test.h), device.h (through dma-mapping.h) and their own
 * includes bring in time, randomness, lists, mutexes, work and slab.
 * The shim's headers include what the kernel's include, so this file
 * builds here as it does in a kernel: nothing else is included on purpose.
 */
#include <kunit/test.h>
#include <linux/dma-mapping.h>
#include <linux/iova.h>

static DEFINE_MUTEX(chain_mutex);

/* The series' search-time cases: ktime_get(), ktime_sub(), ktime_to_ns(). */
static void chain_ktime(struct kunit *test)
{
	ktime_t start, elapsed;

	start = ktime_get();
	elapsed = ktime_sub(ktime_get(), start);
	KUNIT_EXPECT_GE(test, ktime_to_ns(elapsed), 0LL);
	KUNIT_EXPECT_LT(test, ktime_to_ns(elapsed), 1000000000LL);
	KUNIT_EXPECT_LT(test, msecs_to_jiffies(1000), (unsigned long)HZ + 1);
}

static void chain_work_fn(struct work_struct *work)
{
}

/* Lists, slab, a mutex, work and randomness, as a stress case uses them. */
static void chain_helpers(struct kunit *test)
{
	struct work_struct work;
	struct list_head *item;
	LIST_HEAD(head);

	item = kmalloc(sizeof(*item), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, item);
	mutex_lock(&chain_mutex);
	list_add(item, &head);
	KUNIT_EXPECT_FALSE(test, list_empty(&head));
	list_del(item);
	mutex_unlock(&chain_mutex);
	kfree(item);
	KUNIT_EXPECT_TRUE(test, list_empty(&head));
	KUNIT_EXPECT_LT(test, get_random_u32_below(16), 16u);
	INIT_WORK(&work, chain_work_fn);
	KUNIT_EXPECT_FALSE(test, work_pending(&work));
}

/* And what the three are for: an IOVA domain, from the tree's iova.c. */
static void chain_iova(struct kunit *test)
{
	struct iova_domain iovad;
	struct iova *iova;

	KUNIT_ASSERT_EQ(test, iova_cache_get(), 0);
	init_iova_domain(&iovad, PAGE_SIZE, 1);
	iova = alloc_iova(&iovad, 4, DMA_BIT_MASK(32) >> PAGE_SHIFT, true);
	KUNIT_EXPECT_NOT_NULL(test, iova);
	if (iova)
		KUNIT_EXPECT_EQ(test, iova_size(iova), 4UL);
	put_iova_domain(&iovad);
	iova_cache_put();
}

static struct kunit_case include_chain_cases[] = {
	KUNIT_CASE(chain_ktime),
	KUNIT_CASE(chain_helpers),
	KUNIT_CASE(chain_iova),
	{}
};

static struct kunit_suite include_chain_suite = {
	.name = "include_chain",
	.test_cases = include_chain_cases,
};
kunit_test_suite(include_chain_suite);

MODULE_DESCRIPTION("What kunit/test.h, dma-mapping.h and iova.h bring in");
MODULE_LICENSE("GPL");
