/* SPDX-License-Identifier: GPL-2.0-only */
/* --fail-nth: every case again, failing each allocation in turn. */
#ifndef _KUNIT_FAIL_NTH_H
#define _KUNIT_FAIL_NTH_H

#include "runtime.h"

/* After the plain run @plain of a case (or one parameter of it), named
 * @label; collects what it finds for kunit_fail_nth_report(). */
void kunit_fail_nth_case(struct kunit_suite *suite, struct kunit_case *tc,
			 const struct kunit *test, const struct kunit_run *plain,
			 const char *label, const struct kunit_options *opt);

/* Prints the findings as KTAP diagnostic lines after the suites; false if
 * a case crashed, leaked or warned under injection. */
bool kunit_fail_nth_report(void);

#endif
