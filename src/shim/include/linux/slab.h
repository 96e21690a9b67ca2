/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Slab and kmalloc.  Every object is a separate heap block (so ASan sees
 * each one), counted live per cache, and every allocation passes the
 * failure-injection hook with its gfp flags, size, cache and caller.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/percpu.h>
#include <linux/types.h>

struct kmem_cache;

#define SLAB_HWCACHE_ALIGN	0x00002000u
#define SLAB_PANIC		0x00040000u
#define SLAB_RECLAIM_ACCOUNT	0x00020000u
#define SLAB_ACCOUNT		0x04000000u
#define SLAB_TYPESAFE_BY_RCU	0x00080000u
#define SLAB_NO_MERGE		0x01000000u
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

struct kmem_cache *shim_kmem_cache_create(const char *name, unsigned int size,
					  unsigned int align,
					  slab_flags_t flags,
					  void (*ctor)(void *));
void kmem_cache_destroy(struct kmem_cache *s);
int kmem_cache_shrink(struct kmem_cache *s);
void *shim_kmem_cache_alloc(struct kmem_cache *s, gfp_t gfp, const char *site);
void kmem_cache_free(struct kmem_cache *s, void *obj);
int shim_kmem_cache_alloc_bulk(struct kmem_cache *s, gfp_t gfp, size_t nr,
			       void **p, const char *site);
void kmem_cache_free_bulk(struct kmem_cache *s, size_t nr, void **p);
void *shim_kmalloc(size_t size, gfp_t gfp, const char *site);
void *shim_krealloc(const void *p, size_t size, gfp_t gfp, const char *site);
void kfree(const void *p);
size_t ksize(const void *p);

#define kmem_cache_create(name, size, align, flags, ctor)		\
	shim_kmem_cache_create(name, size, align, flags, ctor)
#define KMEM_CACHE(s, flags)						\
	kmem_cache_create(#s, sizeof(struct s), __alignof__(struct s),	\
			  flags, NULL)
#define kmem_cache_alloc(s, gfp)	shim_kmem_cache_alloc(s, gfp, __func__)
#define kmem_cache_zalloc(s, gfp)					\
	shim_kmem_cache_alloc(s, (gfp) | __GFP_ZERO, __func__)
#define kmem_cache_alloc_bulk(s, gfp, nr, p)				\
	shim_kmem_cache_alloc_bulk(s, gfp, nr, p, __func__)
#define kmem_cache_alloc_node(s, gfp, node) kmem_cache_alloc(s, gfp)

#define kmalloc(size, gfp)		shim_kmalloc(size, gfp, __func__)
#define kzalloc(size, gfp)		kmalloc(size, (gfp) | __GFP_ZERO)
#define kmalloc_array(n, size, gfp)	kmalloc(size_mul(n, size), gfp)
#define kcalloc(n, size, gfp)		kzalloc(size_mul(n, size), gfp)
#define kmalloc_node(size, gfp, node)	kmalloc(size, gfp)
#define kzalloc_node(size, gfp, node)	kzalloc(size, gfp)
#define krealloc(p, size, gfp)		shim_krealloc(p, size, gfp, __func__)
#define kvmalloc(size, gfp)		kmalloc(size, gfp)
#define kvzalloc(size, gfp)		kzalloc(size, gfp)
#define kvcalloc(n, size, gfp)		kcalloc(n, size, gfp)
#define kvfree(p)			kfree(p)
#define kfree_sensitive(p)		kfree(p)

#endif
