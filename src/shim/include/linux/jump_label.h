/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Static keys without code patching: a key is a counter read on every
 * test, which is what the kernel does without CONFIG_JUMP_LABEL.  The
 * harness may flip a key between runs to cover both branches.
 */
#ifndef _LINUX_JUMP_LABEL_H
#define _LINUX_JUMP_LABEL_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/types.h>

struct static_key {
	atomic_t enabled;
};

/* The key comes first, so every kind converts to struct static_key *. */
struct static_key_true {
	struct static_key key;
};

struct static_key_false {
	struct static_key key;
};

#define STATIC_KEY_INIT_TRUE	{ .enabled = ATOMIC_INIT(1) }
#define STATIC_KEY_INIT_FALSE	{ .enabled = ATOMIC_INIT(0) }
#define STATIC_KEY_TRUE_INIT						\
	(struct static_key_true){ .key = STATIC_KEY_INIT_TRUE }
#define STATIC_KEY_FALSE_INIT						\
	(struct static_key_false){ .key = STATIC_KEY_INIT_FALSE }

#define DEFINE_STATIC_KEY_TRUE(name)					\
	struct static_key_true name = { .key = STATIC_KEY_INIT_TRUE }
#define DEFINE_STATIC_KEY_FALSE(name)					\
	struct static_key_false name = { .key = STATIC_KEY_INIT_FALSE }
#define DEFINE_STATIC_KEY_TRUE_RO(name)		DEFINE_STATIC_KEY_TRUE(name)
#define DEFINE_STATIC_KEY_FALSE_RO(name)	DEFINE_STATIC_KEY_FALSE(name)
#define DECLARE_STATIC_KEY_TRUE(name)	extern struct static_key_true name
#define DECLARE_STATIC_KEY_FALSE(name)	extern struct static_key_false name
#define DEFINE_STATIC_KEY_MAYBE(cfg, name)				\
	__PASTE(_DEFINE_STATIC_KEY_, IS_ENABLED(cfg))(name)
#define _DEFINE_STATIC_KEY_1(name)	DEFINE_STATIC_KEY_TRUE(name)
#define _DEFINE_STATIC_KEY_0(name)	DEFINE_STATIC_KEY_FALSE(name)

#define __shim_key(x)		((struct static_key *)(x))
#define static_key_count(x)	atomic_read(&__shim_key(x)->enabled)
#define static_key_enabled(x)	(static_key_count(x) > 0)

#define static_branch_likely(x)		likely(static_key_enabled(x))
#define static_branch_unlikely(x)	unlikely(static_key_enabled(x))
#define static_branch_maybe(cfg, x)					\
	(IS_ENABLED(cfg) ? static_branch_likely(x) :			\
			   static_branch_unlikely(x))

#define static_branch_enable(x)		atomic_set(&__shim_key(x)->enabled, 1)
#define static_branch_disable(x)	atomic_set(&__shim_key(x)->enabled, 0)
#define static_branch_enable_cpuslocked(x)	static_branch_enable(x)
#define static_branch_disable_cpuslocked(x)	static_branch_disable(x)
#define static_branch_inc(x)		atomic_inc(&__shim_key(x)->enabled)
#define static_branch_dec(x)		atomic_dec(&__shim_key(x)->enabled)
#define static_key_enable(k)		static_branch_enable(k)
#define static_key_disable(k)		static_branch_disable(k)
#define static_key_slow_inc(k)		static_branch_inc(k)
#define static_key_slow_dec(k)		static_branch_dec(k)
#define static_key_true(k)		likely(static_key_enabled(k))
#define static_key_false(k)		unlikely(static_key_enabled(k))

#endif
