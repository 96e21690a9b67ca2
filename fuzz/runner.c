// SPDX-License-Identifier: GPL-2.0-only
/*
 * One program, two implementations: the kernel's allocator (through the
 * glue) and the reference model (model/), op by op.  After every op the
 * invariants below are checked; the first violation stops the run with a
 * report naming it.
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
 *   NO_LEAK            nothing the shim handed out survives the domain
 *   WARN               kernel code warned
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

#include <linux/iova.h>
#include <linux/smp.h>
#include <shim/shim.h>

#include "glue.h"
#include "model.h"
#include "program.h"
#include "runner.h"

#define RF_FAST		1u	/* model range came from alloc_iova_fast */
#define RF_SEEN		2u	/* found in a magazine during this sync */
/* A freed range no walker can see: the implementation may still hold it
 * (a deferred free of any shape) until a drain with no allocation failing,
 * or until it hands the space out again. */
#define RF_UNSEEN	4u

/* Delayed work re-queueing itself with nothing done, this often in a
 * row, is stuck (DEFERRED_PROGRESS). */
#define WORK_STALL_MAX	16

struct op_rec {
	enum op_kind kind;
	unsigned long arg[3];	/* meaning per kind, see trace_op() */
	unsigned long lo, hi;	/* result range, if any */
	int ret;		/* 0 ok, -1 failed / NULL, 1 skipped,
				 * 2 find_iova() non-NULL, not read */
	unsigned long injected;
	bool retry;
};

struct cached_pfn {
	unsigned long pfn;
	unsigned int order;
	int cpu;
};

struct tree_entry {
	unsigned long lo, hi;
	bool marker;
};

/* A struct iova reserve_iova() returned, and the range it was asked for. */
struct held {
	const struct iova *iova;
	unsigned long lo, hi;
};

static struct {
	struct program prog;
	const struct run_opts *opts;
	FILE *out;
	struct iova_domain iovad;
	struct model m;
	unsigned long start_pfn, dma32;	/* dma32: first pfn above 4 GiB */
	unsigned long hint;		/* model of max32_alloc_size */
	bool fast_used;
	unsigned int pending_inject;	/* for the next op: 1 nonsleeping, 2 class */
	unsigned int pending_mask;
	bool full_check;		/* compare everything after this op */
	unsigned long fresh_lo, fresh_hi; /* range the current op allocated */
	unsigned int nr_deferred;	/* model ranges in MS_DEFERRED */
	int last_injected;		/* last op with an injected failure */
	/* Size of the genuine failure (no fit) in each op, 0 if none, and
	 * the op after which 32-bit space was last surely returned. */
	unsigned long genuine[2 * PROG_MAX_EXEC];
	unsigned int returned_at;
	bool domain_up;			/* between init and put */
	struct op_rec recs[2 * PROG_MAX_EXEC];
	unsigned int nr_recs;
	struct cached_pfn *cached;
	size_t nr_cached, cap_cached;
	struct tree_entry *tree;
	size_t nr_tree, cap_tree;
	struct held *held;		/* reservations the caller holds */
	size_t nr_held, cap_held;
	unsigned long top_pfn;		/* above every limit an op can name */
	const char *inv;		/* first violated invariant */
	char where[128];		/* the rest of its signature */
	bool checking;			/* inside the periodic full check */
	char detail[512];
	unsigned long at_lo, at_hi;
} st;

static struct run_stats totals;

const struct run_stats *run_totals(void)
{
	return &totals;
}

void run_describe(FILE *f)
{
	fprintf(f, "iovafuzz: tree %s (%s): ", glue_kernel_version, glue_flavour);
	if (*glue_caps.off)
		fprintf(f, "API-level checks where walkers are off: %s\n",
			glue_caps.off);
	else
		fprintf(f, "every check on (tree%s%s walked)\n",
			glue_caps.rcaches ? ", magazines" : "",
			glue_caps.markers ? ", deferred frees" : "");
}

/* ---- findings ---- */

static void op_where(char *buf, size_t len);

/*
 * A finding's signature is its invariant plus where it was seen: @tag
 * names a defect the whole-domain checks found (stable whichever op
 * happened to come before the check), NULL means the op that ran, with
 * the flags that change its path (see op_where()).
 */
static __attribute__((format(printf, 5, 6)))
bool fail(const char *inv, const char *tag, unsigned long lo,
	  unsigned long hi, const char *fmt, ...)
{
	va_list ap;

	if (st.inv)
		return false;
	st.inv = inv;
	if (tag)
		snprintf(st.where, sizeof(st.where), "%s", tag);
	else if (st.checking)
		snprintf(st.where, sizeof(st.where), "check");
	else
		op_where(st.where, sizeof(st.where));
	st.at_lo = lo;
	st.at_hi = hi;
	va_start(ap, fmt);
	vsnprintf(st.detail, sizeof(st.detail), fmt, ap);
	va_end(ap);
	return false;
}

/* Room for one more element of @size bytes in a growable array. */
static void *grow(void *arr, size_t *cap, size_t nr, size_t size)
{
	if (nr < *cap)
		return arr;
	*cap = *cap ? 2 * *cap : 256;
	arr = realloc(arr, *cap * size);
	if (!arr)
		abort();
	return arr;
}

/* ---- recording the kernel calls, for the benchmark ---- */

static void raw(enum raw_kind kind, unsigned long a0, unsigned long a1,
		unsigned long a2)
{
	struct raw_stream *rs = st.opts->record;

	if (!rs)
		return;
	rs->calls = grow(rs->calls, &rs->cap, rs->nr, sizeof(*rs->calls));
	rs->calls[rs->nr++] = (struct raw_call){ kind, { a0, a1, a2 } };
}

/* ---- small helpers ---- */

static unsigned int ceil_log2(unsigned long x)
{
	unsigned int s = 0;

	while ((1UL << s) < x)
		s++;
	return s;
}

static bool is_32bit(unsigned long limit)
{
	return limit < st.dma32;
}

static bool range_matches(unsigned int i, int state, unsigned int flags)
{
	const struct model_range *r = model_at(&st.m, i);

	return (state < 0 || r->state == (enum model_state)state) &&
	       (r->flags & flags) == flags;
}

/* A range picked by an op's byte: the first one in @state with @flags at
 * or after index k (mod the count), wrapping; -1 if there is none. */
static int nth_in_state(unsigned int k, int state, unsigned int flags)
{
	unsigned int n = st.m.nr, i;

	for (i = 0; i < n; i++)
		if (range_matches((k + i) % n, state, flags))
			return (k + i) % n;
	return -1;
}

static void forget(unsigned int idx)
{
	if (model_at(&st.m, idx)->state == MS_DEFERRED)
		st.nr_deferred--;
	if (model_at(&st.m, idx)->lo < st.dma32)
		st.hint = st.dma32;	/* any removal below 4 GiB resets it */
	model_remove(&st.m, idx);
}

/* Freed, and find_iova() no longer sees it; without a walker the harness
 * cannot tell whether the implementation still holds it. */
