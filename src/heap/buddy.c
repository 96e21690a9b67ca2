// SPDX-License-Identifier: GPL-2.0-only
/*
 * The buddy model behind alloc_pages() for the heap targets (see
 * heap/buddy.h).  Our own code, written from the documented behaviour of
 * the kernel's page allocator; nothing of mm/page_alloc.c is copied.
 *
 * Simplified: one zone, one migratetype, no per-CPU page lists, no
 * reclaim or compaction (a request with nothing free of its order fails,
 * whatever its flags), no zeroing (pages have no memory behind them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/mm.h>

#include <heap/buddy.h>

static struct page *mem_map;
static unsigned long nr_pages, mem_cap;
static struct list_head free_list[BUDDY_MAX_ORDER + 1];
static unsigned long nr_free[BUDDY_MAX_ORDER + 1];
static unsigned long held[BO_OTHER + 1];
static struct buddy_inject inject;
static struct buddy_attempt *log_buf;
static unsigned int log_max, log_n;
static unsigned long bad_frees;
static char bad_first[160];
static buddy_free_fn free_fn;
static void *free_arg;
static uint64_t rng;

uint64_t buddy_rand(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned long pfn_of(const struct page *p)
{
	return (unsigned long)(p - mem_map);
}

unsigned long page_to_pfn(const struct page *page)
{
	return BUDDY_BASE_PFN + pfn_of(page);
}

struct page *pfn_to_page(unsigned long pfn)
{
	return &mem_map[pfn - BUDDY_BASE_PFN];
}

unsigned int compound_order(const struct page *page)
{
	return page->state == BS_ALLOC_HEAD && page->comp ? page->order : 0;
}

static void mark(unsigned long idx, unsigned int order, enum buddy_state head,
		 enum buddy_state tail)
{
	unsigned long i, n = 1UL << order;

	mem_map[idx].state = head;
	mem_map[idx].order = order;
	for (i = 1; i < n; i++) {
		mem_map[idx + i].state = tail;
		mem_map[idx + i].order = 0;
	}
}

static void add_free(unsigned long idx, unsigned int order, bool tail)
{
	mark(idx, order, BS_FREE_HEAD, BS_FREE_TAIL);
	if (tail)
		list_add_tail(&mem_map[idx].lru, &free_list[order]);
	else
		list_add(&mem_map[idx].lru, &free_list[order]);
	nr_free[order]++;
}

static void del_free(unsigned long idx)
{
	list_del(&mem_map[idx].lru);
	nr_free[mem_map[idx].order]--;
}

/* The smallest free block of at least @order, split down to @order. */
static long take(unsigned int order)
{
	unsigned int o;
	unsigned long idx;

	for (o = order; o <= BUDDY_MAX_ORDER; o++)
		if (!list_empty(&free_list[o]))
			break;
	if (o > BUDDY_MAX_ORDER)
		return -1;
	idx = pfn_of(list_first_entry(&free_list[o], struct page, lru));
	del_free(idx);
	while (o > order) {
		o--;
		add_free(idx + (1UL << o), o, false);
	}
	return (long)idx;
}

static void give_back(unsigned long idx, unsigned int order)
{
	while (order < BUDDY_MAX_ORDER) {
		unsigned long b = idx ^ (1UL << order);

		if (b >= nr_pages || mem_map[b].state != BS_FREE_HEAD ||
		    mem_map[b].order != order)
			break;
		del_free(b);
		idx &= b;
		order++;
	}
	add_free(idx, order, false);
}

static bool injected(gfp_t gfp, unsigned int order)
{
	unsigned int p;

	if (gfp & __GFP_NOFAIL)
		return false;
	if (inject.nth && !--inject.nth)
		return true;
	p = order && !(gfp & __GFP_DIRECT_RECLAIM) ? inject.noreclaim :
						    inject.reclaim;
	return p && buddy_rand() % 1000 < p;
}

static void log_attempt(gfp_t gfp, unsigned int order, enum buddy_result r,
			unsigned long pfn)
{
	if (!log_buf || log_n >= log_max) {
		log_n += log_buf != NULL;
		return;
	}
	log_buf[log_n++] = (struct buddy_attempt){ order, gfp, r, pfn };
}

