/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A pseudo-random state a test seeds itself (prandom_seed_state()), as
 * the kernel's: the same seed gives the same sequence.  Not the kernel's
 * generator (its numbers differ), which no test may depend on.
 */
#ifndef _LINUX_PRANDOM_H
#define _LINUX_PRANDOM_H

#include <linux/types.h>

struct rnd_state {
	u64 s;
};

static inline void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	state->s = seed ^ 0x9e3779b97f4a7c15ULL;
}

/* splitmix64 */
static inline u32 prandom_u32_state(struct rnd_state *state)
{
	u64 z = (state->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (u32)((z ^ (z >> 31)) >> 32);
}

static inline void prandom_bytes_state(struct rnd_state *state, void *buf,
				       size_t len)
{
	u8 *p = buf;

	while (len--)
		*p++ = (u8)prandom_u32_state(state);
}

#endif
