/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The harness side of the shim: what a test or fuzz target uses to steer
 * and observe the kernel environment (CPUs, work, RCU, allocation
 * failures, findings).  Kernel code never includes this.
 */
#ifndef _SHIM_SHIM_H
#define _SHIM_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct kmem_cache;

/* ---- lifecycle ---- */

/* Back to boot state: all CPUs online, CPU 0 current, no policies, no
 * findings.  Live objects from a previous run are a leak the caller checks
 * first with shim_live_objects(). */
void shim_reset(unsigned int nr_cpus);

/* ---- CPUs ---- */
void shim_set_cpu(unsigned int cpu);
/* Takes @cpu offline and runs the CPU-dead teardown callbacks; false if
 * it is already offline or the last online CPU. */
bool shim_cpu_offline(unsigned int cpu);
bool shim_cpu_online(unsigned int cpu);

/* ---- deferred execution ---- */
/* Runs the work that was pending when called; returns how many ran. */
unsigned int shim_run_delayed_work(void);
unsigned int shim_pending_work(void);
/* Runs work until none is pending, at most @rounds rounds; returns false
 * if work kept re-queueing itself. */
bool shim_flush_all_work(unsigned int rounds);
/*
 * Work that makes no progress: the longest run of consecutive executions
 * of one work item that each re-queued it while no allocation failed and
 * nothing was freed, since the last reset; *runs (if set) gets how often
 * that item ran in all.  A retry that can only fail keeps re-queueing
 * under memory pressure; once memory is back it must get done.
 */
unsigned int shim_work_stall(unsigned int *runs);
/* Runs every RCU callback queued so far (and those they queue). */
unsigned int shim_rcu_barrier(void);
unsigned int shim_rcu_pending(void);

/* ---- slab accounting ---- */
unsigned long shim_live_objects(void);
unsigned long shim_cache_live(const struct kmem_cache *s);
/* Caches made after the mark and not destroyed: the name of the first,
 * or NULL.  A module's last put gives back what its first get made. */
void shim_cache_mark(void);
const char *shim_cache_since_mark(void);
/* Every cache: name, object size (0 for kmalloc, percpu and sheaf
 * containers, whose objects vary), alignment as created, live objects. */
typedef void (*shim_cache_fn)(void *arg, const char *name, unsigned int size,
			      unsigned int align, unsigned long live);
void shim_for_each_cache(shim_cache_fn fn, void *arg);
/* One line per allocator with live objects: "  name: N live". */
void shim_dump_live(FILE *f);
/* Frees every live object, drops queued work and callbacks: after a run whose kernel state is dropped
 * unread, before the next run's shim_reset(). */
void shim_release_all(void);

/* ---- slab sheaves (7.x) ---- */
/*
 * How many objects kmem_cache_prefill_sheaf()/kmem_cache_refill_sheaf()
 * put in a sheaf.  Off (the default): exactly the number asked for, so
 * live counts show what the caller reserved.  On: like SLUB, a request
 * within the cache's sheaf_capacity gets a full sheaf of that capacity,
 * and a refill tops up to the sheaf's capacity; a larger request gets
 * exactly its size.  A setting, not a policy: shim_reset() keeps it.
 */
void shim_sheaf_fill_to_capacity(bool on);
bool shim_sheaf_fills_to_capacity(void);
/* The sheaf_capacity the cache was created with (0: none given). */
unsigned int shim_cache_sheaf_capacity(const struct kmem_cache *s);
/* Sheaves not yet returned; their containers count in
 * shim_live_objects() too, as one object each. */
unsigned long shim_live_sheaves(void);

/* ---- failure injection ---- */
enum shim_class {
	SHIM_CLASS_IOVA,	/* struct iova */
	SHIM_CLASS_MAPLE_NODE,	/* struct maple_node */
	SHIM_CLASS_MAGAZINE,	/* struct iova_magazine */
	SHIM_CLASS_OTHER,
	SHIM_NR_CLASSES,
};

