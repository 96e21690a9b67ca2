/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Slab and kmalloc.  Every object is a separate heap block (so ASan sees
 * each one), counted live per cache, and every allocation passes the
 * failure-injection hook with its gfp flags, size, cache and caller.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/cleanup.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/percpu.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <shim/report.h>

struct kmem_cache;
/* A per-caller stash of preallocated objects (7.x); opaque, as there. */
struct slab_sheaf;

#define SLAB_CONSISTENCY_CHECKS	0x00000100u
#define SLAB_RED_ZONE		0x00000400u
#define SLAB_POISON		0x00000800u
#define SLAB_KMALLOC		0x00001000u
#define SLAB_HWCACHE_ALIGN	0x00002000u
#define SLAB_CACHE_DMA		0x00004000u
#define SLAB_CACHE_DMA32	0x00008000u
#define SLAB_STORE_USER		0x00010000u
#define SLAB_RECLAIM_ACCOUNT	0x00020000u
#define SLAB_PANIC		0x00040000u
#define SLAB_TYPESAFE_BY_RCU	0x00080000u
#define SLAB_TRACE		0x00200000u
#define SLAB_NOLEAKTRACE	0x00800000u
#define SLAB_NO_MERGE		0x01000000u
#define SLAB_ACCOUNT		0x04000000u
#define SLAB_NO_USER_FLAGS	0x10000000u
#define SLAB_NO_OBJ_EXT		0x20000000u
#define SLAB_TEMPORARY		SLAB_RECLAIM_ACCOUNT
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)
#define ARCH_KMALLOC_MINALIGN	16
#define ARCH_SLAB_MINALIGN	16

/*
 * 6.12+: the optional arguments of kmem_cache_create().  Only align, ctor
 * and sheaf_capacity change what the shim does; the rest are checked as
 * the kernel checks them and otherwise recorded nowhere (see API.md).
 */
struct kmem_cache_args {
	unsigned int align;
	unsigned int useroffset;
	unsigned int usersize;
	unsigned int freeptr_offset;
	bool use_freeptr_offset;
	void (*ctor)(void *);
	unsigned int sheaf_capacity;
};

struct kmem_cache *shim_kmem_cache_create(const char *name, unsigned int size,
					  unsigned int align,
					  slab_flags_t flags,
					  void (*ctor)(void *));
struct kmem_cache *
shim_kmem_cache_create_args(const char *name, unsigned int size,
			    const struct kmem_cache_args *args,
			    slab_flags_t flags);
struct kmem_cache *shim_kmem_cache_create_usercopy(const char *name,
		unsigned int size, unsigned int align, slab_flags_t flags,
		unsigned int useroffset, unsigned int usersize,
		void (*ctor)(void *));
/* The caller's name: destroying a cache twice is named after it. */
void shim_kmem_cache_destroy(struct kmem_cache *s, const char *caller);
#define kmem_cache_destroy(s)	shim_kmem_cache_destroy(s, __func__)
int kmem_cache_shrink(struct kmem_cache *s);
void *shim_kmem_cache_alloc(struct kmem_cache *s, gfp_t gfp, const char *site);
void kmem_cache_free(struct kmem_cache *s, void *obj);
int shim_kmem_cache_alloc_bulk(struct kmem_cache *s, gfp_t gfp, size_t nr,
			       void **p, const char *site);
void kmem_cache_free_bulk(struct kmem_cache *s, size_t nr, void **p);
unsigned int kmem_cache_size(struct kmem_cache *s);
void kvfree_rcu_barrier(void);
#define kvfree_rcu_barrier_on_cache(s)	((void)(s), kvfree_rcu_barrier())
void *shim_kmalloc(size_t size, gfp_t gfp, const char *site);
void *shim_krealloc(const void *p, size_t size, gfp_t gfp, const char *site);
void kfree(const void *p);
size_t ksize(const void *p);

/* The 4-argument form with a NULL (void *) args: all defaults. */
static inline struct kmem_cache *
shim_kmem_cache_create_null(const char *name, unsigned int size,
			    void *null_args, slab_flags_t flags)
{
	return shim_kmem_cache_create_args(name, size, null_args, flags);
}

