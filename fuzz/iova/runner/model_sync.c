// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model follows the kernel: picking the range an op names, and
 * keeping the model's states (cached, deferred, freed but unseen) in step
 * with what the kernel did to a range.
 */
#include <stdlib.h>
#include <string.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

/*
 * The model ranges in each state an op may pick from, kept as ranges
 * change (count_range() before a range changes or goes, and after it is
 * new or has changed), so that picking from none costs nothing; the
 * model's byte for the range, which picks scan, follows it too.
 * nr_deferred also counts deferred frees nobody can see (RF_UNSEEN).
 */
void count_range(const struct model_range *r, int delta)
{
	if (delta > 0)
		model_recount(&run.m, r);
	switch (r->state) {
	case MS_LIVE:
		run.nr_live += delta;
		if (r->flags & RF_FAST)
			run.nr_live_fast += delta;
		break;
	case MS_RESERVED:
		run.nr_reserved += delta;
		/* Sums modulo 2^64, as the tree's side is summed. */
		if (delta > 0)
			run.reserved_pages += r->hi - r->lo + 1;
		else
			run.reserved_pages -= r->hi - r->lo + 1;
		break;
	case MS_DEFERRED:
		run.nr_deferred += delta;
		break;
	case MS_CACHED:
		cache_print_add(&run.model_cached, r->lo, r->hi - r->lo + 1,
				delta);
		break;
	}
}

/* With -e: the counts against a recount (a harness bug if they differ). */
void check_counts(void)
{
	struct cache_print cached = { 0 };
	unsigned int i, n[4] = { 0 }, fast = 0;
	unsigned long reserved = 0;

	for (i = 0; i < run.m.nr; i++) {
		const struct model_range *r = model_at(&run.m, i);

		n[r->state]++;
		fast += r->state == MS_LIVE && (r->flags & RF_FAST);
		if (r->state == MS_RESERVED)
			reserved += r->hi - r->lo + 1;
		if (r->state == MS_CACHED)
			cache_print_add(&cached, r->lo, r->hi - r->lo + 1, 1);
	}
	if (n[MS_LIVE] != run.nr_live || fast != run.nr_live_fast ||
	    n[MS_RESERVED] != run.nr_reserved ||
	    reserved != run.reserved_pages ||
	    n[MS_DEFERRED] != run.nr_deferred ||
	    memcmp(&cached, &run.model_cached, sizeof(cached)) ||
	    !model_classes_ok(&run.m)) {
		fprintf(stderr, "iovafuzz: internal error: model counts\n");
		abort();
	}
}

/* How many ranges nth_in_state() could pick, or the whole model's size
 * where no count is kept. */
static unsigned int nr_in_state(int state, unsigned int flags)
{
	if (state == MS_LIVE && !(flags & ~RF_FAST))
		return flags ? run.nr_live_fast : run.nr_live;
	if (state == MS_RESERVED && !flags)
		return run.nr_reserved;
	if (state == MS_DEFERRED && !flags)
		return run.nr_deferred;
	return run.m.nr;
}

/* A range picked by an op's byte: the first one in @state with @flags at
 * or after index k (mod the count), wrapping; -1 if there is none. */
int nth_in_state(unsigned int k, int state, unsigned int flags)
{
	unsigned int n = run.m.nr;
	int i;

	if (!n || !nr_in_state(state, flags))
		return -1;
	i = model_next_in_state(&run.m, k % n, state, flags);
	return i >= 0 ? i : model_next_in_state(&run.m, 0, state, flags);
}

void forget(unsigned int idx)
{
	count_range(model_at(&run.m, idx), -1);
	if (model_at(&run.m, idx)->lo < run.dma32)
		run.hint = run.dma32;	/* any removal below 4 GiB resets it */
	model_remove(&run.m, idx);
}

/* Freed, and find_iova() no longer sees it; without a walker the harness
 * cannot tell whether the implementation still holds it. */
static void defer_unseen(struct model_range *r)
{
	count_range(r, -1);
	r->state = MS_DEFERRED;
	r->flags = RF_UNSEEN;
	r->tag = run.nr_recs - 1;	/* the op that freed it */
	r->handle = NULL;
	count_range(r, 1);
}

/*
 * An unseen deferred free is done (a drain settled it, or its space was
 * handed out again).  Its space came back at some point since its free,
 * unseen: the 32-bit hint may rest on no failure from before the op that
 * freed it, and on any since (the least the implementation may assume).
 */
void forget_unseen(unsigned int idx)
{
	const struct model_range *r = model_at(&run.m, idx);
	unsigned int op;

	if (r->lo < run.dma32 && r->tag > run.returned_at) {
		run.returned_at = r->tag;
		run.hint = run.dma32;
		/* The op that freed it may have failed after freeing. */
		for (op = run.returned_at; op < run.nr_recs; op++)
			if (run.genuine[op] && run.genuine[op] < run.hint)
				run.hint = run.genuine[op];
	}
	count_range(r, -1);
	model_remove(&run.m, idx);
}

/* A drain with no allocation failing: every deferred free is done. */
void settle_unseen(void)
{
	unsigned int i;

	for (i = run.m.nr; run.nr_deferred && i-- > 0;)
		if (model_at(&run.m, i)->flags & RF_UNSEEN)
			forget_unseen(i);
}

/*
 * A range left its user or a magazine: it is gone from the index or, on
 * a maple-tree domain whose erase needed memory it could not get,
 * replaced by a deferred marker covering exactly it.
 */
