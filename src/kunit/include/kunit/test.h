/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * KUnit in userspace: the API a kernel KUnit file includes, on top of the
 * kernel shim (src/shim).  Our own code, written from the documented API
 * (Documentation/dev-tools/kunit/); src/kunit/README.md says what is
 * provided and what is not.  The runtime (src/kunit/) runs the suites
 * and prints KTAP as a booted kernel does.
 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

#include <setjmp.h>
#include <stdio.h>

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>

#include <kunit/assert.h>
#include <kunit/test-bug.h>

#ifndef KBUILD_MODNAME
#define KBUILD_MODNAME "kunit_test"
#endif
/* Init-section markers the kernel checks at link time: nothing here. */
#ifndef __refdata
#define __refdata
#endif
#ifndef __initdata
#define __initdata
#endif

#define KUNIT_INDENT_LEN		4
#define KUNIT_SUBTEST_INDENT		"    "
#define KUNIT_SUBSUBTEST_INDENT		"        "
#define KUNIT_STATUS_COMMENT_SIZE	256
#define KUNIT_PARAM_DESC_SIZE		128
#define KUNIT_MAX_STATIC_STUBS		16

enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

enum kunit_speed {
	KUNIT_SPEED_UNSET,
	KUNIT_SPEED_VERY_SLOW,
	KUNIT_SPEED_SLOW,
	KUNIT_SPEED_NORMAL,
	KUNIT_SPEED_MAX = KUNIT_SPEED_NORMAL,
};

struct kunit_attributes {
	enum kunit_speed speed;
};

struct kunit;
struct kunit_suite;

struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
	struct kunit_attributes attr;
	char *module_name;
	/* private: the runner's */
	enum kunit_status status;
	char *log;
};

struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
	struct kunit_attributes attr;
	/* private: the runner's */
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	char *log;
	int suite_init_err;
	bool is_init;
};

struct kunit_resource_node;

struct kunit {
	void *priv;
	/* private: the runner's */
	const char *name;
	char *log;			/* always NULL: no debugfs */
	enum kunit_status status;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	const void *param_value;
	int param_index;
	struct kunit_resource_node *resources;	/* newest first */
	struct {
		void *real, *replacement;
	} stubs[KUNIT_MAX_STATIC_STUBS];
	jmp_buf abort_to;		/* kunit_try_catch_throw() */
};

#define KUNIT_CASE(test_name)						\
	{ .run_case = test_name, .name = #test_name,			\
	  .module_name = (char *)KBUILD_MODNAME }
#define KUNIT_CASE_ATTR(test_name, attributes)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .attr = attributes, .module_name = (char *)KBUILD_MODNAME }
#define KUNIT_CASE_SLOW(test_name)					\
	{ .run_case = test_name, .name = #test_name,			\
	  .attr.speed = KUNIT_SPEED_SLOW,				\
	  .module_name = (char *)KBUILD_MODNAME }
#define KUNIT_CASE_PARAM(test_name, gen_params)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params,				\
	  .module_name = (char *)KBUILD_MODNAME }
#define KUNIT_CASE_PARAM_ATTR(test_name, gen_params, attributes)	\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params, .attr = attributes,		\
	  .module_name = (char *)KBUILD_MODNAME }

/*
 * Parameters from an array: the generator steps through it; get_desc
 * (may be NULL) names each one.
 */
#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		typeof((array)[0]) *__next = prev ?			\
			((typeof(__next))prev) + 1 : (array);		\
		void (*__get_desc)(typeof(__next), char *) = get_desc;	\
									\
		if (__next - (array) >= (long)ARRAY_SIZE(array))	\
			return NULL;					\
		if (__get_desc)						\
			__get_desc(__next, desc);			\
		return __next;						\
	}

/* The same, each element naming itself by its member @desc_member. */
#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)		\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		typeof((array)[0]) *__next = prev ?			\
			((typeof(__next))prev) + 1 : (array);		\
									\
		if (__next - (array) >= (long)ARRAY_SIZE(array))	\
			return NULL;					\
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s",		\
			 __next->desc_member);				\
		return __next;						\
	}

