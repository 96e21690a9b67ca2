// SPDX-License-Identifier: GPL-2.0-only
/*
 * What KCOV is in the kernel: the path kernel code took, recorded by the
 * compiler's -fsanitize-coverage=trace-pc callback.  Only the san
 * flavour's iova.c is built with it (cmake/tree.cmake), at -O0 and
 * unpruned, so that every block of every function is seen, none inlined.
 * The runner switches recording on around the kernel calls an op makes
 * (never around its own checks) and reads the path of the op that broke
 * a promise: fuzz/iova/runner/cause.c names the entry point.
 */
#include <stdint.h>
#include <stdlib.h>

#include <shim/kcov.h>

#define KCOV_MAX	(1u << 20)

static uintptr_t *evs;
static uintptr_t *frames;	/* per event: its call's frame pointer */
static size_t nr_evs;
static bool on, overflow;

bool shim_kcov_built(void)
{
#ifdef IOVAFUZZ_KCOV
	return true;
#else
	return false;
#endif
}

bool shim_kcov_enable(bool enable)
{
	bool was = on;

	if (enable && !evs) {
		evs = malloc(KCOV_MAX * sizeof(*evs));
		frames = malloc(KCOV_MAX * sizeof(*frames));
		if (!evs || !frames)
			abort();
	}
	on = enable;
	return was;
}

void shim_kcov_reset(void)
{
	nr_evs = 0;
	overflow = false;
}

size_t shim_kcov_read(const uintptr_t **out, bool *lost)
{
	*out = evs;
	*lost = overflow;
	return nr_evs;
}

const uintptr_t *shim_kcov_frames(void)
{
	return frames;
}

#ifdef IOVAFUZZ_KCOV
/* The callback; other flavours get the fuzzing engine's own.  Past the
 * buffer the op's first events are kept.  With each block goes its
 * call's frame pointer (iova.c is built at -O0, which keeps one): the
 * same for every call one caller makes, lower for a deeper call, so
 * which call a block is in is exact, where blocks alone say only which
 * function. */
static inline void put(uintptr_t pc, uintptr_t kind, uintptr_t frame)
{
	if (!on)
		return;
	if (nr_evs == KCOV_MAX) {
		overflow = true;
		return;
	}
	frames[nr_evs] = frame;
	evs[nr_evs++] = pc << 1 | kind;
}

#define KCOV_PC	((uintptr_t)__builtin_return_address(0) - 1)

void __sanitizer_cov_trace_pc(void)
{
	put(KCOV_PC, 0, *(uintptr_t *)__builtin_frame_address(0));
}
#endif
