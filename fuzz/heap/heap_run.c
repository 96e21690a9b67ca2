// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs a system_heap program: the tree's system_heap.c on the buddy model
 * through the dma-heap allocation path, importers on the IOMMU mapping
 * model (the tree's iova.c), checks after every op (heap_check.c).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <linux/dma-buf.h>
#include <linux/dma-heap.h>
#include <linux/err.h>
#include <linux/iova.h>
#include <linux/scatterlist.h>
#include <shim/shim.h>

#include <heap/glue.h>
#include <heap/harness.h>

#include "heap_run.h"

struct heap_ctx heap_ctx;
static struct iova_domain iovad;
static bool verbose_run;

/* Blocks the rest of the system took during the run (HOP_AGE). */
static struct { unsigned long pfn; unsigned int order; } other[256];
static unsigned int nr_other;

void heap_fail(const char *inv, const char *where, const char *fmt, ...)
{
	const struct heap_prog *p = heap_ctx.p;
	unsigned int i;
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "iovafuzz: %s %s in op #%u: %s\n\n", inv, where,
		heap_ctx.op, msg);
	fprintf(stderr, "invariant: %s\nsignature: %s %s\nop:        %u\n",
		inv, inv, where, heap_ctx.op);
	fprintf(stderr, "heap:      system_heap.c (%s), orders", heap_glue_source);
	for (i = 0; i < heap_ctx.nr_orders; i++)
		fprintf(stderr, " %u", heap_ctx.orders[i]);
	fprintf(stderr, "\nmemory:    %lu x 4 MiB, aged (permille of 4M/2M/1M/64K blocks) %u/%u/%u/%u%s, injection %u/%u permille, seed %llu\n",
		p->nr_blocks, p->age_permille[0], p->age_permille[1],
		p->age_permille[2], p->age_permille[3],
		p->shuffle ? ", shuffled" : "", p->noreclaim, p->reclaim,
		(unsigned long long)p->seed);
	fprintf(stderr, "free:      %lu pages; blocks by order:", buddy_free_pages());
	for (i = 0; i <= BUDDY_MAX_ORDER; i++)
		fprintf(stderr, " %lu", buddy_nr_free_blocks(i));
	fprintf(stderr, "\nprogram:\n");
	for (i = 0; i < p->nr_ops && i <= heap_ctx.op; i++) {
		fprintf(stderr, "  #%-3u ", i);
		heap_print_op(stderr, &p->ops[i]);
		fputc('\n', stderr);
	}
	abort();
}

bool heap_observe(struct dma_buf *d, struct hbuf *b)
{
	struct dma_buf_attachment *a;
	struct sg_table *t;
	struct scatterlist *sg;
	unsigned int i;

	a = dma_buf_attach(d, (struct device *)&iovad);
	if (IS_ERR(a))
		return false;
	t = dma_buf_map_attachment(a, DMA_BIDIRECTIONAL);
	if (IS_ERR(t)) {
		dma_buf_detach(d, a);
		return false;
	}
	if (b) {
		b->n = t->orig_nents;
		b->c = calloc(b->n ? b->n : 1, sizeof(*b->c));
		for_each_sgtable_sg(t, sg, i) {
			unsigned long len = sg->length >> PAGE_SHIFT;

			b->c[i].pfn = page_to_pfn(sg_page(sg)) +
				      (sg->offset >> PAGE_SHIFT);
			/* Not a power of two (or unaligned offset): the
			 * checker names it; keep the length as an order
			 * that cannot match a configured one. */
			b->c[i].order = (len && !(len & (len - 1)) &&
					 !(sg->offset & ~PAGE_MASK) &&
					 !(sg->length & ~PAGE_MASK)) ?
					__builtin_ctzl(len) : 64 + i;
		}
	}
	dma_buf_unmap_attachment(a, t, DMA_BIDIRECTIONAL);
	dma_buf_detach(d, a);
	return true;
}

/* 1: every kmalloc() fails (the heap's own kzalloc() included); n > 1:
 * the (n-1)-th object of the dma-buf shim does. */
static void arm_objects(unsigned long n)
{
	heap_inject_obj(n > 1 ? n - 1 : 0);
	if (n == 1)
		shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_OTHER), true);
}

static void disarm_objects(void)
{
	shim_inject_clear();
	heap_inject_obj(0);
}

static void drop(unsigned int i)
{
	free(heap_ctx.live[i].c);
	heap_ctx.live[i] = heap_ctx.live[--heap_ctx.nr_live];
}

static void op_alloc(const struct heap_op *op, unsigned long *page_nth,
		     unsigned long *kmalloc_nth, unsigned long *signal)
{
	struct heap_before pre = { 0 };
	struct buddy_inject inj = { heap_ctx.noreclaim, heap_ctx.reclaim,
				    *page_nth };
	const char *first;
	struct dma_buf *d;
	struct hbuf b = { 0 };

	if (heap_ctx.nr_live == HEAP_MAX_LIVE)
		return;
	pre.held = buddy_held_pages(BO_HEAP);
	pre.live_objects = shim_live_objects();
	pre.bad_frees = buddy_bad_frees(&first);
	pre.signal_armed = *signal;
	pre.kmalloc_armed = *kmalloc_nth;
	pre.page_armed = *page_nth;
	buddy_inject_set(&inj);
	heap_signal_after(*signal);
	arm_objects(*kmalloc_nth);
	*page_nth = *kmalloc_nth = *signal = 0;
	buddy_log(heap_ctx.log, heap_ctx.log_max);
	d = shim_dma_heap_alloc(shim_dma_heap_last(), op->pages << PAGE_SHIFT);
	buddy_log(NULL, 0);
	pre.obj_injected = heap_obj_injected();
	disarm_objects();
	heap_signal_after(0);
	inj = (struct buddy_inject){ 0 };
	buddy_inject_set(&inj);
	heap_check_alloc(op->pages, d, &pre, &b);
	if (!IS_ERR_OR_NULL(d))
		heap_ctx.live[heap_ctx.nr_live++] = b;
}

