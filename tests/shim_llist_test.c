// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the shim's linux/llist.h: adding (one node, a batch),
 * taking all or the first node off, reversing, the iterators (also with
 * the node not first in its struct, and deleting while iterating), and
 * the on-list marking.
 */
#include <linux/llist.h>

#include "check.h"

/* The node is deliberately not the first member. */
struct item {
	unsigned long val;
	struct llist_node node;
	unsigned long pad;
};

#define NR_ITEMS	5

static struct item items[NR_ITEMS];

static void setup(void)
{
	unsigned int i;

	for (i = 0; i < NR_ITEMS; i++) {
		items[i].val = i;
		init_llist_node(&items[i].node);
	}
}

/* Adds items 0..n-1 in order: the list is then n-1 (newest) .. 0. */
static void add_n(struct llist_head *head, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		llist_add(&items[i].node, head);
}

/* Item values along a chain of nodes, as decimal digits: 0..4 -> 43210. */
static unsigned long digits(struct llist_node *first)
{
	struct item *pos;
	unsigned long d = 0;

	llist_for_each_entry(pos, first, node)
		d = d * 10 + pos->val;
	return d;
}

static bool test_init_empty(void)
{
	LLIST_HEAD(a);
	struct llist_head b = { .first = &items[0].node };

	setup();
	CHECK(llist_empty(&a));
	CHECK(a.first == NULL);
	init_llist_head(&b);
	CHECK(llist_empty(&b));
	CHECK(llist_del_all(&a) == NULL);
	CHECK(__llist_del_all(&a) == NULL);
	CHECK(llist_del_first(&a) == NULL);
	CHECK(llist_del_first_init(&a) == NULL);
	CHECK(llist_reverse_order(NULL) == NULL);
	CHECK_EQ(digits(NULL), 0);
	return true;
}

static bool test_add_returns_was_empty(void)
{
	LLIST_HEAD(head);

	setup();
	CHECK(llist_add(&items[0].node, &head));
	CHECK(!llist_empty(&head));
	CHECK(!llist_add(&items[1].node, &head));
	CHECK(!__llist_add(&items[2].node, &head));
	CHECK(head.first == &items[2].node);
	CHECK(llist_next(&items[2].node) == &items[1].node);
	CHECK(llist_next(&items[0].node) == NULL);
	CHECK_EQ(digits(head.first), 210);

	init_llist_head(&head);
	CHECK(__llist_add(&items[3].node, &head));
	return true;
}

static bool test_add_batch(void)
{
	LLIST_HEAD(head);

	setup();
	llist_add(&items[0].node, &head);
	/* A chain 3 -> 2 -> 1 added in one go goes in front, as is. */
	items[3].node.next = &items[2].node;
	items[2].node.next = &items[1].node;
	CHECK(!llist_add_batch(&items[3].node, &items[1].node, &head));
	CHECK_EQ(digits(head.first), 3210);

	init_llist_head(&head);
	items[4].node.next = &items[3].node;
	CHECK(__llist_add_batch(&items[4].node, &items[3].node, &head));
	CHECK(items[3].node.next == NULL);
	CHECK_EQ(digits(head.first), 43);
	return true;
}

static bool test_del_all(void)
{
	LLIST_HEAD(head);
	struct llist_node *all;

	setup();
	add_n(&head, NR_ITEMS);
	all = llist_del_all(&head);
	CHECK(llist_empty(&head));
	CHECK(all == &items[4].node);
	CHECK_EQ(digits(all), 43210);

	/* The list is usable again, and __llist_del_all() is the same. */
	add_n(&head, 2);
	all = __llist_del_all(&head);
	CHECK(llist_empty(&head));
	CHECK_EQ(digits(all), 10);
	return true;
}

static bool test_del_first(void)
{
	LLIST_HEAD(head);
	struct llist_node *n;

	setup();
	add_n(&head, 3);
	n = llist_del_first(&head);
	CHECK(n == &items[2].node);
	/* Not re-marked: llist_on_list() still says it is on a list. */
	CHECK(llist_on_list(n));
	CHECK_EQ(digits(head.first), 10);

	n = llist_del_first_init(&head);
	CHECK(n == &items[1].node);
	CHECK(!llist_on_list(n));
	CHECK(n->next == n);

	CHECK(!llist_del_first_this(&head, &items[2].node));
	CHECK(llist_del_first_this(&head, &items[0].node));
	CHECK(llist_empty(&head));
	CHECK(llist_del_first(&head) == NULL);
	return true;
}

