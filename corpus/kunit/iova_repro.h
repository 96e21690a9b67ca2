/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every case scripts/repro generated needs: the ranges the
 * caller holds and the checks of what it can observe.  A case
 * defines MAX_RESULTS, GRANULE, START_PFN, NR_CPUS_USED, RCACHES,
 * cur_op, cur_what and EXPECT() first.  Written by
 * tests/repro/make_kunit_corpus.sh from scripts/lib/repro_c.py.
 */
#ifndef _IOVA_REPRO_H
#define _IOVA_REPRO_H


/* What the caller holds: result K, its range and its struct iova. */
static struct held {
	unsigned long lo, hi;
	struct iova *iova;	/* NULL: alloc_iova_fast(), or gone */
	bool live, reserved;
} r[MAX_RESULTS + 1];

static struct iova_domain iovad;

static void op(int n, const char *what)
{
	cur_op = n;
	cur_what = what;
	shim_op_begin(n);
}

static unsigned long roundup_pow2(unsigned long n)
{
	unsigned long p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

/* A new range: bounds, size, alignment, overlap with what is held. */
static void check_new(unsigned long lo, unsigned long hi, unsigned long size,
		      unsigned long limit, unsigned long align, bool fast)
{
	unsigned long got = hi - lo + 1;
	int k;

	EXPECT(lo >= START_PFN && lo <= hi && hi <= limit,
	       "[0x%lx-0x%lx] outside [0x%lx-0x%lx]", lo, hi,
	       (unsigned long)START_PFN, limit);
	/* The fast path rounds up the sizes the tree's range caches hold
	 * (below 2^(IOVA_RANGE_CACHE_MAX_SIZE - 1) pages). */
	if (fast && size < 1UL << (glue_rcache_orders - 1))
		size = roundup_pow2(size);
	EXPECT(got == size, "[0x%lx-0x%lx] has %lu pages, want %lu", lo, hi,
	       got, size);
	EXPECT(lo % align == 0, "[0x%lx-0x%lx] not aligned to %lu pages",
	       lo, hi, align);
	for (k = 0; k < MAX_RESULTS; k++)
		EXPECT(!r[k].live || r[k].hi < lo || r[k].lo > hi,
		       "[0x%lx-0x%lx] overlaps held [0x%lx-0x%lx]", lo, hi,
		       r[k].lo, r[k].hi);
}

static void hold(int k, unsigned long lo, unsigned long hi,
		 struct iova *iova, bool reserved)
{
	r[k] = (struct held){ lo, hi, iova, true, reserved };
}

static void got_alloc(int k, struct iova *iova, unsigned long size,
		      unsigned long limit, bool aligned, bool must)
{
	if (must)
		EXPECT(iova, "alloc_iova(%lu, 0x%lx) failed, with room for it",
		       size, limit);
	if (!iova)
		return;
	check_new(iova->pfn_lo, iova->pfn_hi, size, limit,
		  aligned ? roundup_pow2(size) : 1, false);
	hold(k, iova->pfn_lo, iova->pfn_hi, iova, false);
}

static void got_fast(int k, unsigned long pfn, unsigned long size,
		     unsigned long limit, bool must)
{
	struct iova *iova;

	if (must)
		EXPECT(pfn, "alloc_iova_fast(%lu, 0x%lx) failed, with room for it",
		       size, limit);
	if (!pfn)
		return;
	iova = find_iova(&iovad, pfn);
	EXPECT(iova && iova->pfn_lo == pfn,
	       "find_iova(0x%lx) misses the range alloc_iova_fast() returned",
	       pfn);
	check_new(pfn, iova->pfn_hi, size, limit, roundup_pow2(size), true);
	hold(k, pfn, iova->pfn_hi, NULL, false);
}

static void got_reserve(int k, struct iova *iova, unsigned long lo,
			unsigned long hi)
{
	if (iova)
		hold(k, lo, hi, iova, true);
}

static struct iova *handle_of(int k)
{
	return r[k].iova ? r[k].iova : find_iova(&iovad, r[k].lo);
}

static void release(int k)
{
	r[k].live = false;
	r[k].iova = NULL;
}

/*
 * The frees of what the caller holds, and nothing where it never got it:
 * under scripts/kunit --fail-nth an allocation the trace saw succeed may
 * fail, and the program goes on without that range.
 */
static bool free_held(int k, unsigned long off)
{
	if (!r[k].live)
		return false;
	free_iova(&iovad, r[k].lo + off);
	release(k);
	return true;
}

static bool free_handle(int k)
{
	if (!r[k].live)
		return false;
	__free_iova(&iovad, handle_of(k));
	release(k);
	return true;
}

static void free_fast_held(int k, unsigned long size)
{
	if (r[k].live)
		free_iova_fast(&iovad, r[k].lo, size);
	release(k);
}

/* After free_iova*(), a CPU going offline, a flush: not found. */
static void expect_gone(int k, const char *why)
{
	EXPECT(!find_iova(&iovad, r[k].lo),
	       "[0x%lx-0x%lx] still found after %s", r[k].lo, r[k].hi, why);
}

static void expect_found(int k, unsigned long off)
{
	struct iova *iova;

	if (!r[k].live || r[k].reserved)
		return;
	iova = find_iova(&iovad, r[k].lo + off);
	EXPECT(iova && iova->pfn_lo == r[k].lo && iova->pfn_hi == r[k].hi,
	       "find_iova(0x%lx) does not return held [0x%lx-0x%lx]",
	       r[k].lo + off, r[k].lo, r[k].hi);
}

/* Kernel code said nothing the shim records (a WARN, a maple tree
 * self-check, a sleep in atomic context); else its signature and where. */
static void expect_no_complaint(void)
{
	const struct shim_finding *w = shim_first_finding();
	char line[512];

	EXPECT(!w, "%s", w ? shim_finding_line(w, line, sizeof(line)) : "");
}

/* The last iova_cache_put() gave back every kmem_cache the first
 * iova_cache_get() made. */
static void expect_caches_gone(void)
{
	const char *name = shim_cache_since_mark();

	EXPECT(!name, "kmem_cache %s still exists after the last iova_cache_put()",
	       name);
}

/* After every op: no complaint, every struct iova the API gave still
 * holds its range (a reservation: some of what was reserved). */
static void checks(void)
{
	int k;

	expect_no_complaint();
	for (k = 0; k < MAX_RESULTS; k++) {
		const struct iova *iova = r[k].live ? r[k].iova : NULL;

		if (!iova)
			continue;
		if (r[k].reserved)
			EXPECT(iova->pfn_lo <= r[k].hi && iova->pfn_hi >= r[k].lo,
			       "reserve_iova(0x%lx, 0x%lx) gave [0x%lx-0x%lx]",
			       r[k].lo, r[k].hi, iova->pfn_lo, iova->pfn_hi);
		else
			EXPECT(iova->pfn_lo == r[k].lo && iova->pfn_hi == r[k].hi,
			       "the struct iova of [0x%lx-0x%lx] now holds [0x%lx-0x%lx]",
			       r[k].lo, r[k].hi, iova->pfn_lo, iova->pfn_hi);
	}
}

static void domain_init(void)
{
	memset(r, 0, sizeof(r));
	init_iova_domain(&iovad, GRANULE, START_PFN);
	EXPECT(!RCACHES || !iova_domain_init_rcaches(&iovad),
	       "iova_domain_init_rcaches() failed");
}

static void domain_put(void)
{
	put_iova_domain(&iovad);
	shim_rcu_barrier();
	expect_no_complaint();
	EXPECT(!shim_live_objects(),
	       "%lu object(s) live after put_iova_domain()",
	       shim_live_objects());
}

/* A new domain whose set-up fails its @nth allocation (if not 0),
 * sleeping ones included.  The IOVA caches are put and got again first,
 * as a driver's remove and probe do: alone (!@shared), the put is the
 * last and a get that failed must leave no kmem_cache; with another user
 * of them (@shared: dma-iommu holds them from boot), that user gets them
 * first and puts them last.  They are got again without the failure.  If
 * the domain's own set-up failed, put_iova_domain() must work and leave
 * nothing, and the domain is made again without the failure. */
static void domain_init_again(unsigned long nth, bool shared)
{
	int err;

	if (shared)
		EXPECT(!iova_cache_get(), "another user's iova_cache_get() failed");
	iova_cache_put();
	if (!shared)
		expect_caches_gone();
	if (nth)
		shim_inject_nth_any(nth);
	err = iova_cache_get();
	if (nth) {
		nth = shim_inject_nth_left();
		shim_inject_nth(0);
	}
	if (err) {
		EXPECT(shared || !shim_cache_since_mark(),
		       "kmem_cache %s still exists after a failed iova_cache_get()",
		       shim_cache_since_mark());
		EXPECT(!iova_cache_get(), "iova_cache_get() failed");
	}
	memset(r, 0, sizeof(r));
	init_iova_domain(&iovad, GRANULE, START_PFN);
	err = 0;
	if (RCACHES) {
		unsigned long injected = shim_op_stats()->injected;

		if (nth)
			shim_inject_nth_any(nth);
		err = iova_domain_init_rcaches(&iovad);
		if (nth)
			shim_inject_nth(0);
		/* Only an injected failure excuses a failed set-up. */
		EXPECT(!err || shim_op_stats()->injected != injected,
		       "iova_domain_init_rcaches() failed");
	}
	if (err) {
		domain_put();
		domain_init();
	}
	if (shared)
		iova_cache_put();
}

#endif
