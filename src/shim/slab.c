// SPDX-License-Identifier: GPL-2.0-only
/*
 * Slab caches and kmalloc over malloc, with per-cache live counts and one
 * failure-injection hook that every allocation passes through.
 *
 * Each object carries a small header just below it naming its cache, so
 * kfree() works on cache objects (7.x does that) and a pointer no
 * allocator handed out is caught instead of corrupting the heap.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <shim/report.h>
#include <shim/shim.h>

#include "shim_internal.h"

#define OBJ_MAGIC	0x51ab0b1ec0ffee11ULL
#define OBJ_FREED	0xdeadf4eedeadf4eeULL

struct kmem_cache {
	const char *name;
	unsigned int size;
	unsigned int align;
	unsigned int sheaf_capacity;	/* from kmem_cache_args, else 0 */
	void (*ctor)(void *obj);
	unsigned long live;
	struct kmem_cache *next;	/* registry, for leak reports */
	unsigned long seq;		/* order of creation: 1, 2, ... */
	bool destroyed;
};

struct obj_hdr {
	uint64_t magic;
	struct kmem_cache *cache;
	size_t size;
	size_t offset;			/* from the malloc block to the object */
	struct obj_hdr *prev, *next;	/* every live object: see below */
};

/* Every live object, so a run that broke a promise can be let go of
 * wholesale (shim_release_all()) and the process go on. */
static struct obj_hdr live_head = { .prev = &live_head, .next = &live_head };

static struct kmem_cache kmalloc_cache = { .name = "kmalloc", .align = 16 };
static struct kmem_cache percpu_cache = { .name = "percpu", .align = 16 };
/* Sheaf containers: live ones are leaks too, so they are counted. */
static struct kmem_cache sheaf_cache = { .name = "slab_sheaf", .align = 16 };
static struct kmem_cache *caches;

static unsigned long cache_seq, cache_mark_seq;
/* Caches made before the first mark are the process's, never lost. */
static unsigned long first_mark_seq = ~0UL;

/*
 * Caches live in a pool of ours, not on the heap, its slots taken in turn:
 * a slot a cache was destroyed in is taken again only after every other
 * free one, so a pointer kernel code kept to a destroyed cache still
 * points at a slot the shim can tell is free.  A second
 * kmem_cache_destroy() through it is a use-after-free in the kernel
 * (KASAN names it), a finding here that a run can go on past.
 */
#define CACHE_SLOTS	256
static struct kmem_cache cache_pool[CACHE_SLOTS];
static bool slot_used[CACHE_SLOTS];
static unsigned int next_slot;

static void cache_unregister(struct kmem_cache *s);

/*
 * Can slot @k be taken back?  Its cache was destroyed with objects (a SLAB
 * finding), or made by an earlier run and never destroyed (a leak a run
 * reported), and holds no object now: the oldest such, so that one kernel
 * code may still use is not (fuzzing goes on past leaking runs).
 */
static bool slot_lost(unsigned int k)
{
	const struct kmem_cache *s = &cache_pool[k];

	return slot_used[k] && !s->live && s->seq > first_mark_seq &&
	       (s->destroyed || s->seq <= cache_mark_seq);
}

/* A slot: the next free one, else the oldest lost one. */
static struct kmem_cache *slot_take(void)
{
	unsigned int i, k, old = CACHE_SLOTS;

	for (i = 0; i < CACHE_SLOTS; i++) {
		k = (next_slot + i) % CACHE_SLOTS;
		if (slot_lost(k) && (old == CACHE_SLOTS ||
				     cache_pool[k].seq < cache_pool[old].seq))
			old = k;
		if (!slot_used[k]) {
			slot_used[k] = true;
			next_slot = (k + 1) % CACHE_SLOTS;
			memset(&cache_pool[k], 0, sizeof(cache_pool[k]));
			return &cache_pool[k];
		}
	}
	if (old == CACHE_SLOTS)
		shim_bug(__FILE__, __LINE__, __func__,
			 "more kmem_caches than slots");
	cache_unregister(&cache_pool[old]);
	memset(&cache_pool[old], 0, sizeof(cache_pool[old]));
	return &cache_pool[old];
}

/* Is @s a slot of the pool that no cache holds? */
static bool slot_free(const struct kmem_cache *s)
{
	uintptr_t p = (uintptr_t)s, base = (uintptr_t)cache_pool;

	if (p < base || p >= base + sizeof(cache_pool))
		return false;
	return !slot_used[(p - base) / sizeof(cache_pool[0])];
}

