// SPDX-License-Identifier: GPL-2.0-only
/*
 * The lexical layer of text programs, shared by every target's form
 * (fuzz/lang/text.c, fuzz/lang/text_maple.c): names, KEY=VALUE lists, {AA BB CC},
 * the header line, and errors as "LINE:COL: what".
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text.h"
#include "text_lex.h"

/* Where the first line that is not a '#' comment or blank starts. */
size_t text_first_line(const uint8_t *data, size_t size)
{
	size_t i = 0, j;

	while (i < size) {
		for (j = i; j < size && (data[j] == ' ' || data[j] == '\t'); j++)
			;
		if (j < size && data[j] != '#' && data[j] != '\n')
			return i;
		while (j < size && data[j] != '\n')
			j++;
		i = j + 1;
	}
	return size;
}

bool text_error(struct text_cursor *c, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(c->err, c->errlen, "%u:%zu: ", c->line, c->pos + 1);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < c->errlen)
		vsnprintf(c->err + n, c->errlen - n, fmt, ap);
	va_end(ap);
	return false;
}

void text_skip_ws(struct text_cursor *c)
{
	while (c->s[c->pos] == ' ' || c->s[c->pos] == '\t')
		c->pos++;
}

bool text_at_end(struct text_cursor *c)
{
	text_skip_ws(c);
	return !c->s[c->pos] || c->s[c->pos] == '#';
}

bool text_word(struct text_cursor *c, char *buf, size_t len)
{
	size_t n = 0;

	text_skip_ws(c);
	while (isalnum((unsigned char)c->s[c->pos]) || c->s[c->pos] == '_') {
		if (n + 1 >= len)
			return text_error(c, "name too long");
		buf[n++] = c->s[c->pos++];
	}
	buf[n] = 0;
	return n ? true : text_error(c, "expected a name");
}

bool text_expect(struct text_cursor *c, char ch)
{
	text_skip_ws(c);
	if (c->s[c->pos] != ch)
		return text_error(c, "expected '%c'", ch);
	c->pos++;
	return true;
}

/* A value: everything up to ',' or the closing ')' at depth 0. */
bool text_value(struct text_cursor *c, char *buf, size_t len)
{
	size_t n = 0;
	int depth = 0;

	text_skip_ws(c);
	for (;; c->pos++) {
		char ch = c->s[c->pos];

		if (!ch || ch == '#')
			return text_error(c, "unterminated argument list");
		if (depth == 0 && (ch == ',' || ch == ')'))
			break;
		depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
		if (ch == ' ' || ch == '\t')
			return text_error(c, "space inside a value");
		if (n + 1 >= len)
			return text_error(c, "value too long");
		buf[n++] = ch;
	}
	buf[n] = 0;
	return n ? true : text_error(c, "empty value");
}

/* KEY=VAL, ... ) */
bool text_arg_list(struct text_cursor *c, struct text_arg *args,
		     unsigned int *n, size_t *cols)
{
	*n = 0;
	text_skip_ws(c);
	if (c->s[c->pos] == ')')
		return c->pos++, true;
	for (;;) {
		if (*n == TEXT_MAX_ARGS)
			return text_error(c, "too many arguments");
		text_skip_ws(c);
		cols[*n] = c->pos;
		if (!text_word(c, args[*n].key, sizeof(args[*n].key)) ||
		    !text_expect(c, '=') ||
		    !text_value(c, args[*n].val, sizeof(args[*n].val)))
			return false;
		(*n)++;
		if (c->s[c->pos++] == ')')
			return true;
	}
}

int text_hexval(char ch)
{
	return isdigit((unsigned char)ch) ? ch - '0' :
	       isxdigit((unsigned char)ch) ? tolower(ch) - 'a' + 10 : -1;
}

/* {AA BB CC} */
bool text_raw_bytes(struct text_cursor *c, uint8_t *a, uint8_t *b, uint8_t *cc)
{
	uint8_t *dst[3] = { a, b, cc };
	unsigned int i;

	c->pos++;
	for (i = 0; i < 3; i++) {
		text_skip_ws(c);
		if (text_hexval(c->s[c->pos]) < 0 || text_hexval(c->s[c->pos + 1]) < 0)
			return text_error(c, "expected two hex digits");
		*dst[i] = text_hexval(c->s[c->pos]) << 4 | text_hexval(c->s[c->pos + 1]);
		c->pos += 2;
	}
	return text_expect(c, '}');
}

bool text_header_line(struct text_cursor *c, const char *want)
{
	int version = 0, used = 0;
	char target[16];

	if (sscanf(c->s, TEXT_MAGIC " %d %15s%n", &version, target, &used) != 2)
		return text_error(c, "expected '" TEXT_MAGIC " %d %s'",
				  TEXT_VERSION, want);
	if (version != TEXT_VERSION)
		return text_error(c, "format version %d, this tool reads %d",
			     version, TEXT_VERSION);
	if (strcmp(target, want))
		return text_error(c, "a program for target '%s', not %s", target,
				  want);
	c->pos = used;
	return text_at_end(c) ? true : text_error(c, "unexpected text after the header");
}

/* Calls @line for each line that is not blank or a comment. */
bool text_each_line(const char *text, size_t len, struct text_cursor *c,
		    bool (*line)(struct text_cursor *c, void *arg), void *arg)
{
	char buf[512];
	size_t i = 0, n;

	while (i < len) {
		for (n = 0; i + n < len && text[i + n] != '\n'; n++)
			;
		c->line++;
		c->pos = 0;
		if (n >= sizeof(buf))
			return text_error(c, "line too long");
		memcpy(buf, text + i, n);
		buf[n] = 0;
		if (memchr(buf, 0, n))
			return text_error(c, "NUL byte in a text program");
		c->s = buf;
		i += n + 1;
		if (text_at_end(c))
			continue;
		c->pos = 0;
		if (!line(c, arg))
			return false;
	}
	return true;
}
