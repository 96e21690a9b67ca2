// SPDX-License-Identifier: GPL-2.0-only
/*
 * One program, two implementations: the kernel's allocator (through the
 * glue) and the reference model (model/), op by op.  This is the loop:
 * decode, set up the domain, run each op and check it (invariants.c),
 * compare everything at a bounded interval (compare.c), and at the end
 * drain, compare, put the domain and look for leaks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

struct run_state run;
struct run_stats run_stats_all;

const struct run_stats *run_totals(void)
{
	return &run_stats_all;
}

struct op_rec *rec_new(enum op_kind kind, unsigned long a0,
			      unsigned long a1, unsigned long a2)
{
	struct op_rec *r;

	cause_op_begin();
	r = &run.recs[run.nr_recs++];
	*r = (struct op_rec){ .kind = kind, .arg = { a0, a1, a2 } };
	return r;
}

/* ---- domain lifecycle ---- */

static unsigned long start_pfn_of(const struct prog_domain *d)
{
	switch (d->start_mode) {
	case 1:
		return run.dma32 - 8 * (d->start_arg + 1UL);
	case 2:
		return run.dma32 - 2 - d->start_arg;
	case 3:
		return run.dma32 + d->start_arg;
	default:
		return 1 + d->start_arg;
	}
}

static bool full_check(bool last);

/*
 * A new domain, and its model.  With @fail_nth, iova_domain_init_rcaches()
 * fails its nth allocation, sleeping ones included (GFP_KERNEL at set-up
 * can fail): true if it did, and said so; its caller must then
 * put_iova_domain(), which must work and leave nothing (NO_LEAK).  An nth
 * past its allocations fails nothing.
 */
bool domain_init(unsigned int fail_nth)
{
	unsigned long injected = shim_op_stats()->injected;
	int err = 0;

	run.domain_up = true;
	run.m.counted_flags = RF_FAST;	/* picks of fast-path ranges */
	model_reset(&run.m, run.start_pfn);
	run.nr_deferred = 0;
	run.nr_live = run.nr_live_fast = run.nr_reserved = 0;
	run.reserved_pages = 0;
	run.model_cached = (struct cache_print){ 0 };
	run.cpus_stale = false;
	run.nr_held = 0;
	run.last_injected = -1;
	run.returned_at = 0;
	run.hint = run.dma32;
	run.fast_used = false;
	if (!run.nr_recs)
		cause_op_begin();	/* the init's own path */
	KERNEL(init_iova_domain(&run.iovad,
				1UL << run.prog.dom.granule_shift,
				run.start_pfn));
	/* With every check after every op (-e), the new domain is checked
	 * too: a departure the init made is named there, not by each op
	 * that meets it. */
	if (run.opts->every_op && !run.nr_recs && !full_check(false))
		return false;
	if (!run.prog.dom.rcaches)
		return false;
	if (fail_nth)
		shim_inject_nth_any(fail_nth);
	KERNEL(err = iova_domain_init_rcaches(&run.iovad));
	if (fail_nth)
		shim_inject_nth(0);
	if (err && shim_op_stats()->injected != injected)
		return true;
	if (err)
		fail("COMPLETE", "iova_domain_init_rcaches", 0, 0,
		     "iova_domain_init_rcaches() failed");
	return false;
}

#define LEAK_CACHES	16

struct leak_names {
	const char *name[LEAK_CACHES];
	unsigned int nr;
};

