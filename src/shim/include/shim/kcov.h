/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The path kernel code took (src/shim/kcov.c): one event per block
 * entered, as pc << 1 (the low bit is kept for other kinds of event).
 * Recorded only in builds whose kernel code has the callbacks (the san
 * flavour); elsewhere nothing is ever recorded.
 */
#ifndef _SHIM_KCOV_H
#define _SHIM_KCOV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool shim_kcov_built(void);	/* are paths recorded in this build? */
bool shim_kcov_enable(bool enable);	/* returns the old state */
void shim_kcov_reset(void);
size_t shim_kcov_read(const uintptr_t **evs, bool *lost);
/* Per event, where its call's frame is: a lower value, a deeper call. */
const uintptr_t *shim_kcov_frames(void);

#endif
