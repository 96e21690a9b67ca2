// SPDX-License-Identifier: GPL-2.0-only
/*
 * iovafuzz-measure MEASUREMENT ARGS...: one measurement on the allocator
 * of the tree this binary was built from, as one JSON object on stdout.
 * Bad arguments: one line on stderr, exit 2.
 */
#include <stdio.h>
#include <string.h>

#include "glue.h"
#include "measure.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} measurements[] = {
	{ "sweep", m_sweep },
	{ "fullspace", m_fullspace },
	{ "memory", m_memory },
	{ "drift", m_drift },
	{ "yield", m_yield },
};

int main(int argc, char **argv)
{
	unsigned int i;

	if (argc >= 2 && !strcmp(argv[1], "info")) {
		printf("{\"version\": \"%s\", \"flavour\": \"%s\"}\n",
		       glue_kernel_version, glue_flavour);
		return 0;
	}
	for (i = 0; argc >= 2 && i < sizeof(measurements) /
					 sizeof(measurements[0]); i++)
		if (!strcmp(argv[1], measurements[i].name))
			return measurements[i].fn(argc - 1, argv + 1);
	m_die("usage: %s info|sweep|fullspace|memory|drift|yield ARGS...",
	      argv[0]);
}
