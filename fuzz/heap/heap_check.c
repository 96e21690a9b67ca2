// SPDX-License-Identifier: GPL-2.0-only
/*
 * The system heap's invariants, stated as what a caller and the page
 * allocator see: the buffer's chunks (through an importer's table), the
 * page requests the heap made (the buddy model's log) and what it holds.
 *
 *   COVER            the chunks cover exactly the length, each one block
 *                    the heap holds, and it holds nothing else for them
 *   ORDER            each chunk is one of the heap's configured orders
 *   ALIGN            each chunk is naturally aligned (physically)
 *   LARGEST_FIT      each chunk is the largest configured order that fits
 *                    what remains and was available: every larger one was
 *                    requested for it and failed
 *   MONOTONE         no request at an order that already failed (or above
 *                    one that failed for the same chunk)
 *   FAIL_JUSTIFIED   a failure only after a fatal signal, an injected
 *                    kmalloc failure, or the smallest order failing
 *   FAIL_RETURNS_ALL a failed allocation holds no page and no object
 *   RELEASE_EXACT    release frees exactly the chunks, each at its order
 *   NO_LEAK          at the end nothing is held and no object is live
 *
 * What kernel code says (a WARN, a sleep in atomic context: what the shim
 * records) is a finding of its own, "WARN <function>", checked first
 * after every call into the heap, unless IOVAFUZZ_KNOWN lists it.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/dma-buf.h>
#include <linux/err.h>
#include <linux/mm.h>
#include <shim/shim.h>

#include <heap/harness.h>

#include "heap_run.h"
#include "known.h"

void heap_check_complaint(void)
{
	const struct shim_finding *f;
	char sig[128], line[512];

	f = known_complaint(sig, sizeof(sig));
	if (f)
		heap_fail(f->kind, f->func ? f->func : "?", "%s",
			  shim_finding_line(f, line, sizeof(line)));
}

static bool configured(unsigned int order)
{
	unsigned int i;

	for (i = 0; i < heap_ctx.nr_orders; i++)
		if (heap_ctx.orders[i] == order)
			return true;
	return false;
}

static unsigned int smallest_order(void)
{
	unsigned int i, o = ~0u;

	for (i = 0; i < heap_ctx.nr_orders; i++)
		if (heap_ctx.orders[i] < o)
			o = heap_ctx.orders[i];
	return o;
}

static int by_pfn(const void *a, const void *b)
{
	const struct hchunk *x = a, *y = b;

	return x->pfn < y->pfn ? -1 : x->pfn > y->pfn;
}

static void check_chunks(unsigned long pages, const struct hbuf *b)
{
	unsigned long sum = 0, end = 0;
	struct hchunk *s;
	unsigned int i, order;
	enum buddy_owner owner;

	for (i = 0; i < b->n; i++) {
		const struct hchunk *c = &b->c[i];

		if (c->order >= 64 || !configured(c->order))
			heap_fail("ORDER", "alloc",
				  "chunk %u (pfn 0x%lx) is not one of the configured orders (%s)",
				  i, c->pfn, c->order >= 64 ?
				  "its length is no power of two pages" :
				  "its order is not in orders[]");
		if (c->pfn & ((1UL << c->order) - 1))
			heap_fail("ALIGN", "alloc",
				  "chunk %u of order %u at pfn 0x%lx is not aligned to %lu pages",
				  i, c->order, c->pfn, 1UL << c->order);
		sum += 1UL << c->order;
	}
	if (sum != pages)
		heap_fail("COVER", "alloc",
			  "the chunks cover %lu pages of a %lu-page buffer",
			  sum, pages);
	s = malloc((b->n ? b->n : 1) * sizeof(*s));
	memcpy(s, b->c, b->n * sizeof(*s));
	qsort(s, b->n, sizeof(*s), by_pfn);
	for (i = 0; i < b->n; i++) {
		if (i && s[i].pfn < end)
			heap_fail("COVER", "alloc",
				  "chunks overlap at pfn 0x%lx", s[i].pfn);
		end = s[i].pfn + (1UL << s[i].order);
		if (buddy_state_of(s[i].pfn, &order, &owner) != BS_ALLOC_HEAD ||
		    owner != BO_HEAP || order != s[i].order)
			heap_fail("COVER", "alloc",
				  "chunk at pfn 0x%lx (order %u) is not one block the heap holds",
				  s[i].pfn, s[i].order);
	}
	free(s);
}

/* The page requests of one allocation against its chunks. */
static void check_requests(unsigned long pages, const struct hbuf *b)
{
	unsigned long remaining = pages, nr_ok = 0;
	unsigned int i, k, n = buddy_log_count();
	unsigned int failed_before = ~0u;	/* lowest order failed so far */
	unsigned long window = 0;		/* orders failed for this chunk */
	unsigned int prev_ok = ~0u;

	if (n > heap_ctx.log_max)
		heap_fail("COVER", "alloc", "%u page requests for %lu pages",
			  n, pages);
	for (i = 0; i < n; i++) {
		const struct buddy_attempt *a = &heap_ctx.log[i];
		unsigned long win_low = window ? __builtin_ctzl(window) : 64;

		if (a->order >= failed_before || a->order > win_low)
			heap_fail("MONOTONE", "alloc",
				  "request #%u at order %u after order %u failed",
				  i, a->order, a->order >= failed_before ?
				  failed_before : (unsigned int)win_low);
		if (a->result != BR_OK) {
			if (a->order < 64)
				window |= 1UL << a->order;
			continue;
		}
		if (a->order > prev_ok)
			heap_fail("MONOTONE", "alloc",
				  "chunk of order %u after one of order %u",
				  a->order, prev_ok);
		for (k = 0; k < heap_ctx.nr_orders; k++) {
			unsigned int o = heap_ctx.orders[k];

			if (o <= a->order || o >= failed_before ||
			    (1UL << o) > remaining || (window >> o) & 1)
				continue;
			heap_fail("LARGEST_FIT", "alloc",
				  "a chunk of order %u with %lu pages to go, but order %u fits and was not requested",
				  a->order, remaining, o);
		}
		remaining -= (1UL << a->order) < remaining ?
			     1UL << a->order : remaining;
		if (window && __builtin_ctzl(window) < failed_before)
			failed_before = __builtin_ctzl(window);
		window = 0;
		prev_ok = a->order;
		nr_ok++;
	}
	if (nr_ok != b->n)
		heap_fail("COVER", "alloc",
			  "%lu blocks allocated for a buffer of %u chunks",
			  nr_ok, b->n);
}

