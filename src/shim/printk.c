// SPDX-License-Identifier: GPL-2.0-only
/*
 * printk() to stderr, the "<N>" level prefix stripped as the console
 * does.  The kernel's %p extensions are not C's: %pe prints an
 * ERR_PTR() as its errno's name ("-EBUSY"), as a maintainer reads it in
 * dmesg; another %pX prints the pointer, its letters skipped.  Every
 * other conversion goes to vfprintf() one at a time, so that the
 * va_list stays in step.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <shim/shim.h>

static bool printk_on = true;

void shim_set_printk(bool on)
{
	printk_on = on;
}

static const char *err_name(long err)
{
	static const struct { int nr; const char *name; } names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EIO, "EIO" },
		{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" },
		{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" },
		{ EEXIST, "EEXIST" }, { ENODEV, "ENODEV" },
		{ EINVAL, "EINVAL" }, { ENOSPC, "ENOSPC" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (-err == names[i].nr)
			return names[i].name;
	return NULL;
}

static void put_pointer(const char **fmt, void *p)
{
	long v = (long)p;
	const char *name = err_name(v);

	if (**fmt == 'e' && name)
		fprintf(stderr, "-%s", name);
	else if (**fmt == 'e' && v < 0 && v >= -4095)
		fprintf(stderr, "%ld", v);
	else
		fprintf(stderr, "%p", p);
	while ((**fmt >= 'a' && **fmt <= 'z') || (**fmt >= 'A' && **fmt <= 'Z'))
		(*fmt)++;
}

/* One conversion, @spec its text from '%' (@n bytes), its argument
 * taken from @ap by the size its length modifier says; @fmt is past
 * it, for %p's letters. */
static void put_one(const char *spec, size_t n, const char **fmt,
		    va_list *ap)
{
	char conv = spec[n - 1];
	const char *len = spec + strcspn(spec, "hlzjt");

	if (conv == 'p')
		put_pointer(fmt, va_arg(*ap, void *));
	else if (conv == 's')
		fprintf(stderr, spec, va_arg(*ap, const char *));
	else if (conv == '%')
		fputc('%', stderr);
	else if (*len == 'l' && len[1] == 'l')
		fprintf(stderr, spec, va_arg(*ap, long long));
	else if (*len == 'l' || *len == 'z' || *len == 'j' || *len == 't')
		fprintf(stderr, spec, va_arg(*ap, long));
	else
		fprintf(stderr, spec, va_arg(*ap, int));
}

void shim_printk(const char *fmt, ...)
{
	char spec[32];
	va_list ap;
	size_t n;

	if (!printk_on)
		return;
	if (fmt[0] == '<' && fmt[1] && fmt[2] == '>')
		fmt += 3;
	va_start(ap, fmt);
	while (*fmt) {
		if (*fmt != '%') {
			fputc(*fmt++, stderr);
			continue;
		}
		n = 1 + strspn(fmt + 1, "-+ #0123456789.hlzjt*");
		if (!fmt[n] || n + 2 > sizeof(spec) || memchr(fmt, '*', n)) {
			/* A '*' width or a spec too long: as C has it. */
			vfprintf(stderr, fmt, ap);
			break;
		}
		memcpy(spec, fmt, n + 1);
		spec[n + 1] = '\0';
		fmt += n + 1;
		put_one(spec, n + 1, &fmt, &ap);
	}
	va_end(ap);
}
