// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 7.x kernel API written the way 7.x lib/maple_tree.c and the
 * maple-tree IOVA series write it (our own code, no kernel source), built
 * in every flavour against the shim and run: if this compiles and ends
 * with nothing live and no findings, kernel code in that style will too.
 *
 * The shapes imitated: a node cache created with kmem_cache_args (size
 * alignment, a sheaf capacity); a per-operation state holding a sheaf and
 * one spare node; reservations made with GFP_NOWAIT under the lock and
 * retried with GFP_KERNEL outside it; nodes taken from the sheaf with
 * GFP_NOWAIT where failure is not an option; old nodes freed by
 * kfree_rcu(); a domain allocated with kzalloc_obj() and locked with
 * guard(spinlock_irqsave).
 */
#define pr_fmt(fmt) "api7x: " fmt

#include <linux/bitmap.h>
#include <linux/cleanup.h>
#include <linux/cpu.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <shim/shim.h>

#include "check.h"

#define XNODE_SLOTS	15
#define XSHEAF_CAP	32

/* Like struct maple_node: 256 bytes, aligned to its size, RCU-freed. */
struct xnode {
	struct xnode *parent;
	unsigned long pivot[XNODE_SLOTS - 1];
	void *slot[XNODE_SLOTS];
	struct rcu_head rcu;
};

static_assert(sizeof(struct xnode) == 256);

/* Like struct ma_state: the reservation lives with the operation. */
struct xstate {
	struct slab_sheaf *sheaf;
	struct xnode *alloc;		/* a lone node, no sheaf needed */
	unsigned long node_request;
	int err;
};

/* Like the series' struct iova_domain, with per-order cached counts. */
struct xdomain {
	spinlock_t lock;
	struct xnode *root;
	unsigned long nr_nodes;
	DECLARE_BITMAP(orders, 64);
};

struct xmag {
	unsigned int size;
	unsigned long pfns[] __counted_by(size);
};

static struct kmem_cache *xnode_cache;
static struct kmem_cache *xrange_cache;
static DEFINE_STATIC_KEY_FALSE(xdebug);

/* As 7.x maple_tree_init(). */
static void __init xnode_cache_init(void)
{
	struct kmem_cache_args args = {
		.align = sizeof(struct xnode),
		.sheaf_capacity = XSHEAF_CAP,
	};

	xnode_cache = kmem_cache_create("xnode", sizeof(struct xnode), &args,
					SLAB_PANIC);
	/* As 6.x iova_cache_get(): the five-argument form still works. */
	xrange_cache = kmem_cache_create("xrange", 32, 0, SLAB_HWCACHE_ALIGN,
					 NULL);
}

static inline struct slab_sheaf *xt_get_sheaf(gfp_t gfp, int count)
{
	return kmem_cache_prefill_sheaf(xnode_cache, gfp, count);
}

static inline int xt_refill_sheaf(gfp_t gfp, struct slab_sheaf **sheaf,
				  unsigned int size)
{
	return kmem_cache_refill_sheaf(xnode_cache, gfp, sheaf, size);
}

static inline void xt_return_sheaf(struct slab_sheaf *sheaf)
{
	kmem_cache_return_sheaf(xnode_cache, GFP_NOWAIT, sheaf);
}

static inline struct xnode *xt_alloc_one(gfp_t gfp)
{
	return kmem_cache_alloc(xnode_cache, gfp);
}

static void xt_free_rcu(struct xnode *node)
{
	WARN_ON_ONCE(!node);
	kfree_rcu(node, rcu);
}

/* Like mas_alloc_nodes(): one node directly, more through a sheaf. */
static void xs_alloc_nodes(struct xstate *xs, gfp_t gfp)
{
	if (!xs->node_request)
		return;
	if (xs->node_request == 1 && !xs->sheaf && !xs->alloc) {
		xs->alloc = xt_alloc_one(gfp);
		if (!xs->alloc)
			goto error;
		xs->node_request = 0;
		return;
	}
	if (xs->sheaf) {
		if (xt_refill_sheaf(gfp, &xs->sheaf, xs->node_request))
			goto error;
	} else {
		xs->sheaf = xt_get_sheaf(gfp, xs->node_request);
		if (!xs->sheaf)
			goto error;
	}
	xs->node_request = 0;
	return;
error:
	xs->err = -ENOMEM;
}

/* Like mas_nomem(): after a failure under the lock, sleep and retry. */
static bool xs_nomem(struct xstate *xs, struct xdomain *dom, gfp_t gfp,
		     unsigned long request)
{
	if (likely(xs->err != -ENOMEM))
		return false;
	xs->err = 0;
	xs->node_request = request;
	if (gfpflags_allow_blocking(gfp)) {
		spin_unlock(&dom->lock);
		might_sleep();
		xs_alloc_nodes(xs, gfp);
		spin_lock(&dom->lock);
	} else {
		xs_alloc_nodes(xs, gfp);
	}
	return !xs->err;
}