static void defer_unseen(struct model_range *r)
{
	r->state = MS_DEFERRED;
	r->flags = RF_UNSEEN;
	r->tag = st.nr_recs - 1;	/* the op that freed it */
	r->handle = NULL;
	st.nr_deferred++;
}

/*
 * An unseen deferred free is done (a drain settled it, or its space was
 * handed out again).  Its space came back at some point since its free,
 * unseen: the 32-bit hint may rest on no failure from before the op that
 * freed it, and on any since (the least the implementation may assume).
 */
static void forget_unseen(unsigned int idx)
{
	const struct model_range *r = model_at(&st.m, idx);
	unsigned int op;

	if (r->lo < st.dma32 && r->tag > st.returned_at) {
		st.returned_at = r->tag;
		st.hint = st.dma32;
		/* The op that freed it may have failed after freeing. */
		for (op = st.returned_at; op < st.nr_recs; op++)
			if (st.genuine[op] && st.genuine[op] < st.hint)
				st.hint = st.genuine[op];
	}
	st.nr_deferred--;
	model_remove(&st.m, idx);
}

/* A drain with no allocation failing: every deferred free is done. */
static void settle_unseen(void)
{
	unsigned int i;

	for (i = st.m.nr; st.nr_deferred && i-- > 0;)
		if (model_at(&st.m, i)->flags & RF_UNSEEN)
			forget_unseen(i);
}

/*
 * A range left its user or a magazine: it is gone from the index or, on
 * a maple-tree domain whose erase needed memory it could not get,
 * replaced by a deferred marker covering exactly it.
 */
