// SPDX-License-Identifier: GPL-2.0-only
/*
 * The maple tree contract the IOMMU code relies on, tested against the
 * lib/maple_tree.c of the tree under test, independent of iova.c, over
 * trees of many shapes.  The checks are fuzz/maple/maple_props.c's, which the
 * maple_contract fuzz target runs too.
 *
 *   exact_overwrite_no_alloc  storing a non-NULL entry over exactly an
 *                             existing entry's range allocates nothing,
 *                             also where erasing the entry needs a node
 *   null_store_enomem         a NULL store that needs a node fails under
 *                             GFP_ATOMIC with -ENOMEM, tree unchanged
 *   erase_under_enomem        what mtree_erase() does then (reported)
 *   empty_area_rev            the highest fitting gap in [min, max],
 *                             against the reference model, also on empty
 *                             and single-entry trees
 *   state_reusable            a maple state stores after a gap search
 *   no_leak_on_failure        failed stores and preallocations leak no
 *                             nodes
 */
#include <shim/shim.h>

#include "check.h"
#include "known.h"
#include "maple_props.h"

static struct maple_tree mt;
static spinlock_t lock;
static struct model m;
static uint64_t rng = 0x2545f4914f6cdd1dULL;
static int payload;

#define CHECK_PROP(call) do {						\
	const char *__why = (call);					\
	if (__why) {							\
		printf("FAIL: %s: %s\n", __func__, __why);		\
		return false;						\
	}								\
} while (0)

static unsigned long rnd(unsigned long n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? rng % n : 0;
}

static void destroy(void)
{
	spin_lock(&lock);
	__mt_destroy(&mt);
	spin_unlock(&lock);
	shim_rcu_barrier();
}

/* A tree of @n ranges of 1..@max_size pfns with 0..@max_gap pfn holes,
 * mirrored in the model.  The shape varies with n, sizes and gaps. */
static bool build(unsigned int n, unsigned long max_size,
		  unsigned long max_gap)
{
	unsigned long pfn = 16 + rnd(16);
	unsigned int i;

	mt_init_flags(&mt, MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN);
	model_reset(&m, 0);
	for (i = 0; i < n; i++) {
		unsigned long size = 1 + rnd(max_size);

		if (mp_store(&mt, &lock, pfn, pfn + size - 1, &payload))
			return false;
		model_insert(&m, pfn, pfn + size - 1, MS_LIVE, size, i);
		pfn += size + rnd(max_gap + 1);
	}
	return true;
}

/*
 * For every entry of the tree: erase it with every non-sleeping
 * allocation failing (then put it back if that worked), and, with
 * @overwrite, overwrite it exactly.  Counts the entries whose erase
 * needs a node into *needs_node.
 */
static bool each_entry(bool overwrite, unsigned int *needs_node)
{
	unsigned int i;

	for (i = 0; i < m.nr; i++) {
		const struct model_range *r = model_at(&m, i);
		bool erased;

		CHECK_PROP(mp_erase_atomic(&mt, &lock, &m, r->lo, r->hi,
					   &erased));
		if (erased)
			CHECK_EQ(mp_store(&mt, &lock, r->lo, r->hi, &payload), 0);
		else
			(*needs_node)++;
		if (overwrite)
			CHECK_PROP(mp_exact_overwrite(&mt, &lock, &m, r->lo,
						      r->hi, &payload));
	}
	CHECK_PROP(mp_tree_equals_model(&mt, &m, true));
	return true;
}

static bool test_exact_overwrite_no_alloc(void)
{
	unsigned int shape, checked = 0, needs_node = 0;

	for (shape = 0; shape < 24; shape++) {
		CHECK(build(1 + shape * shape, 1 + shape % 5, shape % 3));
		checked += m.nr;
		CHECK(each_entry(true, &needs_node));
		destroy();
	}
	CHECK(needs_node > 0);	/* the interesting shape was covered */
	printf("  %u exact overwrites, %u where erasing needs a node\n",
	       checked, needs_node);
	return true;
}

static bool test_null_store_enomem(void)
{
	unsigned int shape, needs_node = 0;

	for (shape = 0; shape < 8; shape++) {
		CHECK(build(40 + 30 * shape, 4, 2));
		CHECK(each_entry(false, &needs_node));
		destroy();
	}
	CHECK(needs_node > 0);
	return true;
}

