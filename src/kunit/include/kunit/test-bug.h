/* SPDX-License-Identifier: GPL-2.0-only */
/* The test that is running now, for code that is not handed one. */
#ifndef _KUNIT_TEST_BUG_H
#define _KUNIT_TEST_BUG_H

#include <linux/compiler.h>

struct kunit;

/* NULL outside a test case (suite init/exit, the runner itself). */
struct kunit *kunit_get_current_test(void);

__attribute__((format(printf, 3, 4)))
void __kunit_fail_current_test(const char *file, int line,
			       const char *fmt, ...);

#define kunit_fail_current_test(fmt, ...) \
	__kunit_fail_current_test(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#endif
