// SPDX-License-Identifier: GPL-2.0-only
/*
 * The allocation ops, alloc_iova() and alloc_iova_fast(): the call, then
 * what the contract says of its result (invariants.c) and the model's
 * new range.
 */
#include <stdlib.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

/* ---- allocation ops ---- */

static unsigned long pick_limit(uint8_t b, uint8_t c)
{
	unsigned int shift = run.prog.dom.granule_shift;
	unsigned long d = (c >> 1) & 7;
	int idx = nth_in_state(b >> 3, -1, 0);
	const struct model_range *r = idx < 0 ? NULL : model_at(&run.m, idx);

	switch (b & 7) {
	case 1:
		return run.start_pfn + (b >> 3) * 4 + 3;
	case 2:
		return run.dma32 - 1 - (b >> 3) * 8;
	case 3:
		return (1UL << (33 - shift + (b >> 3) % 24)) - 1;
	case 4:
		return r ? r->hi : run.dma32 - 1;
	case 5:
		return !r ? run.dma32 - 1 : r->lo > d + 1 ? r->lo - 1 - d : 0;
	case 6:
		return run.dma32 + (b >> 3);
	case 7:
		return r ? r->hi + 1 + d : run.dma32 - 1;
	default:
		return run.dma32 - 1;
	}
}

/* A flushing alloc_iova_fast() whose first search failed empties every
 * CPU's magazines and the depot before searching again: the contract. */
static bool model_flush_cached(void)
{
	unsigned int i;

	for (i = run.m.nr; i-- > 0;)
		if (model_at(&run.m, i)->state == MS_CACHED &&
		    !removed(i, "a flushing alloc_iova_fast()", NULL))
			return false;
	return true;
}

/* An allocation failed that the contract does not excuse, or failed
 * under injection: then the same request, injection off, must not fail
 * for good while the model still has a fit. */
/* Which earlier op had an allocation fail by injection, if any did. */
static const char *injected_note(void)
{
	static char note[64];

	if (run.last_injected < 0)
		return "";
	snprintf(note, sizeof(note), "; last injected failure in op #%d",
		 run.last_injected);
	return note;
}

static bool complete_failed(const struct prog_op *op, bool fast,
			    const struct op_rec *rec, unsigned long size,
			    unsigned long limit, unsigned int shift,
			    unsigned long lo)
{
	if (rec->injected) {
		/* In a pressure window, failing is what the caller sees. */
		if (!model_highest_fit(&run.m, size, limit, shift, &lo) ||
		    shim_pressure_left())
			return true;
		shim_inject_clear();
		raw(RAW_INJECT_CLEAR, 0, 0, 0);
		return run_alloc(op, fast, true);
	}
	return fail("COMPLETE", NULL, lo, lo + size - 1,
		    "%s(size=%lu, limit=0x%lx) failed; [0x%lx-0x%lx] is free%s%s",
		    fast ? "alloc_iova_fast" : "alloc_iova", rec->arg[0], limit,
		    lo, lo + size - 1,
		    rec->retry ? " (retry after an injected failure)" : "",
		    injected_note());
}

/*
 * A range the model holds as cached came back from a magazine: it turns
 * live where it is.  Nothing else can overlap it, so its shape is what
 * is left to check; one that fails is gone from the model, as it is
 * after any allocation that fails a check.
 */
static bool reuse_cached(int idx, unsigned long size, unsigned long eff,
			 unsigned long limit, unsigned int shift,
			 struct iova *iova)
{
	struct model_range *r = model_at(&run.m, idx);

	count_range(r, -1);
	if (!check_new_shape(r->lo, r->hi, eff, limit, shift)) {
		model_remove(&run.m, idx);
		return false;
	}
	r->state = MS_LIVE;
	r->req_size = size;
	r->cpu = 0;
	r->tag = run.nr_recs - 1;
	r->flags = RF_FAST;
	r->handle = iova;
	count_range(r, 1);
	return true;
}

/*
 * The call itself, its result into @rec and the struct iova into @iova;
 * @searched_and_failed: alloc_iova() failed inside the call if it could
 * not get its struct iova, or freed it again: its search or its store
 * failed (then a flush may have freed more).  Other injected failures
 * may have been retried inside the tree.  False on a finding.
 */
static bool call_alloc(struct op_rec *rec, bool fast, unsigned long size,
		       unsigned long limit, bool flag, struct iova **iova,
		       bool *searched_and_failed)
{
	unsigned long freed, iova_failed, lo = 0;

	rec->injected = shim_op_stats()->injected;	/* before the call */
	freed = shim_op_stats()->freed[SHIM_CLASS_IOVA];
	iova_failed = shim_op_stats()->by_class[SHIM_CLASS_IOVA];
	if (fast) {
		run.fast_used = true;
		raw(RAW_ALLOC_FAST, size, limit, flag);
		KERNEL_ATOMIC(lo = alloc_iova_fast(&run.iovad, size, limit,
						   flag));
		*iova = lo ? find_iova(&run.iovad, lo) : NULL;
		if (lo && !*iova) {
			cause_probe_find(lo);
			rec->lo = rec->hi = lo;
			return fail("FIND_FREE", NULL, lo, lo,
				    "find_iova(0x%lx) misses the range alloc_iova_fast() returned",
				    lo);
		}
	} else {
		raw(RAW_ALLOC, size, limit, flag);
		KERNEL(*iova = alloc_iova(&run.iovad, size, limit, flag));
		lo = *iova ? (*iova)->pfn_lo : 0;
	}
	rec->injected = shim_op_stats()->injected - rec->injected;
	*searched_and_failed =
		shim_op_stats()->freed[SHIM_CLASS_IOVA] != freed ||
		shim_op_stats()->by_class[SHIM_CLASS_IOVA] != iova_failed;
	rec->lo = lo;
	rec->hi = *iova ? (*iova)->pfn_hi : 0;
	rec->ret = (fast ? lo != 0 : *iova != NULL) ? 0 : -1;
	return true;
}

