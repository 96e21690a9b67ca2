#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Usage: apply.sh SRC_TREE PATCH DEST
# Copies the sparse kernel tree SRC_TREE to DEST (fresh) and applies PATCH.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 SRC_TREE PATCH DEST" >&2; exit 1; }
src=$1 patch=$(realpath "$2") dest=$3
files="drivers/iommu/iova.c include/linux/iova.h lib/rbtree.c lib/maple_tree.c
include/linux/rbtree.h include/linux/rbtree_augmented.h
include/linux/rbtree_types.h include/linux/rbtree_latch.h
include/linux/maple_tree.h Makefile"
rm -rf "$dest"
for f in $files; do
	[ -e "$src/$f" ] || continue
	mkdir -p "$dest/$(dirname "$f")"
	cp "$src/$f" "$dest/$f"
done
if ! patch -p1 -s -f -F0 --no-backup-if-mismatch -d "$dest" < "$patch" >/dev/null 2>&1; then
	echo "apply: $2 does not apply to $src" >&2
	exit 2
fi
