// SPDX-License-Identifier: GPL-2.0-only
/*
 * A caller that reaches no function of lib/maple_tree.c (as 6.12's
 * iova.c, on the rbtree): scripts/mutate --file lib/maple_tree.c
 * without --function has nothing to mutate and says so (exit 2).
 */
#include <linux/kernel.h>

int iova_twice(int x)
{
	return 2 * x;
}
