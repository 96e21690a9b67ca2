// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the shim's 7.x kernel API: slab sheaves (under every
 * failure-injection policy, in both fill modes), both kmem_cache_create()
 * forms, typed allocation helpers and saturating sizes, kfree() of cache
 * objects, kfree_rcu_mightsleep(), cleanup.h guards, static keys and the
 * small helpers a patch may reach for.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/bitfield.h>
#include <linux/bitmap.h>
#include <linux/cleanup.h>
#include <linux/cpu.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <shim/shim.h>

#include "check.h"

#define NODE_SIZE	256
#define NODE_CAP	32

struct tnode {
	unsigned long slot[30];
	struct rcu_head rcu;
};

static_assert(sizeof(struct tnode) == NODE_SIZE);

static struct kmem_cache *node_c;	/* sheaf_capacity NODE_CAP */
static struct kmem_cache *plain_c;	/* legacy form, no sheaves */

static void setup(void)
{
	shim_reset(2);
	shim_sheaf_fill_to_capacity(false);
	shim_class_register(SHIM_CLASS_MAPLE_NODE, NODE_SIZE);
	if (!node_c) {
		struct kmem_cache_args args = {
			.align = NODE_SIZE,
			.sheaf_capacity = NODE_CAP,
		};

		node_c = kmem_cache_create("tnode", NODE_SIZE, &args,
					   SLAB_PANIC);
		plain_c = kmem_cache_create("plain", 48, 0, 0, NULL);
	}
}

/* ---- kmem_cache_create() ---- */

static unsigned int ctor_runs;

static void ctor(void *obj)
{
	ctor_runs++;
	*(int *)obj = 42;
}

struct kc_test {
	long a;
	char b;
};

static bool test_create_forms(void)
{
	const struct kmem_cache_args cargs = { .align = 128, .ctor = ctor };
	struct kmem_cache_args bad = {
		.use_freeptr_offset = true,
		.freeptr_offset = 8,
	};
	struct kmem_cache *c5, *c4, *cn, *cc, *km;
	int *p;

	setup();
	ctor_runs = 0;
	c5 = kmem_cache_create("c5", 40, 64, 0, ctor);	/* 6.1/6.12 */
	c4 = kmem_cache_create("c4", 40, &cargs, 0);	/* const args */
	cn = kmem_cache_create("cn", 40, NULL, SLAB_HWCACHE_ALIGN);
	cc = kmem_cache_create_usercopy("cc", 40, 0, 0, 8, 16, NULL);
	km = KMEM_CACHE(kc_test, 0);
	CHECK(c5 && c4 && cn && cc && km);
	CHECK_EQ(shim_cache_sheaf_capacity(node_c), NODE_CAP);
	CHECK_EQ(shim_cache_sheaf_capacity(c5), 0);
	CHECK_EQ(shim_cache_sheaf_capacity(cn), 0);

	p = kmem_cache_alloc(c5, GFP_KERNEL);
	CHECK_EQ((unsigned long)p % 64, 0);
	CHECK_EQ(*p, 42);
	kmem_cache_free(c5, p);
	p = kmem_cache_alloc(c4, GFP_KERNEL);
	CHECK_EQ((unsigned long)p % 128, 0);
	CHECK_EQ(*p, 42);
	CHECK_EQ(ctor_runs, 2);
	kmem_cache_free(c4, p);
	p = kmem_cache_alloc(cn, GFP_KERNEL);
	CHECK_EQ((unsigned long)p % 64, 0);		/* HWCACHE_ALIGN */
	kmem_cache_free(cn, p);
	p = kmem_cache_alloc(node_c, GFP_KERNEL);
	CHECK_EQ((unsigned long)p % NODE_SIZE, 0);
	kmem_cache_free(node_c, p);

	/* A free pointer offset needs SLAB_TYPESAFE_BY_RCU. */
	shim_set_printk(false);
	CHECK(!kmem_cache_create("bad", 40, &bad, 0));
	shim_set_printk(true);
	cc = kmem_cache_create("rcu", 40, &bad, SLAB_TYPESAFE_BY_RCU);
	CHECK(cc);
	kmem_cache_destroy(cc);
	kmem_cache_destroy(c5);
	kmem_cache_destroy(c4);
	kmem_cache_destroy(cn);
	kmem_cache_destroy(km);
	CHECK_EQ(shim_live_objects(), 0);
	CHECK_EQ(shim_nr_findings(), 0);
	return true;
}

/* ---- sheaves ---- */

