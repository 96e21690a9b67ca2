/* SPDX-License-Identifier: GPL-2.0-only */
/* The state of a system_heap run, shared by heap_run.c and heap_check.c. */
#ifndef _FUZZ_HEAP_RUN_H
#define _FUZZ_HEAP_RUN_H

#include <heap/buddy.h>

#include "heap_prog.h"

struct dma_buf;

struct hchunk {
	unsigned long pfn;
	unsigned int order;
};

struct hbuf {
	struct dma_buf *d;
	unsigned long pages;
	unsigned int n;
	struct hchunk *c;	/* as the importer's table lists them */
};

/* What an alloc started from, for the checks after it. */
struct heap_before {
	unsigned long held, live_objects;
	unsigned long bad_frees;
	bool signal_armed, kmalloc_armed, page_armed;
	unsigned long obj_injected;	/* after the call: shim objects failed */
};

struct heap_ctx {
	const struct heap_prog *p;
	unsigned int op;
	unsigned int noreclaim, reclaim;	/* injection now, permille */
	const unsigned int *orders;
	unsigned int nr_orders;
	struct buddy_attempt *log;
	unsigned int log_max;
	struct hbuf live[HEAP_MAX_LIVE];
	unsigned int nr_live;
};

extern struct heap_ctx heap_ctx;

__attribute__((noreturn, format(printf, 3, 4)))
void heap_fail(const char *inv, const char *where, const char *fmt, ...);

/* Reads the buffer's chunks the way an importer sees them (attach, map,
 * the table, unmap, detach); false if the importer path failed. */
bool heap_observe(struct dma_buf *d, struct hbuf *b);

/* What kernel code said since the last check (shim_record()) is a
 * finding, "WARN <function>" and the like, unless it is known. */
void heap_check_complaint(void);
void heap_check_alloc(unsigned long pages, struct dma_buf *d,
		      const struct heap_before *pre, struct hbuf *out);
void heap_check_release(struct hbuf *b, unsigned long held_before,
			unsigned long bad_before);
void heap_check_end(unsigned long other_pages);

#endif