static void cache_register(struct kmem_cache *s)
{
	s->seq = ++cache_seq;
	s->next = caches;
	caches = s;
}

static void cache_unregister(struct kmem_cache *s)
{
	struct kmem_cache **pp;

	for (pp = &caches; *pp; pp = &(*pp)->next) {
		if (*pp == s) {
			*pp = s->next;
			return;
		}
	}
}

static struct obj_hdr *obj_hdr(const void *obj, const char *who)
{
	struct obj_hdr *h = (struct obj_hdr *)obj - 1;

	if (h->magic == OBJ_FREED)
		shim_bug(__FILE__, __LINE__, who, "double free of a slab object");
	if (h->magic != OBJ_MAGIC)
		shim_bug(__FILE__, __LINE__, who,
			 "pointer was not allocated by the shim");
	return h;
}

/* An object of @s, without asking the failure-injection hook. */
static void *obj_place(struct kmem_cache *s, size_t size, gfp_t gfp,
		       const char *site)
{
	size_t align = s->align > 16 ? s->align : 16;
	size_t offset = (sizeof(struct obj_hdr) + align - 1) & ~(align - 1);
	struct obj_hdr *h;
	void *block;
	char *obj;

	if (posix_memalign(&block, align, offset + size))
		shim_bug(__FILE__, __LINE__, site, "host out of memory");
	obj = (char *)block + offset;
	h = (struct obj_hdr *)obj - 1;
	*h = (struct obj_hdr){ OBJ_MAGIC, s, size, offset, live_head.prev,
			       &live_head };
	live_head.prev->next = h;
	live_head.prev = h;
	if (gfp & __GFP_ZERO)
		memset(obj, 0, size);
	else
		memset(obj, 0xa5, size);	/* uninitialised, visibly */
	if (s->ctor)
		s->ctor(obj);
	s->live++;
	return obj;
}

static void *obj_alloc(struct kmem_cache *s, size_t size, gfp_t gfp,
		       const char *site)
{
	if (shim_inject_should_fail(gfp, size, site))
		return NULL;
	return obj_place(s, size, gfp, site);
}

/* Back to the host, without counting it as a free the kernel did. */
static void obj_release(const void *obj, struct obj_hdr *h)
{
	h->cache->live--;
	h->magic = OBJ_FREED;
	h->prev->next = h->next;
	h->next->prev = h->prev;
	free((char *)obj - h->offset);
}

/*
 * Frees every live object, as if the kernel had, and drops the work and
 * RCU callbacks still queued and the CPU-hotplug instances registered:
 * for going on after a run whose kernel state is no longer trusted
 * (fuzz/iova/go_on.c).  The kernel's pointers to them go with that state.
 */
void shim_release_all(void)
{
	shim_defer_reset();	/* queued callbacks point into them */
	shim_cpuhp_drop_instances();
	while (live_head.next != &live_head)
		obj_release(live_head.next + 1, live_head.next);
}

static void obj_free(const void *obj, struct obj_hdr *h)
{
	shim_account_free(h->size);
	obj_release(obj, h);
}

struct kmem_cache *shim_kmem_cache_create(const char *name, unsigned int size,
					  unsigned int align,
					  slab_flags_t flags,
					  void (*ctor)(void *))
{
	struct kmem_cache_args args = { .align = align, .ctor = ctor };

	return shim_kmem_cache_create_args(name, size, &args, flags);
}

/*
 * What the kernel refuses (it returns NULL, or panics under SLAB_PANIC): a
 * free pointer offset outside the object, unaligned, or without
 * SLAB_TYPESAFE_BY_RCU (the only caches whose free pointer it moves).
 */
static const char *bad_args(unsigned int size,
			    const struct kmem_cache_args *args,
			    slab_flags_t flags)
{
	if (!args->use_freeptr_offset)
		return NULL;
	if (!(flags & SLAB_TYPESAFE_BY_RCU))
		return "freeptr_offset without SLAB_TYPESAFE_BY_RCU";
	if (args->freeptr_offset >= size ||
	    args->freeptr_offset % sizeof(void *))
		return "freeptr_offset outside the object or unaligned";
	return NULL;
}

