/* SPDX-License-Identifier: GPL-2.0-only */
/* What src/heap/heap_glue.c exports from the heap it compiles. */
#ifndef _HEAP_GLUE_H
#define _HEAP_GLUE_H

#include <linux/types.h>

/* Registers the heap (its module_init): 0 or a negative errno. */
int heap_glue_create(void);
/* The heap's orders, largest first, and the gfp flags of each. */
unsigned int heap_glue_orders(const unsigned int **orders,
			      const gfp_t **flags);
/* Which system_heap.c this is: "tree", "seed004" or a mutant's name. */
extern const char heap_glue_source[];

#endif