static void check_failure(unsigned long pages, struct dma_buf *d,
			  const struct heap_before *pre)
{
	unsigned int n = buddy_log_count();
	const struct buddy_attempt *last = n ? &heap_ctx.log[n - 1] : NULL;
	const struct shim_inject_stats *st = shim_op_stats();
	const char *first;

	if (buddy_bad_frees(&first) != pre->bad_frees)
		heap_fail("FAIL_RETURNS_ALL", "alloc", "%s", first);
	if (buddy_held_pages(BO_HEAP) != pre->held)
		heap_fail("FAIL_RETURNS_ALL", "alloc",
			  "a failed allocation of %lu pages still holds %lu page(s)",
			  pages, buddy_held_pages(BO_HEAP) - pre->held);
	if (shim_live_objects() != pre->live_objects)
		heap_fail("FAIL_RETURNS_ALL", "alloc",
			  "a failed allocation left %ld object(s) live",
			  (long)(shim_live_objects() - pre->live_objects));
	if (!d)
		heap_fail("FAIL_JUSTIFIED", "alloc",
			  "allocate() returned NULL, not an error pointer");
	if (PTR_ERR(d) == -EINTR && heap_signal_fired())
		return;
	if (PTR_ERR(d) == -ENOMEM && (st->injected || pre->obj_injected))
		return;
	if (PTR_ERR(d) == -ENOMEM && last && last->result != BR_OK &&
	    last->order == smallest_order())
		return;
	heap_fail("FAIL_JUSTIFIED", "alloc",
		  "%lu pages failed with %ld; last page request: %s",
		  pages, PTR_ERR(d), !last ? "none" :
		  last->result == BR_OK ? "succeeded" :
		  "failed above the smallest order");
}

