// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fuzz target: libFuzzer and AFL++ (built with -fsanitize=fuzzer)
 * call this with every input.  A violated invariant aborts, so the engine
 * saves the input; the report names the invariant.
 */
#include <stdlib.h>

#include "runner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct run_opts opts = { .verbose = false };

	if (run_program(data, size, &opts)) {
		fflush(stderr);
		abort();
	}
	return 0;
}
