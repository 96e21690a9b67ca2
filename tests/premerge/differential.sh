#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# differential.sh TOP BASE-REPLAY MUTANT-REPLAY WORK [OTHER-REPLAY...]:
# the differential pass finds nothing between the base (and each other
# unmodified tree) and itself, and on refuse-large (a
# mutant that refuses requests the base satisfies) a difference with a
# minimized program that shows it: replayed on both, the op it names is
# satisfied by the base and refused by the mutant.
top=$1 base=$2 mutant=$3 work=$4
shift 4
. "$top/tests/scripts/lib.sh"
diff=$top/scripts/lib/differential.py
programs=("$top/corpus/seeds/iova" "$top/corpus/regress/iova" "$top/corpus/regress/mutants")

n=0
for tree in "$base" "$@"; do
	n=$((n + 1)) rc=0
	python3 "$diff" run --base "$tree" --patched "$tree" --out "$work/self$n" \
		"${programs[@]}" >"$work/self$n.txt" || rc=$?
	cat "$work/self$n.txt"
	((rc == 0)) || fail "$tree vs itself: exit $rc, want 0"
	grep -q ' 0 distinct difference(s)' "$work/self$n.txt" ||
		fail "$tree vs itself: a difference"
	[[ ! -s $work/self$n/differential.tsv ]] || fail "$tree vs itself: rows in differential.tsv"
done

rc=0
python3 "$diff" run --base "$base" --patched "$mutant" --out "$work/mutant" \
	"${programs[@]}" >"$work/mutant.txt" || rc=$?
cat "$work/mutant.txt"
((rc == 1)) || fail "base vs refuse-large: exit $rc, want 1"
row=$(grep -m1 $'^DIFFERENTIAL alloc_iova patched-refuses\t[0-9]*\tcounted\t' \
	"$work/mutant/differential.tsv" || true)
[[ -n $row ]] || fail "no counted 'DIFFERENTIAL alloc_iova patched-refuses' row"
IFS=$'\t' read -r _ _ _ _ op request _ _ program min <<<"$row"
[[ -s $min ]] || fail "no minimized program $min"
(($(stat -c %s "$min") < $(stat -c %s "$program"))) ||
	fail "the minimized program is no smaller than $program"
# The minimized program shows the difference on its own.
b=$("$base" -v "$min" | grep -F "  $op " || true)
m=$("$mutant" -v "$min" | grep -F "  $op " || true)
echo "base:    $b"
echo "mutant:  $m"
[[ $b == *"$request = ["* ]] || fail "the base does not satisfy $op on the minimized program"
[[ $m == *"$request = fail"* ]] || fail "the mutant does not refuse $op on the minimized program"
finish