static bool test_prefill_exact(void)
{
	struct slab_sheaf *sheaf;
	void *p[5];
	int i;

	setup();
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 5);
	CHECK(sheaf);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 5);
	CHECK_EQ(shim_cache_live(node_c), 5);	/* in the sheaf, live */
	CHECK_EQ(shim_live_sheaves(), 1);
	CHECK_EQ(shim_live_objects(), 5 + 1);	/* + the container */
	CHECK_EQ(shim_total_stats()->attempts, 5);
	for (i = 0; i < 5; i++) {
		p[i] = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
		CHECK(p[i]);
		CHECK_EQ((unsigned long)p[i] % NODE_SIZE, 0);
	}
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 0);
	CHECK(!kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf));
	CHECK_EQ(shim_cache_live(node_c), 5);	/* moved, not copied */
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(shim_live_sheaves(), 0);
	kmem_cache_free_bulk(node_c, 5, p);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* "Every non-sleeping allocation fails": so does a GFP_ATOMIC prefill,
 * as a whole, and a sleeping one goes through. */
static bool test_prefill_nonsleeping(void)
{
	struct slab_sheaf *sheaf;

	setup();
	shim_op_begin(1);
	shim_inject_nonsleeping(true);
	CHECK(!kmem_cache_prefill_sheaf(node_c, GFP_ATOMIC, 4));
	CHECK(!kmem_cache_prefill_sheaf(node_c, GFP_NOWAIT, 1));
	CHECK_EQ(shim_live_objects(), 0);
	CHECK_EQ(shim_live_sheaves(), 0);
	CHECK_EQ(shim_op_stats()->injected, 2);
	CHECK_EQ(shim_op_stats()->by_class[SHIM_CLASS_MAPLE_NODE], 2);
	CHECK(!strcmp(shim_op_stats()->last_site, __func__));
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 4);
	CHECK(sheaf);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 4);
	shim_inject_clear();
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* The N-th object of a prefill fails: the earlier ones go back. */
static bool test_prefill_nth(void)
{
	struct slab_sheaf *sheaf;

	setup();
	shim_op_begin(1);
	shim_inject_nth(3);
	CHECK(!kmem_cache_prefill_sheaf(node_c, GFP_ATOMIC, 5));
	CHECK_EQ(shim_op_stats()->attempts, 3);
	CHECK_EQ(shim_op_stats()->injected, 1);
	CHECK_EQ(shim_op_stats()->freed[SHIM_CLASS_MAPLE_NODE], 2);
	CHECK_EQ(shim_live_objects(), 0);
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_ATOMIC, 5); /* one-shot */
	CHECK(sheaf);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_prefill_by_class(void)
{
	struct slab_sheaf *sheaf;

	setup();
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_OTHER), false);
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_ATOMIC, 3);
	CHECK(sheaf);				/* not its class */
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_MAPLE_NODE), false);
	CHECK(!kmem_cache_prefill_sheaf(node_c, GFP_ATOMIC, 3));
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 3);
	CHECK(sheaf);				/* sleeping: spared */
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_MAPLE_NODE), true);
	CHECK(!kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 3));
	shim_inject_clear();
	CHECK_EQ(shim_total_stats()->by_class[SHIM_CLASS_MAPLE_NODE], 2);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* A failed refill leaves the caller's sheaf exactly as it was, whether it
 * would have topped it up in place or needed a larger one. */
static bool test_refill_failure(void)
{
	struct slab_sheaf *sheaf, *orig;
	void *a, *b;

	setup();
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 4);
	orig = sheaf;
	a = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
	b = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 2);

	shim_inject_nonsleeping(true);
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_ATOMIC, &sheaf, 4),
		 -ENOMEM);			/* in place */
	CHECK(sheaf == orig);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 2);
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_ATOMIC, &sheaf, 9),
		 -ENOMEM);			/* would grow */
	CHECK(sheaf == orig);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 2);
	CHECK_EQ(shim_cache_live(node_c), 4);
	CHECK_EQ(shim_live_sheaves(), 1);
	shim_inject_clear();

	shim_inject_nth(2);			/* second of two fails */
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_NOWAIT, &sheaf, 4),
		 -ENOMEM);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 2);
	CHECK_EQ(shim_cache_live(node_c), 4);

	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_NOWAIT, &sheaf, 4), 0);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 4);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	kmem_cache_free(node_c, a);
	kmem_cache_free(node_c, b);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_refill_semantics(void)
{
	struct slab_sheaf *sheaf = NULL, *orig;

	setup();
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_KERNEL, &sheaf, 2),
		 -EINVAL);			/* no sheaf to refill */
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_KERNEL, NULL, 2),
		 -EINVAL);
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 3);
	orig = sheaf;
	shim_op_begin(1);
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_ATOMIC, &sheaf, 2), 0);
	CHECK_EQ(shim_op_stats()->attempts, 0);	/* already enough */
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 3);
	/* Exact mode grows by the difference and keeps what it had. */
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_ATOMIC, &sheaf, 10), 0);
	CHECK_EQ(shim_op_stats()->attempts, 7);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 10);
	CHECK_EQ(shim_cache_live(node_c), 10);
	CHECK_EQ(shim_live_sheaves(), 1);
	(void)orig;		/* freed by the grow: not to be touched */
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* Taking from a sheaf never consults injection, under any policy. */
static bool test_alloc_from_sheaf_not_injected(void)
{
	struct slab_sheaf *sheaf;
	void *p[3];
	int i;

	setup();
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 3);
	shim_op_begin(1);
	shim_inject_nonsleeping(true);
	shim_inject_nth(1);
	shim_inject_class(SHIM_CLASS_BIT(SHIM_CLASS_MAPLE_NODE), true);
	for (i = 0; i < 3; i++) {
		p[i] = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
		CHECK(p[i]);
	}
	CHECK(!kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf));
	CHECK_EQ(shim_op_stats()->attempts, 0);
	CHECK_EQ(shim_op_stats()->injected, 0);
	CHECK(!kmem_cache_alloc(node_c, GFP_ATOMIC));	/* still armed */
	shim_inject_clear();
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	kmem_cache_free_bulk(node_c, 3, p);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool all_bytes(const void *p, int c, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i] != c)
			return false;
	return true;
}