bool removed(unsigned int idx, const char *how, const char *tag)
{
	struct model_range *r = model_at(&run.m, idx);
	unsigned long lo = 0, hi = 0;

	switch (glue_lookup(&run.iovad, r->lo, &lo, &hi)) {
	case GLUE_NONE:
		if (!glue_caps.tree) {
			defer_unseen(r);
			return true;
		}
		forget(idx);
		return true;
	case GLUE_MARKER:
		if (lo != r->lo || hi != r->hi)
			return fail("DEFERRED_EXACT", tag, r->lo, r->hi,
				    "[0x%lx-0x%lx] freed (%s), marker covers [0x%lx-0x%lx]",
				    r->lo, r->hi, how, lo, hi);
		count_range(r, -1);
		r->state = MS_DEFERRED;
		r->flags = 0;
		count_range(r, 1);
		run_stats_all.markers_created++;
		return true;
	default:
		/* Freed and handed out again by the same op (a flush, then
		 * the search that needed the space). */
		if (run.fresh_hi && lo == run.fresh_lo && hi == run.fresh_hi) {
			forget(idx);
			return true;
		}
		if (r->state == MS_CACHED && glue_caps.rcaches)
			note_lost_cached(idx);
		/* Without a walker, find_iova() is what still sees it. */
		return fail(glue_caps.tree ? "TREE_EQUALS_MODEL" : "FIND_FREE",
			    tag, r->lo, r->hi,
			    "[0x%lx-0x%lx] still in the tree after %s",
			    r->lo, r->hi, how);
	}
}

/* Is any of deferred range @r still covered by its marker? */
static bool marker_present(const struct model_range *r)
{
	unsigned long lo, hi;

	return glue_lookup(&run.iovad, r->lo, &lo, &hi) == GLUE_MARKER ||
	       glue_lookup(&run.iovad, r->hi, &lo, &hi) == GLUE_MARKER;
}

/* Is @r inside the domain's deferred window, i.e. still pending? */
static bool in_deferred_window(const struct model_range *r)
{
	unsigned long lo, hi;

	glue_deferred_window(&run.iovad, &lo, &hi);
	return lo <= r->lo && r->hi <= hi;
}

/*
 * Deferred ranges in [lo, hi] whose marker is gone were drained: the
 * space is free again.  Markers go only by draining, so this is the one
 * place the model learns of drains.  A marker gone while its range is
 * still inside the deferred window was not drained but overwritten: the
 * model keeps the range, and whatever took it is reported.
 */
void settle_deferred(unsigned long lo, unsigned long hi)
{
	unsigned int i;

	for (i = run.m.nr; run.nr_deferred && i-- > 0;) {
		const struct model_range *r = model_at(&run.m, i);

		if (r->state == MS_DEFERRED && !(r->flags & RF_UNSEEN) &&
		    r->lo <= hi && r->hi >= lo &&
		    !marker_present(r) && !in_deferred_window(r)) {
			forget(i);
			run_stats_all.markers_drained++;
		}
	}
}

/* The k-th gap between model ranges at or above start_pfn (and below
 * twice the 32-bit boundary); returns how many there are. */
static unsigned int nth_gap(unsigned int k, unsigned long *glo,
			    unsigned long *ghi)
{
	unsigned long lo = run.start_pfn, top = 2 * run.dma32 + 1024;
	unsigned int i, n = 0;

	for (i = 0; i <= run.m.nr; i++) {
		unsigned long next = i < run.m.nr ? model_at(&run.m, i)->lo : top;

		if (i < run.m.nr && model_at(&run.m, i)->hi < lo)
			continue;
		if (next > lo && n++ == k) {
			*glo = lo;
			*ghi = next - 1;
		}
		if (i < run.m.nr)
			lo = model_at(&run.m, i)->hi + 1;
	}
	return n;
}

/* A pfn no range covers: the off-th pfn of the k-th gap. */
unsigned long free_pfn(unsigned int k, unsigned int off)
{
	unsigned long lo = run.start_pfn, hi = run.start_pfn;
	unsigned int n = nth_gap(~0u, &lo, &hi);

	if (n)
		nth_gap(k % n, &lo, &hi);
	return lo + off % (hi - lo + 1);
}

/* Union [lo, hi] into the model's reservations. */
void model_reserve(unsigned long lo, unsigned long hi)
{
	int idx;

	/* reserve_in_contract() made sure only reservations overlap. */
	while ((idx = model_find_overlap(&run.m, lo, hi)) >= 0) {
		const struct model_range *r = model_at(&run.m, idx);

		lo = r->lo < lo ? r->lo : lo;
		hi = r->hi > hi ? r->hi : hi;
		count_range(r, -1);
		model_remove(&run.m, idx);
	}
	idx = model_insert(&run.m, lo, hi, MS_RESERVED, 0, run.nr_recs - 1);
	count_range(model_at(&run.m, idx), 1);
}

/* No tree walker: what find_iova() shows of a reservation that failed
 * part way is reserved (its ranges are short: every pfn is asked). */
bool reserved_partly(unsigned long lo, unsigned long hi)
{
	unsigned long pfn, elo, ehi;
	int idx;

	for (pfn = lo; pfn <= hi; pfn++) {
		if (glue_lookup(&run.iovad, pfn, &elo, &ehi) == GLUE_NONE)
			continue;
		idx = model_find(&run.m, pfn);
		if (idx < 0 || model_at(&run.m, idx)->state == MS_RESERVED)
			model_reserve(elo, ehi);
		pfn = ehi >= hi ? hi : ehi;
	}
	return true;
}