static void op_free(const struct heap_op *op)
{
	unsigned int i;
	unsigned long held = buddy_held_pages(BO_HEAP), bad;
	const char *first;

	if (!heap_ctx.nr_live)
		return;
	i = op->a % heap_ctx.nr_live;
	bad = buddy_bad_frees(&first);
	heap_check_release(&heap_ctx.live[i], held, bad);
	drop(i);
}

static void op_age(const struct heap_op *op)
{
	unsigned int n, order = (op->a >> 1) % 11;

	if (!(op->a & 1)) {
		if (!nr_other)
			return;
		n = op->b % nr_other;
		buddy_other_free(other[n].pfn, other[n].order);
		other[n] = other[--nr_other];
		return;
	}
	for (n = op->b % 16 + 1; n && nr_other < 256; n--) {
		unsigned long pfn = buddy_other_alloc(order);

		if (pfn == -1UL)
			break;
		other[nr_other].pfn = pfn;
		other[nr_other++].order = order;
	}
}

static void op_import(const struct heap_op *op, unsigned long *kmalloc_nth)
{
	struct iosys_map map;
	struct dma_buf *d;

	if (!heap_ctx.nr_live)
		return;
	d = heap_ctx.live[op->a % heap_ctx.nr_live].d;
	arm_objects(*kmalloc_nth);
	*kmalloc_nth = 0;
	if (op->b & 1) {
		if (!dma_buf_vmap(d, &map))
			dma_buf_vunmap(d, &map);
	} else {
		heap_observe(d, NULL);
	}
	/* What an import leaks shows at the end (NO_LEAK): the IOVA
	 * domain's own objects come and go with its range caches. */
	disarm_objects();
}

static void setup(const struct heap_prog *p)
{
	struct buddy_age age[4];
	struct buddy_config cfg = { p->nr_blocks, age, 4, p->shuffle, p->seed };
	const gfp_t *flags;
	unsigned int i;

	for (i = 0; i < 4; i++)
		age[i] = (struct buddy_age){ heap_age_orders[i],
					     p->age_permille[i] };
	buddy_init(&cfg);
	shim_reset(1);
	shim_dma_heap_reset();
	nr_other = 0;
	memset(&heap_ctx, 0, sizeof(heap_ctx));
	heap_ctx.p = p;
	heap_ctx.noreclaim = p->noreclaim;
	heap_ctx.reclaim = p->reclaim;
	heap_ctx.nr_orders = heap_glue_orders(&heap_ctx.orders, &flags);
	heap_ctx.log_max = HEAP_MAX_PAGES * (heap_ctx.nr_orders + 1) + 64;
	heap_ctx.log = calloc(heap_ctx.log_max, sizeof(*heap_ctx.log));
	iova_cache_get();
	init_iova_domain(&iovad, PAGE_SIZE, 1);
	iova_domain_init_rcaches(&iovad);
	heap_map_domain(&iovad);
	if (heap_glue_create())
		heap_fail("SETUP", "system_heap_create",
			  "the heap did not register");
}

static void teardown(void)
{
	unsigned long other_pages = 0;

	while (heap_ctx.nr_live) {
		unsigned long held = buddy_held_pages(BO_HEAP), bad;
		const char *first;

		bad = buddy_bad_frees(&first);
		heap_check_release(&heap_ctx.live[0], held, bad);
		drop(0);
	}
	while (nr_other) {
		nr_other--;
		buddy_other_free(other[nr_other].pfn, other[nr_other].order);
	}
	other_pages = buddy_held_pages(BO_OTHER);
	heap_map_domain(NULL);
	put_iova_domain(&iovad);
	shim_rcu_barrier();
	iova_cache_put();
	heap_check_end(other_pages);
	free(heap_ctx.log);
	heap_ctx.log = NULL;
}

void heap_run(const struct heap_prog *p, bool verbose)
{
	unsigned long page_nth = 0, kmalloc_nth = 0, signal = 0;
	unsigned int i;

	verbose_run = verbose;
	setup(p);
	for (i = 0; i < p->nr_ops; i++) {
		const struct heap_op *op = &p->ops[i];

		heap_ctx.op = i;
		shim_op_begin(i);
		if (verbose_run) {
			fprintf(stderr, "  #%-3u ", i);
			heap_print_op(stderr, op);
			fputc('\n', stderr);
		}
		switch (op->kind) {
		case HOP_ALLOC:
			op_alloc(op, &page_nth, &kmalloc_nth, &signal);
			break;
		case HOP_FREE:
			op_free(op);
			break;
		case HOP_INJECT:	/* replaces the header's rates */
			heap_ctx.noreclaim = op->a * 1000 / 255;
			heap_ctx.reclaim = op->b / 8;
			break;
		case HOP_NTH:
			if (op->flag)
				page_nth = op->a % 64 + 1;
			else
				kmalloc_nth = op->b % 8 + 1;
			break;
		case HOP_SIGNAL:
			signal = op->a % 64 + 1;
			break;
		case HOP_AGE:
			op_age(op);
			break;
		case HOP_IMPORT:
			op_import(op, &kmalloc_nth);
			break;
		}
		heap_check_complaint();
	}
	heap_ctx.op = p->nr_ops;
	teardown();
}
