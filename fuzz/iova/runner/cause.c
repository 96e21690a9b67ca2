// SPDX-License-Identifier: GPL-2.0-only
/*
 * The signature of a finding an op reached, named by its cause: where in
 * iova.c the op's outcome was decided, the same whichever invariant,
 * caller, path flag or check interval reached it, and stable when
 * unrelated lines move (it names a function and a condition's text, not
 * line numbers):
 *
 *   __alloc_and_insert_iova_range: if (high_pfn < size || new_pfn < low_pfn)
 *   remove_iova: if (WARN_ON(mas_store_gfp(&mas, IOVA_DEFERRED, GFP_ATOMIC)))
 *
 * The path each op takes through iova.c is recorded (src/shim/kcov.c).
 * Its entry point is the exported function the op entered last from the
 * caller or from another exported one: alloc_iova() whether a driver
 * called it or alloc_iova_fast() did after a cache miss.  Of the helpers
 * the entry point called, the one in whose calls the most distinct
 * decisions were taken (a test, a loop, a WARN_ON: a statement that
 * chooses a path, sites.c) did the op's work, and it is named with its
 * own last decision: a search and the insert it calls are the search's,
 * so a NO_OVERLAP, a clipped SIZE and the insert's WARN_ON of one broken
 * search are one cause; free_iova() and __free_iova() share
 * remove_iova().  A failed request is named with where its last
 * decision went, so the hint test and the search's failure branch stay
 * two, and apart from a wrong range the same test let through; in the
 * call whose failure the model blames (the first search of a flushing
 * request that should have found space, else the retry):
 *
 *   __alloc_and_insert_iova_range: if (high_pfn < size ||
 *     new_pfn < low_pfn) -> iovad->max32_alloc_size = size;
 *
 * A finding seen by a look-up of the harness's own (find_iova() after
 * the op) is named by that look-up's path.
 *
 * The op is the one after which the state first departs from the model
 * (pin.c), or the domain's init ("init" in how it was named).  Paths are recorded in the san flavour only (the replayer,
 * which names findings); elsewhere a finding keeps the invariant and the
 * op or defect it was seen at.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include <shim/kcov.h>

#include "glue.h"
#include "run.h"

/* ---- the op's path ---- */

void cause_reset(void)
{
	shim_kcov_reset();
}

/* A new op: its path is recorded afresh. */
void cause_op_begin(void)
{
	run.blame_first = run.blame_flush = run.lost_cached = false;
	shim_kcov_reset();
}

#define CALL_DEPTH	32

/* The calls of iova.c the path is in at some event, outermost first. */
struct calls {
	const struct site *s[CALL_DEPTH];	/* a block of each call */
	uintptr_t frame[CALL_DEPTH];		/* where its frame is */
	unsigned int depth;
};

/*
 * Where the path is in the call tree once it enters block @s, in a call
 * whose frame pointer is @frame (src/shim/kcov.c): calls with deeper
 * frames have returned; a call of another function at the same depth
 * follows one that returned.  True if @s begins a call.  (A call of the
 * same function right after a return at the same depth reads as one
 * call: nothing here tells them apart, and nothing named depends on it.)
 */
static bool enter(struct calls *c, const struct site *s, uintptr_t frame)
{
	unsigned int *d = &c->depth;

	while (*d && c->frame[*d - 1] < frame)
		(*d)--;
	if (*d && c->frame[*d - 1] == frame) {
		if (!strcmp(c->s[*d - 1]->func, s->func))
			return false;
		(*d)--;
	}
	if (*d == CALL_DEPTH)
		return false;
	c->s[*d] = s;
	c->frame[(*d)++] = frame;
	return true;
}

/* The event at which the op last called an exported function from the
 * caller or from another exported one (not from a helper, as a search
 * that drains deferred frees first calls iova_drain_deferred()), or the
 * first function it entered (a callback: the CPU hotplug handler): the
 * entry point that did its work; @n if it called none.  With @fn, the
 * first such call of @fn. */
