// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tree's drivers/dma-buf/heaps/system_heap.c, compiled unmodified
 * (HEAP_SYSTEM_HEAP_C names it: the tree's file, a patched copy, or one
 * of our mutants), plus the one thing the checker takes from it: its
 * configuration, the orders and the gfp flags it allocates them with.
 */
#include HEAP_SYSTEM_HEAP_C

#include <heap/glue.h>

int heap_glue_create(void)
{
	return system_heap_create();
}

unsigned int heap_glue_orders(const unsigned int **orders_out,
			      const gfp_t **flags_out)
{
	*orders_out = orders;
	*flags_out = order_flags;
	return NUM_ORDERS;
}

const char heap_glue_source[] = HEAP_SOURCE_NAME;
