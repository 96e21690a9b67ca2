#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# coverage.sh TOP BASE WORK BUILD: scripts/coverage on the 6.12 tree and
# on the maple-tree port, each by the committed corpus: the HTML report
# is written and the line/branch summary printed (CI shows it; also in
# WORK/*/summary.txt).
top=$1 base=$2 work=$3
. "$top/tests/scripts/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out
bash "$top/tests/mutants/apply.sh" "$base" "$top/ports/maple-6.12/iova-maple.patch" "$work/port-tree"

for t in 6.12:"$base" port:"$work/port-tree"; do
	name=${t%%:*} tree=${t#*:} rc=0
	"$top/scripts/coverage" --no-install --kernel-src "$tree" --out "$work/$name" \
		>"$work/$name.txt" 2>"$work/$name.err" || rc=$?
	cat "$work/$name.txt" "$work/$name.err"
	((rc == 0)) || fail "$name: exit $rc"
	grep -qE '^drivers/iommu/iova.c +lines [0-9]+/[0-9]+ +[0-9.]+%  branches [0-9]+/[0-9]+ ' \
		"$work/$name.txt" || fail "$name: no line/branch summary of iova.c"
	grep -qE '^lib/maple_tree.c +lines [0-9]+/' "$work/$name.txt" ||
		fail "$name: no summary of maple_tree.c"
	[[ -s $work/$name/html/index.html ]] || fail "$name: no HTML report"
done
grep -qE '^lib/rbtree.c +lines [0-9]+/' "$work/6.12.txt" || fail "6.12: no summary of rbtree.c"
finish