/*
 * Registration: each kunit_test_suites() line adds its suites at start-up,
 * in file order; the runner runs init-section suites first, then the
 * others, as the kernel's executor does.
 */
void __kunit_register_suites(struct kunit_suite *const *suites,
			     size_t nr, bool is_init);

#define __kunit_test_suites(unique, is_init, ...)			\
	static struct kunit_suite *const __PASTE(unique, _suites)[] =	\
		{ __VA_ARGS__ };					\
	static void __attribute__((constructor))			\
	__PASTE(unique, _register)(void)				\
	{								\
		__kunit_register_suites(__PASTE(unique, _suites),	\
			ARRAY_SIZE(__PASTE(unique, _suites)), is_init);	\
	}

#define kunit_test_suites(...)						\
	__kunit_test_suites(__UNIQUE_ID(kunit), false, ##__VA_ARGS__)
#define kunit_test_suite(suite)		kunit_test_suites(&suite)
#define kunit_test_init_section_suites(...)				\
	__kunit_test_suites(__UNIQUE_ID(kunit), true, ##__VA_ARGS__)
#define kunit_test_init_section_suite(suite)				\
	kunit_test_init_section_suites(&suite)

/* ---- status ---- */

static inline void kunit_set_failure(struct kunit *test)
{
	WRITE_ONCE(test->status, KUNIT_FAILURE);
}

#define kunit_mark_skipped(test_or_suite, fmt, ...)			\
	do {								\
		WRITE_ONCE((test_or_suite)->status, KUNIT_SKIPPED);	\
		snprintf((test_or_suite)->status_comment,		\
			 KUNIT_STATUS_COMMENT_SIZE, fmt, ##__VA_ARGS__); \
	} while (0)

#define kunit_skip(test_or_suite, fmt, ...)				\
	do {								\
		kunit_mark_skipped((test_or_suite), fmt, ##__VA_ARGS__); \
		__kunit_abort(test_or_suite);				\
	} while (0)

/* ---- logging: one printk record per call, as the kernel's console ---- */

__attribute__((format(printf, 2, 3)))
void kunit_log_append(char *log, const char *fmt, ...);

#define kunit_log(lvl, test_or_suite, fmt, ...)				\
	kunit_log_append((test_or_suite)->log, fmt, ##__VA_ARGS__)

#define kunit_printk(lvl, test, fmt, ...)				\
	kunit_log(lvl, test, KUNIT_SUBTEST_INDENT "# %s: " fmt,		\
		  (test)->name, ##__VA_ARGS__)

#define kunit_info(test, fmt, ...)					\
	kunit_printk(KERN_INFO, test, fmt, ##__VA_ARGS__)
#define kunit_warn(test, fmt, ...)					\
	kunit_printk(KERN_WARNING, test, fmt, ##__VA_ARGS__)
#define kunit_err(test, fmt, ...)					\
	kunit_printk(KERN_ERR, test, fmt, ##__VA_ARGS__)

/* ---- managed memory and actions: released when the case ends ---- */

typedef void (kunit_action_t)(void *);

int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx);
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action,
			      void *ctx);
void kunit_remove_action(struct kunit *test, kunit_action_t *action,
			 void *ctx);
void kunit_release_action(struct kunit *test, kunit_action_t *action,
			  void *ctx);

void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size,
			  gfp_t gfp);
void kunit_kfree(struct kunit *test, const void *ptr);

static inline void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, 1, size, gfp);
}

static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size,
				  gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

static inline char *kunit_kstrdup(struct kunit *test, const char *str,
				  gfp_t gfp)
{
	size_t len = str ? strlen(str) + 1 : 0;
	char *p = str ? kunit_kmalloc(test, len, gfp) : NULL;

	if (p)
		memcpy(p, str, len);
	return p;
}

#include <kunit/assertions.h>

#endif
