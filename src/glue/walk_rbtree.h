/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Walking and checking an rbtree-flavoured domain.  Included by
 * iova_glue.c after the tree's iova.c.
 */
#include <linux/rbtree_augmented.h>

void glue_walk(struct iova_domain *iovad, glue_entry_fn fn, void *arg)
{
	struct rb_node *node;

	for (node = rb_first(&iovad->rbroot); node; node = rb_next(node)) {
		struct iova *iova = rb_entry(node, struct iova, node);

		if (node != &iovad->anchor.node)
			fn(arg, iova->pfn_lo, iova->pfn_hi, false);
	}
}

/* Returns the black height of @node's subtree, or -1 with *why set. */
static int check_subtree(const struct rb_node *node,
			 const struct rb_node *parent, const char **why)
{
	int left, right;

	if (!node)
		return 1;
	if (rb_parent(node) != parent) {
		*why = "rbtree: parent pointer does not match";
		return -1;
	}
	if (rb_is_red(node) && parent && rb_is_red(parent)) {
		*why = "rbtree: red node with a red parent";
		return -1;
	}
	left = check_subtree(node->rb_left, node, why);
	right = left < 0 ? -1 : check_subtree(node->rb_right, node, why);
	if (left < 0 || right < 0)
		return -1;
	if (left != right) {
		*why = "rbtree: black heights differ";
		return -1;
	}
	return left + rb_is_black(node);
}

const char *glue_check_structure(struct iova_domain *iovad)
{
	const struct rb_node *root = iovad->rbroot.rb_node;
	const struct rb_node *node, *last = NULL;
	const char *why = NULL;

	if (!root)
		return "rbtree: empty (the anchor is missing)";
	if (rb_is_red(root))
		return "rbtree: red root";
	if (check_subtree(root, NULL, &why) < 0)
		return why;
	for (node = rb_first(&iovad->rbroot); node; node = rb_next(node)) {
		const struct iova *cur = rb_entry(node, struct iova, node);

		if (cur->pfn_lo > cur->pfn_hi)
			return "rbtree: entry with pfn_lo > pfn_hi";
		if (last && rb_entry(last, struct iova, node)->pfn_hi >=
			    cur->pfn_lo)
			return "rbtree: entries out of order or overlapping";
		last = node;
	}
	if (last != &iovad->anchor.node)
		return "rbtree: the anchor is not the last node";
	return NULL;
}

unsigned long glue_drain_deferred(struct iova_domain *iovad)
{
	(void)iovad;
	return 0;
}
