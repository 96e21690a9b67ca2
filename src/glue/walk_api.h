/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * No walker understands this tree's design: what the public API shows,
 * and nothing more.  Included by iova_glue.c after the tree's iova.c.
 * The runner compares the model with the tree through find_iova(), and
 * deferred frees of any shape are judged by what a caller can observe
 * (see fuzz/iova/runner/compare.c).
 */
void glue_walk(struct iova_domain *iovad, glue_entry_fn fn, void *arg)
{
}

const char *glue_check_structure(struct iova_domain *iovad)
{
	return NULL;
}

enum glue_kind glue_lookup(struct iova_domain *iovad, unsigned long pfn,
			   unsigned long *lo, unsigned long *hi)
{
	struct iova *iova = find_iova(iovad, pfn);

	if (!iova)
		return GLUE_NONE;
	*lo = iova->pfn_lo;
	*hi = iova->pfn_hi;
	return GLUE_IOVA;
}

/* Whatever the design defers, delayed work is where it can finish. */
unsigned long glue_drain_deferred(struct iova_domain *iovad)
{
	shim_flush_all_work(GLUE_WORK_ROUNDS);
	return 0;
}
