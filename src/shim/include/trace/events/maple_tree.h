/* SPDX-License-Identifier: GPL-2.0-only */
/* Tracepoints compile to nothing; their arguments are still type-checked. */
#ifndef _SHIM_TRACE_MAPLE_TREE_H
#define _SHIM_TRACE_MAPLE_TREE_H
#define tracepoint_string(s)	(s)
#define trace_ma_op(fn, mas)		do { (void)(fn); (void)(mas); } while (0)
#define trace_ma_read(fn, mas)		do { (void)(fn); (void)(mas); } while (0)
#define trace_ma_write(fn, mas, piv, val) \
	do { (void)(fn); (void)(mas); (void)(piv); (void)(val); } while (0)
#endif
