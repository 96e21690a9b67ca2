// SPDX-License-Identifier: GPL-2.0-only
/*
 * The magazines against the model, at the whole-domain check interval
 * (runner.c): every cached range is in exactly one magazine of a CPU the
 * model allows, and a range that left the caches (a flush, delayed work,
 * a CPU going offline) went back where the model says.  Without a
 * magazine walker, find_iova() is what still shows a cached range.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/cpumask.h>
#include <shim/shim.h>

#include "glue.h"
#include "run.h"

static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void cache_print_add(struct cache_print *p, unsigned long pfn,
		     unsigned long pages, int delta)
{
	uint64_t h1 = mix(pfn * 0x9e3779b97f4a7c15ULL + pages);
	uint64_t h2 = mix(h1 ^ (pages * 0xd6e8feb86659fd93ULL + pfn));

	if (delta > 0) {
		p->n++;
		p->h1 += h1;
		p->h2 += h2;
	} else {
		p->n--;
		p->h1 -= h1;
		p->h2 -= h2;
	}
}

static void add_cached(void *arg, unsigned int order, int cpu,
		       unsigned long pfn)
{
	cache_print_add(&run.walk_cached, pfn, 1UL << order, 1);
	if (cpu >= 0 && !cpu_online(cpu))
		run.offline_caches = true;
	run.cached = grow(run.cached, &run.cap_cached, run.nr_cached,
			 sizeof(*run.cached));
	run.cached[run.nr_cached++] = (struct cached_pfn){
		.pfn = pfn, .order = order, .cpu = cpu };
}

static int cmp_cached(const void *a, const void *b)
{
	const struct cached_pfn *x = a, *y = b;

	return x->pfn < y->pfn ? -1 : x->pfn > y->pfn;
}

/* @c against the model range @idx that holds its pfn (-1: none). */
static bool check_one_cached(const struct cached_pfn *c, int idx)
{
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
	if (r->flags & RF_SEEN)		/* only reached unsorted */
		return fail("TREE_EQUALS_MODEL", "magazine-duplicate", r->lo,
			    r->lo, "pfn 0x%lx cached twice", r->lo);
	r->cpu = c->cpu < 0 ? ~0u : (unsigned int)c->cpu;
	r->flags |= RF_SEEN;
	return true;
}

/*
 * The magazines' pfns in the order the walker gives them, without a word:
 * passing, that is the whole check, with no sort.  On a defect the marks
 * and cpus set so far are undone, for the sorted pass to report the
 * lowest defective pfn.
 */
static bool cached_pass_quietly(void)
{
	size_t i, n;
	bool ok = true;

	run.quiet = true;
	for (n = 0; ok && n < run.nr_cached; n++) {
		struct cached_pfn *c = &run.cached[n];

		c->idx = model_find(&run.m, c->pfn);
		c->old_cpu = c->idx < 0 ? 0 : model_at(&run.m, c->idx)->cpu;
		ok = check_one_cached(c, c->idx);
	}
	run.quiet = false;
	if (ok)
		return true;
	for (i = 0; i + 1 < n; i++) {
		struct model_range *r = model_at(&run.m, run.cached[i].idx);

		r->cpu = run.cached[i].old_cpu;
		r->flags &= ~RF_SEEN;
	}
	return false;
}

/*
 * The CPU of each cached range as a walk of the magazines that passed
 * unsorted saw it (the last walk, or with @previous the one before),
 * for the ranges the model had then: before a report shows the model,
 * and before a sorted pass that may stop half way.
 */
void settle_cached_cpus(bool previous)
{
	const struct cached_pfn *walk = previous ? run.cached_prev : run.cached;
	size_t i, n = previous ? run.nr_cached_prev : run.nr_cached;
	unsigned int at = previous ? run.synced_prev : run.synced_at;

	if (!run.cpus_stale)
		return;
	run.cpus_stale = false;
	for (i = 0; i < n; i++) {
		const struct cached_pfn *c = &walk[i];
		int idx = model_find(&run.m, c->pfn);
		struct model_range *r = idx < 0 ? NULL : model_at(&run.m, idx);

		if (r && r->state == MS_CACHED && r->lo == c->pfn &&
		    r->tag < at)
			r->cpu = c->cpu < 0 ? ~0u : (unsigned int)c->cpu;
	}
}

/*
 * Cached range @idx left the magazines but is still in the tree: where the
 * last walk before this op saw it (a CPU's magazines, or the depot: cpu
 * ~0u), for cause.c to name the flush of that place.
 */
void note_lost_cached(unsigned int idx)
{
	settle_cached_cpus(run.synced_at == run.nr_recs);
	run.lost_cpu = model_at(&run.m, idx)->cpu;
	run.lost_cached = true;
}

/* The last walk becomes the one before; a new one starts empty. */
static void new_walk(void)
{
	struct cached_pfn *t = run.cached_prev;
	size_t cap = run.cap_cached_prev;

	run.cached_prev = run.cached;
	run.cap_cached_prev = run.cap_cached;
	run.nr_cached_prev = run.nr_cached;
	run.synced_prev = run.synced_at;
	run.cached = t;
	run.cap_cached = cap;
	run.nr_cached = 0;
	run.walk_cached = (struct cache_print){ 0 };
	run.offline_caches = false;
}

/* Reconcile the model's cached ranges with the magazines: ranges that
 * left them went back to the tree's free space (flush, work, hotplug). */
static bool sync_caches_api(void);

bool sync_caches(void)
{
	size_t i;

	if (!glue_caps.rcaches)
		return sync_caches_api();
	new_walk();
	glue_walk_rcaches(&run.iovad, add_cached, NULL);
	run.synced_at = run.nr_recs;
	/* The magazines hold exactly the model's cached ranges, and no
	 * offline CPU caches: the whole check, with nothing to look up.
	 * Which CPU holds which range only shows in a report. */
	if (!run.offline_caches &&
	    !memcmp(&run.walk_cached, &run.model_cached,
		    sizeof(run.walk_cached))) {
		run.cpus_stale = true;
		return true;
	}
	settle_cached_cpus(true);
	if (!cached_pass_quietly()) {
		qsort(run.cached, run.nr_cached, sizeof(*run.cached),
		      cmp_cached);
		for (i = 0; i < run.nr_cached; i++) {
			const struct cached_pfn *c = &run.cached[i];

			if (i && c->pfn == c[-1].pfn)
				return fail("TREE_EQUALS_MODEL",
					    "magazine-duplicate", c->pfn,
					    c->pfn, "pfn 0x%lx cached twice",
					    c->pfn);
			if (!check_one_cached(c, model_find(&run.m, c->pfn)))
				return false;
		}
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