static bool test_alloc_from_sheaf_zero(void)
{
	struct slab_sheaf *sheaf;
	void *z, *nz;

	setup();
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 2);
	z = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT | __GFP_ZERO,
					sheaf);
	nz = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK(all_bytes(z, 0, NODE_SIZE));
	CHECK(all_bytes(nz, 0xa5, NODE_SIZE));	/* visibly uninitialised */
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	kmem_cache_free(node_c, z);
	kmem_cache_free(node_c, nz);
	/* A zeroing prefill hands out zeroed objects. */
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL | __GFP_ZERO, 1);
	z = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK(all_bytes(z, 0, NODE_SIZE));
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	kfree(z);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* Returning frees what is left, counted as frees of the object class
 * only: the 256-byte container of a 30-slot sheaf is not a maple node. */
static bool test_return_sheaf_frees(void)
{
	struct slab_sheaf *sheaf;
	void *p[10];
	int i;

	setup();
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 30);
	for (i = 0; i < 10; i++)
		p[i] = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
	shim_op_begin(1);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(shim_op_stats()->freed[SHIM_CLASS_MAPLE_NODE], 20);
	CHECK_EQ(shim_op_stats()->freed[SHIM_CLASS_OTHER], 0);
	CHECK_EQ(shim_cache_live(node_c), 10);
	CHECK_EQ(shim_live_sheaves(), 0);
	kmem_cache_free_bulk(node_c, 10, p);
	/* An empty sheaf still has to be returned: it is counted. */
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_ATOMIC, 0);
	CHECK(sheaf);
	CHECK_EQ(shim_live_objects(), 1);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_fill_to_capacity(void)
{
	struct slab_sheaf *sheaf, *big, *orig;
	void *p[NODE_CAP];
	int i;

	setup();
	CHECK(!shim_sheaf_fills_to_capacity());	/* default: exact */
	shim_sheaf_fill_to_capacity(true);
	CHECK(shim_sheaf_fills_to_capacity());
	shim_reset(2);					/* a setting */
	CHECK(shim_sheaf_fills_to_capacity());

	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 5);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), NODE_CAP);
	CHECK_EQ(shim_cache_live(node_c), NODE_CAP);
	for (i = 0; i < NODE_CAP - 2; i++)
		p[i] = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
	/* A refill within capacity tops up to capacity, as SLUB does. */
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_KERNEL, &sheaf, 4), 0);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), NODE_CAP);
	/* Beyond capacity: a new oversize sheaf of exactly that size. */
	orig = sheaf;
	CHECK_EQ(kmem_cache_refill_sheaf(node_c, GFP_KERNEL, &sheaf, 40), 0);
	CHECK(sheaf != orig);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 40);
	CHECK_EQ(shim_cache_live(node_c), NODE_CAP - 2 + 40);
	CHECK_EQ(shim_live_sheaves(), 1);
	big = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 50);
	CHECK_EQ(kmem_cache_sheaf_size(big), 50);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, big);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	kmem_cache_free_bulk(node_c, NODE_CAP - 2, p);

	/* A cache without sheaf_capacity gets what was asked for. */
	sheaf = kmem_cache_prefill_sheaf(plain_c, GFP_KERNEL, 5);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 5);
	kmem_cache_return_sheaf(plain_c, GFP_NOWAIT, sheaf);

	/* A full sheaf can fail on an object the caller did not ask for. */
	shim_inject_nth(NODE_CAP);
	CHECK(!kmem_cache_prefill_sheaf(node_c, GFP_ATOMIC, 1));
	CHECK_EQ(shim_live_objects(), 0);

	shim_sheaf_fill_to_capacity(false);
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 5);
	CHECK_EQ(kmem_cache_sheaf_size(sheaf), 5);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* ---- typed allocation and saturating sizes ---- */

