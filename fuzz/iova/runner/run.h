/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the iova runner: the state of one run, shared by its parts.
 *
 *   runner.c      the loop: decode, init, op by op, final checks, put
 *   ops_alloc.c   alloc_iova(), alloc_iova_fast()     (the op executor,
 *   ops_range.c   free, find, reserve                   one file per
 *   ops_env.c     CPUs, work, flushes, drains, injection  kind of op)
 *   model_sync.c  the model follows what the kernel did
 *   invariants.c  what is checked, and the per-op checks
 *   compare.c     the whole-domain comparison of the tree
 *   caches.c      ... and of the magazines
 *   report.c      the op trace and the report of a finding
 *   cause.c       a finding's signature: where its op's path broke it
 *   sites.c       the blocks of iova.c that path went through
 *   pin.c         the op it is named at: the first departure (-e)
 *   record.c      the kernel calls of a run, for the benchmark
 */
#ifndef _IOVAFUZZ_RUN_H
#define _IOVAFUZZ_RUN_H

#include <stdlib.h>

#include <linux/iova.h>
#include <linux/spinlock.h>
#include <shim/kcov.h>

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
	int idx;		/* the model range holding it */
	unsigned int old_cpu;	/* its cpu before this sync */
};

struct tree_entry {
	unsigned long lo, hi;
	bool marker;
};

/* An order-independent fingerprint of a set of cached ranges: two sums of
 * independent 64-bit hashes of (pfn, pages), and the count. */
struct cache_print {
	unsigned long n;
	uint64_t h1, h2;
};

/* A struct iova reserve_iova() returned, and the range it was asked for. */
struct held {
	const struct iova *iova;
	unsigned long lo, hi;
};

/* Everything one run knows: the program, the domain, the model, the
 * trace so far, and the first finding.  One run at a time per process. */
struct run_state {
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
	unsigned int nr_live, nr_live_fast, nr_reserved; /* and these */
	unsigned long reserved_pages;	/* pages of those in MS_RESERVED */
	struct cache_print model_cached;	/* the model's cached ranges */
	struct cache_print walk_cached;		/* the magazines', last walk */
	bool offline_caches;		/* last walk: an offline CPU caches */
	bool cpus_stale;		/* cached ranges' cpu not yet set */
	unsigned int synced_at;		/* op of the last magazine walk */
	int last_injected;		/* last op with an injected failure */
	/* Size of the genuine failure (no fit) in each op, 0 if none, and
	 * the op after which 32-bit space was last surely returned. */
	unsigned long genuine[2 * PROG_MAX_EXEC];
	unsigned int returned_at;
	bool domain_up;			/* between init and put */
	bool cache_got;			/* iova_cache_get() succeeded */
	struct op_rec recs[2 * PROG_MAX_EXEC];
	unsigned int nr_recs;
	unsigned int op_begun;		/* what shim_op_begin() was told */
	struct cached_pfn *cached;	/* the last walk of the magazines */
	size_t nr_cached, cap_cached;
	struct cached_pfn *cached_prev;	/* the one before */
	size_t nr_cached_prev, cap_cached_prev;
	unsigned int synced_prev;
	struct tree_entry *tree;
	size_t nr_tree, cap_tree;
	struct held *held;		/* reservations the caller holds */
	size_t nr_held, cap_held;
	unsigned long top_pfn;		/* above every limit an op can name */
	const char *inv;		/* first violated invariant */
	char where[128];		/* the rest of its signature */
	bool checking;			/* inside the periodic full check */
	bool quiet;			/* a failed check records nothing */
	char detail[512];
	unsigned long at_lo, at_hi;
	bool kernel_said;		/* the finding is the kernel's own */
	bool settled;			/* its cause named: run_settle() */
	bool blame_first;		/* a flushing request's first search
					 * should not have failed (cause.c) */
	bool blame_flush;		/* a finding of what a flushing
					 * request's flush left (cause.c) */
	bool lost_cached;		/* a cached range was lost in a
					 * flush: cpu ~0u is the depot */
	unsigned int lost_cpu;
	char cause[256];		/* the signature (cause.c) */
	char leaked[128];		/* NO_LEAK: the caches of what leaked */
	char cause_why[256];		/* how it was found */
};

extern struct run_state run;
extern struct run_stats run_stats_all;	/* over every run */


/* A kernel call the op makes: its path through iova.c is recorded
 * (cause.c); the harness's own look-ups around it are not. */
#define KERNEL(call)							\
	do {								\
		bool __was = shim_kcov_enable(true);			\
		call;							\
		shim_kcov_enable(__was);				\
	} while (0)

