/* SPDX-License-Identifier: GPL-2.0-only */
/* The lexical layer of text programs (fuzz/lang/text_lex.c). */
#ifndef _IOVAFUZZ_TEXT_LEX_H
#define _IOVAFUZZ_TEXT_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "text.h"

struct text_cursor {
	const char *s;		/* the line, NUL-terminated */
	size_t pos;
	unsigned int line;
	char *err;
	size_t errlen;
};

__attribute__((format(printf, 2, 3)))
bool text_error(struct text_cursor *c, const char *fmt, ...);
void text_skip_ws(struct text_cursor *c);
/* Only blanks or a comment left. */
bool text_at_end(struct text_cursor *c);
bool text_word(struct text_cursor *c, char *buf, size_t len);
bool text_expect(struct text_cursor *c, char ch);
bool text_value(struct text_cursor *c, char *buf, size_t len);
/* KEY=VAL, ... ) after the '(': the column of each argument in @cols. */
bool text_arg_list(struct text_cursor *c, struct text_arg *args,
		   unsigned int *n, size_t *cols);
int text_hexval(char ch);
/* {AA BB CC}, the cursor on the '{'. */
bool text_raw_bytes(struct text_cursor *c, uint8_t *a, uint8_t *b,
		    uint8_t *cc);
/* TEXT_MAGIC VERSION TARGET, TARGET being @want. */
bool text_header_line(struct text_cursor *c, const char *want);
bool text_each_line(const char *text, size_t len, struct text_cursor *c,
		    bool (*line)(struct text_cursor *c, void *arg), void *arg);

#endif
