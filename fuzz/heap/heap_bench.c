// SPDX-License-Identifier: GPL-2.0-only
/*
 * The measuring side of `scripts/bench dmabuf`: one system_heap.c (this
 * binary's) allocating buffers of 2 MiB .. 1 GiB out of 4 GiB of memory
 * at several aging levels, each buffer mapped by an importer (an IOVA
 * from the tree's iova.c, leaves counted: heap/harness.h).  One TSV row
 * per buffer on stdout; scripts/lib/bench_dmabuf puts two of these side
 * by side.
 *   iovafuzz_heap_bench_<id> [--reps N] [--max-mib M]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/dma-buf.h>
#include <linux/dma-heap.h>
#include <linux/err.h>
#include <linux/iova.h>
#include <linux/scatterlist.h>
#include <shim/shim.h>

#include <heap/buddy.h>
#include <heap/glue.h>
#include <heap/harness.h>

#define MEM_BLOCKS	1024	/* 4 GiB of 4 MiB blocks */

struct level {
	const char *name;
	bool shuffle;
	unsigned int permille[4];	/* of 4M, 2M, 1M, 64K blocks */
};

/* From memory fresh out of boot to memory that aged for long: pages held
 * by others break 2 MiB blocks, then 1 MiB and 64 KiB ones. */
static const struct level levels[] = {
	{ "pristine", false, { 0, 0, 0, 0 } },
	{ "shuffled", true, { 0, 0, 0, 0 } },
	{ "aged-10", true, { 0, 100, 0, 0 } },
	{ "aged-25", true, { 0, 250, 0, 0 } },
	{ "aged-50", true, { 0, 500, 0, 0 } },
	{ "aged-90", true, { 0, 900, 0, 0 } },
	{ "aged-99", true, { 0, 990, 0, 0 } },
	{ "aged-100", true, { 0, 1000, 0, 0 } },
	{ "heavy", true, { 0, 1000, 1000, 300 } },
};

static const unsigned int age_orders[4] = { 10, 9, 8, 4 };
static struct buddy_attempt attempts[1 << 20];

static void one(const struct level *lv, unsigned long mib, unsigned int rep)
{
	struct buddy_age age[4];
	struct buddy_config cfg = { MEM_BLOCKS, age, 4, lv->shuffle,
				    1000003ULL * rep + mib };
	struct iova_domain iovad;
	struct dma_buf_attachment *a;
	const struct heap_mapping *m;
	struct timespec t0, t1;
	struct dma_buf *d;
	struct sg_table *t;
	unsigned int i, n, failed_high = 0, failed_max = 0;
	const unsigned int *orders;
	const gfp_t *flags;
	long ns;

	for (i = 0; i < 4; i++)
		age[i] = (struct buddy_age){ age_orders[i], lv->permille[i] };
	buddy_init(&cfg);
	shim_reset(1);
	shim_dma_heap_reset();
	heap_glue_orders(&orders, &flags);
	if (heap_glue_create()) {
		fprintf(stderr, "heap_bench: the heap did not register\n");
		exit(2);
	}
	iova_cache_get();
	init_iova_domain(&iovad, PAGE_SIZE, 1);
	iova_domain_init_rcaches(&iovad);
	heap_map_domain(&iovad);
	buddy_log(attempts, sizeof(attempts) / sizeof(attempts[0]));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	d = shim_dma_heap_alloc(shim_dma_heap_last(), mib << 20);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	n = buddy_log_count();
	buddy_log(NULL, 0);
	ns = (t1.tv_sec - t0.tv_sec) * 1000000000L + t1.tv_nsec - t0.tv_nsec;
	for (i = 0; i < n && i < sizeof(attempts) / sizeof(attempts[0]); i++) {
		if (attempts[i].result == BR_OK || !attempts[i].order)
			continue;
		failed_high++;
		failed_max += attempts[i].order == orders[0];
	}
	if (IS_ERR(d)) {
		printf("%s\t%lu\t%u\tfailed\t0\t0\t0\t0\t0\t%u\t%u\t%ld\n",
		       lv->name, mib, rep, failed_high, failed_max, ns);
		goto out;
	}
	a = dma_buf_attach(d, (struct device *)&iovad);
	t = IS_ERR(a) ? ERR_CAST(a) : dma_buf_map_attachment(a, DMA_BIDIRECTIONAL);
	if (IS_ERR(t)) {
		fprintf(stderr, "heap_bench: an importer cannot map the buffer\n");
		exit(2);
	}
	m = heap_last_mapping();
	printf("%s\t%lu\t%u\t%u\t%lu\t%lu\t%lu\t%lu\t%lu\t%u\t%u\t%ld\n",
	       lv->name, mib, rep, t->orig_nents, m->leaves[LEAF_4K],
	       m->leaves[LEAF_2M], m->leaves[LEAF_1G], m->windows_2m,
	       m->mappable_2m, failed_high, failed_max, ns);
	dma_buf_unmap_attachment(a, t, DMA_BIDIRECTIONAL);
	dma_buf_detach(d, a);
	dma_buf_put(d);
out:
	heap_map_domain(NULL);
	put_iova_domain(&iovad);
	shim_rcu_barrier();
	iova_cache_put();
	if (buddy_held_pages(BO_HEAP) || shim_live_objects()) {
		fprintf(stderr, "heap_bench: a leak after %s %lu MiB\n",
			lv->name, mib);
		exit(2);
	}
}

int main(int argc, char **argv)
{
	unsigned int reps = 3, rep, l, i;
	unsigned long max_mib = 1024, mib;
	const unsigned int *orders;
	const gfp_t *flags;

	for (i = 1; i + 1 < (unsigned int)argc; i += 2) {
		if (!strcmp(argv[i], "--reps"))
			reps = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--max-mib"))
			max_mib = strtoul(argv[i + 1], NULL, 0);
	}
	if (reps < 1 || max_mib < 2 || max_mib > 1024 || (argc & 1) == 0) {
		fprintf(stderr, "usage: %s [--reps N] [--max-mib 2..1024]\n",
			argv[0]);
		return 2;
	}
	i = heap_glue_orders(&orders, &flags);
	printf("# heap %s orders", heap_glue_source);
	while (i--)
		printf(" %u", orders[i]);
	printf("\nlevel\tmib\trep\tchunks\tleaves_4k\tleaves_2m\tleaves_1g\twindows_2m\tmappable_2m\tfailed_high\tfailed_top\tns\n");
	for (l = 0; l < sizeof(levels) / sizeof(levels[0]); l++)
		for (mib = 2; mib <= max_mib; mib *= 2)
			for (rep = 1; rep <= reps; rep++)
				one(&levels[l], mib, rep);
	return 0;
}