static bool removed(unsigned int idx, const char *how, const char *tag)
{
	struct model_range *r = model_at(&st.m, idx);
	unsigned long lo = 0, hi = 0;

	switch (glue_lookup(&st.iovad, r->lo, &lo, &hi)) {
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
		r->state = MS_DEFERRED;
		r->flags = 0;
		st.nr_deferred++;
		totals.markers_created++;
		return true;
	default:
		/* Freed and handed out again by the same op (a flush, then
		 * the search that needed the space). */
		if (st.fresh_hi && lo == st.fresh_lo && hi == st.fresh_hi) {
			forget(idx);
			return true;
		}
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

	return glue_lookup(&st.iovad, r->lo, &lo, &hi) == GLUE_MARKER ||
	       glue_lookup(&st.iovad, r->hi, &lo, &hi) == GLUE_MARKER;
}

/* Is @r inside the domain's deferred window, i.e. still pending? */
static bool in_deferred_window(const struct model_range *r)
{
	unsigned long lo, hi;

	glue_deferred_window(&st.iovad, &lo, &hi);
	return lo <= r->lo && r->hi <= hi;
}

/*
 * Deferred ranges in [lo, hi] whose marker is gone were drained: the
 * space is free again.  Markers go only by draining, so this is the one
 * place the model learns of drains.  A marker gone while its range is
 * still inside the deferred window was not drained but overwritten: the
 * model keeps the range, and whatever took it is reported.
 */
static void settle_deferred(unsigned long lo, unsigned long hi)
{
	unsigned int i;

	for (i = st.m.nr; st.nr_deferred && i-- > 0;) {
		const struct model_range *r = model_at(&st.m, i);

		if (r->state == MS_DEFERRED && !(r->flags & RF_UNSEEN) &&
		    r->lo <= hi && r->hi >= lo &&
		    !marker_present(r) && !in_deferred_window(r)) {
			forget(i);
			totals.markers_drained++;
		}
	}
}

/* The k-th gap between model ranges at or above start_pfn (and below
 * twice the 32-bit boundary); returns how many there are. */
static unsigned int nth_gap(unsigned int k, unsigned long *glo,
			    unsigned long *ghi)
{
	unsigned long lo = st.start_pfn, top = 2 * st.dma32 + 1024;
	unsigned int i, n = 0;

	for (i = 0; i <= st.m.nr; i++) {
		unsigned long next = i < st.m.nr ? model_at(&st.m, i)->lo : top;

		if (i < st.m.nr && model_at(&st.m, i)->hi < lo)
			continue;
		if (next > lo && n++ == k) {
			*glo = lo;
			*ghi = next - 1;
		}
		if (i < st.m.nr)
			lo = model_at(&st.m, i)->hi + 1;
	}
	return n;
}

/* A pfn no range covers: the off-th pfn of the k-th gap. */
static unsigned long free_pfn(unsigned int k, unsigned int off)
{
	unsigned long lo = st.start_pfn, hi = st.start_pfn;
	unsigned int n = nth_gap(~0u, &lo, &hi);

	if (n)
		nth_gap(k % n, &lo, &hi);
	return lo + off % (hi - lo + 1);
}

static struct op_rec *rec_new(enum op_kind kind, unsigned long a0,
			      unsigned long a1, unsigned long a2)
{
	struct op_rec *r = &st.recs[st.nr_recs++];

	*r = (struct op_rec){ .kind = kind, .arg = { a0, a1, a2 } };
	return r;
}

/* ---- observing the kernel ---- */

static void add_cached(void *arg, unsigned int order, int cpu,
		       unsigned long pfn)
{
	st.cached = grow(st.cached, &st.cap_cached, st.nr_cached,
			 sizeof(*st.cached));
	st.cached[st.nr_cached++] = (struct cached_pfn){ pfn, order, cpu };
}

static void add_entry(void *arg, unsigned long lo, unsigned long hi,
		      bool marker)
{
	st.tree = grow(st.tree, &st.cap_tree, st.nr_tree, sizeof(*st.tree));
	st.tree[st.nr_tree++] = (struct tree_entry){ lo, hi, marker };
}

static int cmp_cached(const void *a, const void *b)
{
	const struct cached_pfn *x = a, *y = b;

	return x->pfn < y->pfn ? -1 : x->pfn > y->pfn;
}

static bool check_one_cached(const struct cached_pfn *c)
{
	int idx = model_find(&st.m, c->pfn);
	struct model_range *r;

	if (idx < 0)
		return fail("TREE_EQUALS_MODEL", "magazine-unknown-pfn", c->pfn, c->pfn,
			    "magazine (order %u, cpu %d) holds pfn 0x%lx that is not allocated (or survived a flush)",
			    c->order, c->cpu, c->pfn);
	r = model_at(&st.m, idx);
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

static bool sync_caches(void)
{
	size_t i;

	if (!glue_caps.rcaches)
		return sync_caches_api();
	st.nr_cached = 0;
	glue_walk_rcaches(&st.iovad, add_cached, NULL);
	if (st.nr_cached)
		qsort(st.cached, st.nr_cached, sizeof(*st.cached), cmp_cached);
	for (i = 0; i < st.nr_cached; i++) {
		if (i && st.cached[i].pfn == st.cached[i - 1].pfn)
			return fail("TREE_EQUALS_MODEL", "magazine-duplicate", st.cached[i].pfn,
				    st.cached[i].pfn, "pfn 0x%lx cached twice",
				    st.cached[i].pfn);
		if (!check_one_cached(&st.cached[i]))
			return false;
	}
	for (i = st.m.nr; i-- > 0;) {
		struct model_range *r = model_at(&st.m, i);

		if (r->state != MS_CACHED)
			continue;
		if (r->flags & RF_SEEN)
			r->flags &= ~RF_SEEN;
		else if (!removed(i, "leaving a magazine", "left-magazine"))
			return false;
	}
	return true;
}

static bool check_handles(void);

/* Can no request reach [a, b]?  Below start_pfn, or above every limit
 * the decoder can name: there the implementation may keep entries of its
 * own (a design may reserve [0, start_pfn) at init, or keep a sentinel
 * at the top), which the caller can never tell apart from free space. */
static bool outside_window(unsigned long a, unsigned long b)
{
	return b < st.start_pfn || a > st.top_pfn;
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
	int i = model_find_overlap(&st.m, e->lo, e->hi);
	unsigned long cur = e->lo, covered = 0;
	bool done = false;

	for (; i >= 0 && i < (int)st.m.nr && model_at(&st.m, i)->lo <= e->hi;
	     i++) {
		const struct model_range *r = model_at(&st.m, i);

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
	int idx = model_find_overlap(&st.m, e->lo, e->hi);
	const struct model_range *r = idx < 0 ? NULL : model_at(&st.m, idx);
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

	for (i = st.m.nr; i-- > 0;) {
		const struct model_range *r = model_at(&st.m, i);

		if (r->state != MS_CACHED)
			continue;
		switch (glue_lookup(&st.iovad, r->lo, &lo, &hi)) {
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

	for (i = 0; i < st.m.nr; i++) {
		const struct model_range *r = model_at(&st.m, i);
		enum glue_kind k = glue_lookup(&st.iovad, r->lo, &lo, &hi);

		if (r->state == MS_LIVE && (k == GLUE_NONE || lo != r->lo ||
					    hi != r->hi))
			return fail("FIND_FREE", "live-range-not-found", r->lo,
				    r->hi, "find_iova(0x%lx) misses live [0x%lx-0x%lx]",
				    r->lo, r->lo, r->hi);
		if (r->state == MS_RESERVED &&
		    (k == GLUE_NONE ||
		     glue_lookup(&st.iovad, r->hi, &lo, &hi) == GLUE_NONE))
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

static bool check_tree(void)
{
	unsigned long matched = 0, reserved = 0;
	const char *why;
	size_t i;

	if (!glue_caps.tree)
		return check_tree_api();
	why = glue_check_structure(&st.iovad);
	if (why)
		return fail("TREE_EQUALS_MODEL", "tree-structure", 0, 0, "%s",
			    why);
	settle_deferred(0, ULONG_MAX);
	st.nr_tree = 0;
	glue_walk(&st.iovad, add_entry, NULL);
	for (i = 0; i < st.nr_tree; i++)
		if (!check_entry(&st.tree[i], &matched, &reserved))
			return false;
	if (reserved != model_pages(&st.m, MS_RESERVED))
		return fail("TREE_EQUALS_MODEL", "reservation-not-honoured", 0, 0,
			    "tree reserves %lu pages, the model %lu", reserved,
			    model_pages(&st.m, MS_RESERVED));
	if (matched != st.m.nr - model_count(&st.m, MS_RESERVED)) {
		for (i = 0; i < st.m.nr; i++) {
			const struct model_range *r = model_at(&st.m, i);

			if (r->state != MS_RESERVED && !find_iova(&st.iovad, r->lo))
				return fail("TREE_EQUALS_MODEL", "tree-missing-range",
					    r->lo, r->hi,
					    "model has %s [0x%lx-0x%lx], the tree does not",
					    model_state_name(r->state), r->lo, r->hi);
		}
		return fail("TREE_EQUALS_MODEL", "tree-missing-range", 0, 0,
			    "tree has %lu ranges, the model %lu", matched,
			    st.m.nr - model_count(&st.m, MS_RESERVED));
	}
	return check_handles();
}

/*
 * Every struct iova the API returned is read back while the caller holds
 * it (ASan reports one the allocator freed behind the caller's back): an
 * allocation still holds exactly its range; a reservation a range that
 * overlaps what was asked and lies in reserved or private space (6.12
 * returns the piece it inserted last, not the whole union).
 */
static bool check_handles(void)
{
	unsigned int i;
	size_t k;

	for (i = 0; i < st.m.nr; i++) {
		const struct model_range *r = model_at(&st.m, i);
		const struct iova *h = r->handle;

		if (r->state != MS_LIVE || !h)
			continue;
		if (h->pfn_lo != r->lo || h->pfn_hi != r->hi)
			return fail("IOVA_HANDLE", r->flags & RF_FAST ?
				    "find_iova" : "alloc_iova", r->lo, r->hi,
				    "the struct iova returned for [0x%lx-0x%lx] now holds [0x%lx-0x%lx]",
				    r->lo, r->hi, h->pfn_lo, h->pfn_hi);
	}
	for (k = 0; k < st.nr_held; k++) {
		const struct held *c = &st.held[k];
		unsigned long lo = c->iova->pfn_lo, hi = c->iova->pfn_hi;
		int idx = model_find(&st.m, c->lo);
		const struct model_range *r = idx < 0 ? NULL : model_at(&st.m, idx);

		if (!r || lo > hi || lo > c->hi || hi < c->lo ||
		    (lo < r->lo && !outside_window(lo, r->lo - 1)) ||
		    (hi > r->hi && !outside_window(r->hi + 1, hi)))
			return fail("IOVA_HANDLE", "reserve_iova", c->lo, c->hi,
				    "the struct iova reserve_iova(0x%lx, 0x%lx) returned holds [0x%lx-0x%lx]",
				    c->lo, c->hi, lo, hi);
	}
	return true;
}

static void hold(const struct iova *iova, unsigned long lo, unsigned long hi)
{
	st.held = grow(st.held, &st.cap_held, st.nr_held, sizeof(*st.held));
	st.held[st.nr_held++] = (struct held){ iova, lo, hi };
}

static bool check_findings(void)
{
	const struct shim_finding *f = shim_first_finding();
	bool maple = f && !strcmp(f->kind, "MAPLE_CHECK");
	char tag[96];

	if (!f)
		return true;
	if (!strcmp(f->kind, "WARN"))
		snprintf(tag, sizeof(tag), "%s", f->func);
	else
		snprintf(tag, sizeof(tag), "%s %s", maple ? "maple_check" :
			 f->kind, f->func);
	return fail(maple ? "TREE_EQUALS_MODEL" : "WARN", tag, 0, 0,
		    "%s at %s:%d %s(): %s", f->kind, f->file, f->line,
		    f->func, f->what);
}

/* ---- allocation ops ---- */

/*
 * The allocator's contract for a failed search: it may fail when nothing
 * fits; and, for a 32-bit limit, when a genuine failure (nothing fitted
 * where that search looked, which for any limit includes 32-bit space) of
 * this size or smaller was seen since 32-bit space was last returned (a
 * free or a drained marker below 4 GiB: forget()).  That is all
 * max32_alloc_size may assume: a design that sets it less often, or only
 * lowers it, is at least as precise and passes.
 */
static bool may_fail(unsigned long size, unsigned long limit, bool fit)
{
	if (!fit) {
		if (!st.genuine[st.nr_recs - 1] ||
		    size < st.genuine[st.nr_recs - 1])
			st.genuine[st.nr_recs - 1] = size;
		if (size < st.hint)
			st.hint = size;
		return true;
	}
	return is_32bit(limit) && size >= st.hint;
}

static unsigned long pick_limit(uint8_t b, uint8_t c)
{
	unsigned int shift = st.prog.dom.granule_shift;
	unsigned long d = (c >> 1) & 7;
	int idx = nth_in_state(b >> 3, -1, 0);
	const struct model_range *r = idx < 0 ? NULL : model_at(&st.m, idx);

	switch (b & 7) {
	case 1:
		return st.start_pfn + (b >> 3) * 4 + 3;
	case 2:
		return st.dma32 - 1 - (b >> 3) * 8;
	case 3:
		return (1UL << (33 - shift + (b >> 3) % 24)) - 1;
	case 4:
		return r ? r->hi : st.dma32 - 1;
	case 5:
		return !r ? st.dma32 - 1 : r->lo > d + 1 ? r->lo - 1 - d : 0;
	case 6:
		return st.dma32 + (b >> 3);
	case 7:
		return r ? r->hi + 1 + d : st.dma32 - 1;
	default:
		return st.dma32 - 1;
	}
}

static bool check_new_range(unsigned long lo, unsigned long hi,
			    unsigned long size, unsigned long limit,
			    unsigned int align_shift)
{
	int idx;

	if (lo > hi || lo < st.start_pfn || hi > limit)
		return fail("BOUNDS", NULL, lo, hi,
			    "[0x%lx-0x%lx] outside [start_pfn 0x%lx, limit 0x%lx]",
			    lo, hi, st.start_pfn, limit);
	if (hi - lo + 1 != size)
		return fail("SIZE", NULL, lo, hi, "[0x%lx-0x%lx] for a request of %lu pages",
			    lo, hi, size);
	if (lo & ((1UL << align_shift) - 1))
		return fail("ALIGN", NULL, lo, hi, "[0x%lx-0x%lx] not aligned to %lu pages",
			    lo, hi, 1UL << align_shift);
	settle_deferred(lo, hi);
	/* Handed out again: the implementation had released it. */
	while ((idx = model_find_overlap(&st.m, lo, hi)) >= 0 &&
	       (model_at(&st.m, idx)->flags & RF_UNSEEN))
		forget_unseen(idx);
	if (idx >= 0 && model_at(&st.m, idx)->state == MS_DEFERRED)
		return fail("DEFERRED_RESERVED", NULL, lo, hi,
			    "[0x%lx-0x%lx] overlaps undrained marker [0x%lx-0x%lx]",
			    lo, hi, model_at(&st.m, idx)->lo,
			    model_at(&st.m, idx)->hi);
	if (idx >= 0)
		return fail("NO_OVERLAP", NULL, lo, hi,
			    "[0x%lx-0x%lx] overlaps %s [0x%lx-0x%lx]", lo, hi,
			    model_state_name(model_at(&st.m, idx)->state),
			    model_at(&st.m, idx)->lo, model_at(&st.m, idx)->hi);
	return true;
}

/*
 * Was a failed search allowed to fail?  An injected failure excuses it,
 * but the kernel may or may not have reached the search, so the model
 * takes the more lenient hint.
 */
static bool attempt_may_fail(unsigned long size, unsigned long limit,
			     bool fit, bool injected)
{
	if (!injected || !fit)
		return may_fail(size, limit, fit);
	return true;
}

static bool run_alloc(const struct prog_op *op, bool fast, bool retry);

/* A flushing alloc_iova_fast() whose first search failed empties every
 * CPU's magazines and the depot before searching again: the contract. */
static bool model_flush_cached(void)
{
	unsigned int i;

	for (i = st.m.nr; i-- > 0;)
		if (model_at(&st.m, i)->state == MS_CACHED &&
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

	if (st.last_injected < 0)
		return "";
	snprintf(note, sizeof(note), "; last injected failure in op #%d",
		 st.last_injected);
	return note;
}

static bool complete_failed(const struct prog_op *op, bool fast,
			    const struct op_rec *rec, unsigned long size,
			    unsigned long limit, unsigned int shift,
			    unsigned long lo)
{
	if (rec->injected) {
		/* In a pressure window, failing is what the caller sees. */
		if (!model_highest_fit(&st.m, size, limit, shift, &lo) ||
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

static bool run_alloc(const struct prog_op *op, bool fast, bool retry)
{
	unsigned long size = prog_size(op->a), limit = pick_limit(op->b, op->c);
	bool flag = op->c & 1, pre_fit, ok, searched_and_failed;
	unsigned long freed, iova_failed;
	unsigned long eff = size, lo = 0, hi = 0, fit_lo;
	struct iova *iova = NULL;
	unsigned int shift;
	struct op_rec *rec;
	int idx;

	if (fast && !st.prog.dom.rcaches)
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
	rec->injected = shim_op_stats()->injected;	/* before the call */
	freed = shim_op_stats()->freed[SHIM_CLASS_IOVA];
	iova_failed = shim_op_stats()->by_class[SHIM_CLASS_IOVA];
	if (fast) {
		st.fast_used = true;
		raw(RAW_ALLOC_FAST, size, limit, flag);
		lo = alloc_iova_fast(&st.iovad, size, limit, flag);
		iova = lo ? find_iova(&st.iovad, lo) : NULL;
		if (lo && !iova)
			return rec->lo = rec->hi = lo, fail("FIND_FREE", NULL, lo, lo,
				    "find_iova(0x%lx) misses the range alloc_iova_fast() returned",
				    lo);
		hi = iova ? iova->pfn_hi : 0;
		ok = lo != 0;
	} else {
		raw(RAW_ALLOC, size, limit, flag);
		iova = alloc_iova(&st.iovad, size, limit, flag);
		lo = iova ? iova->pfn_lo : 0;
		hi = iova ? iova->pfn_hi : 0;
		ok = iova != NULL;
	}
	rec->injected = shim_op_stats()->injected - rec->injected;
	/* alloc_iova() failed inside the call if it could not get its
	 * struct iova, or freed it again: its search or its store failed
	 * (then a flush may have freed more).  Other injected failures
	 * may have been retried inside the tree. */
	searched_and_failed =
		shim_op_stats()->freed[SHIM_CLASS_IOVA] != freed ||
		shim_op_stats()->by_class[SHIM_CLASS_IOVA] != iova_failed;
	rec->lo = lo;
	rec->hi = hi;
	rec->ret = ok ? 0 : -1;
	/* Markers drained by this call went before its search, and so did
	 * their reset of the 32-bit hint. */
	settle_deferred(0, ULONG_MAX);
	if (rec->ret) {
		/* The model is still the state before the call, which the
		 * first search saw (a flush comes after it). */
		pre_fit = model_highest_fit(&st.m, eff, limit, shift, &fit_lo);
		ok = attempt_may_fail(eff, limit, pre_fit, rec->injected);
		if (fast && flag) {
			if (!model_flush_cached())
				return false;
			if (ok)
				ok = attempt_may_fail(eff, limit,
					model_highest_fit(&st.m, eff, limit,
							  shift, &fit_lo),
					rec->injected);
			if (ok && !sync_caches())	/* all empty now */
				return false;
		}
		if (ok && !rec->injected)
			return true;
		return complete_failed(op, fast, rec, eff, limit, shift,
				       fit_lo);
	}
	idx = model_find(&st.m, lo);
	if (fast && !searched_and_failed && idx >= 0 &&
	    model_at(&st.m, idx)->state == MS_CACHED && model_at(&st.m, idx)->lo == lo &&
	    model_at(&st.m, idx)->hi == hi) {
		model_remove(&st.m, idx);	/* reused from a magazine */
	} else if (fast && flag && searched_and_failed) {
		/* The first search failed, the caches were flushed, the
		 * second search succeeded: was the first allowed to fail? */
		pre_fit = model_highest_fit(&st.m, eff, limit, shift, &fit_lo);
		if (!attempt_may_fail(eff, limit, pre_fit, rec->injected))
			return fail("COMPLETE", NULL, fit_lo, fit_lo + eff - 1,
				    "alloc_iova_fast(size=%lu, limit=0x%lx) had to flush the caches although [0x%lx-0x%lx] was free",
				    size, limit, fit_lo, fit_lo + eff - 1);
		st.fresh_lo = lo;
		st.fresh_hi = hi;
		ok = model_flush_cached() && sync_caches();
		st.fresh_lo = st.fresh_hi = 0;
		if (!ok)
			return false;
	}
	/* No magazine walker to say how this design rounds: either size. */
	if (fast && !glue_caps.rcaches && hi - lo + 1 == size)
		eff = size;
	if (!check_new_range(lo, hi, eff, limit, shift))
		return false;
	idx = model_insert(&st.m, lo, hi, MS_LIVE, size, st.nr_recs - 1);
	model_at(&st.m, idx)->flags = fast ? RF_FAST : 0;
	model_at(&st.m, idx)->handle = iova;
	return true;
}

static bool run_free(const struct prog_op *op)
{
	int idx = op->kind == OP_FREE_FAST ?
		  nth_in_state(op->a, MS_LIVE, RF_FAST) :
		  nth_in_state(op->a, MS_LIVE, 0);
	struct model_range *r;
	struct op_rec *rec;
	unsigned long lo, pfn;

	if (idx < 0 || (op->kind == OP_FREE_FAST && !st.prog.dom.rcaches))
		return rec_new(op->kind, 0, 0, 0)->ret = 1, true;
	r = model_at(&st.m, idx);
	lo = r->lo;
	pfn = lo + op->b % (r->hi - r->lo + 1);
	rec = rec_new(op->kind, op->kind == OP_FREE ? pfn : lo, r->req_size, 0);
	rec->lo = r->lo;
	rec->hi = r->hi;
	if (op->kind == OP_FREE) {
		raw(RAW_FREE, pfn, 0, 0);
		free_iova(&st.iovad, pfn);
	} else if (op->kind == OP___FREE) {
		struct iova *iova = r->handle ? r->handle :
				    find_iova(&st.iovad, lo);

		if (!iova)
			return fail("FIND_FREE", NULL, r->lo, r->hi,
				    "find_iova(0x%lx) misses live [0x%lx-0x%lx]",
				    lo, r->lo, r->hi);
		raw(RAW___FREE, lo, 0, 0);
		__free_iova(&st.iovad, iova);
	} else {
		raw(RAW_FREE_FAST, lo, r->req_size, 0);
		free_iova_fast(&st.iovad, lo, r->req_size);
	}
	rec->injected = shim_op_stats()->injected;
	idx = model_find(&st.m, lo);
	/* Still in the tree after free_iova_fast(): it went to a magazine
	 * (which one, the next full check verifies). */
	if (op->kind == OP_FREE_FAST &&
	    glue_lookup(&st.iovad, lo, &lo, &pfn) == GLUE_IOVA) {
		model_at(&st.m, idx)->state = MS_CACHED;
		model_at(&st.m, idx)->handle = NULL;	/* the caller let go */
		return true;
	}
	return removed(idx, op_kind_name(op->kind), NULL);
}

static bool run_find(const struct prog_op *op)
{
	int state = (op->c & 3) == 0 ? MS_LIVE :
		    (op->c & 3) == 1 && st.nr_deferred ? MS_DEFERRED : -1;
	int idx = nth_in_state(op->a, state, 0);
	unsigned long pfn;
	struct iova *iova;
	const struct model_range *r;
	struct op_rec *rec;

	if ((op->c & 3) == 2 || idx < 0)
		pfn = free_pfn(op->a, op->b);
	else if ((op->c & 3) == 3)
		pfn = st.dma32 - 4 + (op->b & 7);
	else
		pfn = model_at(&st.m, idx)->lo +
		      op->b % (model_at(&st.m, idx)->hi -
			       model_at(&st.m, idx)->lo + 1);
	rec = rec_new(OP_FIND, pfn, 0, 0);
	raw(RAW_FIND, pfn, 0, 0);
	iova = find_iova(&st.iovad, pfn);
	rec->ret = iova ? 0 : -1;
	settle_deferred(pfn, pfn);
	idx = model_find(&st.m, pfn);
	r = idx < 0 ? NULL : model_at(&st.m, idx);
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

static bool run_free_unknown(const struct prog_op *op)
{
	int idx = (op->c & 1) ? nth_in_state(op->a, MS_DEFERRED, 0) : -1;
	const struct model_range *r = idx < 0 ? NULL : model_at(&st.m, idx);
	unsigned long pfn = r ? r->lo + op->b % (r->hi - r->lo + 1) :
			    free_pfn(op->a, op->b);
	unsigned long lo = 0, hi = 0;

	if (r) {			/* drained since? then it is free */
		settle_deferred(pfn, pfn);
		idx = model_find(&st.m, pfn);
		r = idx >= 0 && model_at(&st.m, idx)->state == MS_DEFERRED ?
		    model_at(&st.m, idx) : NULL;
	}

	rec_new(OP_FREE_UNKNOWN, pfn, 0, 0);
	raw(RAW_FREE, pfn, 0, 0);
	free_iova(&st.iovad, pfn);
	/* check_tree() proves a free pfn stays free; a marker must stay. */
	if (r && !(r->flags & RF_UNSEEN) && (glue_lookup(&st.iovad, pfn, &lo, &hi) != GLUE_MARKER ||
		  lo != r->lo || hi != r->hi))
		return fail("MARKER_INVISIBLE", NULL, r->lo, r->hi,
			    "free_iova(0x%lx) changed marker [0x%lx-0x%lx]",
			    pfn, r->lo, r->hi);
	return true;
}

/* Union [lo, hi] into the model's reservations. */
static void model_reserve(unsigned long lo, unsigned long hi)
{
	int idx;

	/* reserve_in_contract() made sure only reservations overlap. */
	while ((idx = model_find_overlap(&st.m, lo, hi)) >= 0) {
		const struct model_range *r = model_at(&st.m, idx);

		lo = r->lo < lo ? r->lo : lo;
		hi = r->hi > hi ? r->hi : hi;
		model_remove(&st.m, idx);
	}
	model_insert(&st.m, lo, hi, MS_RESERVED, 0, st.nr_recs - 1);
}

/* No tree walker: what find_iova() shows of a reservation that failed
 * part way is reserved (its ranges are short: every pfn is asked). */
static bool reserved_partly(unsigned long lo, unsigned long hi)
{
	unsigned long pfn, elo, ehi;
	int idx;

	for (pfn = lo; pfn <= hi; pfn++) {
		if (glue_lookup(&st.iovad, pfn, &elo, &ehi) == GLUE_NONE)
			continue;
		idx = model_find(&st.m, pfn);
		if (idx < 0 || model_at(&st.m, idx)->state == MS_RESERVED)
			model_reserve(elo, ehi);
		pfn = ehi >= hi ? hi : ehi;
	}
	return true;
}

static bool reserve_in_contract(unsigned long lo, unsigned long hi)
{
	unsigned int i;

	if (st.fast_used)
		return false;	/* the kernel reserves at domain set-up */
	for (i = 0; i < st.m.nr; i++)
		if (model_at(&st.m, i)->lo <= hi && model_at(&st.m, i)->hi >= lo &&
		    model_at(&st.m, i)->state != MS_RESERVED)
			return false;
	return true;
}

static bool run_reserve(const struct prog_op *op)
{
	unsigned long lo, hi, len = 1 + op->b;
	int idx = nth_in_state(op->a, MS_RESERVED, 0);
	struct op_rec *rec;
	struct iova *iova;
	size_t i;

	switch (op->c & 3) {
	case 0:
		lo = st.start_pfn + op->a * 4UL;
		break;
	case 1:
		lo = st.dma32 - 1 - op->a * 4UL;
		break;
	case 2:
		lo = st.dma32 + op->a * 64UL;
		break;
	default:
		/* Straddle the start of an existing reservation. */
		lo = idx < 0 ? st.start_pfn : model_at(&st.m, idx)->lo + (op->c >> 2);
		lo = lo >= 8 ? lo - 8 : 0;
		break;
	}
	hi = lo + len - 1;
	rec = rec_new(OP_RESERVE, lo, hi, 0);
	settle_deferred(lo, hi);
	if (!reserve_in_contract(lo, hi))
		return rec->ret = 1, true;
	raw(RAW_RESERVE, lo, hi, 0);
	iova = reserve_iova(&st.iovad, lo, hi);
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
	st.nr_tree = 0;
	glue_walk(&st.iovad, add_entry, NULL);
	for (i = 0; i < st.nr_tree; i++) {
		const struct tree_entry *e = &st.tree[i];

		idx = model_find(&st.m, e->lo);
		if (e->hi >= lo && e->lo <= hi &&
		    (idx < 0 || model_at(&st.m, idx)->state == MS_RESERVED))
			model_reserve(e->lo, e->hi);
	}
	return true;
}

/* ---- environment ops ---- */

static unsigned int online_cpu(unsigned int k)
{
	unsigned int n = st.prog.dom.nr_cpus, i;

	for (i = 0; i < n; i++)
		if (cpu_online((k + i) % n))
			return (k + i) % n;
	return 0;
}

static void flush_global(void)
{
	raw(RAW_FLUSH_GLOBAL, 0, 0, 0);
	glue_flush_global(&st.iovad);
}

static void flush_cpu(unsigned int cpu)
{
	raw(RAW_FLUSH_CPU, cpu, 0, 0);
	glue_flush_cpu(&st.iovad, cpu);
}

/* With no allocation failing, a drain leaves no marker behind. */
/* With no allocation failing, a drain leaves no deferred free behind:
 * no marker, and where the design retries in delayed work, no work. */
static bool run_drain(struct op_rec *rec)
{
	unsigned int runs;

	raw(RAW_DRAIN, 0, 0, 0);
	rec->arg[0] = glue_drain_deferred(&st.iovad);
	rec->injected = shim_op_stats()->injected;
	settle_deferred(0, ULONG_MAX);
	if (rec->injected)
		return true;
	if (glue_caps.drain_runs_work && shim_pending_work()) {
		shim_work_stall(&runs);
		return fail("DEFERRED_PROGRESS", "work-pending", 0, 0,
			    "%u work item(s) still pending after running all work with no allocation failing (a stalled item ran %u times)",
			    shim_pending_work(), runs);
	}
	if (rec->arg[0])
		return fail("DEFERRED_LIVENESS", NULL, 0, 0,
			    "%lu marker(s) left after a drain with no allocation failure",
			    rec->arg[0]);
	settle_unseen();
	return true;
}

/* Delayed work that keeps re-queueing itself with nothing done. */
static bool check_progress(void)
{
	unsigned int runs, stalls = shim_work_stall(&runs);

	if (stalls <= WORK_STALL_MAX)
		return true;
	return fail("DEFERRED_PROGRESS", "work-requeues", 0, 0,
		    "delayed work re-queued itself %u times in a row with no allocation failing and nothing freed (%u runs in all)",
		    stalls, runs);
}

static bool run_env(const struct prog_op *op)
{
	unsigned int cpu = op->a % st.prog.dom.nr_cpus;
	struct op_rec *rec = rec_new(op->kind, cpu, op->c & 1, 0);

	switch (op->kind) {
	case OP_CPU_SWITCH:
		raw(RAW_CPU_SWITCH, online_cpu(cpu), 0, 0);
		shim_set_cpu(online_cpu(cpu));
		rec->arg[0] = smp_processor_id();
		break;
	case OP_CPU_OFFLINE:
		raw(RAW_CPU_OFFLINE, cpu, 0, 0);
		rec->ret = shim_cpu_offline(cpu) ? 0 : -1;
		break;
	case OP_CPU_ONLINE:
		raw(RAW_CPU_ONLINE, cpu, 0, 0);
		rec->ret = shim_cpu_online(cpu) ? 0 : -1;
		break;
	case OP_RUN_WORK:
		raw(RAW_RUN_WORK, 0, 0, 0);
		rec->arg[0] = shim_run_delayed_work();
		break;
	case OP_FLUSH:
		if (!st.prog.dom.rcaches || !glue_caps.rcaches)
			rec->ret = 1;
		else if (op->c & 1)
			flush_global();
		else
			flush_cpu(cpu);
		break;
	case OP_DRAIN:
		return run_drain(rec);
	default:
		break;
	}
	rec->injected = shim_op_stats()->injected;
	if (op->kind == OP_CPU_SWITCH || op->kind == OP_CPU_ONLINE)
		return true;
	st.full_check = true;		/* caches changed wholesale */
	return sync_caches();
}

static void run_inject(const struct prog_op *op)
{
	struct op_rec *rec = rec_new(OP_INJECT, op->a & 3, 0, 0);

	switch (op->a & 3) {
	case 0:
		rec->arg[1] = 1 + op->b % 16;
		raw(RAW_INJECT_NTH, rec->arg[1], 0, 0);
		shim_inject_nth(rec->arg[1]);
		break;
	case 1:
		if (op->a & 4) {	/* memory pressure that lasts */
			rec->arg[0] = 4;
			rec->arg[1] = 2 + op->b % 31;
			raw(RAW_INJECT_PRESSURE, rec->arg[1], 0, 0);
			shim_inject_pressure(rec->arg[1] + 1);
			break;
		}
		st.pending_inject = 1;
		break;
	case 2:
		st.pending_inject = 2;
		st.pending_mask = 1 + op->b % 15;
		rec->arg[1] = st.pending_mask;
		break;
	default:
		rec->arg[1] = 1 + op->b;
		raw(RAW_INJECT_NTH, rec->arg[1], 0, 0);
		shim_inject_nth(rec->arg[1]);
		break;
	}
}

/* ---- domain lifecycle ---- */

static unsigned long start_pfn_of(const struct prog_domain *d)
{
	switch (d->start_mode) {
	case 1:
		return st.dma32 - 8 * (d->start_arg + 1UL);
	case 2:
		return st.dma32 - 2 - d->start_arg;
	case 3:
		return st.dma32 + d->start_arg;
	default:
		return 1 + d->start_arg;
	}
}

static void domain_init(void)
{
	st.domain_up = true;
	init_iova_domain(&st.iovad, 1UL << st.prog.dom.granule_shift,
			 st.start_pfn);
	if (st.prog.dom.rcaches && iova_domain_init_rcaches(&st.iovad))
		fail("COMPLETE", "iova_domain_init_rcaches", 0, 0,
		     "iova_domain_init_rcaches() failed");
	model_reset(&st.m, st.start_pfn);
	st.nr_deferred = 0;
	st.nr_held = 0;
	st.last_injected = -1;
	st.returned_at = 0;
	st.hint = st.dma32;
	st.fast_used = false;
}

static bool domain_put(void)
{
	put_iova_domain(&st.iovad);
	st.domain_up = false;
	shim_rcu_barrier();
	if (!check_findings())
		return false;
	if (shim_live_objects())
		return fail("NO_LEAK", "put_iova_domain", 0, 0,
			    "%lu object(s) still live after put_iova_domain()",
			    shim_live_objects());
	return true;
}

/* ---- trace and report ---- */

static void trace_op(FILE *f, unsigned int i)
{
	const struct op_rec *r = &st.recs[i];
	const unsigned long *a = r->arg;

	fprintf(f, "  #%-3u %s", i, op_kind_name(r->kind));
	switch (r->kind) {
	case OP_ALLOC:
		fprintf(f, "(size=%lu, limit=0x%lx, %s)", a[0], a[1],
			a[2] ? "aligned" : "unaligned");
		break;
	case OP_ALLOC_FAST:
		fprintf(f, "(size=%lu, limit=0x%lx, flush=%lu)", a[0], a[1], a[2]);
		break;
	case OP_FREE:
	case OP_FREE_UNKNOWN:
	case OP_FIND:
		fprintf(f, "(pfn=0x%lx)", a[0]);
		break;
	case OP___FREE:
		fprintf(f, "(iova at 0x%lx)", a[0]);
		break;
	case OP_FREE_FAST:
		fprintf(f, "(pfn=0x%lx, size=%lu)", a[0], a[1]);
		break;
	case OP_RESERVE:
		fprintf(f, "(0x%lx, 0x%lx)", a[0], a[1]);
		break;
	case OP_INJECT:
		fprintf(f, " %s %lu", a[0] == 1 ? "nonsleeping next op" :
			a[0] == 2 ? "class mask next op" :
			a[0] == 4 ? "nonsleeping, ops" : "nth", a[1]);
		break;
	default:
		fprintf(f, "(%lu)", a[0]);
		break;
	}
	if (r->ret == 1)
		fprintf(f, " skipped");
	else if (r->kind == OP_FIND && r->ret)
		fprintf(f, r->ret < 0 ? " = NULL" : " = non-NULL (not read)");
	else if (r->kind <= OP_FIND || r->kind == OP_RESERVE)
		fprintf(f, r->ret ? " = fail" : " = [0x%lx-0x%lx]", r->lo, r->hi);
	if (r->injected)
		fprintf(f, "  (%lu allocation%s failed by injection)",
			r->injected, r->injected > 1 ? "s" : "");
	if (r->retry)
		fprintf(f, "  (retry, injection off)");
	fputc('\n', f);
}

static void dump_around(FILE *f)
{
	unsigned long lo = st.at_lo > 64 ? st.at_lo - 64 : 0;
	unsigned long hi = st.at_hi + 64 < st.at_hi ? ULONG_MAX : st.at_hi + 64;
	size_t i;

	if (!st.at_lo && !st.at_hi) {
		lo = 0;
		hi = ULONG_MAX;
	}
	if (!st.domain_up) {
		fprintf(f, "live objects after put_iova_domain():\n");
		shim_dump_live(f);
		return;
	}
	fprintf(f, "tree [0x%lx-0x%lx]:\n", lo, hi);
	st.nr_tree = 0;
	glue_walk(&st.iovad, add_entry, NULL);
	for (i = 0; i < st.nr_tree; i++)
		if (st.tree[i].hi >= lo && st.tree[i].lo <= hi)
			fprintf(f, "  [0x%04lx-0x%04lx]%s\n", st.tree[i].lo,
				st.tree[i].hi, st.tree[i].marker ? " marker" : "");
	fprintf(f, "model [0x%lx-0x%lx]:\n", lo, hi);
	model_dump(&st.m, f, lo, hi);
}

static void report(FILE *f, const uint8_t *data, size_t size)
{
	unsigned int i;

	fprintf(f, "iovafuzz: %s %s in op #%u: %s\n\n", st.inv, st.where,
		st.nr_recs ? st.nr_recs - 1 : 0, st.detail);
	fprintf(f, "invariant: %s\n", st.inv);
	fprintf(f, "signature: %s %s\n", st.inv, st.where);
	fprintf(f, "op:        %u\n", st.nr_recs ? st.nr_recs - 1 : 0);
	fprintf(f, "tree:      %s (%s)\n", glue_kernel_version, glue_flavour);
	fprintf(f, "domain:    granule=%lu start_pfn=0x%lx dma_32bit_pfn=0x%lx cpus=%u rcaches=%s\n",
		1UL << st.prog.dom.granule_shift, st.start_pfn, st.dma32,
		st.prog.dom.nr_cpus, st.prog.dom.rcaches ? "on" : "off");
	fprintf(f, "injected:  %lu allocation failures in all\n",
		shim_total_stats()->injected);
	if (*glue_caps.off)
		fprintf(f, "checks:    API level where walkers are off: %s\n",
			glue_caps.off);
	fprintf(f, "input:     %zu bytes:", size);
	for (i = 0; i < size && i < 64; i++)
		fprintf(f, " %02x", data[i]);
	fprintf(f, "%s\n\nprogram:\n", size > 64 ? " ..." : "");
	for (i = 0; i < st.nr_recs; i++)
		trace_op(f, i);
	fputc('\n', f);
	dump_around(f);
	fflush(f);
}

/*
 * The op in progress: the rest of a per-op finding's signature.  For
 * COMPLETE the flags that pick the allocator's path matter too (aligned
 * search, flushing fast path, the retry after an injected failure); a
 * range that breaks BOUNDS, SIZE or ALIGN is one bug whatever they were.
 */
static void op_where(char *buf, size_t len)
{
	const struct op_rec *r = st.nr_recs ? &st.recs[st.nr_recs - 1] : NULL;
	const char *flags = "";

	if (!r) {
		snprintf(buf, len, "init_iova_domain");
		return;
	}
	if (strcmp(st.inv, "COMPLETE")) {
		snprintf(buf, len, "%s", op_kind_name(r->kind));
		return;
	}
	if (r->kind == OP_ALLOC)
		flags = r->arg[2] ? " aligned" : " unaligned";
	else if (r->kind == OP_ALLOC_FAST && r->arg[2])
		flags = " flush";
	snprintf(buf, len, "%s%s%s", op_kind_name(r->kind), flags,
		 r->retry ? " retry" : "");
}

/* ---- the loop ---- */

static bool run_op(const struct prog_op *op)
{
	switch (op->kind) {
	case OP_ALLOC:
	case OP_ALLOC_FAST:
		return run_alloc(op, op->kind == OP_ALLOC_FAST, false);
	case OP_FREE:
	case OP___FREE:
	case OP_FREE_FAST:
		return run_free(op);
	case OP_FIND:
		return run_find(op);
	case OP_FREE_UNKNOWN:
		return run_free_unknown(op);
	case OP_RESERVE:
		return run_reserve(op);
	case OP_INJECT:
		run_inject(op);
		return true;
	case OP_REINIT:
		rec_new(OP_REINIT, 0, 0, 0);
		raw(RAW_REINIT, 0, 0, 0);
		if (!domain_put())
			return false;
		domain_init();
		return !st.inv;
	default:
		return run_env(op);
	}
}

/*
 * Walking the whole tree and every magazine costs O(n) per op, far more
 * than the op itself; per-op checks cover the range an op touched, and
 * the full comparison runs every CHECK_EVERY ops, after ops that change
 * the caches wholesale, and at the end (every op with opts->every_op).
 */
#define CHECK_EVERY 32

/* Everything against the model; a finding here names its defect, not
 * the op that happened to run before the check. */
static bool full_check(void)
{
	bool ok;

	st.checking = true;
	ok = sync_caches() && check_tree();
	st.checking = false;
	return ok;
}

static bool full_check_due(void)
{
	bool due = st.full_check || st.opts->every_op ||
		   st.nr_recs % CHECK_EVERY == 0;

	st.full_check = false;
	return due;
}

static bool step(const struct prog_op *op)
{
	unsigned int pending = st.pending_inject;

	shim_op_begin(st.nr_recs);
	st.pending_inject = 0;
	if (pending == 1) {
		raw(RAW_INJECT_NONSLEEPING, 1, 0, 0);
		shim_inject_nonsleeping(true);
	} else if (pending == 2) {
		raw(RAW_INJECT_CLASS, st.pending_mask, 0, 0);
		shim_inject_class(st.pending_mask, false);
	}
	if (!run_op(op))
		return false;
	if (pending) {
		raw(RAW_INJECT_NONSLEEPING, 0, 0, 0);
		raw(RAW_INJECT_CLASS, 0, 0, 0);
		shim_inject_nonsleeping(false);
		shim_inject_class(0, false);
	}
	settle_deferred(0, ULONG_MAX);	/* drains inside frees, reserves */
	if (shim_op_stats()->injected)
		st.last_injected = st.nr_recs - 1;
	if (st.opts->verbose)
		trace_op(st.out, st.nr_recs - 1);
	if (!check_findings() || !check_progress())
		return false;
	return full_check_due() ? full_check() : !st.inv;
}

/* Program op @i, or the op before it, repeated (not past the budget). */
static void run_one(unsigned int i)
{
	const struct prog_op *op = &st.prog.ops[i];
	unsigned int n = 1;

	if (op->kind == OP_REPEAT) {
		while (i && st.prog.ops[i].kind == OP_REPEAT)
			i--;
		n = prog_repeat(op);
		op = &st.prog.ops[i];
		if (op->kind == OP_REPEAT)
			return;		/* nothing to repeat */
	}
	while (n-- && !st.inv && st.nr_recs < PROG_MAX_EXEC)
		step(op);
}

const char *run_program(const uint8_t *data, size_t size,
			const struct run_opts *opts)
{
	unsigned int i;

	prog_decode(data, size, &st.prog);
	st.opts = opts;
	st.out = opts->out ? opts->out : stderr;
	st.inv = NULL;
	st.nr_recs = 0;
	memset(st.genuine, 0, sizeof(st.genuine));
	st.pending_inject = 0;
	st.full_check = false;
	shim_reset(st.prog.dom.nr_cpus);
	glue_register_classes();
	st.dma32 = 1UL << (32 - st.prog.dom.granule_shift);
	st.start_pfn = start_pfn_of(&st.prog.dom);
	st.top_pfn = (1UL << (57 - st.prog.dom.granule_shift)) - 1;
	if (opts->record)
		*opts->record = (struct raw_stream){
			st.prog.dom.nr_cpus, st.prog.dom.rcaches,
			1UL << st.prog.dom.granule_shift, st.start_pfn,
			opts->record->calls, 0, opts->record->cap };
	if (iova_cache_get())
		fail("COMPLETE", "iova_cache_get", 0, 0, "iova_cache_get() failed");
	domain_init();
	for (i = 0; i < st.prog.nr_ops && !st.inv; i++)
		run_one(i);
	if (!st.inv && full_check()) {
		shim_inject_clear();	/* failures stop: nothing stays lost */
		if (run_drain(rec_new(OP_DRAIN, 0, 0, 0)) && full_check())
			domain_put();
	}
	totals.ops += st.nr_recs;
	totals.injected += shim_total_stats()->injected;
	if (st.inv) {
		report(st.out, data, size);
		return st.inv;
	}
	iova_cache_put();
	return NULL;
}