#define SHIM_CLASS_BIT(c)	(1u << (c))

/* Allocations of exactly @size bytes belong to @cls (keyed on size, not
 * cache name: 6.1 kmallocs magazines where 6.12 has a cache). */
void shim_class_register(enum shim_class cls, size_t size);
enum shim_class shim_class_of(size_t size);
const char *shim_class_name(enum shim_class cls);

/* Fail the @n-th allocation attempt from now (1 = the next) that may
 * fail without sleeping; 0 disarms. */
void shim_inject_nth(unsigned long n);
/* The same, counting sleeping ones too (GFP_KERNEL at set-up: failslab
 * with ignore-gfp-wait=N). */
void shim_inject_nth_any(unsigned long n);
/* What of the N-th is left: 0 once it failed (or if disarmed). */
unsigned long shim_inject_nth_left(void);
/* While on, every non-sleeping allocation (no __GFP_DIRECT_RECLAIM) fails. */
void shim_inject_nonsleeping(bool on);
/* While set, allocations of the classes in @mask fail; sleeping ones only
 * if @sleeping. */
void shim_inject_class(unsigned int mask, bool sleeping);
/* Memory pressure that lasts: every non-sleeping allocation fails, delayed
 * work included, until @ops more shim_op_begin()s have passed. */
void shim_inject_pressure(unsigned long ops);
unsigned long shim_pressure_left(void);
/* Disarm every policy. */
void shim_inject_clear(void);
/*
 * The runner's own N-th (scripts/kunit --fail-nth, like the kernel's
 * per-task fail_nth): fail the @n-th non-sleeping allocation from now,
 * whatever policies the code under test arms or clears; neither
 * shim_inject_clear() nor shim_reset() touches it.  0 disarms.
 * shim_inject_fail_nth_site() is the caller it failed, NULL while it has
 * not fired since armed.
 */
void shim_inject_fail_nth(unsigned long n);
const char *shim_inject_fail_nth_site(void);

struct shim_inject_stats {
	unsigned long attempts;		/* allocation attempts seen */
	unsigned long injected;		/* of which failed by injection */
	unsigned long by_class[SHIM_NR_CLASSES];
	const char *last_site;		/* caller of the last injected failure */
	unsigned long freed[SHIM_NR_CLASSES];	/* objects freed, by class */
};

/* Start attributing to operation @op; counters below restart at 0. */
void shim_op_begin(unsigned long op);
const struct shim_inject_stats *shim_op_stats(void);
const struct shim_inject_stats *shim_total_stats(void);

/* ---- findings ---- */
struct shim_finding {
	const char *kind;	/* "WARN", "MAPLE_CHECK", "MIGHT_SLEEP", "SLAB" */
	const char *file;
	int line;
	const char *func;
	const char *what;
	size_t path_at;		/* events recorded before it (kcov.h) */
};

unsigned int shim_nr_findings(void);
const struct shim_finding *shim_first_finding(void);
void shim_clear_findings(void);
/* Records a finding from harness code (e.g. a cache destroyed while busy). */
void shim_record(const char *kind, const char *file, int line,
		 const char *func, const char *what);
/*
 * A recorded complaint as every target reports it (maple_contract,
 * system_heap, the KUnit runner, scripts/repro's programs): its signature
 * "KIND function" ("WARN mas_nomem", "MAPLE_CHECK mas_validate_gaps",
 * "MIGHT_SLEEP mas_alloc_nodes"), and the whole of it in one line,
 * "<signature> at file:line: what".  Both write to @buf and return it.
 */
char *shim_finding_signature(const struct shim_finding *f, char *buf,
			     size_t size);
char *shim_finding_line(const struct shim_finding *f, char *buf, size_t size);
/* Quiet kernel printk (mt_dump output prints pointers): off by default. */
void shim_set_printk(bool on);

#endif
