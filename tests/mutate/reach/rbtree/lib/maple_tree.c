// SPDX-License-Identifier: GPL-2.0-only
/*
 * The callee of a small tree whose drivers/iommu/iova.c reaches none of
 * it (tests/mutate/check.py --errors): scripts/mutate --file
 * lib/maple_tree.c without --function says so and exits 2.
 */
#include <linux/kernel.h>

int rt_load(unsigned long key)
{
	return key > 1;
}
