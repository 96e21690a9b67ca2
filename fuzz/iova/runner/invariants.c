// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the harness checks, stated as what a caller can observe.  After
 * every op the invariants below are checked on what the op touched, and
 * at a bounded interval on the whole domain (compare.c); the first
 * violation stops the run with a report naming it.
 *
 *   NO_OVERLAP         a new range overlaps nothing live, reserved,
 *                      cached or deferred
 *   BOUNDS             start_pfn <= pfn_lo <= pfn_hi <= limit
 *   SIZE, ALIGN        exact size; size-aligned requests (and the fast
 *                      path, after its power-of-two rounding) aligned
 *   COMPLETE           no failure while the model has a fit, unless an
 *                      allocation failure was injected or the 32-bit hint
 *                      (max32_alloc_size) is in force; a failure under
 *                      injection must not outlive the injection
 *   TREE_EQUALS_MODEL  tree entries and cached pfns are exactly the
 *                      model's; the tree is structurally valid
 *   FIND_FREE          find_iova() finds exactly what is in the tree
 *   NO_LEAK            nothing the shim handed out survives the domain,
 *                      and no kmem_cache outlives the last
 *                      iova_cache_put()
 *   WARN, MAPLE_CHECK, MIGHT_SLEEP
 *                      kernel code complained (a WARN_ON, a maple-tree
 *                      self-check, sleeping in atomic context)
 *
 * and, for maple-tree domains whose erases can defer (IOVA_DEFERRED):
 *
 *   DEFERRED_EXACT     a marker covers exactly the range that was freed
 *   DEFERRED_RESERVED  nothing is allocated or reserved over a marker
 *                      that has not been drained
 *   DEFERRED_LIVENESS  a drain without allocation failures leaves no
 *                      marker behind: nothing stays lost
 *   MARKER_INVISIBLE   find_iova()/free_iova() never see a marker
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

/* ---- findings ---- */

/*
 * A finding is the invariant plus where it was seen (the report's
 * "reached" line; its signature is its cause, cause.c): @tag names a
 * defect the whole-domain checks found, NULL means the op that ran, with
 * the flags that change its path (see op_where()).
 */
bool fail(const char *inv, const char *tag, unsigned long lo,
	  unsigned long hi, const char *fmt, ...)
{
	const struct shim_finding *said = shim_first_finding();
	va_list ap;

	if (run.inv || run.quiet)
		return false;
	/* The kernel complained before the state was seen to depart (a
	 * WARN_ON on the path that then left the tree wrong): the complaint
	 * is the finding, and says where. */
	if (said && inv != said->kind)
		return check_findings();
	run.inv = inv;
	if (tag)
		snprintf(run.where, sizeof(run.where), "%s", tag);
	else if (run.checking)
		snprintf(run.where, sizeof(run.where), "check");
	else
		op_where(run.where, sizeof(run.where));
	run.at_lo = lo;
	run.at_hi = hi;
	va_start(ap, fmt);
	vsnprintf(run.detail, sizeof(run.detail), fmt, ap);
	va_end(ap);
	return false;
}

/*
 * Every struct iova the API returned is read back while the caller holds
 * it (ASan reports one the allocator freed behind the caller's back): an
 * allocation still holds exactly its range; a reservation a range that
 * overlaps what was asked and lies in reserved or private space (6.12
 * returns the piece it inserted last, not the whole union).
 */
bool check_handles(void)
{
	unsigned int i;
	size_t k;

	for (i = 0; i < run.m.nr; i++) {
		const struct model_range *r = model_at(&run.m, i);
		const struct iova *h = r->handle;

		if (r->state != MS_LIVE || !h)
			continue;
		if (h->pfn_lo != r->lo || h->pfn_hi != r->hi)
			return fail("IOVA_HANDLE", r->flags & RF_FAST ?
				    "find_iova" : "alloc_iova", r->lo, r->hi,
				    "the struct iova returned for [0x%lx-0x%lx] now holds [0x%lx-0x%lx]",
				    r->lo, r->hi, h->pfn_lo, h->pfn_hi);
	}
	for (k = 0; k < run.nr_held; k++) {
		const struct held *c = &run.held[k];
		unsigned long lo = c->iova->pfn_lo, hi = c->iova->pfn_hi;
		int idx = model_find(&run.m, c->lo);
		const struct model_range *r = idx < 0 ? NULL : model_at(&run.m, idx);

		if (!r || lo > hi || lo > c->hi || hi < c->lo ||
		    (lo < r->lo && !outside_window(lo, r->lo - 1)) ||
		    (hi > r->hi && !outside_window(r->hi + 1, hi)))
			return fail("IOVA_HANDLE", "reserve_iova", c->lo, c->hi,
				    "the struct iova reserve_iova(0x%lx, 0x%lx) returned holds [0x%lx-0x%lx]",
				    c->lo, c->hi, lo, hi);
	}
	return true;
}

