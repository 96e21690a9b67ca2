/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Walking and checking a maple-tree-flavoured domain (the 2026 series'
 * design: entries are struct iova pointers or the IOVA_DEFERRED marker,
 * the tree is guarded by iova_lock).  Included by iova_glue.c after the
 * tree's iova.c.
 */
extern atomic_t maple_tree_tests_run;
extern atomic_t maple_tree_tests_passed;

void glue_walk(struct iova_domain *iovad, glue_entry_fn fn, void *arg)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	void *entry;

	mas_for_each(&mas, entry, ULONG_MAX)
		fn(arg, mas.index, mas.last, entry == IOVA_DEFERRED);
}

/*
 * mt_validate() reports through MT_BUG_ON: count failed checks.  The
 * entries' own check and the walk (@fn, if set) are one pass.
 */
#define GLUE_CHECK_WALK
const char *glue_check_walk(struct iova_domain *iovad, glue_entry_fn fn,
			    void *arg)
{
	int run = atomic_read(&maple_tree_tests_run);
	int passed = atomic_read(&maple_tree_tests_passed);
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	void *entry;

	mt_validate(&iovad->mtree);
	if (atomic_read(&maple_tree_tests_run) - run !=
	    atomic_read(&maple_tree_tests_passed) - passed)
		return "maple tree: mt_validate() failed";
	mas_for_each(&mas, entry, ULONG_MAX) {
		const struct iova *iova = entry;

		if (entry != IOVA_DEFERRED &&
		    (iova->pfn_lo != mas.index || iova->pfn_hi != mas.last))
			return "maple tree: entry range differs from its struct iova";
		if (fn)
			fn(arg, mas.index, mas.last, entry == IOVA_DEFERRED);
	}
	return NULL;
}

const char *glue_check_structure(struct iova_domain *iovad)
{
	return glue_check_walk(iovad, NULL, NULL);
}

enum glue_kind glue_lookup(struct iova_domain *iovad, unsigned long pfn,
			   unsigned long *lo, unsigned long *hi)
{
	MA_STATE(mas, &iovad->mtree, pfn, pfn);
	void *entry = mas_walk(&mas);

	if (!entry)
		return GLUE_NONE;
	*lo = mas.index;
	*hi = mas.last;
	return entry == IOVA_DEFERRED ? GLUE_MARKER : GLUE_IOVA;
}

unsigned long glue_drain_deferred(struct iova_domain *iovad)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	unsigned long flags, left = 0;
	void *entry;

	spin_lock_irqsave(&iovad->iova_lock, flags);
	iova_drain_deferred(iovad);
	mas_for_each(&mas, entry, ULONG_MAX)
		left += entry == IOVA_DEFERRED;
	spin_unlock_irqrestore(&iovad->iova_lock, flags);
	return left;
}
