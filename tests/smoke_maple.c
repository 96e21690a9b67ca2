// SPDX-License-Identifier: GPL-2.0-only
/*
 * Smoke test of the tree's lib/maple_tree.c, used the way an IOVA domain
 * uses it: an allocation-range tree under an external lock, ranges placed
 * top-down by gap search, and an erase under GFP_ATOMIC while every
 * allocation fails.
 */
#include <linux/maple_tree.h>
#include <shim/shim.h>

#include "check.h"

#define TOP		0xfffffUL
#define NR_RANGES	40

static struct maple_tree mt;
static spinlock_t lock;
static unsigned long lo[NR_RANGES], hi[NR_RANGES];
static int payload[NR_RANGES];

/* mt_validate() counts checks in these (maple_glue.c defines them). */
extern atomic_t maple_tree_tests_run, maple_tree_tests_passed;

static bool tree_valid(void)
{
	int run = atomic_read(&maple_tree_tests_run);
	int passed = atomic_read(&maple_tree_tests_passed);

	mt_validate(&mt);
	return atomic_read(&maple_tree_tests_run) - run ==
	       atomic_read(&maple_tree_tests_passed) - passed &&
	       !shim_nr_findings();
}

static bool test_init(void)
{
	spin_lock_init(&lock);
	mt_init_flags(&mt, MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN);
	CHECK(mtree_empty(&mt));
	return true;
}

/* Sizes 1..8, each range placed at the top of the highest gap that fits
 * below the previous one, leaving a one-pfn hole between neighbours. */
static bool test_place_top_down(void)
{
	unsigned long limit = TOP;
	int i;

	for (i = 0; i < NR_RANGES; i++) {
		MA_STATE(mas, &mt, 0, 0);
		unsigned long size = 1 + i % 8;

		spin_lock(&lock);
		CHECK_EQ(mas_empty_area_rev(&mas, 0, limit, size), 0);
		CHECK_EQ(mas.last, limit);
		CHECK_EQ(mas.index, limit - size + 1);
		lo[i] = mas.index;
		hi[i] = mas.last;
		CHECK_EQ(mas_store_gfp(&mas, &payload[i], GFP_ATOMIC), 0);
		spin_unlock(&lock);
		limit = lo[i] - 2;
	}
	for (i = 0; i < NR_RANGES; i++) {
		CHECK(mtree_load(&mt, lo[i]) == &payload[i]);
		CHECK(mtree_load(&mt, hi[i]) == &payload[i]);
		CHECK(!mtree_load(&mt, hi[i] + 1));
	}
	CHECK(tree_valid());
	return true;
}

/* A gap search never returns space below its minimum. */
static bool test_no_fit(void)
{
	MA_STATE(mas, &mt, 0, 0);

	spin_lock(&lock);
	CHECK_EQ(mas_empty_area_rev(&mas, hi[1], TOP, 2), -EBUSY);
	spin_unlock(&lock);
	return true;
}

static int store(unsigned long first, unsigned long last, void *entry)
{
	MA_STATE(mas, &mt, first, last);
	int ret;

	spin_lock(&lock);
	ret = mas_store_gfp(&mas, entry, GFP_ATOMIC);
	spin_unlock(&lock);
	return ret;
}

/*
 * Erase each range while every allocation fails.  In a tree without RCU
 * most NULL stores rewrite their node in place; where the node would
 * underflow it must be rebalanced, which needs new nodes.  There the store
 * must report -ENOMEM and change nothing; elsewhere it must succeed.  At
 * least one range of this tree is of the first kind, or the test is void.
 */
static bool test_erase_enomem(void)
{
	unsigned int nr_enomem = 0;
	int i, ret;

	for (i = 0; i < NR_RANGES; i++) {
		unsigned long live = shim_live_objects();

		shim_op_begin(i);
		shim_inject_nonsleeping(true);
		ret = store(lo[i], hi[i], NULL);
		shim_inject_nonsleeping(false);
		CHECK(tree_valid());
		if (ret == 0) {
			CHECK(!mtree_load(&mt, lo[i]));
			CHECK_EQ(store(lo[i], hi[i], &payload[i]), 0);
			continue;
		}
		CHECK_EQ(ret, -ENOMEM);
		CHECK(shim_op_stats()->injected > 0);
		CHECK(mtree_load(&mt, lo[i]) == &payload[i]);
		CHECK(mtree_load(&mt, hi[i]) == &payload[i]);
		CHECK_EQ(shim_live_objects(), live);
		nr_enomem++;
	}
	CHECK(nr_enomem > 0);
	/* Without injection every erase succeeds. */
	for (i = 0; i < NR_RANGES; i++) {
		CHECK_EQ(store(lo[i], hi[i], NULL), 0);
		CHECK(!mtree_load(&mt, lo[i]));
	}
	CHECK(mtree_empty(&mt));
	CHECK(tree_valid());
	return true;
}

static bool test_destroy(void)
{
	spin_lock(&lock);
	__mt_destroy(&mt);
	spin_unlock(&lock);
	shim_rcu_barrier();
	if (shim_live_objects())
		shim_dump_live(stdout);
	CHECK_EQ(shim_live_objects(), 0);
	CHECK_EQ(shim_nr_findings(), 0);
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	shim_reset(1);
	RUN_TEST(&t, test_init);
	RUN_TEST(&t, test_place_top_down);
	RUN_TEST(&t, test_no_fit);
	RUN_TEST(&t, test_erase_enomem);
	RUN_TEST(&t, test_destroy);
	return check_summary(&t);
}
