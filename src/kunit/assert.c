// SPDX-License-Identifier: GPL-2.0-only
/*
 * Failed expectations and assertions, in the words of the kernel's
 * lib/kunit/assert.c (same lines, same indentation), and the log lines
 * kunit_info()/kunit_err() print.  One log line is one printk record: a
 * trailing newline is dropped, then one is added.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <kunit/test.h>

#include "runtime.h"

/* The message of a failure; grows by appending, truncates at the end. */
struct msg {
	char buf[4096];
	size_t len;
};

__attribute__((format(printf, 2, 3)))
static void msg_add(struct msg *m, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (m->len >= sizeof(m->buf) - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(m->buf + m->len, sizeof(m->buf) - m->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		m->len = min(m->len + n, sizeof(m->buf) - 1);
}

void kunit_log_append(char *log, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	size_t len;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	len = strlen(buf);
	if (len && buf[len - 1] == '\n')
		buf[--len] = '\0';
	fprintf(stdout, "%s\n", buf);
}

/* "5" is the literal of 5: the kernel then prints no value line. */
static bool is_literal(const char *text, long long value)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", value);
	return !strcmp(buf, text);
}

static bool is_str_literal(const char *text, const char *value)
{
	size_t len = strlen(text);

	if (len < 2 || text[0] != '"' || text[len - 1] != '"')
		return false;
	return strncmp(text + 1, value, len - 2) == 0;
}

static void add_hexdump(struct msg *m, const u8 *buf, const u8 *other,
			size_t len)
{
	size_t i;

	msg_add(m, KUNIT_SUBSUBTEST_INDENT);
	for (i = 0; i < len; i++) {
		if (i && !(i % 16))
			msg_add(m, "\n" KUNIT_SUBSUBTEST_INDENT);
		msg_add(m, buf[i] != other[i] ? "<%02x>" : " %02x ", buf[i]);
	}
}

static void add_binary(struct msg *m, const struct kunit_assert *a)
{
	msg_add(m, KUNIT_SUBTEST_INDENT "Expected %s %s %s, but\n",
		a->left_text, a->operation, a->right_text);
	switch (a->kind) {
	case KUNIT_BINARY_ASSERT:
		if (!is_literal(a->left_text, a->left_value))
			msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s == %lld (0x%llx)\n",
				a->left_text, a->left_value, a->left_value);
		if (!is_literal(a->right_text, a->right_value))
			msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s == %lld (0x%llx)",
				a->right_text, a->right_value, a->right_value);
		break;
	case KUNIT_BINARY_PTR_ASSERT:	/* %px: the raw value */
		msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s == %016lx\n",
			a->left_text, (unsigned long)a->left_ptr);
		msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s == %016lx",
			a->right_text, (unsigned long)a->right_ptr);
		break;
	default:			/* strings */
		if (!is_str_literal(a->left_text, a->left_ptr))
			msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s == \"%s\"\n",
				a->left_text, (const char *)a->left_ptr);
		if (!is_str_literal(a->right_text, a->right_ptr))
			msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s == \"%s\"",
				a->right_text, (const char *)a->right_ptr);
		break;
	}
}

/* Returns false where the kernel prints no user message (a NULL check of
 * a memory block). */
static bool add_mem(struct msg *m, const struct kunit_assert *a)
{
	if (!a->left_ptr || !a->right_ptr) {
		msg_add(m, KUNIT_SUBTEST_INDENT "Expected %s is not null, but is\n",
			a->left_ptr ? a->right_text : a->left_text);
		return false;
	}
	msg_add(m, KUNIT_SUBTEST_INDENT "Expected %s %s %s, but\n",
		a->left_text, a->operation, a->right_text);
	msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s ==\n", a->left_text);
	add_hexdump(m, a->left_ptr, a->right_ptr, a->size);
	msg_add(m, "\n");
	msg_add(m, KUNIT_SUBSUBTEST_INDENT "%s ==\n", a->right_text);
	add_hexdump(m, a->right_ptr, a->left_ptr, a->size);
	return true;
}

static bool add_assert(struct msg *m, const struct kunit_assert *a)
{
	switch (a->kind) {
	case KUNIT_FAIL_ASSERT:
		break;
	case KUNIT_UNARY_ASSERT:
		msg_add(m, KUNIT_SUBTEST_INDENT "Expected %s to be %s, but is %s\n",
			a->left_text, a->expected_true ? "true" : "false",
			a->expected_true ? "false" : "true");
		break;
	case KUNIT_PTR_NOT_ERR_ASSERT:
		if (!a->left_ptr)
			msg_add(m, KUNIT_SUBTEST_INDENT
				"Expected %s is not null, but is\n",
				a->left_text);
		else
			msg_add(m, KUNIT_SUBTEST_INDENT
				"Expected %s is not error, but is: %ld\n",
				a->left_text, PTR_ERR(a->left_ptr));
		break;
	case KUNIT_MEM_ASSERT:
		return add_mem(m, a);
	default:
		add_binary(m, a);
		break;
	}
	return true;
}

void __kunit_do_failed_assertion(struct kunit *test,
				 const struct kunit_loc *loc,
				 enum kunit_assert_type type,
				 const struct kunit_assert *assert,
				 const char *fmt, ...)
{
	struct msg m = { .len = 0 };

	kunit_set_failure(test);
	msg_add(&m, "%s FAILED at %s:%d\n",
		type == KUNIT_ASSERTION ? "ASSERTION" : "EXPECTATION",
		loc->file, loc->line);
	kunit_runtime_note_failure(m.buf);
	if (add_assert(&m, assert) && fmt) {
		/* KUNIT_FAIL() prints the message alone, others after a
		 * newline. */
		va_list ap;

		if (assert->kind != KUNIT_FAIL_ASSERT)
			msg_add(&m, "\n");
		va_start(ap, fmt);
		if (m.len < sizeof(m.buf) - 1)
			vsnprintf(m.buf + m.len, sizeof(m.buf) - m.len, fmt, ap);
		va_end(ap);
	}
	kunit_err(test, "%s", m.buf);
}

void __kunit_fail_current_test(const char *file, int line,
			       const char *fmt, ...)
{
	struct kunit *test = kunit_get_current_test();
	char buf[1024];
	va_list ap;

	if (!test)
		return;
	kunit_set_failure(test);
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	kunit_err(test, "%s:%d: %s", file, line, buf);
}
