#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# two_trees.sh TOP BASE WORK BUILD: scripts/fuzz on two different trees of
# one version, one after the other, keeps their builds and corpora apart:
# each has its own fuzz-<ident> build configured for it alone, and its own
# out/<ident>/iova/corpus.
top=$1 base=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out

idents=()
for t in a b; do
	sparse_tree "$base" "$work/$t"
	echo "/* iovafuzz: two trees test, tree $t */" >>"$work/$t/drivers/iommu/iova.c"
	idents+=("$("$top/scripts/setup" --no-install --kernel-src "$work/$t" | cut -d' ' -f5)")
	rc=0
	"$top/scripts/fuzz" --no-install --jobs 1 --kernel-src "$work/$t" --time 3 \
		>"$work/$t.out" 2>"$work/$t.log" || rc=$?
	((rc == 0)) || fail "tree $t: exit $rc: $(tail -n 3 "$work/$t.log")"
done
[[ ${idents[0]} != "${idents[1]}" && ${idents[0]%-*} == "${idents[1]%-*}" ]] ||
	fail "want two identities of one version, got ${idents[*]}"
for i in 0 1; do
	t=$([[ $i == 0 ]] && echo a || echo b)
	cache=$IOVAFUZZ_BUILD/fuzz-${idents[i]}/CMakeCache.txt
	grep -q "^IOVAFUZZ_TREES:STRING=src-${idents[i]}=$work/$t\$" "$cache" 2>/dev/null ||
		fail "build of tree $t is not its own: $(grep IOVAFUZZ_TREES "$cache" 2>&1)"
	[[ -d $IOVAFUZZ_OUT/${idents[i]}/iova/corpus ]] ||
		fail "no corpus of its own for tree $t"
	echo "tree $t: ${idents[i]}: own build and corpus"
done
finish
