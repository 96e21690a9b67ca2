#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Usage: apply.sh SRC_TREE PATCH DEST
# Copies the sparse kernel tree SRC_TREE to DEST (fresh) and applies PATCH.
# Exit 0, or 2 with one "apply: ..." line on stderr (cmake/mutants.cmake
# shows that line as the configure error).
set -euo pipefail

die() {
	echo "apply: $*" >&2
	exit 2
}

(($# == 3)) || die "usage: $0 SRC_TREE PATCH DEST"
src=$1 dest=$3
[[ -d $src ]] || die "no kernel tree at $src"
[[ -f $2 ]] || die "no patch file $2"
patch=$(realpath -- "$2")
files="drivers/iommu/iova.c include/linux/iova.h lib/rbtree.c lib/maple_tree.c
include/linux/rbtree.h include/linux/rbtree_augmented.h
include/linux/rbtree_types.h include/linux/rbtree_latch.h
include/linux/maple_tree.h Makefile drivers/iommu/Kconfig
drivers/iommu/Makefile drivers/iommu/.kunitconfig drivers/iommu/iova-kunit.c
lib/Kconfig.debug lib/Makefile"
rm -rf -- "$dest"
for f in $files; do
	[[ -e $src/$f ]] || continue
	mkdir -p -- "$dest/$(dirname -- "$f")" 2>/dev/null &&
		cp -- "$src/$f" "$dest/$f" 2>/dev/null ||
		die "cannot copy $src/$f to $dest"
done
if ! patch -p1 -s -f -F0 --no-backup-if-mismatch -d "$dest" <"$patch" >/dev/null 2>&1; then
	die "$2 does not apply to $src"
fi
