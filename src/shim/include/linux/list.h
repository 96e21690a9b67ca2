/* SPDX-License-Identifier: GPL-2.0-only */
/* The subset of the kernel's doubly linked lists the code under test uses. */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <linux/container_of.h>
#include <linux/types.h>

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	new->prev = head->prev;
	new->next = head;
	head->prev->next = new;
	head->prev = new;
}

static inline void list_del(struct list_head *entry)
{
	entry->prev->next = entry->next;
	entry->next->prev = entry->prev;
	entry->next = entry->prev = NULL;
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, typeof(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, typeof(*pos), member))

#define HLIST_HEAD_INIT		{ .first = NULL }
#define INIT_HLIST_HEAD(ptr)	((ptr)->first = NULL)

static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

static inline bool hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	n->next = h->first;
	if (h->first)
		h->first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

static inline void hlist_del_init(struct hlist_node *n)
{
	if (hlist_unhashed(n))
		return;
	*n->pprev = n->next;
	if (n->next)
		n->next->pprev = n->pprev;
	INIT_HLIST_NODE(n);
}

#define hlist_entry(ptr, type, member)	container_of(ptr, type, member)
#define hlist_entry_safe(ptr, type, member) ({				\
	typeof(ptr) ____ptr = (ptr);					\
	____ptr ? hlist_entry(____ptr, type, member) : NULL; })

#endif
