// SPDX-License-Identifier: GPL-2.0-only
/*
 * Time, randomness and sorting as kernel tests use them (linux/ktime.h,
 * linux/random.h, linux/sort.h): a virtual clock and one fixed random
 * sequence, both back at their start after shim_reset(), so that a test
 * gives the same report every run.
 */
#include <string.h>

#include <linux/delay.h>
#include <linux/random.h>
#include <linux/sort.h>

#include "shim_internal.h"

static u64 clock_ns;
static struct rnd_state random_state;

u64 shim_clock_ns(void)
{
	clock_ns += NSEC_PER_USEC;
	return clock_ns;
}

void shim_clock_advance(u64 ns)
{
	clock_ns += ns;
}

u64 shim_random_u64(void)
{
	return (u64)prandom_u32_state(&random_state) << 32 |
	       prandom_u32_state(&random_state);
}

void shim_time_reset(void)
{
	clock_ns = 0;
	prandom_seed_state(&random_state, 0);
}

static void swap_bytes(void *a, void *b, int size)
{
	char *x = a, *y = b, t;

	while (size-- > 0) {
		t = *x;
		*x++ = *y;
		*y++ = t;
	}
}

static void sift_down(char *base, size_t i, size_t n, size_t size,
		      cmp_func_t cmp, swap_func_t swap)
{
	size_t child;

	while ((child = 2 * i + 1) < n) {
		if (child + 1 < n &&
		    cmp(base + child * size, base + (child + 1) * size) < 0)
			child++;
		if (cmp(base + i * size, base + child * size) >= 0)
			return;
		swap(base + i * size, base + child * size, (int)size);
		i = child;
	}
}

void sort(void *base, size_t num, size_t size, cmp_func_t cmp,
	  swap_func_t swap)
{
	char *b = base;
	size_t i;

	if (!swap)
		swap = swap_bytes;
	for (i = num / 2; i-- > 0;)
		sift_down(b, i, num, size, cmp, swap);
	for (i = num; i-- > 1;) {
		swap(b, b + i * size, (int)size);
		sift_down(b, 0, i, size, cmp, swap);
	}
}
