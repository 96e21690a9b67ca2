/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The page allocator under the heaps: a binary buddy over a physical
 * range, with the kernel's free-list discipline (the lowest-order block
 * that fits is split, the upper halves go to the head of their lists, a
 * free merges with its buddy), aged by the harness and failing as the
 * gfp flags allow.  Harness-facing; kernel code sees linux/mm.h.
 */
#ifndef _HEAP_BUDDY_H
#define _HEAP_BUDDY_H

#include <stdbool.h>
#include <stdint.h>

#define BUDDY_MAX_ORDER		10	/* MAX_PAGE_ORDER: 4 MiB blocks */
#define BUDDY_BASE_PFN		0x100000UL	/* memory starts at 4 GiB */

enum buddy_state {
	BS_FREE_HEAD = 1,	/* heads a free block (on a free list) */
	BS_FREE_TAIL,
	BS_ALLOC_HEAD,		/* heads an allocated block */
	BS_ALLOC_TAIL,
};

enum buddy_owner {
	BO_HEAP = 1,		/* allocated through alloc_pages() */
	BO_OTHER,		/* the rest of the system (aging) */
};

/* How memory is aged before a run: for each entry, every aligned block of
 * that order holds one page used by someone else with probability
 * permille/1000, at a random place; free lists shuffled if asked. */
struct buddy_age {
	unsigned int order;
	unsigned int permille;
};

struct buddy_config {
	unsigned long nr_blocks;	/* of BUDDY_MAX_ORDER */
	const struct buddy_age *age;
	unsigned int nr_age;
	bool shuffle;
	uint64_t seed;
};

/* Failure injection, by the gfp flags: an order > 0 request without
 * __GFP_DIRECT_RECLAIM fails with probability noreclaim/1000, any other
 * (that is not __GFP_NOFAIL) with reclaim/1000; nth fails the n-th
 * attempt from now (1 = the next), whatever its flags. */
struct buddy_inject {
	unsigned int noreclaim;
	unsigned int reclaim;
	unsigned long nth;
};

enum buddy_result { BR_OK, BR_NONE, BR_INJECTED };

struct buddy_attempt {
	unsigned int order;
	unsigned int gfp;
	enum buddy_result result;
	unsigned long pfn;		/* if BR_OK */
};

/* Sets up memory afresh (a previous run's state is dropped). */
void buddy_init(const struct buddy_config *cfg);
void buddy_inject_set(const struct buddy_inject *inj);
/* Attempts of alloc_pages() are logged into @log (at most @max; NULL
 * stops logging); buddy_log_count() says how many came, until the next log starts. */
void buddy_log(struct buddy_attempt *log, unsigned int max);
unsigned int buddy_log_count(void);

/* A free block of at least @order exists. */
bool buddy_available(unsigned int order);
unsigned long buddy_nr_free_blocks(unsigned int order);
unsigned long buddy_free_pages(void);
unsigned long buddy_held_pages(enum buddy_owner owner);
unsigned long buddy_nr_pages(void);

/* The page at @pfn, its state, order and owner (for the checker). */
enum buddy_state buddy_state_of(unsigned long pfn, unsigned int *order,
				enum buddy_owner *owner);

/* Frees by the kernel code that were wrong (not an allocated head of
 * that order): counted, the first described; the block is left as is. */
unsigned long buddy_bad_frees(const char **first);
/* Frees of heap-owned blocks, with a hook for the checker. */
typedef void (*buddy_free_fn)(void *arg, unsigned long pfn,
			      unsigned int order);
void buddy_on_free(buddy_free_fn fn, void *arg);

/* The rest of the system taking and giving back memory (aging on the go):
 * returns the pfn, or -1UL when nothing of @order is free. */
unsigned long buddy_other_alloc(unsigned int order);
void buddy_other_free(unsigned long pfn, unsigned int order);

/* Deterministic random numbers for the harness, from the run's seed. */
uint64_t buddy_rand(void);

#endif
