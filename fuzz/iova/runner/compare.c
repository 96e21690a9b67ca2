// SPDX-License-Identifier: GPL-2.0-only
/*
 * The whole-domain comparison of the tree (or, without a tree walker,
 * what find_iova() shows) against the model; the magazines are caches.c's.
 * It runs at a bounded interval (runner.c); a finding here names its
 * defect.
 */
#include <stdlib.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

static void add_entry(void *arg, unsigned long lo, unsigned long hi,
		      bool marker)
{
	run.tree = grow(run.tree, &run.cap_tree, run.nr_tree, sizeof(*run.tree));
	run.tree[run.nr_tree++] = (struct tree_entry){ lo, hi, marker };
}

/* The tree's entries, in the order the walker gives them, into run.tree. */
void walk_tree(void)
{
	run.nr_tree = 0;
	glue_walk(&run.iovad, add_entry, NULL);
}

/* Can no request reach [a, b]?  Below start_pfn, or above every limit
 * the decoder can name: there the implementation may keep entries of its
 * own (a design may reserve [0, start_pfn) at init, or keep a sentinel
 * at the top), which the caller can never tell apart from free space. */
bool outside_window(unsigned long a, unsigned long b)
{
	return b < run.start_pfn || a > run.top_pfn;
}

/*
 * A tree entry that is no user range: every page of it must be reserved
 * by the user or outside the window (a user reservation may have merged
 * into the implementation's own entry).  Adds the reserved pages it
 * covers to *reserved.
 */
static bool check_unowned_entry(const struct tree_entry *e, int i,
				unsigned long *reserved)
{
	unsigned long cur = e->lo, covered = 0;
	bool done = false;

	for (; i >= 0 && i < (int)run.m.nr && model_at(&run.m, i)->lo <= e->hi;
	     i++) {
		const struct model_range *r = model_at(&run.m, i);

		if (r->state != MS_RESERVED)
			return fail("TREE_EQUALS_MODEL", "tree-range-differs",
				    e->lo, e->hi,
				    "tree has [0x%lx-0x%lx], the model %s [0x%lx-0x%lx]",
				    e->lo, e->hi, model_state_name(r->state),
				    r->lo, r->hi);
		if (r->lo > cur && !outside_window(cur, r->lo - 1))
			break;
		covered += (r->hi < e->hi ? r->hi : e->hi) -
			   (r->lo > e->lo ? r->lo : e->lo) + 1;
		done = r->hi >= e->hi;
		cur = done ? e->hi : r->hi + 1;
	}
	if (done || outside_window(cur, e->hi)) {
		*reserved += covered;
		return true;
	}
	if (!covered)
		return fail("TREE_EQUALS_MODEL", "tree-extra-entry", e->lo,
			    e->hi, "tree has [0x%lx-0x%lx], the model nothing",
			    e->lo, e->hi);
	return fail("TREE_EQUALS_MODEL", "tree-exceeds-reservation", e->lo,
		    e->hi,
		    "tree entry [0x%lx-0x%lx] has 0x%lx, which no reservation covers",
		    e->lo, e->hi, cur);
}

/*
 * model_find_overlap() for tree entries as walkers give them, in ascending
 * order: @i is the first model range reaching @lo, so it only moves up and
 * the whole comparison is one merge, O(n).  An entry out of order (a tree
 * the structure check could not vouch for) starts a binary search again.
 */
static int overlap_cursor(unsigned int *i, unsigned long lo, unsigned long hi)
{
	const struct model *m = &run.m;

	if (*i > 0 && *i <= m->nr && model_at(m, *i - 1)->hi >= lo) {
		unsigned int a = 0, b = *i;

		while (a < b) {
			unsigned int mid = a + (b - a) / 2;

			if (model_at(m, mid)->hi >= lo)
				b = mid;
			else
				a = mid + 1;
		}
		*i = a;
	}
	while (*i < m->nr && model_at(m, *i)->hi < lo)
		(*i)++;
	return *i < m->nr && model_at(m, *i)->lo <= hi ? (int)*i : -1;
}

/* One tree entry against the model: a user range exactly, a marker
 * exactly over a deferred range, or reserved and private space. */