static bool test_reverse(void)
{
	LLIST_HEAD(head);
	struct llist_node *all, *rev;

	setup();
	add_n(&head, NR_ITEMS);
	all = llist_del_all(&head);
	rev = llist_reverse_order(all);
	CHECK(rev == &items[0].node);
	CHECK(items[4].node.next == NULL);
	CHECK_EQ(digits(rev), 1234);	/* 0, 1, 2, 3, 4 */
	CHECK_EQ(digits(llist_reverse_order(rev)), 43210);

	/* One node reverses to itself. */
	init_llist_head(&head);
	llist_add(&items[0].node, &head);
	CHECK(llist_reverse_order(head.first) == &items[0].node);
	CHECK(items[0].node.next == NULL);
	return true;
}

static bool test_for_each(void)
{
	LLIST_HEAD(head);
	struct llist_node *pos, *n, *all;
	unsigned long d = 0;
	unsigned int count = 0;

	setup();
	add_n(&head, NR_ITEMS);
	all = llist_del_all(&head);
	llist_for_each(pos, all)
		d = d * 10 + llist_entry(pos, struct item, node)->val;
	CHECK_EQ(d, 43210);
	CHECK(pos == NULL);

	/* _safe: each node may be reused (here re-added) in the body. */
	llist_for_each_safe(pos, n, all) {
		init_llist_node(pos);
		count++;
	}
	CHECK_EQ(count, NR_ITEMS);
	CHECK(!llist_on_list(&items[0].node));
	CHECK(!llist_on_list(&items[4].node));
	return true;
}

static bool test_for_each_entry_safe(void)
{
	LLIST_HEAD(head);
	LLIST_HEAD(odd);
	struct item *pos, *n;
	unsigned long d = 0;

	setup();
	add_n(&head, NR_ITEMS);
	/* Move the odd items to another list while walking: each move
	 * rewrites the node's next, which _safe has already read. */
	llist_for_each_entry_safe(pos, n, llist_del_all(&head), node) {
		d = d * 10 + pos->val;
		if (pos->val & 1)
			llist_add(&pos->node, &odd);
		else
			llist_add(&pos->node, &head);
	}
	CHECK_EQ(d, 43210);
	CHECK(pos == NULL);
	CHECK_EQ(digits(head.first), 24);	/* 0, 2, 4 re-added */
	CHECK_EQ(digits(odd.first), 13);

	/* The loop body runs once per entry and never for an empty list. */
	d = 0;
	llist_for_each_entry_safe(pos, n, llist_del_all(&odd), node)
		d++;
	CHECK_EQ(d, 2);
	llist_for_each_entry_safe(pos, n, llist_del_all(&odd), node)
		d++;
	CHECK_EQ(d, 2);
	return true;
}

static bool test_on_list(void)
{
	LLIST_HEAD(head);
	struct llist_node *n;

	setup();
	CHECK(!llist_on_list(&items[0].node));
	llist_add(&items[0].node, &head);
	/* The only (oldest) node points to NULL: on a list. */
	CHECK(llist_on_list(&items[0].node));
	llist_add(&items[1].node, &head);
	CHECK(llist_on_list(&items[1].node));

	/* Taking nodes off and marking them is the caller's job. */
	for (n = llist_del_all(&head); n; ) {
		struct llist_node *next = llist_next(n);

		init_llist_node(n);
		n = next;
	}
	CHECK(!llist_on_list(&items[0].node));
	CHECK(!llist_on_list(&items[1].node));
	return true;
}

static bool test_member_address_is_nonnull(void)
{
	struct item *p = &items[0];

	CHECK(member_address_is_nonnull(p, node));
	CHECK(llist_entry(&items[3].node, struct item, node) == &items[3]);
	return true;
}

int main(void)
{
	struct check_totals t = { 0 };

	RUN_TEST(&t, test_init_empty);
	RUN_TEST(&t, test_add_returns_was_empty);
	RUN_TEST(&t, test_add_batch);
	RUN_TEST(&t, test_del_all);
	RUN_TEST(&t, test_del_first);
	RUN_TEST(&t, test_reverse);
	RUN_TEST(&t, test_for_each);
	RUN_TEST(&t, test_for_each_entry_safe);
	RUN_TEST(&t, test_on_list);
	RUN_TEST(&t, test_member_address_is_nonnull);
	return check_summary(&t);
}