void heap_check_alloc(unsigned long pages, struct dma_buf *d,
		      const struct heap_before *pre, struct hbuf *out)
{
	const char *first;

	heap_check_complaint();
	if (IS_ERR_OR_NULL(d)) {
		check_failure(pages, d, pre);
		return;
	}
	if (buddy_bad_frees(&first) != pre->bad_frees)
		heap_fail("COVER", "alloc", "%s", first);
	out->d = d;
	out->pages = pages;
	if (d->size != pages << PAGE_SHIFT)
		heap_fail("COVER", "alloc", "dma_buf of %zu bytes for %lu pages",
			  d->size, pages);
	if (!heap_observe(d, out))
		heap_fail("COVER", "alloc",
			  "an importer cannot attach and map the buffer");
	check_chunks(pages, out);
	check_requests(pages, out);
	if (buddy_held_pages(BO_HEAP) - pre->held != pages)
		heap_fail("COVER", "alloc",
			  "the heap holds %lu pages more for a %lu-page buffer",
			  buddy_held_pages(BO_HEAP) - pre->held, pages);
}

struct freed {
	struct hchunk *c;
	unsigned int n, max;
	bool overflow;
};

static void on_free(void *arg, unsigned long pfn, unsigned int order)
{
	struct freed *f = arg;

	if (f->n == f->max) {
		f->overflow = true;
		return;
	}
	f->c[f->n++] = (struct hchunk){ pfn, order };
}

void heap_check_release(struct hbuf *b, unsigned long held_before,
			unsigned long bad_before)
{
	struct freed f = { calloc(b->n + 1, sizeof(*f.c)), 0, b->n + 1, false };
	struct hchunk *want = malloc((b->n + 1) * sizeof(*want));
	const char *first;
	unsigned int i;

	buddy_on_free(on_free, &f);
	dma_buf_put(b->d);
	buddy_on_free(NULL, NULL);
	heap_check_complaint();
	if (buddy_bad_frees(&first) != bad_before)
		heap_fail("RELEASE_EXACT", "release", "%s", first);
	memcpy(want, b->c, b->n * sizeof(*want));
	qsort(want, b->n, sizeof(*want), by_pfn);
	qsort(f.c, f.n, sizeof(*f.c), by_pfn);
	if (f.overflow || f.n != b->n)
		heap_fail("RELEASE_EXACT", "release",
			  "%s%u block(s) freed for a buffer of %u chunks",
			  f.overflow ? "more than " : "", f.n, b->n);
	for (i = 0; i < b->n; i++)
		if (want[i].pfn != f.c[i].pfn || want[i].order != f.c[i].order)
			heap_fail("RELEASE_EXACT", "release",
				  "freed pfn 0x%lx order %u where the buffer has pfn 0x%lx order %u",
				  f.c[i].pfn, f.c[i].order, want[i].pfn,
				  want[i].order);
	if (held_before - buddy_held_pages(BO_HEAP) != b->pages)
		heap_fail("RELEASE_EXACT", "release",
			  "release gave back %lu of %lu pages",
			  held_before - buddy_held_pages(BO_HEAP), b->pages);
	free(want);
	free(f.c);
}

void heap_check_end(unsigned long other_pages)
{
	heap_check_complaint();
	if (buddy_held_pages(BO_HEAP))
		heap_fail("NO_LEAK", "end", "%lu page(s) still held by the heap",
			  buddy_held_pages(BO_HEAP));
	if (shim_live_objects()) {
		shim_dump_live(stderr);
		heap_fail("NO_LEAK", "end", "%lu object(s) still live",
			  shim_live_objects());
	}
	if (buddy_free_pages() + other_pages != buddy_nr_pages())
		heap_fail("NO_LEAK", "end", "%lu of %lu pages free at the end",
			  buddy_free_pages(), buddy_nr_pages() - other_pages);
}
