// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a case owns until it ends: kunit_kmalloc() memory, deferred
 * actions and static stubs.  Memory comes from the shim's kmalloc(), so it
 * counts as live objects and sees failure injection with the caller's gfp,
 * as in the kernel; the bookkeeping nodes are the runtime's own (libc).
 */
#include <stdlib.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include "runtime.h"

struct kunit_resource_node {
	kunit_action_t *action;
	void *ctx;
	struct kunit_resource_node *next;
};

static struct kunit *current_test;

struct kunit *kunit_get_current_test(void)
{
	return current_test;
}

void kunit_runtime_set_current(struct kunit *test)
{
	current_test = test;
}

int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct kunit_resource_node *node = malloc(sizeof(*node));

	if (!node)
		return -ENOMEM;
	node->action = action;
	node->ctx = ctx;
	node->next = test->resources;
	test->resources = node;
	return 0;
}

int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action,
			      void *ctx)
{
	int err = kunit_add_action(test, action, ctx);

	if (err)
		action(ctx);
	return err;
}

/* Unlinks the newest node for (@action, @ctx); NULL if there is none. */
static struct kunit_resource_node *unlink_action(struct kunit *test,
						 kunit_action_t *action,
						 void *ctx)
{
	struct kunit_resource_node **p, *node;

	for (p = &test->resources; (node = *p); p = &node->next) {
		if (node->action == action && node->ctx == ctx) {
			*p = node->next;
			return node;
		}
	}
	return NULL;
}

void kunit_remove_action(struct kunit *test, kunit_action_t *action,
			 void *ctx)
{
	free(unlink_action(test, action, ctx));
}

void kunit_release_action(struct kunit *test, kunit_action_t *action,
			  void *ctx)
{
	struct kunit_resource_node *node = unlink_action(test, action, ctx);

	if (node) {
		node->action(node->ctx);
		free(node);
	}
}

static void kfree_action(void *p)
{
	kfree(p);
}

void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size,
			  gfp_t gfp)
{
	void *p = kmalloc_array(n, size, gfp);

	if (!p)
		return NULL;
	if (kunit_add_action_or_reset(test, kfree_action, p))
		return NULL;
	return p;
}

void kunit_kfree(struct kunit *test, const void *ptr)
{
	if (!ptr)
		return;
	kunit_release_action(test, kfree_action, (void *)ptr);
}

void kunit_runtime_cleanup(struct kunit *test)
{
	struct kunit_resource_node *node;

	while ((node = test->resources)) {
		test->resources = node->next;
		node->action(node->ctx);
		free(node);
	}
	memset(test->stubs, 0, sizeof(test->stubs));
}

/* ---- static stubs ---- */

void *__kunit_get_static_stub_address(struct kunit *test, void *real_fn_addr)
{
	unsigned int i;

	for (i = 0; i < KUNIT_MAX_STATIC_STUBS; i++)
		if (test->stubs[i].real == real_fn_addr)
			return test->stubs[i].replacement;
	return NULL;
}

void kunit_deactivate_static_stub(struct kunit *test, void *real_fn_addr)
{
	unsigned int i;

	for (i = 0; i < KUNIT_MAX_STATIC_STUBS; i++)
		if (test->stubs[i].real == real_fn_addr)
			test->stubs[i].real = test->stubs[i].replacement = NULL;
}

void __kunit_activate_static_stub(struct kunit *test, void *real_fn_addr,
				  void *replacement_addr)
{
	unsigned int i;

	kunit_deactivate_static_stub(test, real_fn_addr);
	if (!replacement_addr)
		return;
	for (i = 0; i < KUNIT_MAX_STATIC_STUBS; i++) {
		if (!test->stubs[i].real) {
			test->stubs[i].real = real_fn_addr;
			test->stubs[i].replacement = replacement_addr;
			return;
		}
	}
	KUNIT_FAIL(test, "more than %d static stubs active",
		   KUNIT_MAX_STATIC_STUBS);
}
