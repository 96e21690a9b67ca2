/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Symbols a kernel file makes visible only for its KUnit tests.  Part of
 * the kernel shim: kernel code includes it whether or not KUnit is on.
 * With CONFIG_KUNIT (scripts/kunit's builds) such a symbol is non-static;
 * there are no modules, so its export is a no-op either way.
 */
#ifndef _KUNIT_VISIBILITY_H
#define _KUNIT_VISIBILITY_H

#if IS_ENABLED(CONFIG_KUNIT)
#define VISIBLE_IF_KUNIT
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
#else
#define VISIBLE_IF_KUNIT static
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
#endif

#endif
