#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# keep_going.sh TOP TREE WORK BUILD: the acceptance run.  On a tree with
# two mutants (make_tree.sh), scripts/fuzz --keep-going finds both
# findings, exits 1 and lists both signatures in findings.tsv, each with
# its input, minimized input and report; run again with both signatures in
# a --known file, it exits 0.
top=$1 tree=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out
# Both are found from the seeds within seconds; the rest is margin for
# two busy cores.
first=${IOVAFUZZ_TEST_TIME:-45} second=${IOVAFUZZ_TEST_TIME2:-20}

# fuzz WANT-EXIT ARGS...: run scripts/fuzz; its table is in $work/table.
fuzz() {
	local want=$1 rc=0
	shift
	"$top/scripts/fuzz" --no-install --jobs 1 --kernel-src "$tree" "$@" \
		>"$work/table" 2>"$work/log" || rc=$?
	cat "$work/log" "$work/table"
	((rc == want)) || fail "scripts/fuzz $*: exit $rc, want $want"
}

fuzz 1 --keep-going --time "$first"
tsv=$(echo "$work"/out/*/iova/findings.tsv)
[[ -f $tsv ]] || fail "no findings.tsv"
# A row is a cause; the invariants that reached it are its fifth column.
for inv in NO_LEAK TREE_EQUALS_MODEL; do
	row=$(awk -F'\t' -v inv="$inv" \
		'$5 ~ "(^|; )" inv " " { print; exit }' "$tsv")
	[[ -n $row ]] || { fail "$inv reached no row of findings.tsv"; continue; }
	sig=$(cut -f1 <<<"$row")
	artifact=$(cut -f4 <<<"$row")
	for f in "$artifact" "$artifact.min" "${artifact%/*}/report.txt"; do
		[[ -s $f ]] || fail "$inv: no $f"
	done
	grep -q "$inv" "${artifact%/*}/report.txt" || fail "$inv: report does not say $inv"
	grep "^fuzz: finding after [0-9]*s: " "$work/log" |
		grep -qF "$sig (unknown)" ||
		fail "$inv: no line when $sig was found"
done
grep -qE ' no +NO_LEAK ' "$work/table" || fail "no summary table row reached by NO_LEAK"

cut -f1 "$tsv" >"$work/known.txt"
printf '# accepted for this test\n\n' >>"$work/known.txt"
leak=$(awk -F'\t' '$5 ~ "(^|; )NO_LEAK " { print $1; exit }' "$tsv")
fuzz 0 --keep-going --time "$second" --known "$work/known.txt"
# A known finding the target dropped in-process is its signature's row,
# counted, with no input.
grep -F -- "$leak " "$work/table" | grep -q ' yes ' ||
	fail "NO_LEAK's row not shown as known"
finish
