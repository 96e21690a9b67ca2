// SPDX-License-Identifier: GPL-2.0-only
/*
 * AddressSanitizer's defaults for every binary that runs programs (fuzz
 * target, replay, bench); ASAN_OPTIONS still overrides them.
 *
 * The quarantine keeps freed memory poisoned until this much more has
 * been freed: 32 MiB instead of 256.  A use after free within a run is
 * still caught as long as the run frees less in between: the largest run
 * of a fuzzer-grown corpus (357 inputs, 25 s) frees 17 MiB in all, the
 * 99th percentile 4.4 MiB, and the use-after-free mutants of the suite
 * are caught with this.  What it buys is start-up, not speed: a process
 * no longer touches 256 MiB of fresh memory before it reuses any (about
 * 0.2 s, a third of a 5,000-run pass over the 64-op corpus); once full,
 * both sizes run at the same speed (scripts/bench overhead measures at
 * that steady state).  A shorter malloc stack gained nothing measurable.
 */
const char *__asan_default_options(void);

const char *__asan_default_options(void)
{
	return "quarantine_size_mb=32";
}