/*
 * Both kmem_cache_create() forms: 7.x's (name, size, args, flags) with a
 * struct kmem_cache_args pointer or NULL, and the older (name, size,
 * align, flags, ctor).  Like the kernel, dispatch on the third argument's
 * type, so 6.1, 6.12 and 7.x sources all build from the same header.
 */
#define kmem_cache_create(name, size, args_or_align, ...)		\
	_Generic((args_or_align),					\
		 struct kmem_cache_args *: shim_kmem_cache_create_args,	\
		 const struct kmem_cache_args *:			\
			shim_kmem_cache_create_args,			\
		 void *: shim_kmem_cache_create_null,			\
		 default: shim_kmem_cache_create)			\
		(name, size, args_or_align, __VA_ARGS__)
#define __kmem_cache_create_args(name, size, args, flags)		\
	shim_kmem_cache_create_args(name, size, args, flags)
#define __kmem_cache_create(name, size, align, flags, ctor)		\
	shim_kmem_cache_create(name, size, align, flags, ctor)
#define kmem_cache_create_usercopy(name, size, align, flags, uoff,	\
				   usize, ctor)				\
	shim_kmem_cache_create_usercopy(name, size, align, flags, uoff,	\
					usize, ctor)
#define KMEM_CACHE(s, flags)						\
	kmem_cache_create(#s, sizeof(struct s), __alignof__(struct s),	\
			  flags, NULL)
#define KMEM_CACHE_USERCOPY(s, flags, field)				\
	kmem_cache_create_usercopy(#s, sizeof(struct s),		\
				   __alignof__(struct s), flags,	\
				   offsetof(struct s, field),		\
				   sizeof_field(struct s, field), NULL)
/* Every allocation first asks might_alloc(), as the kernel's slab does. */
#define kmem_cache_alloc(s, gfp)					\
	(shim_might_alloc_here(gfp), shim_kmem_cache_alloc(s, gfp, __func__))
#define kmem_cache_zalloc(s, gfp)	kmem_cache_alloc(s, (gfp) | __GFP_ZERO)
#define kmem_cache_alloc_bulk(s, gfp, nr, p)				\
	(shim_might_alloc_here(gfp),					\
	 shim_kmem_cache_alloc_bulk(s, gfp, nr, p, __func__))
#define kmem_cache_alloc_node(s, gfp, node) kmem_cache_alloc(s, gfp)
#define kmem_cache_alloc_lru(s, lru, gfp)	kmem_cache_alloc(s, gfp)

/*
 * Sheaves (7.x): a prefill or refill yields every requested object or
 * fails as a whole; each object passes failure injection with the
 * caller's gfp when it goes into the sheaf, and counts as a live object of
 * its cache until freed.  Taking one out never fails by injection.  See
 * shim_sheaf_fill_to_capacity() for how many objects a sheaf gets.
 */
struct slab_sheaf *shim_kmem_cache_prefill_sheaf(struct kmem_cache *s,
						 gfp_t gfp, unsigned int size,
						 const char *site);
int shim_kmem_cache_refill_sheaf(struct kmem_cache *s, gfp_t gfp,
				 struct slab_sheaf **sheafp,
				 unsigned int size, const char *site);
void *kmem_cache_alloc_from_sheaf_noprof(struct kmem_cache *s, gfp_t gfp,
					 struct slab_sheaf *sheaf);
void kmem_cache_return_sheaf(struct kmem_cache *s, gfp_t gfp,
			     struct slab_sheaf *sheaf);
unsigned int kmem_cache_sheaf_size(struct slab_sheaf *sheaf);

#define kmem_cache_prefill_sheaf(s, gfp, size)				\
	(shim_might_alloc_here(gfp),					\
	 shim_kmem_cache_prefill_sheaf(s, gfp, size, __func__))
#define kmem_cache_refill_sheaf(s, gfp, sheafp, size)			\
	(shim_might_alloc_here(gfp),					\
	 shim_kmem_cache_refill_sheaf(s, gfp, sheafp, size, __func__))