static long alloc_block(unsigned int order, enum buddy_owner owner, bool comp)
{
	long idx = take(order);

	if (idx < 0)
		return -1;
	mark(idx, order, BS_ALLOC_HEAD, BS_ALLOC_TAIL);
	mem_map[idx].owner = owner;
	mem_map[idx].comp = comp;
	held[owner] += 1UL << order;
	return idx;
}

struct page *shim_alloc_pages(gfp_t gfp, unsigned int order, const char *site)
{
	long idx = -1;

	if (order > BUDDY_MAX_ORDER) {
		log_attempt(gfp, order, BR_NONE, 0);
		return NULL;
	}
	if (injected(gfp, order)) {
		log_attempt(gfp, order, BR_INJECTED, 0);
		return NULL;
	}
	idx = alloc_block(order, BO_HEAP, !!(gfp & __GFP_COMP));
	if (idx < 0) {
		log_attempt(gfp, order, BR_NONE, 0);
		return NULL;
	}
	log_attempt(gfp, order, BR_OK, BUDDY_BASE_PFN + idx);
	return &mem_map[idx];
}

static bool free_ok(unsigned long idx, unsigned int order,
		    enum buddy_owner owner)
{
	const struct page *p = &mem_map[idx];
	const char *why = NULL;

	if (idx >= nr_pages)
		why = "a page outside memory";
	else if (p->state != BS_ALLOC_HEAD)
		why = p->state == BS_ALLOC_TAIL ? "a tail page of a block" :
						  "a free page";
	else if (p->order != order)
		why = "a block with the wrong order";
	else if (p->owner != owner)
		why = "a block someone else owns";
	if (!why)
		return true;
	if (!bad_frees++)
		snprintf(bad_first, sizeof(bad_first),
			 "__free_pages(pfn 0x%lx, order %u) of %s (held: order %u)",
			 BUDDY_BASE_PFN + idx, order, why,
			 idx < nr_pages ? p->order : 0);
	return false;
}

void __free_pages(struct page *page, unsigned int order)
{
	unsigned long idx;

	if (!page)
		return;
	idx = pfn_of(page);
	if (!free_ok(idx, order, BO_HEAP))
		return;
	held[BO_HEAP] -= 1UL << order;
	if (free_fn)
		free_fn(free_arg, BUDDY_BASE_PFN + idx, order);
	give_back(idx, order);
}

unsigned long buddy_other_alloc(unsigned int order)
{
	long idx = order > BUDDY_MAX_ORDER ? -1 : alloc_block(order, BO_OTHER,
							      false);

	return idx < 0 ? -1UL : BUDDY_BASE_PFN + idx;
}

void buddy_other_free(unsigned long pfn, unsigned int order)
{
	unsigned long idx = pfn - BUDDY_BASE_PFN;

	if (!free_ok(idx, order, BO_OTHER))
		return;
	held[BO_OTHER] -= 1UL << order;
	give_back(idx, order);
}

/* ---- set-up: memory aged by pages held elsewhere ---- */

static uint32_t *pins;	/* pins[i]: pages pinned below index i */

static unsigned long pinned(unsigned long idx, unsigned int order)
{
	return pins[idx + (1UL << order)] - pins[idx];
}

struct block {
	unsigned long idx;
	unsigned int order;
};

static struct block *blocks;
static unsigned long nr_blocks_found;

/* The free blocks around the pinned pages, largest first, in address
 * order: what merging would give after every other page was freed. */
static void carve(unsigned long idx, unsigned int order)
{
	if (!pinned(idx, order)) {
		blocks[nr_blocks_found++] = (struct block){ idx, order };
		return;
	}
	if (!order)
		return;
	carve(idx, order - 1);
	carve(idx + (1UL << (order - 1)), order - 1);
}

static void pin_pages(const struct buddy_config *cfg, uint8_t *is_pinned)
{
	unsigned int a;
	unsigned long b, i;

	for (a = 0; a < cfg->nr_age; a++) {
		unsigned int o = cfg->age[a].order;

		if (o > BUDDY_MAX_ORDER)
			continue;
		for (b = 0; b < nr_pages >> o; b++)
			if (buddy_rand() % 1000 < cfg->age[a].permille)
				is_pinned[(b << o) +
					  buddy_rand() % (1UL << o)] = 1;
	}
	pins[0] = 0;
	for (i = 0; i < nr_pages; i++)
		pins[i + 1] = pins[i] + is_pinned[i];
}

