// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ops on ranges that exist: free_iova(), __free_iova(),
 * free_iova_fast(), find_iova() of what is and is not there, and
 * reserve_iova() within its contract.
 */
#include <stdlib.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

bool run_free(const struct prog_op *op)
{
	int idx = op->kind == OP_FREE_FAST ?
		  nth_in_state(op->a, MS_LIVE, RF_FAST) :
		  nth_in_state(op->a, MS_LIVE, 0);
	struct model_range *r;
	struct op_rec *rec;
	unsigned long lo, pfn;

	if (idx < 0 || (op->kind == OP_FREE_FAST && !run.prog.dom.rcaches))
		return rec_new(op->kind, 0, 0, 0)->ret = 1, true;
	r = model_at(&run.m, idx);
	lo = r->lo;
	pfn = lo + op->b % (r->hi - r->lo + 1);
	rec = rec_new(op->kind, op->kind == OP_FREE ? pfn : lo, r->req_size, 0);
	rec->lo = r->lo;
	rec->hi = r->hi;
	if (op->kind == OP_FREE) {
		raw(RAW_FREE, pfn, 0, 0);
		KERNEL(free_iova(&run.iovad, pfn));
	} else if (op->kind == OP___FREE) {
		struct iova *iova = r->handle ? r->handle :
				    find_iova(&run.iovad, lo);

		if (!iova) {
			cause_probe_find(lo);
			return fail("FIND_FREE", NULL, r->lo, r->hi,
				    "find_iova(0x%lx) misses live [0x%lx-0x%lx]",
				    lo, r->lo, r->hi);
		}
		raw(RAW___FREE, lo, 0, 0);
		KERNEL(__free_iova(&run.iovad, iova));
	} else {
		raw(RAW_FREE_FAST, lo, r->req_size, 0);
		KERNEL_ATOMIC(free_iova_fast(&run.iovad, lo, r->req_size));
	}
	rec->injected = shim_op_stats()->injected;
	idx = model_find(&run.m, lo);
	/* Still in the tree after free_iova_fast(): it went to a magazine
	 * (which one, the next full check verifies). */
	if (op->kind == OP_FREE_FAST &&
	    glue_lookup(&run.iovad, lo, &lo, &pfn) == GLUE_IOVA) {
		count_range(model_at(&run.m, idx), -1);
		model_at(&run.m, idx)->state = MS_CACHED;
		count_range(model_at(&run.m, idx), 1);
		model_at(&run.m, idx)->handle = NULL;	/* the caller let go */
		return true;
	}
	return removed(idx, op_kind_name(op->kind), NULL);
}

bool run_find(const struct prog_op *op)
{
	int state = (op->c & 3) == 0 ? MS_LIVE :
		    (op->c & 3) == 1 && run.nr_deferred ? MS_DEFERRED : -1;
	int idx = nth_in_state(op->a, state, 0);
	unsigned long pfn;
	struct iova *iova;
	const struct model_range *r;
	struct op_rec *rec;

	if ((op->c & 3) == 2 || idx < 0)
		pfn = free_pfn(op->a, op->b);
	else if ((op->c & 3) == 3)
		pfn = run.dma32 - 4 + (op->b & 7);
	else
		pfn = model_at(&run.m, idx)->lo +
		      op->b % (model_at(&run.m, idx)->hi -
			       model_at(&run.m, idx)->lo + 1);
	rec = rec_new(OP_FIND, pfn, 0, 0);
	raw(RAW_FIND, pfn, 0, 0);
	KERNEL(iova = find_iova(&run.iovad, pfn));
	rec->ret = iova ? 0 : -1;
	settle_deferred(pfn, pfn);
	idx = model_find(&run.m, pfn);
	r = idx < 0 ? NULL : model_at(&run.m, idx);
	/* Before touching it: a marker is no struct iova. */
	/* Freed, maybe still held: whatever it is, it is not to be found. */
	if (r && (r->flags & RF_UNSEEN))
		return !iova || (rec->ret = 2,
				 fail("FIND_FREE", NULL, pfn, pfn,
				      "find_iova(0x%lx) finds something in [0x%lx-0x%lx], which was freed",
				      pfn, r->lo, r->hi));
	if (r && r->state == MS_DEFERRED)
		return !iova || (rec->ret = 2,
				 fail("MARKER_INVISIBLE", NULL, pfn, pfn,
				      "find_iova(0x%lx) returned something inside marker [0x%lx-0x%lx]",
				      pfn, r->lo, r->hi));
	if (iova) {
		rec->lo = iova->pfn_lo;
		rec->hi = iova->pfn_hi;
	}
	/* Out of every request's reach, the implementation's own entry. */
	if (!r && iova && outside_window(pfn, pfn) &&
	    iova->pfn_lo <= pfn && pfn <= iova->pfn_hi &&
	    outside_window(iova->pfn_lo, iova->pfn_hi))
		return true;
	if (!r != !iova)
		return fail("FIND_FREE", NULL, pfn, pfn,
			    "find_iova(0x%lx) = %s, the model has %s", pfn,
			    iova ? "a range" : "NULL",
			    r ? model_state_name(r->state) : "nothing");
	if (iova && (iova->pfn_lo > pfn || iova->pfn_hi < pfn ||
		     (r->state != MS_RESERVED &&
		      (iova->pfn_lo != r->lo || iova->pfn_hi != r->hi))))
		return fail("FIND_FREE", NULL, pfn, pfn,
			    "find_iova(0x%lx) = [0x%lx-0x%lx], the model [0x%lx-0x%lx]",
			    pfn, iova->pfn_lo, iova->pfn_hi, r->lo, r->hi);
	return true;
}