struct kmem_cache *
shim_kmem_cache_create_args(const char *name, unsigned int size,
			    const struct kmem_cache_args *args,
			    slab_flags_t flags)
{
	static const struct kmem_cache_args defaults;
	const char *why;
	struct kmem_cache *s;

	if (!args)
		args = &defaults;
	/* The kernel allocates the cache itself (GFP_KERNEL): a set-up
	 * failure may fail it. */
	if (shim_inject_should_fail(GFP_KERNEL, 0, "kmem_cache_create"))
		return NULL;
	why = bad_args(size, args, flags);
	if (why) {
		if (flags & SLAB_PANIC)
			shim_bug(__FILE__, __LINE__, name, why);
		shim_printk("<4>kmem_cache_create(%s) failed: %s\n", name, why);
		return NULL;
	}
	s = slot_take();
	s->name = name;
	s->size = size;
	s->align = args->align;
	if ((flags & SLAB_HWCACHE_ALIGN) && s->align < 64)
		s->align = 64;
	s->ctor = args->ctor;
	s->sheaf_capacity = args->sheaf_capacity;
	cache_register(s);
	return s;
}

/* Hardened usercopy whitelists do not apply to a userspace harness. */
struct kmem_cache *shim_kmem_cache_create_usercopy(const char *name,
		unsigned int size, unsigned int align, slab_flags_t flags,
		unsigned int useroffset, unsigned int usersize,
		void (*ctor)(void *))
{
	struct kmem_cache_args args = {
		.align = align,
		.useroffset = useroffset,
		.usersize = usersize,
		.ctor = ctor,
	};

	return shim_kmem_cache_create_args(name, size, &args, flags);
}

/*
 * Destroying a cache that still has objects is a kernel bug: report and
 * keep the cache so the objects stay accounted as leaked.  Since 6.12 the
 * kernel first waits for in-flight kfree_rcu() (which may hold objects of
 * this cache); no 6.1 caller kfree_rcu()s cache objects, so doing it for
 * every tree changes nothing there.
 */
void shim_kmem_cache_destroy(struct kmem_cache *s, const char *caller)
{
	if (!s)
		return;
	if (slot_free(s)) {
		shim_record("heap-use-after-free", __FILE__, __LINE__, caller,
			    "kmem_cache_destroy() of a kmem_cache destroyed before");
		return;
	}
	kvfree_rcu_barrier();
	if (s->live) {
		shim_record("SLAB", __FILE__, __LINE__, s->name,
			    "kmem_cache_destroy: cache still has objects");
		s->destroyed = true;
		return;
	}
	cache_unregister(s);
	slot_used[s - cache_pool] = false;
}

int kmem_cache_shrink(struct kmem_cache *s)
{
	(void)s;
	return 0;
}

void *shim_kmem_cache_alloc(struct kmem_cache *s, gfp_t gfp, const char *site)
{
	if (!s || s->destroyed || slot_free(s))
		shim_bug(__FILE__, __LINE__, site, "allocation from a dead cache");
	return obj_alloc(s, s->size, gfp, site);
}

void kmem_cache_free(struct kmem_cache *s, void *obj)
{
	struct obj_hdr *h;

	if (!obj)
		return;
	h = obj_hdr(obj, __func__);
	if (h->cache != s)
		shim_bug(__FILE__, __LINE__, __func__,
			 "object freed to a cache it does not belong to");
	obj_free(obj, h);
}

/* SLUB semantics: all @nr objects or none (returns 0). */
int shim_kmem_cache_alloc_bulk(struct kmem_cache *s, gfp_t gfp, size_t nr,
			       void **p, const char *site)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		p[i] = shim_kmem_cache_alloc(s, gfp, site);
		if (!p[i]) {
			kmem_cache_free_bulk(s, i, p);
			return 0;
		}
	}
	return (int)nr;
}

/* With a NULL cache, each object goes to wherever it came from (kfree_bulk). */
void kmem_cache_free_bulk(struct kmem_cache *s, size_t nr, void **p)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		if (s)
			kmem_cache_free(s, p[i]);
		else
			kfree(p[i]);
	}
}

unsigned int kmem_cache_size(struct kmem_cache *s)
{
	return s->size;
}

void *shim_kmalloc(size_t size, gfp_t gfp, const char *site)
{
	if (!size)
		return ZERO_SIZE_PTR;
	if (size == SIZE_MAX)		/* saturated size_mul() */
		return NULL;
	return obj_alloc(&kmalloc_cache, size, gfp, site);
}

void *shim_krealloc(const void *p, size_t size, gfp_t gfp, const char *site)
{
	void *n;
	size_t old;

	if (ZERO_OR_NULL_PTR(p))
		return shim_kmalloc(size, gfp, site);
	old = obj_hdr(p, __func__)->size;
	n = shim_kmalloc(size, gfp, site);
	if (!n)
		return NULL;
	memcpy(n, p, old < size ? old : size);
	kfree(p);
	return n;
}

void kfree(const void *obj)
{
	if (ZERO_OR_NULL_PTR(obj))
		return;
	obj_free(obj, obj_hdr(obj, __func__));
}

