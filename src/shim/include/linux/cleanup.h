/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Scope-based cleanup, as 6.5+ kernels spell it: __free() pointers,
 * CLASS() objects, guard() and scoped_guard() locks.  All of it rests on
 * the compiler's cleanup attribute, which runs a function on a variable's
 * address when it goes out of scope (return, break, goto out of the block).
 *
 * Naming follows the kernel's so that a DEFINE_GUARD() or
 * DEFINE_LOCK_GUARD_1() in kernel code builds here unchanged: a class
 * NAME is a type class_NAME_t with class_NAME_constructor(),
 * class_NAME_destructor(), class_NAME_lock_ptr() and the constant
 * class_NAME_is_conditional.
 */
#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H

#include <linux/compiler.h>
#include <linux/stddef.h>

/* ---- __free(): a pointer released at scope exit ---- */

/* _free is an expression on _T, the variable's value at scope exit. */
#define DEFINE_FREE(_name, _type, _free)				\
	static __always_inline void __free_##_name(void *p)		\
	{								\
		_type _T = *(_type *)p;					\
		_free;							\
	}

#define __free(_name)	__cleanup(__free_##_name)

/* Read @p and leave @nullvalue behind, so the cleanup has nothing to do. */
#define __get_and_null(p, nullvalue) ({					\
	__auto_type __ptr = &(p);					\
	__auto_type __val = *__ptr;					\
	*__ptr = nullvalue;						\
	__val; })

static inline __must_check
const volatile void *__must_check_fn(const volatile void *val)
{
	return val;
}

/* Hand a __free() pointer on: the caller owns it now. */
#define no_free_ptr(p)							\
	((typeof(p))__must_check_fn(					\
		(const volatile void *)__get_and_null(p, NULL)))
#define take_ptr(p)		no_free_ptr(p)
#define return_ptr(p)		return no_free_ptr(p)
/* Ownership went elsewhere already (e.g. into a list): just forget it. */
#define retain_and_null_ptr(p)	((void)__get_and_null(p, NULL))

/* ---- CLASS(): an object with a constructor and a destructor ---- */

#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)	\
	typedef _type class_##_name##_t;				\
	static __always_inline void					\
	class_##_name##_destructor(_type *p)				\
	{								\
		_type _T __maybe_unused = *p;				\
		_exit;							\
	}								\
	static __always_inline _type					\
	class_##_name##_constructor(_init_args)				\
	{								\
		_type t = _init;					\
		return t;						\
	}