static bool check_entry(const struct tree_entry *e, int idx,
			unsigned long *matched, unsigned long *reserved)
{
	const struct model_range *r = idx < 0 ? NULL : model_at(&run.m, idx);
	bool exact = r && r->lo == e->lo && r->hi == e->hi &&
		     r->state != MS_RESERVED;

	if (e->marker != (exact && r->state == MS_DEFERRED))
		return fail("TREE_EQUALS_MODEL", "tree-marker-mismatch",
			    e->lo, e->hi,
			    "tree has %s [0x%lx-0x%lx], the model %s",
			    e->marker ? "a marker" : "an iova", e->lo, e->hi,
			    r ? model_state_name(r->state) : "nothing");
	if (!exact)
		return check_unowned_entry(e, idx, reserved);
	(*matched)++;
	return true;
}

/*
 * No tree walker: the model against what find_iova() shows.  A live range
 * is found whole, a reservation is covered at both ends, a freed range is
 * not found (whatever the implementation still does with it).
 */
static bool check_tree_api(void)
{
	unsigned long lo = 0, hi = 0;
	unsigned int i;

	for (i = 0; i < run.m.nr; i++) {
		const struct model_range *r = model_at(&run.m, i);
		enum glue_kind k = glue_lookup(&run.iovad, r->lo, &lo, &hi);

		if (r->state == MS_LIVE && (k == GLUE_NONE || lo != r->lo ||
					    hi != r->hi)) {
			cause_probe_find(r->lo);
			return fail("FIND_FREE", "live-range-not-found", r->lo,
				    r->hi, "find_iova(0x%lx) misses live [0x%lx-0x%lx]",
				    r->lo, r->lo, r->hi);
		}
		if (r->state == MS_RESERVED &&
		    (k == GLUE_NONE ||
		     glue_lookup(&run.iovad, r->hi, &lo, &hi) == GLUE_NONE))
			return fail("TREE_EQUALS_MODEL", "reservation-not-honoured",
				    r->lo, r->hi,
				    "find_iova() misses reserved [0x%lx-0x%lx]",
				    r->lo, r->hi);
		if ((r->flags & RF_UNSEEN) && k != GLUE_NONE) {
			cause_probe_find(r->lo);
			return fail("FIND_FREE", "freed-range-found", r->lo,
				    r->hi, "find_iova(0x%lx) finds [0x%lx-0x%lx], which was freed",
				    r->lo, lo, hi);
		}
	}
	return check_handles();
}

bool check_tree(bool self_check)
{
	unsigned long matched = 0, reserved = 0;
	unsigned int cur = 0;
	const char *why = NULL;
	size_t i;

	if (!glue_caps.tree)
		return check_tree_api();
	/* The structure first: entries of a tree it cannot vouch for are
	 * not compared (the walk is in the same pass, and only reads). */
	run.nr_tree = 0;
	if (self_check)
		why = glue_self_check(&run.iovad);
	if (!why)
		why = glue_check_walk(&run.iovad, add_entry, NULL);
	if (why)
		return fail("TREE_EQUALS_MODEL", "tree-structure", 0, 0, "%s",
			    why);
	settle_deferred(0, ULONG_MAX);
	for (i = 0; i < run.nr_tree; i++) {
		const struct tree_entry *e = &run.tree[i];

		if (!check_entry(e, overlap_cursor(&cur, e->lo, e->hi),
				 &matched, &reserved))
			return false;
	}
	if (reserved != run.reserved_pages)
		return fail("TREE_EQUALS_MODEL", "reservation-not-honoured", 0, 0,
			    "tree reserves %lu pages, the model %lu", reserved,
			    run.reserved_pages);
	if (matched != (unsigned long)run.m.nr - run.nr_reserved) {
		for (i = 0; i < run.m.nr; i++) {
			const struct model_range *r = model_at(&run.m, i);

			if (r->state != MS_RESERVED && !find_iova(&run.iovad, r->lo))
				return fail("TREE_EQUALS_MODEL", "tree-missing-range",
					    r->lo, r->hi,
					    "model has %s [0x%lx-0x%lx], the tree does not",
					    model_state_name(r->state), r->lo, r->hi);
		}
		return fail("TREE_EQUALS_MODEL", "tree-missing-range", 0, 0,
			    "tree has %lu ranges, the model %lu", matched,
			    (unsigned long)run.m.nr - run.nr_reserved);
	}
	return check_handles();
}
