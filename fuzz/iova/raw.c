// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bare kernel code on a recorded call stream: what the allocator costs
 * by itself, for the harness-overhead ratio in fuzz/iova/bench.c; and with the
 * reads every full comparison must make, for the floor below any harness
 * that checks as much.
 */
#include <linux/iova.h>
#include <shim/shim.h>

#include "glue.h"
#include "runner.h"

static struct iova_domain iovad;

/* A new domain, its set-up failing its @nth allocation if not 0 (as the
 * runner's); made again without that if it failed. */
static void init(const struct raw_stream *s, unsigned long nth)
{
	int err = 0;

	init_iova_domain(&iovad, s->granule, s->start_pfn);
	if (!s->rcaches)
		return;
	if (nth)
		shim_inject_nth_any(nth);
	err = iova_domain_init_rcaches(&iovad);
	if (nth)
		shim_inject_nth(0);
	if (err && nth) {
		put_iova_domain(&iovad);
		init(s, 0);
	}
}

/* The caches put and got again, the get failing its @nth allocation:
 * what of @nth is left for the domain's set-up (runner's reinit.c). */
static unsigned long cache_again(unsigned long nth)
{
	unsigned long left;

	iova_cache_put();
	if (!nth) {
		iova_cache_get();
		return 0;
	}
	shim_inject_nth_any(nth);
	if (iova_cache_get()) {
		shim_inject_nth(0);
		iova_cache_get();
		return 0;
	}
	left = shim_inject_nth_left();
	shim_inject_nth(0);
	return left;
}

static void call(const struct raw_stream *s, const struct raw_call *c)
{
	const unsigned long *a = c->a;
	struct iova *iova;

	switch (c->kind) {
	case RAW_ALLOC:
		alloc_iova(&iovad, a[0], a[1], a[2]);
		break;
	case RAW_ALLOC_FAST:
		alloc_iova_fast(&iovad, a[0], a[1], a[2]);
		break;
	case RAW_FREE:
		free_iova(&iovad, a[0]);
		break;
	case RAW___FREE:		/* a caller holding only the pfn */
		iova = find_iova(&iovad, a[0]);
		if (iova)
			__free_iova(&iovad, iova);
		break;
	case RAW_FREE_FAST:
		free_iova_fast(&iovad, a[0], a[1]);
		break;
	case RAW_FIND:
		find_iova(&iovad, a[0]);
		break;
	case RAW_RESERVE:
		reserve_iova(&iovad, a[0], a[1]);
		break;
	case RAW_CPU_SWITCH:
		shim_set_cpu(a[0]);
		break;
	case RAW_CPU_OFFLINE:
		shim_cpu_offline(a[0]);
		break;
	case RAW_CPU_ONLINE:
		shim_cpu_online(a[0]);
		break;
	case RAW_RUN_WORK:
		shim_run_delayed_work();
		break;
	case RAW_FLUSH_CPU:
		glue_flush_cpu(&iovad, a[0]);
		break;
	case RAW_FLUSH_GLOBAL:
		glue_flush_global(&iovad);
		break;
	case RAW_DRAIN:
		glue_drain_deferred(&iovad);
		break;
	case RAW_INJECT_NTH:
		shim_inject_nth(a[0]);
		break;
	case RAW_INJECT_NONSLEEPING:
		shim_inject_nonsleeping(a[0]);
		break;
	case RAW_INJECT_CLASS:
		shim_inject_class(a[0], false);
		break;
	case RAW_INJECT_CLEAR:
		shim_inject_clear();
		break;
	case RAW_INJECT_PRESSURE:
		shim_inject_pressure(a[0]);
		break;
	case RAW_REINIT:
		put_iova_domain(&iovad);
		if (a[1])
			iova_cache_get();	/* another user's */
		init(s, a[0] || a[1] ? cache_again(a[0]) : 0);
		if (a[1])
			iova_cache_put();
		break;
	}
}

static void read_entry(void *arg, unsigned long lo, unsigned long hi,
		       bool marker)
{
	*(unsigned long *)arg += lo ^ hi ^ marker;
}

static void read_cached(void *arg, unsigned int order, int cpu,
			unsigned long pfn)
{
	*(unsigned long *)arg += pfn ^ order ^ (unsigned long)cpu;
}

/* Where the reads go, so that the compiler keeps them. */
static volatile unsigned long read_sink;

/* What a full comparison cannot do without: the tree, checked and walked
 * in one pass, and every magazine.  Nothing is compared. */
static void read_all(void)
{
	unsigned long sum = 0;

	if (glue_check_walk(&iovad, read_entry, &sum))
		sum++;
	glue_walk_rcaches(&iovad, read_cached, &sum);
	read_sink += sum;
}

void raw_run(const struct raw_stream *s, unsigned int read_every)
{
	unsigned int op = 0;
	size_t i;

	shim_reset(s->nr_cpus);
	glue_register_classes();
	iova_cache_get();
	init(s, 0);
	for (i = 0; i < s->nr; i++) {
		/* Every op begins, also those that made no call: a
		 * pressure window counts them all. */
		while (op <= s->calls[i].op)
			shim_op_begin(op++);
		call(s, &s->calls[i]);
		/* After the last call of every read_every-th op. */
		if (read_every && (s->calls[i].op + 1) % read_every == 0 &&
		    (i + 1 == s->nr || s->calls[i + 1].op != s->calls[i].op))
			read_all();
	}
	if (read_every)
		read_all();
	put_iova_domain(&iovad);
	shim_rcu_barrier();
	iova_cache_put();
}