static size_t entry_call(const uintptr_t *ev, size_t n, const char *fn)
{
	const uintptr_t *fr = shim_kcov_frames();
	struct calls c = { .depth = 0 };
	size_t i, entry = n;

	for (i = 0; i < n; i++) {
		const struct site *s = site_of(ev[i] >> 1);

		if (!s->ours || (ev[i] & 1) || !enter(&c, s, fr[i]) ||
		    (c.depth > 1 && (!s->exported ||
				     !c.s[c.depth - 2]->exported)))
			continue;
		if (fn && !strcmp(fn, s->func))
			return i;
		entry = i;
	}
	return entry;
}

/* Where an entry point's call decided its outcome (decided()). */
struct decider {
	const char *func;	/* the helper, or the entry point itself */
	unsigned int line;	/* its own last decision; 0: none */
	unsigned int next;	/* the statement of its own it went on at */
};

#define HELPER_DECISIONS	64

/* A helper the entry point called, and what was decided in its calls. */
struct helper {
	struct decider d;	/* its own last decision, where it went */
	unsigned int seen[HELPER_DECISIONS];	/* distinct decisions taken
						 * in its calls, callees' too */
	unsigned int nr_seen;
	size_t last;		/* the event of the last of them */
};

static struct helper *helper_of(struct helper *h, unsigned int *nr,
				const char *func)
{
	unsigned int k;

	for (k = 0; k < *nr && strcmp(h[k].d.func, func); k++)
		;
	if (k == *nr && *nr == CALL_DEPTH)
		return NULL;
	if (k == *nr)
		h[(*nr)++] = (struct helper){ .d = { func, 0, 0 } };
	return &h[k];
}

/* Block @s at event @i, in a call of helper @h (@own: in its own code). */
static void helper_saw(struct helper *h, const struct site *s, size_t i,
		       bool own)
{
	unsigned int line = stmt_line(s->line), k;

	if (!decision_at(s->line, NULL, 0)) {
		/* The first statement after its last decision is where
		 * that decision went. */
		if (own && h->d.line && !h->d.next && line != h->d.line)
			h->d.next = s->line;
		return;
	}
	for (k = 0; k < h->nr_seen && h->seen[k] != line; k++)
		;
	if (k == h->nr_seen && k < HELPER_DECISIONS)
		h->seen[h->nr_seen++] = line;
	h->last = i;
	if (own)
		h->d = (struct decider){ s->func, line, 0 };
}

/*
 * Where the entry point's call at event @from decided its outcome, up to
 * event @to or its return: of the helpers it called, the one in whose
 * calls the most distinct decisions were taken (a test, a loop, a
 * WARN_ON), the later of two alike: where the op's work was done, not a
 * wrapper, a predicate or the free of a struct after a failure.  Its
 * own last decision names it.  A search and the insert it calls are the
 * search's; free_iova() and __free_iova() share remove_iova().  The
 * entry point itself is named where its own code took more distinct
 * decisions than any helper (reserve_iova()'s walk, with a predicate and
 * a clamp as helpers); a tie is the helper's, as an entry point's test of
 * a helper's result passes on what the helper decided.
 */
static struct decider decided(const uintptr_t *ev, size_t from, size_t to)
{
	const uintptr_t *fr = shim_kcov_frames();
	struct helper h[CALL_DEPTH], self = { .nr_seen = 0 }, *x, *best = NULL;
	struct calls c = { .depth = 0 };
	unsigned int base = 0, nr = 0, k;
	const char *entry = NULL;
	size_t i;

