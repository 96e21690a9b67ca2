// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tree's lib/maple_tree.c, compiled unmodified with
 * CONFIG_DEBUG_MAPLE_TREE (for mt_validate()).  Its self-checks count runs
 * and passes in these two counters and call dump_stack() on a failure,
 * which the shim records as a finding.
 */
#include "tree_config.h"
#include IOVAFUZZ_MAPLE_TREE_C

#include <shim/shim.h>

atomic_t maple_tree_tests_run;
atomic_t maple_tree_tests_passed;

/* The kernel runs maple_tree_init() at boot; we do it before main(). */
static void __attribute__((constructor)) glue_maple_init(void)
{
	maple_tree_init();
	shim_class_register(SHIM_CLASS_MAPLE_NODE, sizeof(struct maple_node));
}

void **glue_maple_slot(struct maple_tree *mt, unsigned long index);

/*
 * For tests of glue_self_check(): the slot that holds the entry at
 * @index, for the caller to write in place (no store, no rebalance).
 */
void **glue_maple_slot(struct maple_tree *mt, unsigned long index)
{
	MA_STATE(mas, mt, index, index);

	if (!mas_walk(&mas) || !mte_is_leaf(mas.node))
		return NULL;
	return (void **)&ma_slots(mte_to_node(mas.node),
				 mte_node_type(mas.node))[mas.offset];
}
