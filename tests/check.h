/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Minimal test scaffolding in the style of tools/testing/vma: each test is
 * a `static bool test_x(void)`; CHECK() prints the failed expression and
 * makes the test return false; main() prints one summary line.
 */
#ifndef _IOVAFUZZ_CHECK_H
#define _IOVAFUZZ_CHECK_H

#include <stdbool.h>
#include <stdio.h>

#define CHECK(expr) do {						\
	if (!(expr)) {							\
		fflush(stdout);						\
		fprintf(stdout, "FAIL: %s:%d: %s: %s\n", __FILE__,	\
			__LINE__, __func__, #expr);			\
		return false;						\
	}								\
} while (0)

#define CHECK_EQ(a, b) do {						\
	unsigned long long __a = (a), __b = (b);			\
	if (__a != __b) {						\
		fprintf(stdout, "FAIL: %s:%d: %s: %s == %s "		\
			"(0x%llx != 0x%llx)\n", __FILE__, __LINE__,	\
			__func__, #a, #b, __a, __b);			\
		return false;						\
	}								\
} while (0)

/* Line-buffered, so a sanitizer report at exit loses no test output. */
static void __attribute__((constructor)) check_line_buffered(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
}

struct check_totals {
	unsigned int passed, failed;
};

#define RUN_TEST(t, fn) do {						\
	bool __ok = fn();						\
	printf("%s %s\n", __ok ? "ok  " : "FAIL", #fn);			\
	if (__ok)							\
		(t)->passed++;						\
	else								\
		(t)->failed++;						\
} while (0)

static inline int check_summary(const struct check_totals *t)
{
	printf("%u passed, %u failed\n", t->passed, t->failed);
	return t->failed ? 1 : 0;
}

#endif
