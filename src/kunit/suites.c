// SPDX-License-Identifier: GPL-2.0-only
/*
 * The suites kunit_test_suites() registered, in the kernel executor's
 * order: init-section suites first, then the rest, each in link order
 * (constructors run per file in link order, per line within a file).
 */
#include <stdlib.h>

#include "runtime.h"

#define MAX_SUITES 256

static struct kunit_suite *init_suites[MAX_SUITES], *suites[MAX_SUITES];
static size_t nr_init, nr_suites;
static struct kunit_suite *all[2 * MAX_SUITES];

void __kunit_register_suites(struct kunit_suite *const *list, size_t nr,
			     bool is_init)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		if (nr_init + nr_suites >= MAX_SUITES) {
			fprintf(stderr, "kunit: more than %d suites\n",
				MAX_SUITES);
			exit(2);
		}
		list[i]->is_init = is_init;
		if (is_init)
			init_suites[nr_init++] = list[i];
		else
			suites[nr_suites++] = list[i];
	}
}

size_t kunit_runtime_suites(struct kunit_suite ***out)
{
	size_t i, n = 0;

	for (i = 0; i < nr_init; i++)
		all[n++] = init_suites[i];
	for (i = 0; i < nr_suites; i++)
		all[n++] = suites[i];
	*out = all;
	return n;
}