bool run_free_unknown(const struct prog_op *op)
{
	int idx = (op->c & 1) ? nth_in_state(op->a, MS_DEFERRED, 0) : -1;
	const struct model_range *r = idx < 0 ? NULL : model_at(&run.m, idx);
	unsigned long pfn = r ? r->lo + op->b % (r->hi - r->lo + 1) :
			    free_pfn(op->a, op->b);
	unsigned long lo = 0, hi = 0;

	if (r) {			/* drained since? then it is free */
		settle_deferred(pfn, pfn);
		idx = model_find(&run.m, pfn);
		r = idx >= 0 && model_at(&run.m, idx)->state == MS_DEFERRED ?
		    model_at(&run.m, idx) : NULL;
	}

	rec_new(OP_FREE_UNKNOWN, pfn, 0, 0);
	raw(RAW_FREE, pfn, 0, 0);
	KERNEL(free_iova(&run.iovad, pfn));
	/* check_tree() proves a free pfn stays free; a marker must stay. */
	if (r && !(r->flags & RF_UNSEEN) && (glue_lookup(&run.iovad, pfn, &lo, &hi) != GLUE_MARKER ||
		  lo != r->lo || hi != r->hi))
		return fail("MARKER_INVISIBLE", NULL, r->lo, r->hi,
			    "free_iova(0x%lx) changed marker [0x%lx-0x%lx]",
			    pfn, r->lo, r->hi);
	return true;
}

static bool reserve_in_contract(unsigned long lo, unsigned long hi)
{
	unsigned int i;

	if (run.fast_used)
		return false;	/* the kernel reserves at domain set-up */
	for (i = 0; i < run.m.nr; i++)
		if (model_at(&run.m, i)->lo <= hi && model_at(&run.m, i)->hi >= lo &&
		    model_at(&run.m, i)->state != MS_RESERVED)
			return false;
	return true;
}

bool run_reserve(const struct prog_op *op)
{
	unsigned long lo, hi, len = 1 + op->b;
	int idx = nth_in_state(op->a, MS_RESERVED, 0);
	struct op_rec *rec;
	struct iova *iova;
	size_t i;

	switch (op->c & 3) {
	case 0:
		lo = run.start_pfn + op->a * 4UL;
		break;
	case 1:
		lo = run.dma32 - 1 - op->a * 4UL;
		break;
	case 2:
		lo = run.dma32 + op->a * 64UL;
		break;
	default:
		/* Straddle the start of an existing reservation. */
		lo = idx < 0 ? run.start_pfn : model_at(&run.m, idx)->lo + (op->c >> 2);
		lo = lo >= 8 ? lo - 8 : 0;
		break;
	}
	hi = lo + len - 1;
	rec = rec_new(OP_RESERVE, lo, hi, 0);
	settle_deferred(lo, hi);
	if (!reserve_in_contract(lo, hi))
		return rec->ret = 1, true;
	raw(RAW_RESERVE, lo, hi, 0);
	KERNEL(iova = reserve_iova(&run.iovad, lo, hi));
	rec->injected = shim_op_stats()->injected;
	rec->ret = iova ? 0 : -1;
	rec->lo = lo;
	rec->hi = hi;
	if (iova) {
		model_reserve(lo, hi);
		hold(iova, lo, hi);
		return true;
	}
	if (!rec->injected)
		return fail("COMPLETE", NULL, lo, hi,
			    "reserve_iova(0x%lx, 0x%lx) failed with no allocation failure",
			    lo, hi);
	/* Partly done is allowed: take what the tree shows in [lo, hi]. */
	if (!glue_caps.tree)
		return reserved_partly(lo, hi);
	walk_tree();
	for (i = 0; i < run.nr_tree; i++) {
		const struct tree_entry *e = &run.tree[i];

		idx = model_find(&run.m, e->lo);
		if (e->hi >= lo && e->lo <= hi &&
		    (idx < 0 || model_at(&run.m, idx)->state == MS_RESERVED))
			model_reserve(e->lo, e->hi);
	}
	return true;
}
