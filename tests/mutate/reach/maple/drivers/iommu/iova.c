// SPDX-License-Identifier: GPL-2.0-only
/*
 * The caller of a small tree for scripts/mutate's default set of
 * lib/maple_tree.c functions (tests/mutate/check.py --reach): what this
 * file reaches of lib/maple_tree.c, and nothing else, is mutated.
 */
#include <linux/kernel.h>
#include "../../include/reach.h"

/* A local of the same name as a callee function is no call. */
static int rt_unused(int rt_erase)
{
	return rt_erase + 1;
}

void *iova_get(struct rt *t, unsigned long key)
{
	return rt_load(t, key);
}

int iova_put(struct rt *t, unsigned long key, void *val)
{
	return rt_store(t, key, val);
}

int iova_count(struct rt *t)
{
	unsigned long key = 0;
	void *entry;
	int n = rt_unused(0);

	rt_for_each(t, key, entry)
		n++;
	return n + rt_reset(t);
}
