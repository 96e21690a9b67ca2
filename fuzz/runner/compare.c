// SPDX-License-Identifier: GPL-2.0-only
/*
 * The whole-domain comparisons: the tree (or, without a tree walker,
 * what find_iova() shows) and the magazines against the model.  They run
 * at a bounded interval (runner.c); a finding here names its defect.
 */
#include <stdlib.h>

#include <linux/cpumask.h>
#include <shim/shim.h>

#include "glue.h"
#include "run.h"

/* ---- observing the kernel ---- */

static void add_cached(void *arg, unsigned int order, int cpu,
		       unsigned long pfn)
{
	run.cached = grow(run.cached, &run.cap_cached, run.nr_cached,
			 sizeof(*run.cached));
	run.cached[run.nr_cached++] = (struct cached_pfn){ pfn, order, cpu };
}

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

static int cmp_cached(const void *a, const void *b)
{
	const struct cached_pfn *x = a, *y = b;

	return x->pfn < y->pfn ? -1 : x->pfn > y->pfn;
}

static bool check_one_cached(const struct cached_pfn *c)
{
	int idx = model_find(&run.m, c->pfn);
	struct model_range *r;

	if (idx < 0)
		return fail("TREE_EQUALS_MODEL", "magazine-unknown-pfn", c->pfn, c->pfn,
			    "magazine (order %u, cpu %d) holds pfn 0x%lx that is not allocated (or survived a flush)",
			    c->order, c->cpu, c->pfn);
	r = model_at(&run.m, idx);
	if (r->lo != c->pfn)
		return fail("TREE_EQUALS_MODEL", "magazine-pfn-inside", r->lo, r->hi,
			    "magazine holds pfn 0x%lx inside [0x%lx-0x%lx]",
			    c->pfn, r->lo, r->hi);
	if (c->cpu >= 0 && !cpu_online(c->cpu))
		return fail("TREE_EQUALS_MODEL", "offline-cpu-caches", r->lo, r->hi,
			    "offline cpu %d still caches [0x%lx-0x%lx]",
			    c->cpu, r->lo, r->hi);
	if (r->state != MS_CACHED)
		return fail("TREE_EQUALS_MODEL", "magazine-holds-uncached", r->lo, r->hi,
			    "magazine holds [0x%lx-0x%lx], which is %s",
			    r->lo, r->hi, model_state_name(r->state));
	if (r->hi - r->lo + 1 != 1UL << c->order)
		return fail("TREE_EQUALS_MODEL", "magazine-wrong-order", r->lo, r->hi,
			    "range [0x%lx-0x%lx] cached in an order-%u magazine",
			    r->lo, r->hi, c->order);
	r->cpu = c->cpu < 0 ? ~0u : (unsigned int)c->cpu;
	r->flags |= RF_SEEN;
	return true;
}

/* Reconcile the model's cached ranges with the magazines: ranges that
 * left them went back to the tree's free space (flush, work, hotplug). */
static bool sync_caches_api(void);

bool sync_caches(void)
{
	size_t i;

	if (!glue_caps.rcaches)
		return sync_caches_api();
	run.nr_cached = 0;
	glue_walk_rcaches(&run.iovad, add_cached, NULL);
	if (run.nr_cached)
		qsort(run.cached, run.nr_cached, sizeof(*run.cached), cmp_cached);
	for (i = 0; i < run.nr_cached; i++) {
		if (i && run.cached[i].pfn == run.cached[i - 1].pfn)
			return fail("TREE_EQUALS_MODEL", "magazine-duplicate", run.cached[i].pfn,
				    run.cached[i].pfn, "pfn 0x%lx cached twice",
				    run.cached[i].pfn);
		if (!check_one_cached(&run.cached[i]))
			return false;
	}
	for (i = run.m.nr; i-- > 0;) {
		struct model_range *r = model_at(&run.m, i);

		if (r->state != MS_CACHED)
			continue;
		if (r->flags & RF_SEEN)
			r->flags &= ~RF_SEEN;
		else if (!removed(i, "leaving a magazine", "left-magazine"))
			return false;
	}
	return true;
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
static bool check_unowned_entry(const struct tree_entry *e,
				unsigned long *reserved)
{
	int i = model_find_overlap(&run.m, e->lo, e->hi);
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

/* One tree entry against the model: a user range exactly, a marker
 * exactly over a deferred range, or reserved and private space. */
static bool check_entry(const struct tree_entry *e, unsigned long *matched,
			unsigned long *reserved)
{
	int idx = model_find_overlap(&run.m, e->lo, e->hi);
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
		return check_unowned_entry(e, reserved);
	(*matched)++;
	return true;
}

/*
 * No magazine walker: a cached range is one find_iova() still shows after
 * free_iova_fast(); once it does not, it has left the caches.
 */
static bool sync_caches_api(void)
{
	unsigned long lo, hi;
	unsigned int i;

	for (i = run.m.nr; i-- > 0;) {
		const struct model_range *r = model_at(&run.m, i);

		if (r->state != MS_CACHED)
			continue;
		switch (glue_lookup(&run.iovad, r->lo, &lo, &hi)) {
		case GLUE_NONE:
			if (!removed(i, "leaving a magazine", "left-magazine"))
				return false;
			break;
		default:
			if (lo != r->lo || hi != r->hi)
				return fail("FIND_FREE", "cached-range-changed",
					    r->lo, r->hi,
					    "find_iova(0x%lx) of cached [0x%lx-0x%lx] = [0x%lx-0x%lx]",
					    r->lo, r->lo, r->hi, lo, hi);
		}
	}
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
					    hi != r->hi))
			return fail("FIND_FREE", "live-range-not-found", r->lo,
				    r->hi, "find_iova(0x%lx) misses live [0x%lx-0x%lx]",
				    r->lo, r->lo, r->hi);
		if (r->state == MS_RESERVED &&
		    (k == GLUE_NONE ||
		     glue_lookup(&run.iovad, r->hi, &lo, &hi) == GLUE_NONE))
			return fail("TREE_EQUALS_MODEL", "reservation-not-honoured",
				    r->lo, r->hi,
				    "find_iova() misses reserved [0x%lx-0x%lx]",
				    r->lo, r->hi);
		if ((r->flags & RF_UNSEEN) && k != GLUE_NONE)
			return fail("FIND_FREE", "freed-range-found", r->lo,
				    r->hi, "find_iova(0x%lx) finds [0x%lx-0x%lx], which was freed",
				    r->lo, lo, hi);
	}
	return check_handles();
}

bool check_tree(void)
{
	unsigned long matched = 0, reserved = 0;
	const char *why;
	size_t i;

	if (!glue_caps.tree)
		return check_tree_api();
	why = glue_check_structure(&run.iovad);
	if (why)
		return fail("TREE_EQUALS_MODEL", "tree-structure", 0, 0, "%s",
			    why);
	settle_deferred(0, ULONG_MAX);
	walk_tree();
	for (i = 0; i < run.nr_tree; i++)
		if (!check_entry(&run.tree[i], &matched, &reserved))
			return false;
	if (reserved != model_pages(&run.m, MS_RESERVED))
		return fail("TREE_EQUALS_MODEL", "reservation-not-honoured", 0, 0,
			    "tree reserves %lu pages, the model %lu", reserved,
			    model_pages(&run.m, MS_RESERVED));
	if (matched != run.m.nr - model_count(&run.m, MS_RESERVED)) {
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
			    run.m.nr - model_count(&run.m, MS_RESERVED));
	}
	return check_handles();
}
