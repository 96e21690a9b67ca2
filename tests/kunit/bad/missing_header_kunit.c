// SPDX-License-Identifier: GPL-2.0-only
/* Uses two headers the shims lack (kunit/device.h, linux/completion.h)
 * and what they declare: scripts/kunit must stop with one line naming
 * all of it, exit 2. */
#include <kunit/test.h>
#include <kunit/device.h>
#include <linux/completion.h>

static void device_test(struct kunit *test)
{
	struct completion done;

	init_completion(&done);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, kunit_device_register(test, "x"));
}

static struct kunit_case missing_cases[] = {
	KUNIT_CASE(device_test),
	{}
};

static struct kunit_suite missing_suite = {
	.name = "missing_header",
	.test_cases = missing_cases,
};
kunit_test_suite(missing_suite);
