/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * KUNIT_EXPECT_*() and KUNIT_ASSERT_*(): an expectation records a failure
 * and goes on, an assertion records it and ends the case.  Every operand
 * is evaluated once.  Included by kunit/test.h.
 */
#ifndef _KUNIT_ASSERTIONS_H
#define _KUNIT_ASSERTIONS_H

#include <linux/err.h>
#include <linux/string.h>

#define _KUNIT_FAILED(test, type, assert, fmt, ...)			\
	do {								\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
									\
		__kunit_do_failed_assertion(test, &__loc, type, assert,	\
					    fmt, ##__VA_ARGS__);	\
		if ((type) == KUNIT_ASSERTION)				\
			__kunit_abort(test);				\
	} while (0)

#define KUNIT_FAIL_ASSERTION(test, type, fmt, ...)			\
	do {								\
		const struct kunit_assert __a = {			\
			.kind = KUNIT_FAIL_ASSERT };			\
		_KUNIT_FAILED(test, type, &__a, fmt, ##__VA_ARGS__);	\
	} while (0)

#define KUNIT_FAIL(test, fmt, ...)					\
	KUNIT_FAIL_ASSERTION(test, KUNIT_EXPECTATION, fmt, ##__VA_ARGS__)

#define KUNIT_UNARY_ASSERTION(test, type, condition, expected, fmt, ...) \
	do {								\
		const struct kunit_assert __a = {			\
			.kind = KUNIT_UNARY_ASSERT,			\
			.left_text = #condition,			\
			.expected_true = expected };			\
		if (likely(!!(condition) == !!(expected)))		\
			break;						\
		_KUNIT_FAILED(test, type, &__a, fmt, ##__VA_ARGS__);	\
	} while (0)

#define KUNIT_BINARY_INT_ASSERTION(test, type, left, op, right, fmt, ...) \
	do {								\
		const typeof(left) __left = (left);			\
		const typeof(right) __right = (right);			\
		struct kunit_assert __a = {				\
			.kind = KUNIT_BINARY_ASSERT,			\
			.left_text = #left, .operation = #op,		\
			.right_text = #right };				\
		if (likely(__left op __right))				\
			break;						\
		__a.left_value = (long long)__left;			\
		__a.right_value = (long long)__right;			\
		_KUNIT_FAILED(test, type, &__a, fmt, ##__VA_ARGS__);	\
	} while (0)

#define KUNIT_BINARY_PTR_ASSERTION(test, type, left, op, right, fmt, ...) \
	do {								\
		const typeof(left) __left = (left);			\
		const typeof(right) __right = (right);			\
		struct kunit_assert __a = {				\
			.kind = KUNIT_BINARY_PTR_ASSERT,		\
			.left_text = #left, .operation = #op,		\
			.right_text = #right };				\
		if (likely(__left op __right))				\
			break;						\
		__a.left_ptr = (const void *)__left;			\
		__a.right_ptr = (const void *)__right;			\
		_KUNIT_FAILED(test, type, &__a, fmt, ##__VA_ARGS__);	\
	} while (0)

#define KUNIT_BINARY_STR_ASSERTION(test, type, left, op, right, fmt, ...) \
	do {								\
		const char *__left = (left);				\
		const char *__right = (right);				\
		struct kunit_assert __a = {				\
			.kind = KUNIT_BINARY_STR_ASSERT,		\
			.left_text = #left, .operation = #op,		\
			.right_text = #right };				\
		if (likely(strcmp(__left, __right) op 0))		\
			break;						\
		__a.left_ptr = __left;					\
		__a.right_ptr = __right;				\
		_KUNIT_FAILED(test, type, &__a, fmt, ##__VA_ARGS__);	\
	} while (0)

#define KUNIT_MEM_ASSERTION(test, type, left, op, right, sz, fmt, ...)	\
	do {								\
		const void *__left = (left);				\
		const void *__right = (right);				\
		const size_t __size = (sz);				\
		struct kunit_assert __a = {				\
			.kind = KUNIT_MEM_ASSERT,			\
			.left_text = #left, .operation = #op,		\
			.right_text = #right };				\
		if (likely(__left && __right) &&			\
		    likely(memcmp(__left, __right, __size) op 0))	\
			break;						\
		__a.left_ptr = __left;					\
		__a.right_ptr = __right;				\
		__a.size = __size;					\
		_KUNIT_FAILED(test, type, &__a, fmt, ##__VA_ARGS__);	\
	} while (0)

/* One macro level more, so that NULL is printed expanded, as the kernel
 * prints it ("Expected ptr == ((void*)0)"). */
#define KUNIT_PTR_NULL_ASSERTION(...) KUNIT_BINARY_PTR_ASSERTION(__VA_ARGS__)

#define KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, type, ptr, fmt, ...) \
	do {								\
		const typeof(ptr) __ptr = (ptr);			\
		struct kunit_assert __a = {				\
			.kind = KUNIT_PTR_NOT_ERR_ASSERT,		\
			.left_text = #ptr };				\
		if (!IS_ERR_OR_NULL(__ptr))				\
			break;						\
		__a.left_ptr = (const void *)__ptr;			\
		_KUNIT_FAILED(test, type, &__a, fmt, ##__VA_ARGS__);	\
	} while (0)

/* ---- KUNIT_EXPECT_*() ---- */

#define KUNIT_EXPECT_TRUE(test, condition) \
	KUNIT_EXPECT_TRUE_MSG(test, condition, NULL)
#define KUNIT_EXPECT_TRUE_MSG(test, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_EXPECTATION, condition, true, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_FALSE(test, condition) \
	KUNIT_EXPECT_FALSE_MSG(test, condition, NULL)
#define KUNIT_EXPECT_FALSE_MSG(test, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_EXPECTATION, condition, false, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_EQ(test, left, right) \
	KUNIT_EXPECT_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NE(test, left, right) \
	KUNIT_EXPECT_NE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LT(test, left, right) \
	KUNIT_EXPECT_LT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, <, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LE(test, left, right) \
	KUNIT_EXPECT_LE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, <=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GT(test, left, right) \
	KUNIT_EXPECT_GT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, >, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GE(test, left, right) \
	KUNIT_EXPECT_GE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, >=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_EQ(test, left, right) \
	KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_NE(test, left, right) \
	KUNIT_EXPECT_PTR_NE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_PTR_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STREQ(test, left, right) \
	KUNIT_EXPECT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_STREQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STRNEQ(test, left, right) \
	KUNIT_EXPECT_STRNEQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_STRNEQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NULL(test, ptr) \
	KUNIT_EXPECT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NULL_ASSERTION(test, KUNIT_EXPECTATION, ptr, ==, NULL, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) \
	KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NULL_ASSERTION(test, KUNIT_EXPECTATION, ptr, !=, NULL, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, ptr) \
	KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_EXPECTATION, ptr, \
						fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMEQ(test, left, right, size) \
	KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, size, \
			    fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMNEQ(test, left, right, size) \
	KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, NULL)
#define KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, size, \
			    fmt, ##__VA_ARGS__)

/* ---- KUNIT_ASSERT_*() ---- */

#define KUNIT_ASSERT_TRUE(test, condition) \
	KUNIT_ASSERT_TRUE_MSG(test, condition, NULL)
#define KUNIT_ASSERT_TRUE_MSG(test, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_ASSERTION, condition, true, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_FALSE(test, condition) \
	KUNIT_ASSERT_FALSE_MSG(test, condition, NULL)
#define KUNIT_ASSERT_FALSE_MSG(test, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_ASSERTION, condition, false, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_EQ(test, left, right) \
	KUNIT_ASSERT_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NE(test, left, right) \
	KUNIT_ASSERT_NE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LT(test, left, right) \
	KUNIT_ASSERT_LT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, <, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LE(test, left, right) \
	KUNIT_ASSERT_LE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, <=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GT(test, left, right) \
	KUNIT_ASSERT_GT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, >, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GE(test, left, right) \
	KUNIT_ASSERT_GE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, >=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_EQ(test, left, right) \
	KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_NE(test, left, right) \
	KUNIT_ASSERT_PTR_NE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_PTR_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STREQ(test, left, right) \
	KUNIT_ASSERT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_STREQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STRNEQ(test, left, right) \
	KUNIT_ASSERT_STRNEQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_STRNEQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL(test, ptr) \
	KUNIT_ASSERT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NULL_ASSERTION(test, KUNIT_ASSERTION, ptr, ==, NULL, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL(test, ptr) \
	KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NULL_ASSERTION(test, KUNIT_ASSERTION, ptr, !=, NULL, \
				   fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ptr) \
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_ASSERTION, ptr, \
						fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMEQ(test, left, right, size) \
	KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, size, \
			    fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMNEQ(test, left, right, size) \
	KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, NULL)
#define KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, size, \
			    fmt, ##__VA_ARGS__)

#define KUNIT_ASSERT_FAILURE(test, fmt, ...) \
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)

#endif
