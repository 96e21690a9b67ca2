/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Walking and checking an rbtree-flavoured domain.  Included by
 * iova_glue.c after the tree's iova.c.  The walks recurse by hand rather
 * than call rb_next(): observing the tree must not feed the fuzzer's
 * coverage of the kernel code, nor cost what the kernel's walk costs.
 */
#include <linux/rbtree_augmented.h>

struct walk_ctx {
	struct iova_domain *iovad;
	glue_entry_fn fn;
	void *arg;
	const struct iova *last;	/* in-order predecessor */
	const char *why;		/* first defect found */
	const struct rb_node *hint[2];	/* where searches start */
	bool hint_seen[2];
};

GLUE_NOCOV
static void walk_node(const struct rb_node *node,
				 struct walk_ctx *c)
{
	const struct iova *iova;

	if (!node)
		return;
	walk_node(node->rb_left, c);
	iova = rb_entry(node, struct iova, node);
	if (node != &c->iovad->anchor.node)
		c->fn(c->arg, iova->pfn_lo, iova->pfn_hi, false);
	walk_node(node->rb_right, c);
}

GLUE_NOCOV
void glue_walk(struct iova_domain *iovad, glue_entry_fn fn,
			  void *arg)
{
	struct walk_ctx c = { .iovad = iovad, .fn = fn, .arg = arg };

	walk_node(iovad->rbroot.rb_node, &c);
}

/* Returns the black height of @node's subtree, or -1 with c->why set;
 * checks parent links, colours and the order of entries on the way, and
 * hands each entry but the anchor to c->fn (if set) in order. */
GLUE_NOCOV
static int check_subtree(const struct rb_node *node,
				    const struct rb_node *parent,
				    struct walk_ctx *c)
{
	const struct iova *cur;
	int left, right;

	if (!node)
		return 1;
	if (rb_parent(node) != parent)
		c->why = "rbtree: parent pointer does not match";
	else if (rb_is_red(node) && parent && rb_is_red(parent))
		c->why = "rbtree: red node with a red parent";
	if (c->why)
		return -1;
	left = check_subtree(node->rb_left, node, c);
	if (left < 0)
		return -1;
	cur = rb_entry(node, struct iova, node);
	if (cur->pfn_lo > cur->pfn_hi)
		c->why = "rbtree: entry with pfn_lo > pfn_hi";
	else if (c->last && c->last->pfn_hi >= cur->pfn_lo)
		c->why = "rbtree: entries out of order or overlapping";
	if (c->why)
		return -1;
	c->last = cur;
	c->hint_seen[0] |= node == c->hint[0];
	c->hint_seen[1] |= node == c->hint[1];
	if (c->fn && node != &c->iovad->anchor.node)
		c->fn(c->arg, cur->pfn_lo, cur->pfn_hi, false);
	right = check_subtree(node->rb_right, node, c);
	if (right < 0)
		return -1;
	if (left != right) {
		c->why = "rbtree: black heights differ";
		return -1;
	}
	return left + rb_is_black(node);
}

/*
 * The nodes searches start from, where the design keeps them (the
 * cached_node and cached32_node of 6.12): each must be a node of the
 * tree, as the next search dereferences it.  One left on a freed node is
 * a use-after-free waiting for that search; seen here, it is named by
 * the op that left it (cmake/tree.cmake compiles this where they exist).
 */
GLUE_NOCOV
static void hints_of(struct iova_domain *iovad, struct walk_ctx *c)
{
#if IOVAFUZZ_RB_HINTS
	c->hint[0] = iovad->cached_node;
	c->hint[1] = iovad->cached32_node;
#else
	c->hint_seen[0] = c->hint_seen[1] = true;
#endif
}

/* One pass for the check and the walk: a full comparison reads every
 * node once (it is most of what the comparison costs). */
#define GLUE_CHECK_WALK
GLUE_NOCOV
const char *glue_check_walk(struct iova_domain *iovad, glue_entry_fn fn,
			    void *arg)
{
	const struct rb_node *root = iovad->rbroot.rb_node;
	struct walk_ctx c = { .iovad = iovad, .fn = fn, .arg = arg };

	if (!root)
		return "rbtree: empty (the anchor is missing)";
	if (rb_is_red(root))
		return "rbtree: red root";
	hints_of(iovad, &c);
	if (check_subtree(root, NULL, &c) < 0)
		return c.why;
	if (c.last != &iovad->anchor)
		return "rbtree: the anchor is not the last node";
	if (!c.hint_seen[0])
		return "rbtree: cached_node is not a node of the tree";
	if (!c.hint_seen[1])
		return "rbtree: cached32_node is not a node of the tree";
	return NULL;
}

GLUE_NOCOV
const char *glue_check_structure(struct iova_domain *iovad)
{
	return glue_check_walk(iovad, NULL, NULL);
}

GLUE_NOCOV
enum glue_kind glue_lookup(struct iova_domain *iovad,
				      unsigned long pfn, unsigned long *lo,
				      unsigned long *hi)
{
	const struct rb_node *node = iovad->rbroot.rb_node;

	while (node) {
		const struct iova *iova = rb_entry(node, struct iova, node);

		if (pfn < iova->pfn_lo) {
			node = node->rb_left;
		} else if (pfn > iova->pfn_hi) {
			node = node->rb_right;
		} else {
			*lo = iova->pfn_lo;
			*hi = iova->pfn_hi;
			return node == &iovad->anchor.node ? GLUE_NONE : GLUE_IOVA;
		}
	}
	return GLUE_NONE;
}

unsigned long glue_drain_deferred(struct iova_domain *iovad)
{
	(void)iovad;
	return 0;
}
