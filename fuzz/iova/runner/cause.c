// SPDX-License-Identifier: GPL-2.0-only
/*
 * The signature of a finding an op reached, named by its cause: the
 * invariant and the entry point of iova.c that broke it, the same
 * whichever caller, path flag or check interval reached it.
 *
 * The path each op takes through iova.c is recorded (src/shim/kcov.c).
 * The entry point is the exported function the op entered last from the
 * caller or from another exported one: alloc_iova() whether a driver
 * called it or alloc_iova_fast() did after a cache miss, alloc_iova_fast()
 * when a magazine served it; iova_drain_deferred() called by a search is
 * the search's.  A failed request is named by where it failed, the last
 * jump of the helper that did the work (the hint test's goto, the search
 * giving up), so that two bugs of one search stay two:
 *
 *   COMPLETE alloc_iova at __alloc_and_insert_iova_range: goto iova32_full;
 *
 * The op is the one after which the state first departs from the model:
 * the replayer runs the program again with every check after every op.
 * What kernel code reported itself (WARN, maple-tree check) is named by
 * where it said it.  Paths are recorded in the san flavour only (the
 * replayer, which names findings); elsewhere a finding keeps the
 * invariant and the op or defect it was seen at.
 */
#include <stdio.h>
#include <string.h>

#include <shim/kcov.h>

#include "run.h"

/* ---- the op's path ---- */

void cause_reset(void)
{
	shim_kcov_reset();
}

/* A new op: its path is recorded afresh. */
void cause_op_begin(void)
{
	shim_kcov_reset();
}

#define CALL_DEPTH	32

/* Where the path is in the call tree once it enters block @s: the
 * stack is cut back to @s's function, or @s's function is pushed.
 * True if it was a call. */
static bool enter(const struct site **stack, unsigned int *depth,
		  const struct site *s)
{
	unsigned int k;

	for (k = 0; k < *depth && strcmp(stack[k]->func, s->func); k++)
		;
	if (k < *depth) {
		*depth = k + 1;
		return false;
	}
	if (*depth < CALL_DEPTH)
		stack[(*depth)++] = s;
	return true;
}

/* The event at which the op last called an exported function from the
 * caller or from another exported one (not from a helper, as a search
 * that drains deferred frees first calls iova_drain_deferred()): the
 * entry point that did its work; @n if it called none.  With @fn, the
 * first such call of @fn. */
static size_t entry_call(const uintptr_t *ev, size_t n, const char *fn)
{
	const struct site *stack[CALL_DEPTH];
	unsigned int depth = 0;
	size_t i, entry = n;

	for (i = 0; i < n; i++) {
		const struct site *s = site_of(ev[i] >> 1);

		if (!s->ours || (ev[i] & 1) || !enter(stack, &depth, s) ||
		    !s->exported || (depth > 1 && !stack[depth - 2]->exported))
			continue;
		if (fn && !strcmp(fn, s->func))
			return i;
		if (!fn)
			entry = i;
	}
	return entry;
}

struct helper {
	const char *func;
	unsigned int blocks;
	const struct site *prev;	/* its last block */
	const struct site *jump;	/* its last block that jumped */
};

/*
 * Where a failed request failed: in the entry point's call at event
 * @from (its first: a retry after a flush inherits the first search's
 * failure), of the static helpers it called, the one that ran most blocks
 * of its own (the search); the last block from which its path jumped (a
 * goto, a return from inside a test) rather than ran on to the next
 * lines.  That tells the test that failed it apart from another, before
 * the exit they share.  False if no helper jumped.
 */
static bool failed_at(const uintptr_t *ev, size_t n, size_t from,
		      char *buf, size_t len)
{
	const struct site *stack[CALL_DEPTH];
	struct helper h[CALL_DEPTH];
	unsigned int depth = 0, base = 0, nr = 0, k, best = 0;
	char text[160];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct site *s = site_of(ev[i] >> 1);
		struct helper *x;

		if (!s->ours || (ev[i] & 1) || !s->line)
			continue;
		enter(stack, &depth, s);
		if (i == from)
			base = depth;
		if (i < from)
			continue;
		if (depth < base)
			break;		/* the call returned */
		if (depth != base + 1 || s->exported)
			continue;
		for (k = 0; k < nr && strcmp(h[k].func, s->func); k++)
			;
		if (k == nr && nr == CALL_DEPTH)
			continue;
		if (k == nr)
			h[nr++] = (struct helper){ s->func, 0, NULL, NULL };
		x = &h[k];
		x->blocks++;
		if (x->prev && (s->line < x->prev->line ||
				s->line > x->prev->line + 2))
			x->jump = x->prev;
		x->prev = s;
	}
	for (k = 1; k < nr; k++)
		if (h[k].blocks >= h[best].blocks)
			best = k;
	if (!nr || !h[best].jump)
		return false;
	line_text(h[best].jump->line, text, sizeof(text));
	snprintf(buf, len, "%s: %s", h[best].func, text);
	return true;
}

/*
 * Names the finding of the op that just failed into @buf, and how into
 * @why: the invariant, the entry point, and for a failed request where
 * it failed.  False if the op did not enter iova.c (or no path was
 * recorded).
 */
bool cause_name(char *buf, size_t len, char *why, size_t wlen)
{
	const uintptr_t *ev;
	bool lost;
	size_t n = shim_kcov_read(&ev, &lost), entry = entry_call(ev, n, NULL);
	const char *flags = strchr(run.where, ' ');
	char site[288];

	if (entry == n)
		return false;
	snprintf(why, wlen, "op #%u (%s %s) entered %s() last%s",
		 run.nr_recs ? run.nr_recs - 1 : 0, run.inv, run.where,
		 site_of(ev[entry] >> 1)->func,
		 lost ? " (path cut short)" : "");
	if (strcmp(run.inv, "COMPLETE")) {
		snprintf(buf, len, "%s %s", run.inv,
			 site_of(ev[entry] >> 1)->func);
	} else if (failed_at(ev, n, entry_call(ev, n,
					       site_of(ev[entry] >> 1)->func),
			     site, sizeof(site))) {
		snprintf(buf, len, "%s %s at %s", run.inv,
			 site_of(ev[entry] >> 1)->func, site);
	} else {
		snprintf(buf, len, "%s %s%s", run.inv,
			 site_of(ev[entry] >> 1)->func, flags ? flags : "");
	}
	return true;
}