/* Like mas_pop_node(): cannot fail while the reservation lasts. */
static struct xnode *xs_pop_node(struct xstate *xs)
{
	struct xnode *node;

	if (xs->alloc) {
		node = xs->alloc;
		xs->alloc = NULL;
		memset(node, 0, sizeof(*node));
		return node;
	}
	if (WARN_ON_ONCE(!xs->sheaf))
		return NULL;
	node = kmem_cache_alloc_from_sheaf(xnode_cache,
					   GFP_NOWAIT | __GFP_ZERO, xs->sheaf);
	WARN_ON_ONCE(!node);
	return node;
}

/* Like mas_destroy(): what was reserved and not used goes back. */
static void xs_destroy(struct xstate *xs)
{
	if (xs->sheaf)
		xt_return_sheaf(xs->sheaf);
	xs->sheaf = NULL;
	kfree(xs->alloc);		/* kfree() of a cache object, as 7.x */
	xs->alloc = NULL;
}

static unsigned long xs_reserved(struct xstate *xs)
{
	return (xs->sheaf ? kmem_cache_sheaf_size(xs->sheaf) : 0) +
	       !!xs->alloc;
}

/* Replace the root with a chain of @depth fresh nodes. */
static void xdom_rewrite(struct xdomain *dom, struct xstate *xs,
			 unsigned int depth)
{
	struct xnode *old = dom->root, *parent = NULL, *node;
	unsigned int i;

	lockdep_assert_held(&dom->lock);
	for (i = 0; i < depth; i++) {
		node = xs_pop_node(xs);
		if (!node)
			return;
		node->parent = parent;
		if (parent)
			parent->slot[0] = node;
		else
			WRITE_ONCE(dom->root, node);
		parent = node;
		dom->nr_nodes++;
	}
	while (old) {
		struct xnode *next = old->slot[0];

		xt_free_rcu(old);
		dom->nr_nodes--;
		old = next;
	}
}

/* One store: reserve @depth nodes without sleeping under the lock, retry
 * sleeping outside it on failure, then rewrite. */
static int xdom_store(struct xdomain *dom, unsigned int depth, gfp_t gfp)
{
	struct xstate xs = { .node_request = depth };
	int ret = 0;

	spin_lock(&dom->lock);
	xs_alloc_nodes(&xs, GFP_NOWAIT | __GFP_NOWARN);
	if (xs.err && !xs_nomem(&xs, dom, gfp, depth))
		ret = -ENOMEM;
	if (!ret) {
		WARN_ON_ONCE(xs_reserved(&xs) < depth);
		xdom_rewrite(dom, &xs, depth);
	}
	spin_unlock(&dom->lock);
	xs_destroy(&xs);
	return ret;
}

static unsigned long xdom_depth(struct xdomain *dom)
{
	struct xnode *node;
	unsigned long n = 0;

	guard(rcu)();
	for (node = rcu_dereference(dom->root); node; node = node->slot[0])
		n++;
	return n;
}

/* Cached-range bookkeeping in the style of the IOVA range caches. */
static unsigned int xdom_note(struct xdomain *dom, unsigned long size)
{
	unsigned int order = order_base_2(size);

	BUILD_BUG_ON(ilog2(XSHEAF_CAP) != 5);
	guard(spinlock_irqsave)(&dom->lock);
	if (static_branch_unlikely(&xdebug))
		pr_info_once("order %u\n", order);
	__set_bit(clamp_t(unsigned int, order, 0, 63), dom->orders);
	return order;
}

static struct xdomain *xdom_create(void)
{
	struct xdomain *dom __free(kfree) = kzalloc_obj(*dom);

	if (!dom)
		return ERR_PTR(-ENOMEM);
	spin_lock_init(&dom->lock);
	bitmap_zero(dom->orders, 64);
	return_ptr(dom);
}
EXPORT_SYMBOL_GPL(xdom_create);

static void xdom_destroy(struct xdomain *dom)
{
	scoped_guard(spinlock_irqsave, &dom->lock) {
		struct xnode *node = dom->root;

		while (node) {
			struct xnode *next = node->slot[0];

			xt_free_rcu(node);
			node = next;
		}
		dom->root = NULL;
	}
	kfree_rcu_mightsleep(dom);
}