/* mtree_erase() allocates with GFP_KERNEL: fail even those, and report
 * what the caller is told and what the tree holds afterwards. */
static bool test_erase_under_enomem(void)
{
	unsigned int i;

	CHECK(build(200, 4, 2));
	for (i = 0; i < m.nr; i++) {
		const struct model_range *r = model_at(&m, i);
		void *old, *now;

		shim_op_begin(i);
		shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_MAPLE_NODE), true);
		old = mtree_erase(&mt, r->lo);
		shim_inject_class(0, false);
		if (!shim_op_stats()->injected) {
			CHECK_EQ(mp_store(&mt, &lock, r->lo, r->hi, &payload), 0);
			continue;
		}
		now = mtree_load(&mt, r->lo);
		printf("  mtree_erase() with no memory: returns %s, entry %s\n",
		       old == &payload ? "the entry" : old ? "?" : "NULL",
		       now == &payload ? "still in the tree (not reported)" :
		       "erased");
		CHECK_PROP(mp_tree_equals_model(&mt, &m, now == &payload));
		destroy();
		return true;
	}
	destroy();
	printf("  mtree_erase() never needed a node here\n");
	return true;
}

static bool test_empty_area_rev(void)
{
	unsigned int iter;

	for (iter = 0; iter < 3000; iter++) {
		unsigned int n = iter % 7 == 0 ? 0 : iter % 5 == 0 ? 1 :
				 1 + rnd(60);
		unsigned long min = rnd(64), max = min + rnd(600);
		unsigned long size = 1 + rnd(iter % 3 ? 8 : 64);
		const char *why;

		CHECK(build(n, 6, 5));
		why = mp_empty_area_rev(&mt, &lock, &m, min, max, size);
		if (why && known_hit(mp_signature(why)))
			why = NULL;
		destroy();
		if (why)
			printf("  [%#lx-%#lx] size %lu, %u entries\n", min, max,
			       size, n);
		CHECK_PROP(why);
	}
	known_report(stdout);
	return true;
}

static bool test_state_reusable(void)
{
	unsigned int i;

	CHECK(build(50, 3, 3));
	for (i = 0; i < 30; i++) {
		MA_STATE(mas, &mt, 0, 0);
		unsigned long lo, size = 1 + i % 4;

		spin_lock(&lock);
		CHECK_EQ(mas_empty_area_rev(&mas, 0, 0xffff, size), 0);
		lo = mas.index;
		CHECK_EQ(mas_store_gfp(&mas, &payload, GFP_ATOMIC), 0);
		spin_unlock(&lock);
		CHECK(model_insert(&m, lo, lo + size - 1, MS_LIVE, 0, 0) >= 0);
	}
	CHECK_PROP(mp_tree_equals_model(&mt, &m, true));
	destroy();
	return true;
}

static bool test_no_leak_on_failure(void)
{
	unsigned int i;

	CHECK(build(120, 4, 2));
	for (i = 0; i < 200; i++) {
		unsigned long before = mp_settled_live();
		unsigned long lo = 8 + rnd(700);
		MA_STATE(mas, &mt, lo, lo + rnd(8));
		int ret;

		shim_inject_nth(1 + rnd(4));
		spin_lock(&lock);
		ret = mas_preallocate(&mas, i & 1 ? NULL : &payload, GFP_ATOMIC);
		if (!ret)
			mas_destroy(&mas);
		spin_unlock(&lock);
		shim_inject_nth(0);
		CHECK_EQ(mp_settled_live(), before);

		shim_inject_nth(1 + rnd(3));
		ret = mp_store(&mt, &lock, lo, lo + rnd(8),
			       i & 1 ? NULL : &payload);
		shim_inject_nth(0);
		if (ret)
			CHECK_EQ(mp_settled_live(), before);
	}
	destroy();
	if (shim_live_objects())
		shim_dump_live(stdout);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	known_load();
	shim_reset(1);
	spin_lock_init(&lock);
	model_init(&m, 0);
	RUN_TEST(&t, test_exact_overwrite_no_alloc);
	RUN_TEST(&t, test_null_store_enomem);
	RUN_TEST(&t, test_erase_under_enomem);
	RUN_TEST(&t, test_empty_area_rev);
	RUN_TEST(&t, test_state_reusable);
	RUN_TEST(&t, test_no_leak_on_failure);
	model_destroy(&m);
	return check_summary(&t);
}
