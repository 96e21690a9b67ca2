/* SPDX-License-Identifier: GPL-2.0-only */
/* --keep-going in-process: which findings the target drops (go_on.c). */
#ifndef _IOVAFUZZ_GO_ON_H
#define _IOVAFUZZ_GO_ON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Reads IOVAFUZZ_GO_ON's lists (without it nothing is ever dropped) and
 * libFuzzer's -artifact_prefix in @argv.
 */
void go_on_init(int argc, char **argv);
/*
 * True: the process goes on past this finding (input @data, which
 * reached @reached): counted, or saved by the target itself.
 */
bool go_on_drop(const char *reached, const uint8_t *data, size_t size);
/* Appends this process's counts to the session's (at exit, at abort). */
void go_on_flush(void);

#endif