/*
 * The DMA API maps and unmaps from any context, an interrupt handler's
 * included, so alloc_iova_fast() and free_iova_fast() run with
 * interrupts off: what may sleep in them (a GFP_KERNEL allocation) is a
 * MIGHT_SLEEP finding, as CONFIG_DEBUG_ATOMIC_SLEEP makes it in a kernel.
 */
#define KERNEL_ATOMIC(call)						\
	do {								\
		unsigned long __irq;					\
									\
		local_irq_save(__irq);					\
		KERNEL(call);						\
		local_irq_restore(__irq);				\
	} while (0)

/* Room for one more element of @size bytes in a growable array. */
static inline void *grow(void *arr, size_t *cap, size_t nr, size_t size)
{
	if (nr < *cap)
		return arr;
	*cap = *cap ? 2 * *cap : 256;
	arr = realloc(arr, *cap * size);
	if (!arr)
		abort();
	return arr;
}



static inline unsigned int ceil_log2(unsigned long x)
{
	unsigned int s = 0;

	while ((1UL << s) < x)
		s++;
	return s;
}

static inline bool is_32bit(unsigned long limit)
{
	return limit < run.dma32;
}

/* runner.c */
struct op_rec *rec_new(enum op_kind kind, unsigned long a0,
		       unsigned long a1, unsigned long a2);
bool domain_put(void);
bool domain_init(unsigned int fail_nth);

/* reinit.c */
bool caches_gone(const char *op, const char *after);
bool reinit(unsigned int nth, bool shared);

/* ops_*.c: one op each; false once an invariant failed */
bool run_alloc(const struct prog_op *op, bool fast, bool retry);
bool run_free(const struct prog_op *op);
bool run_find(const struct prog_op *op);
bool run_free_unknown(const struct prog_op *op);
bool run_reserve(const struct prog_op *op);
bool run_env(const struct prog_op *op);
bool run_drain(struct op_rec *rec);
void run_inject(const struct prog_op *op);

/* model_sync.c */
int nth_in_state(unsigned int k, int state, unsigned int flags);
void count_range(const struct model_range *r, int delta);
void check_counts(void);
void forget(unsigned int idx);
void forget_unseen(unsigned int idx);
void settle_unseen(void);
bool removed(unsigned int idx, const char *how, const char *tag);
void settle_deferred(unsigned long lo, unsigned long hi);
unsigned long free_pfn(unsigned int k, unsigned int off);
void model_reserve(unsigned long lo, unsigned long hi);
bool reserved_partly(unsigned long lo, unsigned long hi);

/* invariants.c */
__attribute__((format(printf, 5, 6)))
bool fail(const char *inv, const char *tag, unsigned long lo,
	  unsigned long hi, const char *fmt, ...);
bool may_fail(unsigned long size, unsigned long limit, bool fit);
bool attempt_may_fail(unsigned long size, unsigned long limit, bool fit,
		      bool injected);
/* A new range's bounds, size and alignment; check_new_range() also that
 * it overlaps nothing the model holds. */
bool check_new_shape(unsigned long lo, unsigned long hi, unsigned long size,
		     unsigned long limit, unsigned int align_shift);
bool check_new_range(unsigned long lo, unsigned long hi, unsigned long size,
		     unsigned long limit, unsigned int align_shift);
bool check_handles(void);
void hold(const struct iova *iova, unsigned long lo, unsigned long hi);
bool check_findings(void);
bool check_progress(void);

/* compare.c */
bool outside_window(unsigned long a, unsigned long b);
void walk_tree(void);
bool check_tree(bool self_check);

/* caches.c */
void cache_print_add(struct cache_print *p, unsigned long pfn,
		     unsigned long pages, int delta);
void settle_cached_cpus(bool previous);
void note_lost_cached(unsigned int idx);
bool sync_caches(void);

/* report.c */
void trace_op(FILE *f, unsigned int i);
void report(FILE *f, const uint8_t *data, size_t size);
void op_where(char *buf, size_t len);

/* cause.c */
void cause_reset(void);
void cause_op_begin(void);
bool cause_name(char *buf, size_t len, char *why, size_t wlen, size_t stop);
void cause_probe_find(unsigned long pfn);
void cause_print_path(void);

/* sites.c: a block of iova.c a path went through */
struct site {
	uintptr_t pc;
	char func[64];
	unsigned int line;
	bool ours;		/* in the tree's drivers/iommu/iova.c */
	bool exported;		/* in a function iova.c exports */
};

const struct site *site_of(uintptr_t pc);
void line_text(unsigned int n, char *buf, size_t len);
bool decision_at(unsigned int n, char *buf, size_t len);
unsigned int stmt_line(unsigned int n);

/* pin.c */
void cause_settle(const uint8_t *data, size_t size);

/* record.c */
void raw(enum raw_kind kind, unsigned long a0, unsigned long a1,
	 unsigned long a2);

#endif