static void shuffle_blocks(void)
{
	unsigned long i;

	for (i = nr_blocks_found; i > 1; i--) {
		unsigned long j = buddy_rand() % i;
		struct block t = blocks[i - 1];

		blocks[i - 1] = blocks[j];
		blocks[j] = t;
	}
}

static void grow(unsigned long n)
{
	if (n <= mem_cap)
		return;
	free(mem_map);
	free(pins);
	free(blocks);
	mem_map = calloc(n, sizeof(*mem_map));
	pins = calloc(n + 1, sizeof(*pins));
	blocks = calloc(n, sizeof(*blocks));
	if (!mem_map || !pins || !blocks) {
		fprintf(stderr, "heap: out of memory for %lu pages\n", n);
		exit(2);
	}
	mem_cap = n;
}

void buddy_init(const struct buddy_config *cfg)
{
	unsigned long i;
	unsigned int o;
	uint8_t *is_pinned;

	nr_pages = cfg->nr_blocks << BUDDY_MAX_ORDER;
	grow(nr_pages);
	memset(mem_map, 0, nr_pages * sizeof(*mem_map));
	rng = cfg->seed;
	for (o = 0; o <= BUDDY_MAX_ORDER; o++) {
		INIT_LIST_HEAD(&free_list[o]);
		nr_free[o] = 0;
	}
	held[BO_HEAP] = held[BO_OTHER] = 0;
	inject = (struct buddy_inject){ 0 };
	log_buf = NULL;
	log_n = 0;
	bad_frees = 0;
	free_fn = NULL;

	is_pinned = calloc(nr_pages, 1);
	if (!is_pinned)
		exit(2);
	pin_pages(cfg, is_pinned);
	nr_blocks_found = 0;
	for (i = 0; i < cfg->nr_blocks; i++)
		carve(i << BUDDY_MAX_ORDER, BUDDY_MAX_ORDER);
	if (cfg->shuffle)
		shuffle_blocks();
	for (i = 0; i < nr_blocks_found; i++)
		add_free(blocks[i].idx, blocks[i].order, true);
	for (i = 0; i < nr_pages; i++) {
		if (!is_pinned[i])
			continue;
		mark(i, 0, BS_ALLOC_HEAD, BS_ALLOC_TAIL);
		mem_map[i].owner = BO_OTHER;
		held[BO_OTHER]++;
	}
	free(is_pinned);
}

void buddy_inject_set(const struct buddy_inject *inj)
{
	inject = *inj;
}

void buddy_log(struct buddy_attempt *log, unsigned int max)
{
	log_buf = log;
	log_max = max;
	if (log)
		log_n = 0;
}

unsigned int buddy_log_count(void)
{
	return log_n;
}

bool buddy_available(unsigned int order)
{
	unsigned int o;

	for (o = order; o <= BUDDY_MAX_ORDER; o++)
		if (nr_free[o])
			return true;
	return false;
}

unsigned long buddy_nr_free_blocks(unsigned int order)
{
	return order <= BUDDY_MAX_ORDER ? nr_free[order] : 0;
}

unsigned long buddy_free_pages(void)
{
	unsigned long n = 0;
	unsigned int o;

	for (o = 0; o <= BUDDY_MAX_ORDER; o++)
		n += nr_free[o] << o;
	return n;
}

unsigned long buddy_held_pages(enum buddy_owner owner)
{
	return held[owner];
}

unsigned long buddy_nr_pages(void)
{
	return nr_pages;
}

enum buddy_state buddy_state_of(unsigned long pfn, unsigned int *order,
				enum buddy_owner *owner)
{
	const struct page *p;

	if (pfn < BUDDY_BASE_PFN || pfn - BUDDY_BASE_PFN >= nr_pages)
		return 0;
	p = &mem_map[pfn - BUDDY_BASE_PFN];
	*order = p->order;
	*owner = p->owner;
	return p->state;
}

unsigned long buddy_bad_frees(const char **first)
{
	*first = bad_first;
	return bad_frees;
}

void buddy_on_free(buddy_free_fn fn, void *arg)
{
	free_fn = fn;
	free_arg = arg;
}
