// SPDX-License-Identifier: GPL-2.0-only
/* Uses kernel API the shim lacks (wait_for_completion_timeout,
 * iova_frobnicate): scripts/kunit must stop with one line naming both,
 * exit 2. */
#include <kunit/test.h>
#include <linux/iova.h>

static void random_size(struct kunit *test)
{
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(NULL, 1), 0);
	KUNIT_EXPECT_NE(test, iova_frobnicate(NULL), 0);
}

static struct kunit_case missing_cases[] = {
	KUNIT_CASE(random_size),
	{}
};

static struct kunit_suite missing_suite = {
	.name = "missing_api",
	.test_cases = missing_cases,
};
kunit_test_suite(missing_suite);