static bool test_store_and_free(void)
{
	struct xdomain *dom = xdom_create();
	unsigned int i;

	CHECK(!IS_ERR(dom));
	for (i = 1; i <= 40; i++) {
		CHECK_EQ(xdom_store(dom, i % 7 + 1, GFP_KERNEL), 0);
		CHECK_EQ(xdom_depth(dom), i % 7 + 1);
		CHECK_EQ(READ_ONCE(dom->nr_nodes), i % 7 + 1);
	}
	/* Nothing reserved survives an operation. */
	CHECK_EQ(shim_live_sheaves(), 0);
	/* Replaced nodes stay live until a grace period has passed. */
	CHECK_EQ(shim_cache_live(xnode_cache),
		 xdom_depth(dom) + shim_rcu_pending());
	shim_rcu_barrier();
	CHECK_EQ(shim_cache_live(xnode_cache), xdom_depth(dom));
	xdom_destroy(dom);
	shim_rcu_barrier();
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* Non-sleeping reservations fail; the sleeping retry succeeds, and a
 * GFP_NOWAIT caller gets -ENOMEM with nothing leaked. */
static bool test_store_under_injection(void)
{
	struct xdomain *dom = xdom_create();
	unsigned long live;

	CHECK(!IS_ERR(dom));
	CHECK_EQ(xdom_store(dom, 3, GFP_KERNEL), 0);
	live = shim_live_objects();
	shim_inject_nonsleeping(true);
	CHECK_EQ(xdom_store(dom, 4, GFP_KERNEL), 0);
	CHECK_EQ(xdom_depth(dom), 4);
	CHECK_EQ(xdom_store(dom, 2, GFP_NOWAIT), -ENOMEM);
	CHECK_EQ(xdom_store(dom, 1, GFP_ATOMIC), -ENOMEM);
	CHECK_EQ(xdom_depth(dom), 4);
	shim_inject_clear();
	/* 4 new nodes, 3 old ones waiting for RCU; the failures left
	 * nothing behind. */
	CHECK_EQ(shim_live_objects(), live + 4);
	shim_sheaf_fill_to_capacity(true);
	CHECK_EQ(xdom_store(dom, 5, GFP_KERNEL), 0);
	shim_sheaf_fill_to_capacity(false);
	CHECK_EQ(shim_live_sheaves(), 0);
	xdom_destroy(dom);
	shim_rcu_barrier();
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_helpers_as_used(void)
{
	struct xdomain *dom = xdom_create();
	struct xmag *mag;
	unsigned long *pfns, end;
	void *bulk[4];
	int i;

	CHECK(!IS_ERR(dom));
	CHECK_EQ(xdom_note(dom, 5), 3);
	static_branch_enable(&xdebug);
	shim_set_printk(false);
	CHECK_EQ(xdom_note(dom, 1), 0);
	CHECK_EQ(xdom_note(dom, 1 << 10), 10);
	shim_set_printk(true);
	static_branch_disable(&xdebug);
	CHECK_EQ(bitmap_weight(dom->orders, 64), 3);
	CHECK_EQ(__ffs64(BIT_ULL(10) | BIT_ULL(40)), 10);
	CHECK_EQ(roundup_pow_of_two(5), 8);
	CHECK(!check_add_overflow(0xfffffUL, 1UL, &end) && end == 0x100000);
	CHECK(IS_ALIGNED(ALIGN(end - 1, 1UL << 20), 1UL << 20));
	CHECK_EQ(GENMASK(19, 12) >> 12, 0xff);
	CHECK_EQ(min_t(unsigned long, end, 4), 4);
	CHECK_EQ(max_t(int, -3, -4), -3);

	mag = kzalloc_flex(*mag, pfns, 127, GFP_ATOMIC);
	CHECK(mag);
	mag->size = 127;
	CHECK_EQ(ksize(mag), struct_size(mag, pfns, 127));
	pfns = kmalloc_objs(*pfns, 8, GFP_NOWAIT);
	CHECK(pfns);
	CHECK_EQ(ksize(pfns), array_size(8, sizeof(*pfns)));
	kfree(pfns);
	kfree(mag);

	bulk[0] = kmem_cache_zalloc(xrange_cache, GFP_ATOMIC);
	CHECK(bulk[0]);
	kmem_cache_free(xrange_cache, bulk[0]);
	CHECK_EQ(kmem_cache_alloc_bulk(xrange_cache, GFP_KERNEL, 4, bulk), 4);
	for (i = 0; i < 4; i++)
		kfree(bulk[i]);			/* either free works */
	CHECK(!in_interrupt());
	scoped_guard(cpus_read_lock)
		CHECK(container_of(&dom->lock, struct xdomain, lock) == dom);
	xdom_destroy(dom);
	shim_rcu_barrier();
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	shim_reset(2);
	xnode_cache_init();
	shim_class_register(SHIM_CLASS_MAPLE_NODE, sizeof(struct xnode));
	RUN_TEST(&t, test_store_and_free);
	RUN_TEST(&t, test_store_under_injection);
	RUN_TEST(&t, test_helpers_as_used);
	if (shim_nr_findings()) {
		const struct shim_finding *f = shim_first_finding();

		printf("FAIL: finding %s at %s:%d\n", f->kind, f->file,
		       f->line);
		t.failed++;
	}
	kmem_cache_destroy(xnode_cache);
	kmem_cache_destroy(xrange_cache);
	return check_summary(&t);
}
