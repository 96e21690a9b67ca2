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
static size_t nr_evs;
static bool on, overflow;

bool shim_kcov_enable(bool enable)
{
	bool was = on;

	if (enable && !evs) {
		evs = malloc(KCOV_MAX * sizeof(*evs));
		if (!evs)
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

#ifdef IOVAFUZZ_KCOV
/* The callback; other flavours get the fuzzing engine's own.  Past the
 * buffer the op's first events are kept. */
static inline void put(uintptr_t pc, uintptr_t kind)
{
	if (!on)
		return;
	if (nr_evs == KCOV_MAX) {
		overflow = true;
		return;
	}
	evs[nr_evs++] = pc << 1 | kind;
}

#define KCOV_PC	((uintptr_t)__builtin_return_address(0) - 1)

void __sanitizer_cov_trace_pc(void)
{
	put(KCOV_PC, 0);
}
#endif
