// SPDX-License-Identifier: GPL-2.0-only
/*
 * Macros, for scripts/mutate's own test (mutate.macros): a token written
 * in this file, also in a macro's arguments, may be mutated; a token of
 * a macro's body never is.  macros.expected lists what --list gives.
 */
#include <linux/bug.h>
#include <linux/minmax.h>

#define MACROS_LIMIT		16
#define MACROS_NEXT(x)		((x) + 1)
#define MACROS_BELOW(x, y)	((x) < (y))

unsigned long macros_limit(unsigned long x)
{
	/* The < is written here; the 16 is MACROS_LIMIT's. */
	if (x < MACROS_LIMIT)
		/* The + 1 is MACROS_NEXT's. */
		return MACROS_NEXT(x);
	/* The 2 and the * are written in an argument; the < is the body's. */
	return MACROS_BELOW(x, 2 * MACROS_LIMIT);
}

unsigned long macros_minmax(unsigned long a, unsigned long b)
{
	/* The == is written in WARN_ON()'s argument. */
	WARN_ON(a == b);
	return max(a, b) + min(a, 3UL);
}
