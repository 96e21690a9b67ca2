// SPDX-License-Identifier: GPL-2.0-only
/*
 * Allocation-failure injection.  Every shim allocation asks
 * shim_inject_should_fail() first; the harness arms policies, and each
 * injected failure is counted against the operation that saw it.
 *
 * Only non-sleeping allocations (no __GFP_DIRECT_RECLAIM: GFP_ATOMIC,
 * GFP_NOWAIT) fail unless a policy explicitly includes sleeping ones:
 * a GFP_KERNEL allocation of a few bytes does not fail in practice.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/gfp.h>
#include <linux/sched.h>
#include <shim/shim.h>

#include "shim_internal.h"

#define MAX_CLASS_SIZES 8

static struct {
	size_t size;
	enum shim_class cls;
} class_sizes[MAX_CLASS_SIZES];
static unsigned int nr_class_sizes;

static unsigned long nth_left;		/* 0: disarmed */
static bool nth_any;			/* sleeping ones count too */
static bool nonsleeping;
static unsigned int class_mask;
static bool class_sleeping;
static unsigned long pressure_ops;	/* ops left in a pressure window */
static unsigned long fail_nth_left;	/* the runner's: no reset clears it */
static const char *fail_nth_site;

static struct shim_inject_stats op_stats, total_stats;
struct task_struct shim_task;
static unsigned long cur_op, op_nonsleeping;

/*
 * IOVAFUZZ_FAIL_LOG set: each injected failure is told on stderr as the
 * op it hit and which of that op's non-sleeping allocations it was, the
 * count the kernel's fail_nth (CONFIG_FAILSLAB) uses: scripts/repro
 * writes a finding's injection as current->fail_nth from it.
 */
static void log_failure(void)
{
	static int on = -1;

	if (on < 0)
		on = getenv("IOVAFUZZ_FAIL_LOG") != NULL;
	if (on)
		fprintf(stderr, "iovafuzz-fail: op %lu allocation %lu\n",
			cur_op, op_nonsleeping);
}

void shim_class_register(enum shim_class cls, size_t size)
{
	unsigned int i;

	for (i = 0; i < nr_class_sizes; i++) {
		if (class_sizes[i].size == size) {
			class_sizes[i].cls = cls;
			return;
		}
	}
	if (nr_class_sizes < MAX_CLASS_SIZES)
		class_sizes[nr_class_sizes++] =
			(typeof(class_sizes[0])){ size, cls };
}

enum shim_class shim_class_of(size_t size)
{
	unsigned int i;

	for (i = 0; i < nr_class_sizes; i++)
		if (class_sizes[i].size == size)
			return class_sizes[i].cls;
	return SHIM_CLASS_OTHER;
}

const char *shim_class_name(enum shim_class cls)
{
	static const char *const names[SHIM_NR_CLASSES] = {
		[SHIM_CLASS_IOVA] = "iova",
		[SHIM_CLASS_MAPLE_NODE] = "maple_node",
		[SHIM_CLASS_MAGAZINE] = "magazine",
		[SHIM_CLASS_OTHER] = "other",
	};

	return cls < SHIM_NR_CLASSES ? names[cls] : "?";
}

void shim_inject_nth(unsigned long n)
{
	nth_left = n;
	nth_any = false;
}

void shim_inject_nth_any(unsigned long n)
{
	nth_left = n;
	nth_any = true;
}

unsigned long shim_inject_nth_left(void)
{
	return nth_left;
}

void shim_inject_nonsleeping(bool on)
{
	nonsleeping = on;
}

void shim_inject_class(unsigned int mask, bool sleeping)
{
	class_mask = mask;
	class_sleeping = sleeping;
}

void shim_inject_pressure(unsigned long ops)
{
	pressure_ops = ops;
}

unsigned long shim_pressure_left(void)
{
	return pressure_ops;
}

void shim_inject_clear(void)
{
	pressure_ops = 0;
	nth_left = 0;
	nth_any = false;
	nonsleeping = false;
	class_mask = 0;
	class_sleeping = false;
}

void shim_inject_fail_nth(unsigned long n)
{
	fail_nth_left = n;
	fail_nth_site = NULL;
}

const char *shim_inject_fail_nth_site(void)
{
	return fail_nth_site;
}

static bool policy_says_fail(bool sleeping, enum shim_class cls,
			     const char *site)
{
	bool fail = false;

	if (shim_task.fail_nth && !sleeping && --shim_task.fail_nth == 0)
		fail = true;
	if (fail_nth_left && !sleeping && --fail_nth_left == 0) {
		fail_nth_site = site ? site : "?";
		fail = true;
	}

	/* The N-th counts only allocations that may fail at all, unless
	 * sleeping ones may fail too. */
	if (nth_left && (!sleeping || nth_any) && --nth_left == 0)
		fail = true;
	if ((nonsleeping || pressure_ops) && !sleeping)
		fail = true;
	if ((class_mask & SHIM_CLASS_BIT(cls)) && (!sleeping || class_sleeping))
		fail = true;
	return fail;
}

bool shim_inject_should_fail(gfp_t gfp, size_t size, const char *site)
{
	bool sleeping = gfpflags_allow_blocking(gfp);
	enum shim_class cls = shim_class_of(size);

	op_stats.attempts++;
	total_stats.attempts++;
	if (gfp & __GFP_NOFAIL)
		return false;
	if (!sleeping)
		op_nonsleeping++;
	if (!policy_says_fail(sleeping, cls, site))
		return false;
	log_failure();
	op_stats.injected++;
	op_stats.by_class[cls]++;
	op_stats.last_site = site;
	total_stats.injected++;
	total_stats.by_class[cls]++;
	total_stats.last_site = site;
	return true;
}

/* Frees are counted too: they show what an op did inside the kernel
 * (a cache flush frees struct iovas, a plain allocation does not). */
void shim_account_free(size_t size)
{
	enum shim_class cls = shim_class_of(size);

	op_stats.freed[cls]++;
	total_stats.freed[cls]++;
}

void shim_op_begin(unsigned long op)
{
	static unsigned long last_op = ~0UL;

	/* A pressure window counts ops, whatever runs inside them. */
	if (pressure_ops && op != last_op)
		pressure_ops--;
	last_op = op;
	cur_op = op;
	op_nonsleeping = 0;
	memset(&op_stats, 0, sizeof(op_stats));
}

const struct shim_inject_stats *shim_op_stats(void)
{
	return &op_stats;
}

const struct shim_inject_stats *shim_total_stats(void)
{
	return &total_stats;
}

void shim_inject_reset(void)
{
	shim_inject_clear();
	shim_task.fail_nth = 0;
	memset(&op_stats, 0, sizeof(op_stats));
	memset(&total_stats, 0, sizeof(total_stats));
}