	for (i = from; i < to; i++) {
		const struct site *s = site_of(ev[i] >> 1);

		if (!s->ours || (ev[i] & 1) || !s->line)
			continue;
		enter(&c, s, fr[i]);
		if (!entry) {
			entry = s->func;
			base = c.depth;
		}
		if (c.depth < base || strcmp(c.s[base - 1]->func, entry))
			break;		/* the call returned */
		x = c.depth == base ? &self : helper_of(h, &nr,
							c.s[base]->func);
		if (x)
			helper_saw(x, s, i, c.depth <= base + 1);
	}
	for (k = 0; k < nr; k++)
		if (h[k].nr_seen && (!best || h[k].nr_seen > best->nr_seen ||
				     (h[k].nr_seen == best->nr_seen &&
				      h[k].last > best->last)))
			best = &h[k];
	if (self.nr_seen > (best ? best->nr_seen : 0))
		return self.d;
	return best ? best->d : (struct decider){ entry, 0, 0 };
}

/*
 * The flush of a flushing request, between its first search and the
 * retry at event @retry: the caller's statement that began it (its block
 * before the first call it made after the search returned), or NULL.
 * The flush is one unit: which of its helpers lost a range is not said
 * by the path (a cached range is freed in whichever walk meets it).
 */
static const struct site *flush_stmt(const uintptr_t *ev, size_t retry)
{
	const uintptr_t *fr = shim_kcov_frames();
	const struct site *s, *own = NULL;
	size_t first = entry_call(ev, retry, site_of(ev[retry] >> 1)->func);
	size_t i;

	for (i = first + 1; i < retry; i++) {
		s = site_of(ev[i] >> 1);
		if (!s->ours || (ev[i] & 1))
			continue;
		if (fr[i] > fr[first])
			own = s;	/* back in the caller */
		else if (own && fr[i] < fr[first])
			return own;	/* it called the flush */
	}
	return NULL;
}

/* The flush of a flushing request broke the promise: named by the
 * caller's statement that began it. */
static bool name_flush(char *buf, size_t len, char *why, size_t wlen,
		       const uintptr_t *ev, size_t retry)
{
	const struct site *s = flush_stmt(ev, retry);
	char text[160];

	if (!s)
		return false;
	line_text(stmt_line(s->line), text, sizeof(text));
	snprintf(buf, len, "%s: %s", s->func, text);
	snprintf(why, wlen, "op #%u (%s %s) flushed the caches in %s() at iova.c:%u",
		 run.nr_recs ? run.nr_recs - 1 : 0, run.inv, run.where,
		 s->func, stmt_line(s->line));
	return true;
}

/*
 * A cached range a flush lost (still in the tree, in no magazine) is the
 * flush's of its place, the CPU's magazines or the depot, whoever called
 * it (a flushing alloc_iova_fast(), the harness's flush op): named by the
 * first call of that function (glue_flush_fn()) in the path up to event
 * @n, with its own last decision.  False if it made none.
 */
static bool name_lost(char *buf, size_t len, char *why, size_t wlen,
		      const uintptr_t *ev, size_t n)
{
	const char *fn = glue_flush_fn(run.lost_cpu == ~0u);
	struct decider d;
	char text[160];
	size_t i;

	for (i = 0; fn && i < n; i++) {
		const struct site *s = site_of(ev[i] >> 1);

		if (s->ours && !(ev[i] & 1) && !strcmp(s->func, fn))
			break;
	}
	if (!fn || i == n)
		return false;
	d = decided(ev, i, n);
	if (!d.line || !decision_at(d.line, text, sizeof(text)))
		snprintf(buf, len, "%s", d.func);
	else
		snprintf(buf, len, "%s: %s", d.func, text);
	snprintf(why, wlen, "op #%u (%s %s) lost a range %s held, in %s() at iova.c:%u",
		 run.nr_recs - 1, run.inv, run.where,
		 run.lost_cpu == ~0u ? "the depot" : "a CPU's magazines",
		 d.func, d.line);
	return true;
}

/*
 * With IOVAFUZZ_CAUSE_PATH set, the recorded path of the op a finding is
 * named by, on stderr: one line per block of iova.c, indented by call
 * depth, '?' where the statement is a decision (how the cause was
 * chosen, for a maintainer who doubts it).
 */