#define kmem_cache_alloc_from_sheaf(...)				\
	kmem_cache_alloc_from_sheaf_noprof(__VA_ARGS__)

#define kmalloc(size, gfp)						\
	(shim_might_alloc_here(gfp), shim_kmalloc(size, gfp, __func__))
#define kzalloc(size, gfp)		kmalloc(size, (gfp) | __GFP_ZERO)
#define kmalloc_array(n, size, gfp)	kmalloc(size_mul(n, size), gfp)
#define kcalloc(n, size, gfp)		kzalloc(size_mul(n, size), gfp)
#define kmalloc_node(size, gfp, node)	kmalloc(size, gfp)
#define kzalloc_node(size, gfp, node)	kzalloc(size, gfp)
#define kmalloc_array_node(n, size, gfp, node) kmalloc_array(n, size, gfp)
#define kcalloc_node(n, size, gfp, node) kcalloc(n, size, gfp)
#define krealloc(p, size, gfp)						\
	(shim_might_alloc_here(gfp), shim_krealloc(p, size, gfp, __func__))
#define krealloc_array(p, n, size, gfp)	krealloc(p, size_mul(n, size), gfp)
#define kvmalloc(size, gfp)		kmalloc(size, gfp)
#define kvzalloc(size, gfp)		kzalloc(size, gfp)
#define kvmalloc_node(size, gfp, node)	kmalloc(size, gfp)
#define kvzalloc_node(size, gfp, node)	kzalloc(size, gfp)
#define kvmalloc_array(n, size, gfp)	kmalloc_array(n, size, gfp)
#define kvcalloc(n, size, gfp)		kcalloc(n, size, gfp)
#define kvrealloc(p, size, gfp)		krealloc(p, size, gfp)
#define kvfree(p)			kfree(p)
#define kfree_bulk(nr, p)		kmem_cache_free_bulk(NULL, nr, p)
/* Objects are exactly the size asked for: no kmalloc buckets here. */
#define kmalloc_size_roundup(size)	((size_t)(size))
#define kfree_sensitive(p)		kfree(p)
#define kvfree_sensitive(p, len)	kfree(p)
/* 6.18+: callable from any context; here a non-sleeping kmalloc. */
#define kmalloc_nolock(size, gfp, node)					\
	kmalloc(size, ((gfp) & ~__GFP_RECLAIM))
#define kfree_nolock(p)			kfree(p)

/*
 * Memory-allocation profiling (6.10+) wraps each allocator in
 * alloc_hooks(); the *_noprof functions are the unwrapped ones.  Here the
 * two spellings are the same call.
 */
#define alloc_hooks(alloc)		(alloc)
#define kmalloc_noprof(size, gfp)	kmalloc(size, gfp)
#define __kmalloc_noprof(size, gfp)	kmalloc(size, gfp)
#define kzalloc_noprof(size, gfp)	kzalloc(size, gfp)
#define kmalloc_node_noprof(size, gfp, node) kmalloc(size, gfp)
#define kmalloc_array_noprof(n, size, gfp) kmalloc_array(n, size, gfp)
#define kcalloc_noprof(n, size, gfp)	kcalloc(n, size, gfp)
#define krealloc_noprof(p, size, gfp)	krealloc(p, size, gfp)
#define kvmalloc_noprof(size, gfp)	kvmalloc(size, gfp)
#define kvmalloc_node_noprof(size, gfp, node) kvmalloc(size, gfp)
#define kmem_cache_alloc_noprof(s, gfp)	kmem_cache_alloc(s, gfp)
#define kmem_cache_alloc_node_noprof(s, gfp, node) kmem_cache_alloc(s, gfp)
#define kmem_cache_alloc_lru_noprof(s, lru, gfp) kmem_cache_alloc(s, gfp)
#define kmem_cache_alloc_bulk_noprof(s, gfp, nr, p)			\
	kmem_cache_alloc_bulk(s, gfp, nr, p)

