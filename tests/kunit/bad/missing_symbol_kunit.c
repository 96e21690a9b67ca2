// SPDX-License-Identifier: GPL-2.0-only
/* Calls a function that is declared but that neither the tree nor the
 * shim defines (as a tree's test would call a helper its iova.c exposes
 * only under a config we did not detect): the link fails, and
 * scripts/kunit must name the symbol, exit 2. */
#include <kunit/test.h>
#include <linux/iova.h>

unsigned long iova_kunit_not_exported(struct iova_domain *iovad);

static void not_exported(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, iova_kunit_not_exported(NULL), 0);
}

static struct kunit_case missing_cases[] = {
	KUNIT_CASE(not_exported),
	{}
};

static struct kunit_suite missing_suite = {
	.name = "missing_symbol",
	.test_cases = missing_cases,
};
kunit_test_suite(missing_suite);
