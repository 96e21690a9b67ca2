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
/* Without IOVAFUZZ_KNOWN, the list shipped beside the fuzzer @self (its
 * path, argv[0]) as <self>.known, if there is one: OSS-Fuzz runs a
 * fuzzer with no environment of ours (oss-fuzz/build.sh ships it). */
void known_load_beside(const char *self);
/* Does any file list a signature? */
bool known_any(void);
/* Is @sig known?  If so, counts it. */
bool known_hit(const char *sig);
/* "iovafuzz: known: N x SIG" for each known signature seen. */
void known_report(FILE *f);

struct shim_finding;

/*
 * What kernel code said since the last call: the complaint the shim
 * recorded (a WARN, a maple tree self-check, a sleep in atomic context),
 * its signature ("WARN mas_nomem", shim_finding_signature()) in @sig.
 * NULL if there is none, or if its signature is known: then it is counted
 * and cleared, so that a later one is seen.  Call it after every op.
 */
const struct shim_finding *known_complaint(char *sig, size_t size);

#endif
