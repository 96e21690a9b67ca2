/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Static stubs: a function redirects itself to a replacement while a test
 * has one active for it.  Keyed on the function's address, so a pointer
 * to the function (exported in place of a static symbol) names it too.
 */
#ifndef _KUNIT_STATIC_STUB_H
#define _KUNIT_STATIC_STUB_H

#include <kunit/test-bug.h>

void *__kunit_get_static_stub_address(struct kunit *test,
				      void *real_fn_addr);
void __kunit_activate_static_stub(struct kunit *test, void *real_fn_addr,
				  void *replacement_addr);
void kunit_deactivate_static_stub(struct kunit *test, void *real_fn_addr);

/* At the top of the real function: call the replacement instead. */
#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...)		\
do {									\
	typeof(&real_fn_name) __replacement;				\
	struct kunit *__test = kunit_get_current_test();		\
									\
	if (likely(!__test))						\
		break;							\
	__replacement = __kunit_get_static_stub_address(__test,	\
						(void *)&real_fn_name);	\
	if (unlikely(__replacement))					\
		return __replacement(args);				\
} while (0)

/* The types must match, as the kernel's build-time check demands. */
#define kunit_activate_static_stub(test, real_fn_addr, replacement_addr) \
do {									\
	typecheck_fn(typeof(&replacement_addr), real_fn_addr);		\
	__kunit_activate_static_stub(test, (void *)real_fn_addr,	\
				     (void *)replacement_addr);		\
} while (0)

#ifndef typecheck_fn
#define typecheck_fn(type, function)					\
({	typeof(type) __tmp = function;					\
	(void)__tmp;							\
})
#endif

#endif
