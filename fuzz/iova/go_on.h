/* SPDX-License-Identifier: GPL-2.0-only */
/* --keep-going in-process: which findings the target drops (go_on.c). */
#ifndef _IOVAFUZZ_GO_ON_H
#define _IOVAFUZZ_GO_ON_H

#include <stdbool.h>

/* Reads IOVAFUZZ_GO_ON's lists; without it nothing is ever dropped. */
void go_on_init(void);
/* True: a finding that reached @reached is counted, not saved. */
bool go_on_drop(const char *reached);
/* Appends this process's counts to the session's (at exit, at abort). */
void go_on_flush(void);

#endif