void cause_print_path(void)
{
	const uintptr_t *fr = shim_kcov_frames(), *ev;
	struct calls c = { .depth = 0 };
	char text[160];
	bool lost;
	size_t n = shim_kcov_read(&ev, &lost), i;

	if (!getenv("IOVAFUZZ_CAUSE_PATH"))
		return;
	for (i = 0; i < n; i++) {
		const struct site *s = site_of(ev[i] >> 1);

		if (!s->ours || (ev[i] & 1))
			continue;
		enter(&c, s, fr[i]);
		line_text(s->line, text, sizeof(text));
		fprintf(stderr, "path: %*s%s:%u %c %s\n", (int)c.depth * 2, "",
			s->func, s->line,
			decision_at(s->line, NULL, 0) ? '?' : ' ', text);
	}
}

/* A failed request: the decision, and where it went (the hint test's
 * goto, the search giving up), a cause apart from a wrong range the same
 * decision lets through. */
static void name_failure(char *buf, size_t len, const struct decider *d,
			 const char *text)
{
	char next[160];

	line_text(d->next, next, sizeof(next));
	snprintf(buf, len, "%s: %s -> %s", d->func, text, next);
}

/*
 * Names the finding of the op that just failed into @buf, by its cause,
 * and how into @why: the function of iova.c that decided the op's
 * outcome and its last decision (decided()), in the path up to event
 * @stop (where kernel code complained; SIZE_MAX: the op's end): the last
 * call of the entry point, whose outcome the caller saw, or, where the
 * model says a flushing request's first search should not have failed,
 * the first; a cached range a flush lost, the flush function of the
 * place it was in (name_lost()); for what else the flush between them
 * left (a range still in a magazine), the flush, as the caller's own
 * call.  False if the op did not enter iova.c (or no path was recorded).
 */
bool cause_name(char *buf, size_t len, char *why, size_t wlen, size_t stop)
{
	const uintptr_t *ev;
	bool lost;
	size_t n = shim_kcov_read(&ev, &lost), entry;
	struct decider d;
	char text[320], op[16], at[32] = " (no decision recorded)";
	const char *fn;

	if (stop < n)
		n = stop;
	entry = entry_call(ev, n, NULL);
	if (entry == n)
		return false;
	fn = site_of(ev[entry] >> 1)->func;
	if (run.blame_first && !strcmp(run.inv, "COMPLETE"))
		entry = entry_call(ev, n, fn);
	if (run.lost_cached && name_lost(buf, len, why, wlen, ev, n))
		return true;
	if (run.blame_flush && name_flush(buf, len, why, wlen, ev, entry))
		return true;
	d = decided(ev, entry, n);
	if (!d.func)
		return false;
	if (!d.line || !decision_at(d.line, text, sizeof(text)))
		snprintf(buf, len, "%s", d.func);
	else if (!strcmp(run.inv, "COMPLETE") && d.next)
		name_failure(buf, len, &d, text);
	else
		snprintf(buf, len, "%s: %s", d.func, text);
	snprintf(op, sizeof(op), "op #%u", run.nr_recs - 1);
	if (d.line)
		snprintf(at, sizeof(at), " at iova.c:%u", d.line);
	snprintf(why, wlen, "%s (%s %s) entered %s(), decided in %s()%s%s",
		 run.nr_recs ? op : "init", run.inv, run.where, fn, d.func,
		 at, lost ? " (path cut short)" : "");
	return true;
}

/*
 * A look-up of the harness's own that broke a promise (find_iova() missing
 * a range the op returned): its path is the one the finding is named
 * by, so it is made again, recorded.
 */
void cause_probe_find(unsigned long pfn)
{
	if (run.inv || run.quiet)
		return;		/* not the finding that is named */
	shim_kcov_reset();
	KERNEL(find_iova(&run.iovad, pfn));
}
