/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a failed KUNIT_EXPECT_*() or KUNIT_ASSERT_*() hands the runtime:
 * the texts of its operands as written and their values.  The runtime
 * prints them in the kernel's words (lib/kunit/assert.c's format), so a
 * failure reads the same here as in a booted kernel.
 */
#ifndef _KUNIT_ASSERT_H
#define _KUNIT_ASSERT_H

#include <linux/compiler.h>
#include <linux/types.h>

struct kunit;

enum kunit_assert_type {
	KUNIT_ASSERTION,
	KUNIT_EXPECTATION,
};

struct kunit_loc {
	int line;
	const char *file;
};

#define KUNIT_CURRENT_LOC { .file = __FILE__, .line = __LINE__ }

/* The shape of the comparison, for the message. */
enum kunit_assert_kind {
	KUNIT_FAIL_ASSERT,	/* KUNIT_FAIL(): the message only */
	KUNIT_UNARY_ASSERT,	/* _TRUE, _FALSE */
	KUNIT_PTR_NOT_ERR_ASSERT,	/* _NOT_ERR_OR_NULL */
	KUNIT_BINARY_ASSERT,	/* integers */
	KUNIT_BINARY_PTR_ASSERT,	/* pointers, _NULL, _NOT_NULL */
	KUNIT_BINARY_STR_ASSERT,	/* _STREQ, _STRNEQ */
	KUNIT_MEM_ASSERT,	/* _MEMEQ, _MEMNEQ */
};

struct kunit_assert {
	enum kunit_assert_kind kind;
	const char *left_text;	/* or the condition of a unary one */
	const char *operation;
	const char *right_text;
	bool expected_true;
	long long left_value, right_value;
	const void *left_ptr, *right_ptr;
	size_t size;
};

/* Records the failure; an assertion then ends the case (no return). */
__attribute__((format(printf, 5, 6)))
void __kunit_do_failed_assertion(struct kunit *test,
				 const struct kunit_loc *loc,
				 enum kunit_assert_type type,
				 const struct kunit_assert *assert,
				 const char *fmt, ...);

__attribute__((noreturn))
void __kunit_abort(struct kunit *test);

#endif
