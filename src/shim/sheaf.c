// SPDX-License-Identifier: GPL-2.0-only
/*
 * Slab sheaves (7.x): a caller reserves objects up front (prefill, refill)
 * where it may sleep or fail cleanly, then takes them one by one where it
 * cannot fail (alloc_from_sheaf), and hands the rest back (return).
 *
 * Kernel semantics kept here: a prefill or refill yields every requested
 * object or fails as a whole, with nothing leaked and, for a refill, the
 * caller's sheaf as it was; the objects are live objects of their cache
 * from the moment they enter the sheaf; taking one out cannot fail except
 * on an empty sheaf.  Each object entering a sheaf passes the
 * failure-injection hook with the caller's gfp and call site.
 */
#include <string.h>

#include <linux/errno.h>
#include <linux/slab.h>
#include <shim/report.h>
#include <shim/shim.h>

#include "shim_internal.h"

struct slab_sheaf {
	struct kmem_cache *cache;
	unsigned int capacity;		/* slots in objects[] */
	unsigned int size;		/* objects held */
	void *objects[];
};

static bool fill_to_capacity;

void shim_sheaf_fill_to_capacity(bool on)
{
	fill_to_capacity = on;
}

bool shim_sheaf_fills_to_capacity(void)
{
	return fill_to_capacity;
}

static struct slab_sheaf *sheaf_check(struct kmem_cache *s,
				      struct slab_sheaf *sheaf,
				      const char *who)
{
	shim_sheaf_block_check(sheaf, who);
	if (sheaf->cache != s)
		shim_bug(__FILE__, __LINE__, who,
			 "sheaf used with a cache it does not belong to");
	return sheaf;
}

static struct slab_sheaf *sheaf_new(struct kmem_cache *s,
				    unsigned int capacity, const char *site)
{
	struct slab_sheaf *sheaf;

	sheaf = shim_sheaf_block(struct_size(sheaf, objects, capacity), site);
	sheaf->cache = s;
	sheaf->capacity = capacity;
	return sheaf;
}

/* Objects from @from on go back to the cache. */
static void sheaf_trim(struct slab_sheaf *sheaf, unsigned int from)
{
	while (sheaf->size > from)
		kmem_cache_free(sheaf->cache, sheaf->objects[--sheaf->size]);
}

/* Fill @sheaf up to @target objects, all of them or none. */
static bool sheaf_fill(struct slab_sheaf *sheaf, unsigned int target,
		       gfp_t gfp, const char *site)
{
	unsigned int old = sheaf->size;

	while (sheaf->size < target) {
		void *obj = shim_kmem_cache_alloc(sheaf->cache, gfp, site);

		if (!obj) {
			sheaf_trim(sheaf, old);
			return false;
		}
		sheaf->objects[sheaf->size++] = obj;
	}
	return true;
}

/* How many objects a sheaf asked to hold @size gets. */
static unsigned int sheaf_target(struct kmem_cache *s, unsigned int size)
{
	unsigned int cap = shim_cache_sheaf_capacity(s);

	return fill_to_capacity && size <= cap ? cap : size;
}

struct slab_sheaf *shim_kmem_cache_prefill_sheaf(struct kmem_cache *s,
						 gfp_t gfp, unsigned int size,
						 const char *site)
{
	struct slab_sheaf *sheaf;
	unsigned int target;

	if (!s)
		shim_bug(__FILE__, __LINE__, site, "prefill of a NULL cache");
	target = sheaf_target(s, size);
	sheaf = sheaf_new(s, target, site);
	if (!sheaf_fill(sheaf, target, gfp, site)) {
		shim_sheaf_block_free(sheaf);
		return NULL;
	}
	return sheaf;
}

/*
 * A sheaf too small for @size.  SLUB (fill to capacity) prefills a new one
 * and returns the old one whole; exact mode keeps the objects it has and
 * allocates only the difference, into a larger container.
 */
static int sheaf_grow(struct kmem_cache *s, gfp_t gfp,
		      struct slab_sheaf **sheafp, unsigned int size,
		      const char *site)
{
	struct slab_sheaf *old = *sheafp, *new;

	if (fill_to_capacity) {
		new = shim_kmem_cache_prefill_sheaf(s, gfp, size, site);
		if (!new)
			return -ENOMEM;
		kmem_cache_return_sheaf(s, gfp, old);
		*sheafp = new;
		return 0;
	}
	new = sheaf_new(s, size, site);
	if (!sheaf_fill(new, size - old->size, gfp, site)) {
		shim_sheaf_block_free(new);
		return -ENOMEM;
	}
	memcpy(&new->objects[new->size], old->objects,
	       old->size * sizeof(old->objects[0]));
	new->size += old->size;
	shim_sheaf_block_free(old);
	*sheafp = new;
	return 0;
}

int shim_kmem_cache_refill_sheaf(struct kmem_cache *s, gfp_t gfp,
				 struct slab_sheaf **sheafp,
				 unsigned int size, const char *site)
{
	struct slab_sheaf *sheaf;

	/* The kernel does not turn a refill of nothing into a prefill. */
	if (!sheafp || !*sheafp)
		return -EINVAL;
	sheaf = sheaf_check(s, *sheafp, site);
	if (sheaf->size >= size)
		return 0;
	if (sheaf->capacity < size)
		return sheaf_grow(s, gfp, sheafp, size, site);
	if (!sheaf_fill(sheaf, fill_to_capacity ? sheaf->capacity : size,
			gfp, site))
		return -ENOMEM;
	return 0;
}

/* Never injected: the point of a sheaf is that this cannot fail. */
void *kmem_cache_alloc_from_sheaf_noprof(struct kmem_cache *s, gfp_t gfp,
					 struct slab_sheaf *sheaf)
{
	void *obj;

	sheaf_check(s, sheaf, __func__);
	if (!sheaf->size)
		return NULL;
	obj = sheaf->objects[--sheaf->size];
	if (gfp & __GFP_ZERO)
		memset(obj, 0, ksize(obj));
	return obj;
}

void kmem_cache_return_sheaf(struct kmem_cache *s, gfp_t gfp,
			     struct slab_sheaf *sheaf)
{
	sheaf_check(s, sheaf, __func__);
	sheaf_trim(sheaf, 0);
	shim_sheaf_block_free(sheaf);
}

unsigned int kmem_cache_sheaf_size(struct slab_sheaf *sheaf)
{
	shim_sheaf_block_check(sheaf, __func__);
	return sheaf->size;
}