/*
 * Typed allocation (7.x): kmalloc_obj(VAR_OR_TYPE[, gfp]) allocates one
 * object of the type of VAR_OR_TYPE (a type, or an expression such as
 * *ptr) and returns a pointer of that type; _objs() an array of COUNT;
 * _flex() one struct with COUNT elements in flexible array member FAM.
 * gfp defaults to GFP_KERNEL.  Sizes saturate on overflow, so a huge
 * COUNT fails the allocation instead of wrapping.  The __counted_by
 * counter is not set: compilers without __builtin_counted_by_ref (those
 * this harness builds with) do not set it in the kernel either.
 */
#define __default_gfp_pick(_ignored, gfp, ...)	gfp
#define default_gfp(...)						\
	__default_gfp_pick(, ##__VA_ARGS__, GFP_KERNEL)

#define __alloc_objs(KMALLOC, GFP, TYPE, COUNT)				\
	((TYPE *)KMALLOC(size_mul(sizeof(TYPE), (COUNT)), GFP))
#define __alloc_flex(KMALLOC, GFP, TYPE, FAM, COUNT)			\
	((TYPE *)KMALLOC(struct_size_t(TYPE, FAM, (COUNT)), GFP))

#define kmalloc_obj(VAR_OR_TYPE, ...)					\
	__alloc_objs(kmalloc, default_gfp(__VA_ARGS__),			\
		     typeof(VAR_OR_TYPE), 1)
#define kmalloc_objs(VAR_OR_TYPE, COUNT, ...)				\
	__alloc_objs(kmalloc, default_gfp(__VA_ARGS__),			\
		     typeof(VAR_OR_TYPE), COUNT)
#define kmalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...)			\
	__alloc_flex(kmalloc, default_gfp(__VA_ARGS__),			\
		     typeof(VAR_OR_TYPE), FAM, COUNT)
#define kzalloc_obj(VAR_OR_TYPE, ...)					\
	__alloc_objs(kzalloc, default_gfp(__VA_ARGS__),			\
		     typeof(VAR_OR_TYPE), 1)
#define kzalloc_objs(VAR_OR_TYPE, COUNT, ...)				\
	__alloc_objs(kzalloc, default_gfp(__VA_ARGS__),			\
		     typeof(VAR_OR_TYPE), COUNT)
#define kzalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...)			\
	__alloc_flex(kzalloc, default_gfp(__VA_ARGS__),			\
		     typeof(VAR_OR_TYPE), FAM, COUNT)
#define kvmalloc_obj(VAR_OR_TYPE, ...)					\
	__alloc_objs(kvmalloc, default_gfp(__VA_ARGS__),		\
		     typeof(VAR_OR_TYPE), 1)
#define kvmalloc_objs(VAR_OR_TYPE, COUNT, ...)				\
	__alloc_objs(kvmalloc, default_gfp(__VA_ARGS__),		\
		     typeof(VAR_OR_TYPE), COUNT)
#define kvmalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...)			\
	__alloc_flex(kvmalloc, default_gfp(__VA_ARGS__),		\
		     typeof(VAR_OR_TYPE), FAM, COUNT)
#define kvzalloc_obj(VAR_OR_TYPE, ...)					\
	__alloc_objs(kvzalloc, default_gfp(__VA_ARGS__),		\
		     typeof(VAR_OR_TYPE), 1)
#define kvzalloc_objs(VAR_OR_TYPE, COUNT, ...)				\
	__alloc_objs(kvzalloc, default_gfp(__VA_ARGS__),		\
		     typeof(VAR_OR_TYPE), COUNT)
#define kvzalloc_flex(VAR_OR_TYPE, FAM, COUNT, ...)			\
	__alloc_flex(kvzalloc, default_gfp(__VA_ARGS__),		\
		     typeof(VAR_OR_TYPE), FAM, COUNT)

/* __free(kfree) and friends (cleanup.h); error pointers are not freed. */
DEFINE_FREE(kfree, void *, if (!IS_ERR_OR_NULL(_T)) kfree(_T))
DEFINE_FREE(kvfree, void *, if (!IS_ERR_OR_NULL(_T)) kvfree(_T))
DEFINE_FREE(kfree_sensitive, void *, if (_T) kfree_sensitive(_T))

/* What the kernel's slab.h brings in through gfp.h (mmzone.h, mm_types.h). */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#endif
