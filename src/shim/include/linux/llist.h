/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Lock-less NULL-terminated singly linked lists: the kernel's API, names
 * and semantics.  One thread runs kernel code here, so what the kernel
 * does with cmpxchg()/xchg() is a plain load and store, and the
 * out-of-line helpers of lib/llist.c are inline.
 *
 * A list is a pointer to its newest node; each node points to the one
 * added before it, the oldest to NULL.  A node that is on no list (after
 * init_llist_node() or llist_del_first_init()) points to itself.
 */
#ifndef _LINUX_LLIST_H
#define _LINUX_LLIST_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/stddef.h>
#include <linux/types.h>

struct llist_node {
	struct llist_node *next;
};

struct llist_head {
	struct llist_node *first;
};

#define LLIST_HEAD_INIT(name)	{ NULL }
#define LLIST_HEAD(name)	struct llist_head name = LLIST_HEAD_INIT(name)

static inline void init_llist_head(struct llist_head *list)
{
	list->first = NULL;
}

/* Marks @node as on no list, for llist_on_list(). */
static inline void init_llist_node(struct llist_node *node)
{
	node->next = node;
}

/* A node on a list points to another node or NULL, never to itself. */
static inline bool llist_on_list(const struct llist_node *node)
{
	return node->next != node;
}

#define llist_entry(ptr, type, member)	container_of(ptr, type, member)

/* &ptr->member != NULL, in a form the compiler cannot assume true. */
#define member_address_is_nonnull(ptr, member)				\
	((uintptr_t)(ptr) + offsetof(typeof(*(ptr)), member) != 0)

/*
 * The entry of @ptr, or NULL for a NULL @ptr.  The kernel's iterators
 * turn the terminating NULL into a bogus entry pointer and stop on
 * member_address_is_nonnull(); here the cursor ends as NULL instead, so
 * no offset is ever applied to a null pointer (UBSan reports that unless
 * built with -fwrapv).  A caller cannot tell: the cursor is not to be
 * used after the loop.
 */
#define __llist_entry_or_null(ptr, type, member) ({			\
	struct llist_node *__lln = (ptr);				\
	__lln ? llist_entry(__lln, type, member) : (type *)NULL; })

/*
 * The iterators walk nodes already taken off a list (llist_del_all()),
 * newest first; llist_reverse_order() gives oldest first.
 */
#define llist_for_each(pos, node)					\
	for ((pos) = (node); (pos); (pos) = (pos)->next)

#define llist_for_each_safe(pos, n, node)				\
	for ((pos) = (node); (pos) && ((n) = (pos)->next, true); (pos) = (n))

#define llist_for_each_entry(pos, node, member)				\
	for ((pos) = __llist_entry_or_null((node), typeof(*(pos)), member); \
	     (pos);							\
	     (pos) = __llist_entry_or_null((pos)->member.next,		\
					   typeof(*(pos)), member))

#define llist_for_each_entry_safe(pos, n, node, member)			\
	for ((pos) = __llist_entry_or_null((node), typeof(*(pos)), member); \
	     (pos) && ((n) = __llist_entry_or_null((pos)->member.next,	\
						   typeof(*(n)), member), \
		       true);						\
	     (pos) = (n))

static inline bool llist_empty(const struct llist_head *head)
{
	return READ_ONCE(head->first) == NULL;
}

static inline struct llist_node *llist_next(struct llist_node *node)
{
	return node->next;
}

/*
 * Adds the chain @new_first..@new_last (already linked through ->next) in
 * front of the list.  True if the list was empty before.
 */
static inline bool __llist_add_batch(struct llist_node *new_first,
				     struct llist_node *new_last,
				     struct llist_head *head)
{
	struct llist_node *old = head->first;

	new_last->next = old;
	head->first = new_first;
	return old == NULL;
}

static inline bool llist_add_batch(struct llist_node *new_first,
				   struct llist_node *new_last,
				   struct llist_head *head)
{
	return __llist_add_batch(new_first, new_last, head);
}

static inline bool __llist_add(struct llist_node *new, struct llist_head *head)
{
	return __llist_add_batch(new, new, head);
}

static inline bool llist_add(struct llist_node *new, struct llist_head *head)
{
	return llist_add_batch(new, new, head);
}

/* Empties the list; returns its nodes, newest first, or NULL. */
static inline struct llist_node *__llist_del_all(struct llist_head *head)
{
	struct llist_node *all = head->first;

	head->first = NULL;
	return all;
}

static inline struct llist_node *llist_del_all(struct llist_head *head)
{
	return __llist_del_all(head);
}

/* Takes the newest node off the list; NULL if it is empty. */
static inline struct llist_node *llist_del_first(struct llist_head *head)
{
	struct llist_node *first = head->first;

	if (first)
		head->first = first->next;
	return first;
}

/* As llist_del_first(), and the node is then on no list. */
static inline struct llist_node *llist_del_first_init(struct llist_head *head)
{
	struct llist_node *first = llist_del_first(head);

	if (first)
		init_llist_node(first);
	return first;
}

/* Takes @this (not NULL) off the list if it is the newest node; true if so. */
static inline bool llist_del_first_this(struct llist_head *head,
					struct llist_node *this)
{
	if (head->first != this)
		return false;
	head->first = this->next;
	return true;
}

/* Reverses a chain of nodes taken off a list; returns its new first. */
static inline struct llist_node *llist_reverse_order(struct llist_node *head)
{
	struct llist_node *rev = NULL, *next;

	for (; head; head = next) {
		next = head->next;
		head->next = rev;
		rev = head;
	}
	return rev;
}

#endif
