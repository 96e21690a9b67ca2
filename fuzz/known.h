/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Known findings: signatures a maintainer accepted (a design trade-off,
 * a bug fixed only in later kernels), listed one per line in files named
 * by IOVAFUZZ_KNOWN (comma-separated; '#' starts a comment).  A target
 * that can go on past a finding counts a known one instead of stopping;
 * scripts/fuzz reads the same files for the findings it classifies.
 */
#ifndef _IOVAFUZZ_KNOWN_H
#define _IOVAFUZZ_KNOWN_H

#include <stdbool.h>
#include <stdio.h>

/* Reads the files IOVAFUZZ_KNOWN names; a file that cannot be read is a
 * usage error: one line on stderr, exit 2. */
void known_load(void);
/* Is @sig known?  If so, counts it. */
bool known_hit(const char *sig);
/* "iovafuzz: known: N x SIG" for each known signature seen. */
void known_report(FILE *f);

#endif
