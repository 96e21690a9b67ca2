/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Walking and checking a maple-tree-flavoured domain (the 2026 series'
 * design: entries are struct iova pointers or the IOVA_DEFERRED marker,
 * the tree is guarded by iova_lock).  Included by iova_glue.c after the
 * tree's iova.c.
 */
void glue_walk(struct iova_domain *iovad, glue_entry_fn fn, void *arg)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	void *entry;

	mas_for_each(&mas, entry, ULONG_MAX)
		fn(arg, mas.index, mas.last, entry == IOVA_DEFERRED);
}

/* The entries' own check and the walk (@fn, if set) are one pass;
 * mt_validate() is glue_self_check()'s. */
#define GLUE_CHECK_WALK
const char *glue_check_walk(struct iova_domain *iovad, glue_entry_fn fn,
			    void *arg)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	void *entry;

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