/* A check of what a flushing request's flush left: a finding there is
 * the flush's, not the search's (cause.c). */
static bool flush_checked(bool (*check)(void))
{
	run.blame_flush = true;
	if (!check())
		return false;
	run.blame_flush = false;
	return true;
}

/* A request that failed: allowed, or a COMPLETE finding.  The model is
 * still the state before the call, which the first search saw (a flush
 * comes after it); a flushing alloc_iova_fast() searched again on the
 * state after the flush. */
static bool alloc_failed(const struct prog_op *op, bool fast, bool flag,
			 struct op_rec *rec, unsigned long eff,
			 unsigned long limit, unsigned int shift)
{
	unsigned long fit_lo;
	bool pre_fit, ok;

	pre_fit = model_highest_fit(&run.m, eff, limit, shift, &fit_lo);
	ok = attempt_may_fail(eff, limit, pre_fit, rec->injected);
	run.blame_first = fast && flag && !ok;
	if (fast && flag) {
		if (!flush_checked(model_flush_cached))
			return false;
		if (ok)
			ok = attempt_may_fail(eff, limit,
				model_highest_fit(&run.m, eff, limit,
						  shift, &fit_lo),
				rec->injected);
		if (ok && !flush_checked(sync_caches))	/* all empty now */
			return false;
	}
	if (ok && !rec->injected)
		return true;
	return complete_failed(op, fast, rec, eff, limit, shift, fit_lo);
}

/* The first search failed, the caches were flushed, the second search
 * succeeded: was the first allowed to fail? */
static bool found_after_flush(const struct op_rec *rec, unsigned long size,
			      unsigned long eff, unsigned long limit,
			      unsigned int shift)
{
	unsigned long fit_lo;
	bool ok;

	run.blame_first = true;
	if (!attempt_may_fail(eff, limit,
			      model_highest_fit(&run.m, eff, limit, shift,
						&fit_lo),
			      rec->injected))
		return fail("COMPLETE", NULL, fit_lo, fit_lo + eff - 1,
			    "alloc_iova_fast(size=%lu, limit=0x%lx) had to flush the caches although [0x%lx-0x%lx] was free",
			    size, limit, fit_lo, fit_lo + eff - 1);
	run.blame_first = false;
	run.fresh_lo = rec->lo;
	run.fresh_hi = rec->hi;
	ok = flush_checked(model_flush_cached) && flush_checked(sync_caches);
	run.fresh_lo = run.fresh_hi = 0;
	return ok;
}

bool run_alloc(const struct prog_op *op, bool fast, bool retry)
{
	unsigned long size = prog_size(op->a), limit = pick_limit(op->b, op->c);
	bool flag = (op->c & 1) &&
		    (fast || run.opts->unaligned_op != run.nr_recs + 1);
	bool searched_and_failed, reused;
	unsigned long eff = size, lo, hi;
	struct iova *iova = NULL;
	unsigned int shift;
	struct op_rec *rec;
	int idx;

	if (fast && !run.prog.dom.rcaches)
		return rec_new(op->kind, size, limit, flag)->ret = 1, true;
	/* The fast path rounds sizes it can cache up to a power of two
	 * (the tree's IOVA_RANGE_CACHE_MAX_SIZE says which). */
	if (fast && size < 1UL << (glue_rcache_orders - 1))
		eff = 1UL << ceil_log2(size);
	shift = fast || flag ? ceil_log2(eff) : 0;
	/*
	 * iova_rcache_get() computes limit + 1 - size unchecked: a cached
	 * range above the limit comes back when limit + 1 < size.  Callers
	 * pass DMA limits far above their sizes, so stay in that contract.
	 */
	if (fast && limit + 1 < eff)
		return rec_new(op->kind, size, limit, flag)->ret = 1, true;
	rec = rec_new(op->kind, size, limit, flag);
	rec->retry = retry;
	if (!call_alloc(rec, fast, size, limit, flag, &iova,
			&searched_and_failed))
		return false;
	lo = rec->lo;
	hi = rec->hi;
	/* Markers drained by this call went before its search, and so did
	 * their reset of the 32-bit hint. */
	settle_deferred(0, ULONG_MAX);
	if (rec->ret)
		return alloc_failed(op, fast, flag, rec, eff, limit, shift);
	idx = model_find(&run.m, lo);
	reused = fast && !searched_and_failed && idx >= 0 &&
		 model_at(&run.m, idx)->state == MS_CACHED &&
		 model_at(&run.m, idx)->lo == lo && model_at(&run.m, idx)->hi == hi;
	if (!reused && fast && flag && searched_and_failed &&
	    !found_after_flush(rec, size, eff, limit, shift))
		return false;
	/* No magazine walker to say how this design rounds: either size. */
	if (fast && !glue_caps.rcaches && hi - lo + 1 == size)
		eff = size;
	if (reused)
		return reuse_cached(idx, size, eff, limit, shift, iova);
	if (!check_new_range(lo, hi, eff, limit, shift))
		return false;
	idx = model_insert(&run.m, lo, hi, MS_LIVE, size, run.nr_recs - 1);
	model_at(&run.m, idx)->flags = fast ? RF_FAST : 0;
	model_at(&run.m, idx)->handle = iova;
	count_range(model_at(&run.m, idx), 1);
	return true;
}