/* Guards are never read: clang before 15 calls them unused. */
#define CLASS(_name, var)						\
	class_##_name##_t var __maybe_unused				\
		__cleanup(class_##_name##_destructor) =			\
		class_##_name##_constructor

/* ---- guards on a lock pointer: DEFINE_GUARD ---- */

#define DEFINE_GUARD(_name, _type, _lock, _unlock)			\
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; },		\
		     ({ _lock; _T; }), _type _T)			\
	static __always_inline void *					\
	class_##_name##_lock_ptr(class_##_name##_t *_T)		\
	{								\
		return (void *)(unsigned long)*_T;			\
	}								\
	enum { class_##_name##_is_conditional = 0 };

/* A conditional variant shares its base class's type and destructor. */
#define __DEFINE_COND_CLASS(_name, _ext)				\
	typedef class_##_name##_t class_##_name##_ext##_t;		\
	static __always_inline void					\
	class_##_name##_ext##_destructor(class_##_name##_t *p)		\
	{								\
		class_##_name##_destructor(p);				\
	}

/* NAME##EXT: the same guard taken with a trylock; NULL when it failed. */
#define DEFINE_GUARD_COND(_name, _ext, _condlock)			\
	__DEFINE_COND_CLASS(_name, _ext)				\
	static __always_inline class_##_name##_t			\
	class_##_name##_ext##_constructor(class_##_name##_t _T)	\
	{								\
		if (_T && !(_condlock))					\
			_T = NULL;					\
		return _T;						\
	}								\
	static __always_inline void *					\
	class_##_name##_ext##_lock_ptr(class_##_name##_t *_T)		\
	{								\
		return class_##_name##_lock_ptr(_T);			\
	}								\
	enum { class_##_name##_ext##_is_conditional = 1 };

/* ---- guards holding a struct: DEFINE_LOCK_GUARD_0/1 ---- */

/* The trailing arguments are extra members, e.g. "unsigned long flags". */
#define __DEFINE_LOCK_GUARD_TYPE(_name, _type, ...)			\
	typedef struct {						\
		_type *lock;						\
		__VA_ARGS__;						\
	} class_##_name##_t;						\
	static __always_inline void *					\
	class_##_name##_lock_ptr(class_##_name##_t *_T)		\
	{								\
		return (void *)_T->lock;				\
	}								\
	enum { class_##_name##_is_conditional = 0 };

#define __DEFINE_LOCK_GUARD_EXIT(_name, _unlock)			\
	static __always_inline void					\
	class_##_name##_destructor(class_##_name##_t *_T)		\
	{								\
		if (_T->lock) {						\
			_unlock;					\
		}							\
	}

#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)		\
	__DEFINE_LOCK_GUARD_TYPE(_name, _type, __VA_ARGS__)		\
	__DEFINE_LOCK_GUARD_EXIT(_name, _unlock)			\
	static __always_inline class_##_name##_t			\
	class_##_name##_constructor(_type *l)				\
	{								\
		class_##_name##_t _t = { .lock = l }, *_T = &_t;	\
		_lock;							\
		return _t;						\
	}

/* No lock object (rcu, irq, preempt): .lock is a non-NULL token. */
#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)		\
	__DEFINE_LOCK_GUARD_TYPE(_name, void, __VA_ARGS__)		\
	__DEFINE_LOCK_GUARD_EXIT(_name, _unlock)			\
	static __always_inline class_##_name##_t			\
	class_##_name##_constructor(void)				\
	{								\
		class_##_name##_t _t = { .lock = (void *)1 },		\
			*_T __maybe_unused = &_t;			\
		_lock;							\
		return _t;						\
	}

#define DEFINE_LOCK_GUARD_1_COND(_name, _ext, _condlock)		\
	__DEFINE_COND_CLASS(_name, _ext)				\
	static __always_inline void *					\
	class_##_name##_ext##_lock_ptr(class_##_name##_t *_T)		\
	{								\
		return class_##_name##_lock_ptr(_T);			\
	}								\
	static __always_inline class_##_name##_t			\
	class_##_name##_ext##_constructor(				\
		typeof(((class_##_name##_t *)0)->lock) l)		\
	{								\
		class_##_name##_t _t = { .lock = l }, *_T = &_t;	\
		if (!(_condlock))					\
			_T->lock = NULL;				\
		return _t;						\
	}								\
	enum { class_##_name##_ext##_is_conditional = 1 };

/* ---- using a guard ---- */

/* Held from here to the end of the enclosing block. */
#define guard(_name)	CLASS(_name, __UNIQUE_ID(guard))

/*
 * Held for the statement or block that follows.  For an unconditional
 * guard the loop condition is a constant, so the compiler knows the body
 * runs exactly once (no "control reaches end" warnings after a body that
 * returns); for a trylock guard the body runs only if the lock was taken.
 * The increment jumps to a label that breaks out: the body never runs
 * twice, and a "break" in the body leaves the guarded scope early.
 */
#define __scoped_guard(_name, _label, args...)				\
	for (CLASS(_name, scope)(args);					\
	     !class_##_name##_is_conditional ||				\
	     class_##_name##_lock_ptr(&scope);				\
	     ({ goto _label; }))					\
		if (0) {						\
_label:									\
			break;						\
		} else

#define scoped_guard(_name, args...)					\
	__scoped_guard(_name, __UNIQUE_ID(label), args)

/* A trylock guard whose failure runs @_fail (usually a return). */
#define __scoped_cond_guard(_name, _fail, _label, args...)		\
	for (CLASS(_name, scope)(args); true; ({ goto _label; }))	\
		if (!class_##_name##_lock_ptr(&scope)) {		\
			_fail;						\
_label:									\
			break;						\
		} else

#define scoped_cond_guard(_name, _fail, args...)			\
	__scoped_cond_guard(_name, _fail, __UNIQUE_ID(label), args)

#endif
