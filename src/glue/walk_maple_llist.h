/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Walking a maple-tree domain whose deferred frees are an llist retried
 * by delayed work (an earlier shape of the 2026 series; our
 * tests/variants/port-llist.patch): every entry is a struct iova; one its
 * user freed but whose erase could not get memory stays in the tree with
 * @deferred set, on iovad->deferred, until deferred_work erases it.
 * Included by iova_glue.c after the tree's iova.c.
 */
#include <linux/llist.h>

void glue_walk(struct iova_domain *iovad, glue_entry_fn fn, void *arg)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	struct iova *iova;

	mas_for_each(&mas, iova, ULONG_MAX)
		fn(arg, mas.index, mas.last, iova->deferred);
}

/* The list holds exactly the deferred entries, once each, and work is
 * pending while it is not empty. */
static const char *check_deferred_list(struct iova_domain *iovad)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	unsigned long in_tree = 0, listed = 0;
	struct iova *iova;

	mas_for_each(&mas, iova, ULONG_MAX)
		in_tree += iova->deferred;
	llist_for_each_entry(iova, iovad->deferred.first, dnode) {
		if (!iova->deferred || mtree_load(&iovad->mtree, iova->pfn_lo) != iova)
			return "deferred list holds a range that is not a deferred entry";
		if (++listed > in_tree)
			return "deferred list holds more than the tree's deferred entries";
	}
	if (listed != in_tree)
		return "a deferred entry is not on the deferred list";
	if (listed && !delayed_work_pending(&iovad->deferred_work))
		return "deferred frees wait, and no work will retry them";
	return NULL;
}

const char *glue_check_structure(struct iova_domain *iovad)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	struct iova *iova;

	mas_for_each(&mas, iova, ULONG_MAX)
		if (iova->pfn_lo != mas.index || iova->pfn_hi != mas.last)
			return "maple tree: entry range differs from its struct iova";
	return check_deferred_list(iovad);
}

enum glue_kind glue_lookup(struct iova_domain *iovad, unsigned long pfn,
			   unsigned long *lo, unsigned long *hi)
{
	MA_STATE(mas, &iovad->mtree, pfn, pfn);
	struct iova *iova = mas_walk(&mas);

	if (!iova)
		return GLUE_NONE;
	*lo = mas.index;
	*hi = mas.last;
	return iova->deferred ? GLUE_MARKER : GLUE_IOVA;
}

/* The retry is the delayed work: run it until none is pending. */
unsigned long glue_drain_deferred(struct iova_domain *iovad)
{
	MA_STATE(mas, &iovad->mtree, 0, ULONG_MAX);
	unsigned long left = 0;
	struct iova *iova;

	shim_flush_all_work(GLUE_WORK_ROUNDS);
	mas_for_each(&mas, iova, ULONG_MAX)
		left += iova->deferred;
	return left;
}
