// SPDX-License-Identifier: GPL-2.0-only
/*
 * The re-init op: put_iova_domain() and a new domain, as a driver's remove
 * and probe make (tegra-vde, ipu6).  With a failure asked for, the IOVA
 * caches are put and got again too, the set-up failing its Nth
 * allocation; with another user of the caches (dma-iommu holds them from
 * boot), that user gets them first and puts them after.
 *
 * What a caller can observe of the caches is memory: the last put gives
 * back every kmem_cache, a failed get leaves none, and a get while
 * another user holds them makes none (else the last put cannot give back
 * what it overwrote: NO_LEAK at the run's end).
 */
#include <stdio.h>
#include <stdlib.h>

#include <shim/shim.h>

#include "glue.h"
#include "run.h"

/*
 * The last iova_cache_put() destroys the kmem_caches the first
 * iova_cache_get() created: a cache still there after the run's put is
 * memory the module never gives back, a leak as a lost object is.  So is
 * one a failed get leaves behind.
 */
bool caches_gone(const char *op, const char *after)
{
	const char *name = shim_cache_since_mark();

	if (!name)
		return true;
	snprintf(run.leaked, sizeof(run.leaked), "kmem_cache %s", name);
	return fail("NO_LEAK", op, 0, 0, "kmem_cache %s still exists after %s",
		    name, after);
}

/*
 * The caches put and got again, the get failing its @nth allocation (its
 * kmem_caches are GFP_KERNEL).  Alone, the put is the last: it destroys
 * the caches, and a get that fails must leave none behind; while another
 * user holds them (@shared), neither may touch them.  They are then got
 * without the failure.  Returns what of @nth the get left for the
 * domain's own set-up, or -1 if the run ended.
 */
static long cache_again(unsigned int nth, bool shared)
{
	unsigned long injected = shim_op_stats()->injected;
	unsigned long left;
	int err;

	KERNEL(iova_cache_put());
	run.cache_got = false;
	if (!shared && !caches_gone("iova_cache_put",
				    "the last iova_cache_put()"))
		return -1;
	if (nth)
		shim_inject_nth_any(nth);
	KERNEL(err = iova_cache_get());
	left = nth ? shim_inject_nth_left() : 0;
	if (nth)
		shim_inject_nth(0);
	if (err && shim_op_stats()->injected != injected) {
		if (!shared && !caches_gone("iova_cache_get",
					    "a failed iova_cache_get()"))
			return -1;
		KERNEL(err = iova_cache_get());
	}
	if (err) {
		fail("COMPLETE", "iova_cache_get", 0, 0,
		     "iova_cache_get() failed");
		return -1;
	}
	run.cache_got = true;
	return left;
}

/* Another user's get; false (the run ended) if it failed. */
static bool other_get(void)
{
	int err;

	KERNEL(err = iova_cache_get());
	if (err)
		fail("COMPLETE", "iova_cache_get", 0, 0,
		     "iova_cache_get() failed");
	return !err;
}

/*
 * put_iova_domain() and a new domain, its set-up (the caches got again,
 * then the domain's) failing its @nth allocation if not 0, another user
 * holding the caches meanwhile if @shared: then put again, and made again
 * without the failure, for the ops after it.  The other user puts the
 * caches whatever happened, so that the next run starts as this one did.
 */
bool reinit(unsigned int nth, bool shared)
{
	struct op_rec *rec = rec_new(OP_REINIT, nth, shared, 0);
	bool held = false;
	long left = 0;

	raw(RAW_REINIT, nth, shared, 0);
	if (!domain_put())
		goto out;
	held = shared && other_get();
	if (shared && !held)
		goto out;
	if (nth || shared)
		left = cache_again(nth, shared);
	if (left >= 0 && domain_init(left) && domain_put())
		domain_init(0);
out:
	if (held)
		KERNEL(iova_cache_put());
	rec->injected = shim_op_stats()->injected;
	return !run.inv;
}