size_t ksize(const void *obj)
{
	return ZERO_OR_NULL_PTR(obj) ? 0 : obj_hdr(obj, __func__)->size;
}

void *shim_kmemdup(const void *src, size_t len, gfp_t gfp, const char *site)
{
	void *p = shim_kmalloc(len, gfp, site);

	if (!ZERO_OR_NULL_PTR(p))
		memcpy(p, src, len);
	return p;
}

char *shim_kstrndup(const char *str, size_t max, gfp_t gfp, const char *site)
{
	size_t len;
	char *p;

	if (!str)
		return NULL;
	len = strnlen(str, max);
	p = shim_kmalloc(len + 1, gfp, site);
	if (p) {
		memcpy(p, str, len);
		p[len] = '\0';
	}
	return p;
}

/*
 * Sheaf containers: objects of their own pseudo-cache, so a leaked sheaf
 * shows in shim_live_objects() even when empty.  They bypass failure
 * injection and the per-class free counts: an injected failure belongs to
 * the objects a sheaf holds, and a container's size may equal an
 * allocation class's size by accident.
 */
void *shim_sheaf_block(size_t size, const char *site)
{
	return obj_place(&sheaf_cache, size, GFP_KERNEL | __GFP_ZERO, site);
}

static struct obj_hdr *sheaf_hdr(const void *obj, const char *who)
{
	struct obj_hdr *h;

	if (!obj)
		shim_bug(__FILE__, __LINE__, who, "NULL sheaf");
	h = obj_hdr(obj, who);
	if (h->cache != &sheaf_cache)
		shim_bug(__FILE__, __LINE__, who, "pointer is not a sheaf");
	return h;
}

void shim_sheaf_block_check(const void *obj, const char *who)
{
	sheaf_hdr(obj, who);
}

void shim_sheaf_block_free(void *obj)
{
	obj_release(obj, sheaf_hdr(obj, __func__));
}

unsigned int shim_cache_sheaf_capacity(const struct kmem_cache *s)
{
	return s ? s->sheaf_capacity : 0;
}

unsigned long shim_live_sheaves(void)
{
	return sheaf_cache.live;
}

/* Per-CPU blocks are accounted like objects of a "percpu" cache. */
void *shim_percpu_block(size_t size, const char *site)
{
	return obj_alloc(&percpu_cache, size, GFP_KERNEL | __GFP_ZERO, site);
}

void shim_percpu_block_free(void *obj)
{
	obj_free(obj, obj_hdr(obj, __func__));
}

void shim_cache_mark(void)
{
	if (first_mark_seq == ~0UL)
		first_mark_seq = cache_seq;
	cache_mark_seq = cache_seq;
}

/* The caches list is newest first: the oldest one left is its last. */
const char *shim_cache_since_mark(void)
{
	const struct kmem_cache *s;
	const char *name = NULL;

	for (s = caches; s && s->seq > cache_mark_seq; s = s->next)
		name = s->name;
	return name;
}

unsigned long shim_cache_live(const struct kmem_cache *s)
{
	return s ? s->live : 0;
}

/*
 * Read-only, for memory measurements: every cache with its object size
 * and alignment as created, and its live count.  kmalloc, percpu and
 * sheaf containers have no fixed object size: they are reported with
 * size 0, objects only.
 */
void shim_for_each_cache(shim_cache_fn fn, void *arg)
{
	const struct kmem_cache *s;

	for (s = caches; s; s = s->next)
		fn(arg, s->name, s->size, s->align, s->live);
	fn(arg, kmalloc_cache.name, 0, kmalloc_cache.align, kmalloc_cache.live);
	fn(arg, percpu_cache.name, 0, percpu_cache.align, percpu_cache.live);
	fn(arg, sheaf_cache.name, 0, sheaf_cache.align, sheaf_cache.live);
}

unsigned long shim_live_objects(void)
{
	unsigned long n = kmalloc_cache.live + percpu_cache.live +
			  sheaf_cache.live;
	struct kmem_cache *s;

	for (s = caches; s; s = s->next)
		n += s->live;
	return n;
}

static void dump_one(FILE *f, const struct kmem_cache *s)
{
	if (s->live)
		fprintf(f, "  %s: %lu live\n", s->name, s->live);
}

void shim_dump_live(FILE *f)
{
	struct kmem_cache *s;

	for (s = caches; s; s = s->next)
		dump_one(f, s);
	dump_one(f, &kmalloc_cache);
	dump_one(f, &percpu_cache);
	dump_one(f, &sheaf_cache);
}
