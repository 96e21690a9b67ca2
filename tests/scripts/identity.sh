#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# identity.sh TOP BASE WORK: scripts/setup names a tree by its version and
# a hash of the files under test: a copy of BASE gets BASE's identity, a
# copy with one harmless line added to iova.c (or lib/rbtree.c) another
# one, and a file not under test does not count.
top=$1 base=$2 work=$3
. "$(dirname -- "$0")/lib.sh"

sparse_tree "$base" "$work/copy"
sparse_tree "$base" "$work/iova"
echo "/* iovafuzz: identity test */" >>"$work/iova/drivers/iommu/iova.c"
sparse_tree "$base" "$work/rbtree"
echo "/* iovafuzz: identity test */" >>"$work/rbtree/lib/rbtree.c"
sparse_tree "$base" "$work/latch"
echo "/* not under test */" >>"$work/latch/include/linux/rbtree_latch.h"

# ident DIR: setup's IDENT for DIR into $id, after checking the line.
ident() {
	local out tag name path version extra
	id=
	out=$("$top/scripts/setup" --no-install --kernel-src "$1") ||
		{ fail "setup --kernel-src $1 failed"; return 0; }
	read -r tag name path version id extra <<<"$out"
	if [[ $tag != tree || $path != "$1" || -n $extra || $name != "src-$id" ||
		! $id =~ ^$version-[0-9a-f]{8}$ ]]; then
		fail "setup --kernel-src $1: unexpected line: $out"
	fi
}

# check same|differ A B
check() {
	local a b
	ident "$2"
	a=$id
	ident "$3"
	b=$id
	echo "${2##*/}: $a, ${3##*/}: $b"
	if [[ $1 == same && $a != "$b" ]] || [[ $1 == differ && $a == "$b" ]]; then
		fail "${2##*/} and ${3##*/} should have $1 identities"
	fi
}

check same "$base" "$base"
check same "$base" "$work/copy"
check same "$work/iova" "$work/iova"
check differ "$base" "$work/iova"
check differ "$base" "$work/rbtree"
check same "$base" "$work/latch"
finish