static void add_leaked(void *arg, const char *name, unsigned int size,
		       unsigned int align, unsigned long live)
{
	struct leak_names *l = arg;

	if (live && l->nr < LEAK_CACHES)
		l->name[l->nr++] = name;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * What leaked, by the caches of the objects still live, in name order:
 * a leak's cause (what the kernel code lost, whichever op lost it), as
 * put_iova_domain()'s own path says nothing of it.
 */
static void name_leak(void)
{
	struct leak_names l = { .nr = 0 };
	size_t k = 0;
	unsigned int i;

	shim_for_each_cache(add_leaked, &l);
	qsort(l.name, l.nr, sizeof(l.name[0]), cmp_name);
	run.leaked[0] = '\0';
	for (i = 0; i < l.nr && k < sizeof(run.leaked); i++)
		k += snprintf(run.leaked + k, sizeof(run.leaked) - k, "%s%s",
			      i ? "," : "", l.name[i]);
}

bool domain_put(void)
{
	cause_op_begin();
	KERNEL(put_iova_domain(&run.iovad));
	run.domain_up = false;
	shim_rcu_barrier();
	if (!check_findings())
		return false;
	if (shim_live_objects() && !run.inv)
		name_leak();
	if (shim_live_objects())
		return fail("NO_LEAK", "put_iova_domain", 0, 0,
			    "%lu object(s) still live after put_iova_domain()",
			    shim_live_objects());
	return true;
}

/* ---- the loop ---- */

static bool run_op(const struct prog_op *op)
{
	switch (op->kind) {
	case OP_ALLOC:
	case OP_ALLOC_FAST:
		return run_alloc(op, op->kind == OP_ALLOC_FAST, false);
	case OP_FREE:
	case OP___FREE:
	case OP_FREE_FAST:
		return run_free(op);
	case OP_FIND:
		return run_find(op);
	case OP_FREE_UNKNOWN:
		return run_free_unknown(op);
	case OP_RESERVE:
		return run_reserve(op);
	case OP_INJECT:
		run_inject(op);
		return true;
	case OP_REINIT:
		return reinit(op->a % 64, op->b & 1);
	default:
		return run_env(op);
	}
}

/*
 * Walking the whole tree and every magazine costs O(n) per op, far more
 * than the op itself; per-op checks cover the range an op touched, and
 * the full comparison runs every RUN_FULL_CHECK_EVERY ops, after ops that
 * change the caches wholesale, and at the end (every op with -e).
 */

/* Everything against the model; a finding here names its defect, not
 * the op that happened to run before the check.  The tree's own full
 * self-check (glue_self_check()) at the end, and with -e. */
static bool full_check(bool last)
{
	bool ok;

	run.checking = true;
	if (run.opts->every_op)
		check_counts();
	ok = sync_caches() && check_tree(last || run.opts->every_op);
	run.checking = false;
	return ok;
}

static bool full_check_due(void)
{
	bool due = run.full_check || run.opts->every_op ||
		   run.nr_recs % RUN_FULL_CHECK_EVERY == 0;

	run.full_check = false;
	return due;
}

static bool step(const struct prog_op *op)
{
	unsigned int pending = run.pending_inject;

	run.op_begun = run.nr_recs;
	shim_op_begin(run.op_begun);
	run.pending_inject = 0;
	if (pending == 1) {
		raw(RAW_INJECT_NONSLEEPING, 1, 0, 0);
		shim_inject_nonsleeping(true);
	} else if (pending == 2) {
		raw(RAW_INJECT_CLASS, run.pending_mask, 0, 0);
		shim_inject_class(run.pending_mask, false);
	}
	if (!run_op(op))
		return false;
	if (pending) {
		raw(RAW_INJECT_NONSLEEPING, 0, 0, 0);
		raw(RAW_INJECT_CLASS, 0, 0, 0);
		shim_inject_nonsleeping(false);
		shim_inject_class(0, false);
	}
	settle_deferred(0, ULONG_MAX);	/* drains inside frees, reserves */
	if (shim_op_stats()->injected)
		run.last_injected = run.nr_recs - 1;
	if (run.opts->verbose)
		trace_op(run.out, run.nr_recs - 1);
	if (!check_findings() || !check_progress())
		return false;
	return full_check_due() ? full_check(false) : !run.inv;
}

/* Program op @i, or the op before it, repeated (not past the budget). */
static void run_one(unsigned int i)
{
	const struct prog_op *op = &run.prog.ops[i];
	unsigned int n = 1;

	if (op->kind == OP_REPEAT) {
		while (i && run.prog.ops[i].kind == OP_REPEAT)
			i--;
		n = prog_repeat(op);
		op = &run.prog.ops[i];
		if (op->kind == OP_REPEAT)
			return;		/* nothing to repeat */
	}
	while (n-- && !run.inv && run.nr_recs < PROG_MAX_EXEC)
		step(op);
}

const char *run_program(const uint8_t *data, size_t size,
			const struct run_opts *opts)
{
	unsigned int i;

	prog_decode(data, size, &run.prog);
	run.opts = opts;
	run.out = opts->out ? opts->out : stderr;
	run.inv = NULL;
	/* Only what the last run wrote: the rest is still zero. */
	memset(run.genuine, 0, run.nr_recs * sizeof(run.genuine[0]));
	run.nr_recs = 0;
	run.pending_inject = 0;
	run.full_check = false;
	run.kernel_said = false;
	run.settled = false;
	run.leaked[0] = '\0';
	cause_reset();
	shim_reset(run.prog.dom.nr_cpus);
	glue_register_classes();
	run.dma32 = 1UL << (32 - run.prog.dom.granule_shift);
	run.start_pfn = start_pfn_of(&run.prog.dom);
	run.top_pfn = (1UL << (57 - run.prog.dom.granule_shift)) - 1;
	if (opts->record)
		*opts->record = (struct raw_stream){
			run.prog.dom.nr_cpus, run.prog.dom.rcaches,
			1UL << run.prog.dom.granule_shift, run.start_pfn,
			opts->record->calls, 0, opts->record->cap };
	shim_cache_mark();
	run.cache_got = !iova_cache_get();
	if (!run.cache_got)
		fail("COMPLETE", "iova_cache_get", 0, 0, "iova_cache_get() failed");
	domain_init(0);
	for (i = 0; i < run.prog.nr_ops && !run.inv; i++)
		run_one(i);
	if (!run.inv && full_check(true)) {
		shim_inject_clear();	/* failures stop: nothing stays lost */
		if (run_drain(rec_new(OP_DRAIN, 0, 0, 0)) && full_check(true))
			domain_put();
	}
	if (!run.inv) {
		iova_cache_put();
		run.cache_got = false;
		caches_gone("iova_cache_put", "the last iova_cache_put()");
	}
	run_stats_all.ops += run.nr_recs;
	run_stats_all.injected += shim_total_stats()->injected;
	if (run.inv) {
		if (!opts->quiet)
			run_report(data, size);
		return run.inv;
	}
	return NULL;
}

const char *run_settle(const uint8_t *data, size_t size)
{
	if (!run.settled)
		cause_settle(data, size);
	run.settled = true;
	return run.cause;
}

void run_report(const uint8_t *data, size_t size)
{
	run_settle(data, size);
	report(run.out, data, size);
}

const char *run_reached(void)
{
	static char buf[sizeof(run.where) + 32];

	snprintf(buf, sizeof(buf), "%s %s", run.inv, run.where);
	return buf;
}

/*
 * After a finding, the kernel's state is not walked again (it may be
 * anything): every object is let go of, and the cache reference the run
 * took is put back, so the next run starts as the first did.
 */
void run_discard(void)
{
	shim_release_all();
	/* As before the first run: put_iova_domain() leaves no pointer
	 * behind (rcaches), a dropped domain would. */
	memset(&run.iovad, 0, sizeof(run.iovad));
	run.domain_up = false;
	if (run.cache_got)
		iova_cache_put();
	run.cache_got = false;
}
