// SPDX-License-Identifier: GPL-2.0-only
/* The tree's lib/rbtree.c, compiled unmodified. */
#include "tree_config.h"
#if IOVAFUZZ_HAVE_RBTREE
#include IOVAFUZZ_RBTREE_C
#endif