struct flex {
	unsigned int n;
	u64 items[] __counted_by(n);
};

static bool test_typed_helpers(void)
{
	struct kc_test *a, *b;
	struct flex *f;
	u32 *arr;

	setup();
	a = kmalloc_obj(struct kc_test);
	CHECK(a);
	CHECK_EQ(ksize(a), sizeof(struct kc_test));
	b = kzalloc_obj(*a, GFP_ATOMIC);	/* a variable's type */
	CHECK(all_bytes(b, 0, sizeof(*b)));
	static_assert(__same_type(kmalloc_obj(*a), struct kc_test *));
	static_assert(__same_type(kmalloc_objs(u32, 4), u32 *));
	static_assert(__same_type(kzalloc_flex(*f, items, 3), struct flex *));
	kfree(a);
	kfree(b);

	arr = kmalloc_objs(*arr, 10);
	CHECK_EQ(ksize(arr), 10 * sizeof(u32));
	kfree(arr);
	arr = kzalloc_objs(u32, 6, GFP_NOWAIT);
	CHECK(all_bytes(arr, 0, 6 * sizeof(u32)));
	kfree(arr);
	f = kzalloc_flex(*f, items, 7);
	CHECK_EQ(ksize(f), sizeof(struct flex) + 7 * sizeof(u64));
	CHECK(all_bytes(f, 0, ksize(f)));
	kfree(f);
	f = kmalloc_flex(struct flex, items, 2, GFP_KERNEL);
	CHECK_EQ(ksize(f), struct_size(f, items, 2));
	kfree(f);
	a = kvzalloc_obj(struct kc_test);
	kvfree(a);

	/* Omitted gfp is GFP_KERNEL: it sleeps, so it is spared. */
	shim_inject_nonsleeping(true);
	a = kmalloc_obj(struct kc_test);
	CHECK(a);
	CHECK(!kmalloc_obj(struct kc_test, GFP_ATOMIC));
	CHECK(!kzalloc_objs(u32, 2, GFP_NOWAIT));
	shim_inject_clear();
	kfree(a);

	/* Overflowing counts saturate and fail, never wrap. */
	CHECK(!kmalloc_objs(u64, SIZE_MAX / 4));
	CHECK(!kzalloc_objs(u64, (size_t)-1, GFP_KERNEL));
	CHECK(!kzalloc_flex(struct flex, items, SIZE_MAX / 8));
	CHECK(!kmalloc_array(SIZE_MAX / 2, 4, GFP_KERNEL));
	CHECK(!kcalloc(3, SIZE_MAX / 2, GFP_KERNEL));
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

static bool test_size_mul(void)
{
	size_t r;

	CHECK_EQ(size_mul(6, 7), 42);
	CHECK_EQ(size_mul(SIZE_MAX / 2 + 1, 2), SIZE_MAX);
	CHECK_EQ(size_mul(SIZE_MAX, 0), 0);
	CHECK_EQ(size_add(SIZE_MAX - 1, 2), SIZE_MAX);
	CHECK_EQ(size_sub(SIZE_MAX, 1), SIZE_MAX);	/* stays saturated */
	CHECK_EQ(size_sub(1, 2), SIZE_MAX);
	CHECK_EQ(array_size(1UL << 40, 1UL << 40), SIZE_MAX);
	CHECK_EQ(array3_size(1UL << 30, 1UL << 30, 1UL << 30), SIZE_MAX);
	CHECK_EQ(struct_size((struct flex *)NULL, items, 3),
		 sizeof(struct flex) + 24);
	CHECK_EQ(struct_size_t(struct flex, items, SIZE_MAX / 4), SIZE_MAX);
	CHECK(check_mul_overflow((size_t)SIZE_MAX, (size_t)2, &r));
	CHECK(!check_add_overflow(1u, 2u, &r) && r == 3);
	CHECK(check_sub_overflow((size_t)0, (size_t)1, &r));
	CHECK(overflows_type(300, u8));
	CHECK(!overflows_type(255, u8));
	CHECK_EQ(type_max(s32), S32_MAX);
	CHECK_EQ((long long)type_min(s64), (long long)S64_MIN);
	CHECK_EQ(type_max(u16), U16_MAX);
	CHECK(!kmalloc(SIZE_MAX, GFP_KERNEL));
	return true;
}

/* ---- kfree() of cache objects, and of pointers nobody handed out ---- */

static bool test_kfree_cache_object(void)
{
	struct slab_sheaf *sheaf;
	void *p, *mix[3];

	setup();
	shim_op_begin(1);
	p = kmem_cache_alloc(node_c, GFP_KERNEL);
	CHECK_EQ(shim_cache_live(node_c), 1);
	kfree(p);
	CHECK_EQ(shim_cache_live(node_c), 0);
	CHECK_EQ(shim_op_stats()->freed[SHIM_CLASS_MAPLE_NODE], 1);
	sheaf = kmem_cache_prefill_sheaf(node_c, GFP_KERNEL, 1);
	p = kmem_cache_alloc_from_sheaf(node_c, GFP_NOWAIT, sheaf);
	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, sheaf);
	kfree(p);
	CHECK_EQ(shim_live_objects(), 0);
	/* kfree_bulk(): a mix of cache and kmalloc objects. */
	mix[0] = kmem_cache_alloc(node_c, GFP_KERNEL);
	mix[1] = kmalloc(10, GFP_KERNEL);
	mix[2] = kmem_cache_alloc(plain_c, GFP_KERNEL);
	CHECK_EQ(kmem_cache_size(plain_c), 48);
	kfree_bulk(3, mix);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* Runs @fn in a child and checks it stops (abort, or a sanitizer's exit)
 * with @msg on stderr. */
static bool dies_saying(void (*fn)(void), const char *msg)
{
	char buf[4096] = "";
	int fds[2], status;
	ssize_t n, got = 0;
	pid_t pid;

	if (pipe(fds))
		return false;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return false;
	if (!pid) {
		dup2(fds[1], 2);
		close(fds[0]);
		fn();
		_exit(0);			/* it did not stop */
	}
	close(fds[1]);
	while ((n = read(fds[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += n;
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return false;
	return WIFSIGNALED(status) || WIFEXITED(status) ? !!strstr(buf, msg) :
							  false;
}

static void kfree_interior(void)
{
	char *p = kmalloc(128, GFP_KERNEL);

	kfree(p + 64);
}

static void kfree_twice(void)
{
	void *p = kmem_cache_alloc(plain_c, GFP_KERNEL);

	kfree(p);
	kfree(p);
}

static void sheaf_wrong_cache(void)
{
	struct slab_sheaf *sheaf = kmem_cache_prefill_sheaf(node_c,
							    GFP_KERNEL, 1);

	kmem_cache_alloc_from_sheaf(plain_c, GFP_NOWAIT, sheaf);
}

static void sheaf_not_a_sheaf(void)
{
	void *p = kmalloc(64, GFP_KERNEL);

	kmem_cache_return_sheaf(node_c, GFP_NOWAIT, p);
}

static bool test_bad_pointers_abort(void)
{
	setup();
	CHECK(dies_saying(kfree_interior, "not allocated by the shim"));
	CHECK(dies_saying(sheaf_wrong_cache, "does not belong to"));
	CHECK(dies_saying(sheaf_not_a_sheaf, "not a sheaf"));
	/* The shim's "double free", or ASan's "heap-use-after-free". */
	CHECK(dies_saying(kfree_twice, "free"));
	return true;
}

/* ---- RCU ---- */

static bool test_kfree_rcu_variants(void)
{
	struct tnode *n, *none = NULL;
	spinlock_t l;
	void *p;

	setup();
	n = kmem_cache_alloc(node_c, GFP_KERNEL);
	p = kmalloc(40, GFP_KERNEL);
	kfree_rcu(n, rcu);			/* a cache object */
	kfree_rcu(none, rcu);			/* NULL: nothing queued */
	kfree_rcu_mightsleep(p);
	CHECK_EQ(shim_rcu_pending(), 2);
	CHECK_EQ(shim_live_objects(), 2);	/* not before a grace period */
	CHECK_EQ(shim_rcu_barrier(), 2);
	CHECK_EQ(shim_live_objects(), 0);
	CHECK_EQ(shim_nr_findings(), 0);

	p = kzalloc(16, GFP_KERNEL);
	kfree_rcu(p);				/* pre-6.3, one argument */
	CHECK_EQ(shim_rcu_barrier(), 1);
	/* It may sleep: under a spinlock that is a finding. */
	spin_lock_init(&l);
	p = kmalloc(8, GFP_KERNEL);
	scoped_guard(spinlock, &l)
		kvfree_rcu_mightsleep(p);
	CHECK_EQ(shim_nr_findings(), 1);
	CHECK(!strcmp(shim_first_finding()->kind, "MIGHT_SLEEP"));
	CHECK_EQ(shim_rcu_barrier(), 1);
	/* Pending at reset: dropped, the object leaks visibly. */
	p = kmalloc(8, GFP_KERNEL);
	kfree_rcu_mightsleep(p);
	shim_reset(2);
	CHECK_EQ(shim_rcu_pending(), 0);
	CHECK_EQ(shim_live_objects(), 1);
	kfree(p);
	return true;
}

static unsigned int cb_runs;

static void count_cb(struct rcu_head *h)
{
	cb_runs++;
}

/* kvfree_rcu_barrier() waits for kfree_rcu() only; kmem_cache_destroy()
 * waits for it (6.12+), so RCU-freed objects do not count as leaked. */
static bool test_kvfree_rcu_barrier(void)
{
	struct kmem_cache *c = kmem_cache_create("tmp", NODE_SIZE, NULL, 0);
	struct rcu_head cb_head[2];
	struct tnode *n;

	setup();
	cb_runs = 0;
	n = kmem_cache_alloc(c, GFP_KERNEL);
	call_rcu(&cb_head[0], count_cb);
	kfree_rcu(n, rcu);
	kfree_rcu_mightsleep(kmalloc(4, GFP_KERNEL));
	call_rcu(&cb_head[1], count_cb);	/* after a kfree_rcu() entry */
	CHECK_EQ(shim_rcu_pending(), 4);
	kvfree_rcu_barrier();
	CHECK_EQ(shim_rcu_pending(), 2);
	CHECK_EQ(cb_runs, 0);
	CHECK_EQ(shim_live_objects(), 0);
	CHECK_EQ(shim_rcu_barrier(), 2);
	CHECK_EQ(cb_runs, 2);

	n = kmem_cache_alloc(c, GFP_KERNEL);
	kfree_rcu(n, rcu);
	kmem_cache_destroy(c);
	CHECK_EQ(shim_nr_findings(), 0);
	CHECK_EQ(shim_rcu_pending(), 0);
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

/* ---- cleanup.h ---- */

static DEFINE_SPINLOCK(glock);
static DEFINE_MUTEX(gmutex);

/* Returns from inside the guard: the lock must still be dropped. */
static int locked_lookup(int v)
{
	guard(spinlock_irqsave)(&glock);
	if (v < 0)
		return -EINVAL;
	return spin_is_locked(&glock) ? v * 2 : -1;
}

/* Ends in a scoped_guard whose body returns: no "control reaches end"
 * warning (this file builds with -Werror), as the body always runs. */
static int scoped_lookup(int v)
{
	scoped_guard(mutex, &gmutex)
		return mutex_is_locked(&gmutex) ? v + 1 : -1;
}

static unsigned int released;

struct thing {
	int v;
};

DEFINE_CLASS(thing, struct thing *, if (_T) { released++; kfree(_T); },
	     ({ struct thing *t = kmalloc_obj(*t); if (t) t->v = v; t; }),
	     int v)

static struct thing *make_thing(int v)
{
	struct thing *t __free(kfree) = kzalloc_obj(*t);

	if (!t || v < 0)
		return NULL;		/* freed on the way out */
	t->v = v;
	return_ptr(t);
}

static bool test_guards(void)
{
	struct thing *t;
	int i;

	setup();
	CHECK_EQ(locked_lookup(21), 42);
	CHECK(!spin_is_locked(&glock));
	CHECK_EQ(locked_lookup(-1), -EINVAL);
	CHECK(!spin_is_locked(&glock));
	CHECK_EQ(scoped_lookup(1), 2);
	CHECK(!mutex_is_locked(&gmutex));

	{
		guard(spinlock)(&glock);
		lockdep_assert_held(&glock);
		CHECK_EQ(shim_locks_held(), 1);
	}
	CHECK_EQ(shim_locks_held(), 0);
	for (i = 0; i < 3; i++) {
		scoped_guard(spinlock_irq, &glock) {
			if (i == 1)
				break;	/* leaves the guard only */
			CHECK(spin_is_locked(&glock));
		}
		CHECK(!spin_is_locked(&glock));
	}
	CHECK_EQ(i, 3);

	/* Trylock guards run the body only when they got the lock. */
	i = 0;
	spin_lock(&glock);
	scoped_guard(spinlock_try, &glock)
		i = 1;
	spin_unlock(&glock);
	CHECK_EQ(i, 0);
	scoped_guard(spinlock_irqsave_try, &glock)
		i = spin_is_locked(&glock);
	CHECK_EQ(i, 1);
	CHECK(!spin_is_locked(&glock));
	mutex_lock(&gmutex);
	scoped_cond_guard(mutex_try, i = 7, &gmutex)
		i = 8;
	mutex_unlock(&gmutex);
	CHECK_EQ(i, 7);
	scoped_guard(rcu) {
		guard(irqsave)();
		guard(preempt)();
		guard(cpus_read_lock)();
		i = 9;
	}
	CHECK_EQ(i, 9);

	/* __free / no_free_ptr / CLASS */
	t = make_thing(3);
	CHECK(t && t->v == 3);
	kfree(t);
	CHECK(!make_thing(-1));
	CHECK_EQ(shim_live_objects(), 0);
	released = 0;
	{
		CLASS(thing, th)(5);
		CHECK(th && th->v == 5);
		CHECK_EQ(shim_live_objects(), 1);
	}
	CHECK_EQ(released, 1);
	{
		unsigned long *map __free(bitmap) = bitmap_zalloc(70,
								  GFP_KERNEL);
		void *keep __free(kfree) = kmalloc(8, GFP_KERNEL);
		void *err __free(kfree) = ERR_PTR(-ENOMEM);	/* skipped */

		CHECK(map && bitmap_empty(map, 70));
		t = keep;
		retain_and_null_ptr(keep);	/* ownership moved to t */
		(void)err;
	}
	CHECK_EQ(shim_live_objects(), 1);	/* the retained one */
	kfree(t);
	CHECK_EQ(shim_live_objects(), 0);
	CHECK_EQ(shim_nr_findings(), 0);
	return true;
}

/* ---- static keys, helpers ---- */

static DEFINE_STATIC_KEY_FALSE(key_off);
static DEFINE_STATIC_KEY_TRUE(key_on);

static bool test_static_keys(void)
{
	CHECK(!static_branch_unlikely(&key_off));
	CHECK(static_branch_likely(&key_on));
	static_branch_enable(&key_off);
	static_branch_disable(&key_on);
	CHECK(static_branch_unlikely(&key_off));
	CHECK(!static_branch_likely(&key_on));
	CHECK(static_key_enabled(&key_off));
	static_branch_disable(&key_off);
	static_branch_enable(&key_on);
	CHECK(!static_key_enabled(&key_off.key));
	return true;
}

/* Constant folding: usable where the kernel uses them at compile time. */
typedef char ilog2_arr_t[ilog2(4096)];	/* a VLA would not build here */
static_assert(ilog2(4096) == 12);
static_assert(roundup_pow_of_two(33) == 64);
static_assert(rounddown_pow_of_two(33) == 32);
static_assert(order_base_2(5) == 3);
static_assert(GENMASK(7, 4) == 0xf0 && GENMASK_ULL(63, 62) == 3ULL << 62);
static_assert(BIT(3) == 8 && BIT_ULL(40) == 1ULL << 40);
static_assert(GENMASK_U8(7, 0) == 0xff && BIT_U32(31) == 0x80000000u);

struct outer {
	int a;
	long member;
};

static bool test_helpers(void)
{
	DECLARE_BITMAP(map, 100);
	unsigned long v = 0x1234;
	struct outer o;
	bool first = false, second = true;
	int i;

	BUILD_BUG_ON(sizeof(ilog2_arr_t) != 12);
	CHECK_EQ(ilog2(v), 12);
	CHECK_EQ(roundup_pow_of_two(v), 0x2000);
	CHECK_EQ(order_base_2(v), 13);
	CHECK_EQ(__ffs64(1ULL << 50), 50);
	CHECK_EQ(ALIGN(v, 0x1000), 0x2000);
	CHECK(IS_ALIGNED(v, 4) && !IS_ALIGNED(v, 8));
	CHECK_EQ(min_t(u8, 300, 5), 5);		/* 300 -> 44 as u8 */
	CHECK_EQ(max_t(int, -1, 3), 3);
	CHECK_EQ(clamp(17, 1, 10), 10);
	CHECK_EQ(clamp_t(long, -5, 0, 4), 0);
	CHECK_EQ(clamp_val((u8)200, 10, 100), 100);
	CHECK(container_of(&o.member, struct outer, member) == &o);
	CHECK(IS_ERR(ERR_PTR(-ENOMEM)) && PTR_ERR(ERR_PTR(-EIO)) == -EIO);

	CHECK_EQ(FIELD_GET(GENMASK(11, 8), 0xabcdUL), 0xb);
	CHECK_EQ(FIELD_PREP(GENMASK(11, 8), 0x1fUL), 0xf00);
	CHECK(FIELD_FIT(GENMASK(11, 8), 0xf) && !FIELD_FIT(GENMASK(11, 8), 16));
	CHECK_EQ(FIELD_MAX(GENMASK(11, 8)), 0xf);
	CHECK_EQ(SZ_4G, 1ULL << 32);
	CHECK_EQ(SZ_2M, 2 << 20);
	{
		u64 q = 100;

		CHECK_EQ(do_div(q, 7), 2);
		CHECK_EQ(q, 14);
		CHECK_EQ(div64_u64(1ULL << 40, 1 << 20), 1 << 20);
	}
	CHECK_EQ(ARRAY_SIZE(map), 2);			/* 100 bits */
	bitmap_zero(map, 100);
	CHECK(bitmap_empty(map, 100));
	bitmap_set(map, 60, 10);
	CHECK_EQ(bitmap_weight(map, 100), 10);
	CHECK(test_bit(64, map) && !test_bit(70, map));
	bitmap_fill(map, 100);
	CHECK(bitmap_full(map, 100));
	bitmap_clear(map, 0, 100);
	CHECK(bitmap_empty(map, 100));

	shim_set_printk(false);
	for (i = 0; i < 2; i++) {
		bool r = pr_warn_once("once %d\n", i);

		if (i)
			second = r;
		else
			first = r;
	}
	shim_set_printk(true);
	CHECK(first && !second);

	CHECK(!in_interrupt() && !in_hardirq() && in_task());
	lockdep_assert_irqs_disabled();
	setup();
	CHECK(WARN_ON_ONCE(v == 0x1234));
	CHECK(WARN_ONCE(true, "%d", 1));
	CHECK_EQ(shim_nr_findings(), 2);
	shim_clear_findings();
	return true;
}

struct item {
	int v;
	struct list_head node;
};

static bool test_lists(void)
{
	struct item it[4], *pos, *n;
	LIST_HEAD(a);
	LIST_HEAD(b);
	int i, sum = 0;

	for (i = 0; i < 4; i++) {
		it[i].v = i;
		if (i & 1)
			list_add(&it[i].node, &a);	/* 3, 1 */
		else
			list_add_tail(&it[i].node, &b);	/* 0, 2 */
	}
	CHECK_EQ(list_first_entry(&a, struct item, node)->v, 3);
	CHECK_EQ(list_last_entry(&b, struct item, node)->v, 2);
	list_splice_tail_init(&a, &b);			/* 0 2 3 1 */
	CHECK(list_empty(&a));
	CHECK_EQ(list_count_nodes(&b), 4);
	list_for_each_entry_safe(pos, n, &b, node) {
		sum = sum * 10 + pos->v;
		if (pos->v == 2)
			list_move(&pos->node, &a);
	}
	CHECK_EQ(sum, 231);
	CHECK(list_is_singular(&a));
	list_del_init(&it[2].node);
	CHECK(list_empty(&a) && list_empty(&it[2].node));
	CHECK(!list_first_entry_or_null(&a, struct item, node));
	sum = 0;
	list_for_each_entry_reverse(pos, &b, node)
		sum = sum * 10 + pos->v;
	CHECK_EQ(sum, 130);
	return true;
}

static bool test_kmemdup(void)
{
	static const char s[] = "maple";
	char *d;
	int *m;
	int src[3] = { 1, 2, 3 };

	setup();
	d = kstrdup(s, GFP_KERNEL);
	CHECK(d && !strcmp(d, s) && d != s);
	m = kmemdup(src, sizeof(src), GFP_KERNEL);
	CHECK(m && m[2] == 3);
	CHECK_EQ(shim_live_objects(), 2);
	kfree(d);
	kfree(m);
	shim_inject_nonsleeping(true);
	CHECK(!kstrdup(s, GFP_ATOMIC));
	shim_inject_clear();
	CHECK_EQ(shim_live_objects(), 0);
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	RUN_TEST(&t, test_create_forms);
	RUN_TEST(&t, test_prefill_exact);
	RUN_TEST(&t, test_prefill_nonsleeping);
	RUN_TEST(&t, test_prefill_nth);
	RUN_TEST(&t, test_prefill_by_class);
	RUN_TEST(&t, test_refill_failure);
	RUN_TEST(&t, test_refill_semantics);
	RUN_TEST(&t, test_alloc_from_sheaf_not_injected);
	RUN_TEST(&t, test_alloc_from_sheaf_zero);
	RUN_TEST(&t, test_return_sheaf_frees);
	RUN_TEST(&t, test_fill_to_capacity);
	RUN_TEST(&t, test_typed_helpers);
	RUN_TEST(&t, test_size_mul);
	RUN_TEST(&t, test_kfree_cache_object);
	RUN_TEST(&t, test_bad_pointers_abort);
	RUN_TEST(&t, test_kfree_rcu_variants);
	RUN_TEST(&t, test_kvfree_rcu_barrier);
	RUN_TEST(&t, test_guards);
	RUN_TEST(&t, test_static_keys);
	RUN_TEST(&t, test_helpers);
	RUN_TEST(&t, test_lists);
	RUN_TEST(&t, test_kmemdup);
	return check_summary(&t);
}
