/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The API of lib/maple_tree.c as drivers/iommu/iova.c of this small
 * tree sees it: two functions reached through a macro and through a
 * static inline of the header, as the real maple_tree.h does it.
 */
#ifndef REACH_H
#define REACH_H

struct rt {
	unsigned long key;
	void *val;
};

void *rt_load(struct rt *t, unsigned long key);
int rt_store(struct rt *t, unsigned long key, void *val);
int rt_erase(struct rt *t, unsigned long key);
void *rt_find(struct rt *t, unsigned long *key);
int rt_header_helper(struct rt *t);

/* A macro expanding to a call: mas_for_each() to mas_find(). */
#define rt_for_each(t, key, entry) \
	while (((entry) = rt_find((t), &(key))) != NULL)

/* A static inline calling into lib/maple_tree.c: mas_set(). */
static inline int rt_reset(struct rt *t)
{
	return rt_header_helper(t);
}

/* An inline nobody in iova.c calls: what it calls is not reached. */
static inline int rt_unused_inline(struct rt *t)
{
	return rt_erase(t, 0);
}

#endif
