// SPDX-License-Identifier: GPL-2.0-only
/*
 * The callee of a small tree (tests/mutate/check.py --reach).  The
 * functions drivers/iommu/iova.c reaches, and only they, are mutated by
 * default: rt_load, rt_walk, rt_deep, rt_store, rt_cb, rt_find,
 * rt_header_helper, rt_back.  Never reached: rt_erase (called only by
 * an inline of the header iova.c never calls), rt_erase_walk (called
 * only by rt_erase), rt_orphan (called by nothing).
 */
#include <linux/kernel.h>
#include "../include/reach.h"

/* Recursive: reached once, listed once. */
static int rt_deep(unsigned long key)
{
	return key ? rt_deep(key >> 1) + 1 : 0;
}

static void *rt_walk(struct rt *t, unsigned long key)
{
	return rt_deep(key) > 64 ? NULL : (t->key == key ? t->val : NULL);
}

void *rt_load(struct rt *t, unsigned long key)
{
	if (!t)
		return NULL;
	return rt_walk(t, key);
}

/* Reached by its address only, as a callback. */
static int rt_cb(struct rt *t)
{
	return t->key > 0;
}

int rt_store(struct rt *t, unsigned long key, void *val)
{
	int (*check)(struct rt *) = rt_cb;

	t->key = key;
	t->val = val;
	return check(t);
}

static int rt_erase_walk(struct rt *t)
{
	return t->val != NULL;
}

int rt_erase(struct rt *t, unsigned long key)
{
	t->val = NULL;
	return rt_erase_walk(t) + (int)key;
}

void *rt_find(struct rt *t, unsigned long *key)
{
	if (*key > t->key)
		return NULL;
	(*key)++;
	return t->val;
}

static int rt_orphan(void)
{
	return 1;
}

/* Reached through the header's static inline, and it reaches a
 * function of this file after it. */
static int rt_back(struct rt *t);

int rt_header_helper(struct rt *t)
{
	return t ? rt_back(t) : 0;
}

static int rt_back(struct rt *t)
{
	return t->key == 0;
}