void hold(const struct iova *iova, unsigned long lo, unsigned long hi)
{
	run.held = grow(run.held, &run.cap_held, run.nr_held, sizeof(*run.held));
	run.held[run.nr_held++] = (struct held){ iova, lo, hi };
}

/* What kernel code said (WARN, maple-tree check, might_sleep in atomic
 * context) is a finding named by where it said it. */
bool check_findings(void)
{
	const struct shim_finding *f = shim_first_finding();
	char line[256];

	if (!f)
		return true;
	if (!run.inv && !run.quiet)
		run.kernel_said = true;
	return fail(f->kind, f->func, 0, 0, "%s",
		    shim_finding_line(f, line, sizeof(line)));
}

/*
 * The allocator's contract for a failed search: it may fail when nothing
 * fits; and, for a 32-bit limit, when a genuine failure (nothing fitted
 * where that search looked, which for any limit includes 32-bit space) of
 * this size or smaller was seen since 32-bit space was last returned (a
 * free or a drained marker below 4 GiB: forget()).  That is all
 * max32_alloc_size may assume: a design that sets it less often, or only
 * lowers it, is at least as precise and passes.
 */
bool may_fail(unsigned long size, unsigned long limit, bool fit)
{
	if (!fit) {
		if (!run.genuine[run.nr_recs - 1] ||
		    size < run.genuine[run.nr_recs - 1])
			run.genuine[run.nr_recs - 1] = size;
		if (size < run.hint)
			run.hint = size;
		return true;
	}
	return is_32bit(limit) && size >= run.hint;
}

bool check_new_shape(unsigned long lo, unsigned long hi,
		     unsigned long size, unsigned long limit,
		     unsigned int align_shift)
{
	if (lo > hi || lo < run.start_pfn || hi > limit)
		return fail("BOUNDS", NULL, lo, hi,
			    "[0x%lx-0x%lx] outside [start_pfn 0x%lx, limit 0x%lx]",
			    lo, hi, run.start_pfn, limit);
	if (hi - lo + 1 != size)
		return fail("SIZE", NULL, lo, hi, "[0x%lx-0x%lx] for a request of %lu pages",
			    lo, hi, size);
	if (lo & ((1UL << align_shift) - 1))
		return fail("ALIGN", NULL, lo, hi, "[0x%lx-0x%lx] not aligned to %lu pages",
			    lo, hi, 1UL << align_shift);
	return true;
}

bool check_new_range(unsigned long lo, unsigned long hi,
			    unsigned long size, unsigned long limit,
			    unsigned int align_shift)
{
	int idx;

	if (!check_new_shape(lo, hi, size, limit, align_shift))
		return false;
	settle_deferred(lo, hi);
	/* Handed out again: the implementation had released it. */
	while ((idx = model_find_overlap(&run.m, lo, hi)) >= 0 &&
	       (model_at(&run.m, idx)->flags & RF_UNSEEN))
		forget_unseen(idx);
	if (idx >= 0 && model_at(&run.m, idx)->state == MS_DEFERRED)
		return fail("DEFERRED_RESERVED", NULL, lo, hi,
			    "[0x%lx-0x%lx] overlaps undrained marker [0x%lx-0x%lx]",
			    lo, hi, model_at(&run.m, idx)->lo,
			    model_at(&run.m, idx)->hi);
	if (idx >= 0)
		return fail("NO_OVERLAP", NULL, lo, hi,
			    "[0x%lx-0x%lx] overlaps %s [0x%lx-0x%lx]", lo, hi,
			    model_state_name(model_at(&run.m, idx)->state),
			    model_at(&run.m, idx)->lo, model_at(&run.m, idx)->hi);
	return true;
}

/*
 * Was a failed search allowed to fail?  An injected failure excuses it,
 * but the kernel may or may not have reached the search, so the model
 * takes the more lenient hint.
 */
bool attempt_may_fail(unsigned long size, unsigned long limit,
			     bool fit, bool injected)
{
	if (!injected || !fit)
		return may_fail(size, limit, fit);
	return true;
}

/* Delayed work that keeps re-queueing itself with nothing done. */
bool check_progress(void)
{
	unsigned int runs, stalls = shim_work_stall(&runs);

	if (stalls <= WORK_STALL_MAX)
		return true;
	return fail("DEFERRED_PROGRESS", "work-requeues", 0, 0,
		    "delayed work re-queued itself %u times in a row with no allocation failing and nothing freed (%u runs in all)",
		    stalls, runs);
}
