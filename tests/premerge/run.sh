#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh port|mutant TOP BASE WORK BUILD: scripts/premerge end to end on
# the 6.12 base, fuzzing for a few seconds.
#   port    the maple-tree port as the series: passes, and writes its
#           report (text and markdown) with every section
#   mutant  align-ilog2 as the series: exits 1 naming its cause,
#           with a minimized reproducer that reproduces it
which=$1 top=$2 base=$3 work=$4
. "$top/tests/scripts/lib.sh"
export IOVAFUZZ_BUILD=$5 IOVAFUZZ_OUT=$work/out
secs=${IOVAFUZZ_TEST_TIME:-5}

case $which in
port) series=$top/ports/maple-6.12/iova-maple.patch want=0 ;;
mutant) series=$top/tests/mutants/align-ilog2.patch want=1 ;;
*) echo "usage: $0 port|mutant TOP BASE WORK BUILD"; exit 2 ;;
esac
rc=0
"$top/scripts/premerge" --no-install --base "$base" --series "$series" \
	--seconds "$secs" --no-bench --out "$work/run" >"$work/summary" 2>"$work/log" || rc=$?
cat "$work/log" "$work/summary"
((rc == want)) || fail "premerge: exit $rc, want $want"
for f in report.txt report.md; do
	[[ -s $work/run/$f ]] || fail "no $f"
done
for s in series: tests: 'regression corpus:' fuzzing: differential: 'patch coverage:' bench:; do
	grep -q "^  $s" "$work/summary" || fail "no '$s' line in the summary"
done
(($(wc -l <"$work/summary") <= 16)) || fail "the summary is longer than 16 lines"

if [[ $which == port ]]; then
	grep -q '^premerge: PASS' "$work/summary" || fail "no PASS verdict"
	grep -q '^  tests: .*all passed' "$work/summary" || fail "a test failed"
	grep -qE '^  patch coverage: [0-9]+/[0-9]+ .* drivers/iommu/iova.c' "$work/summary" ||
		fail "no patch coverage of iova.c"
	grep -q '^### Differential' "$work/run/report.md" || fail "no differential table in report.md"
else
	# align-ilog2's cause: the search's last test let the range through.
	sig='__alloc_and_insert_iova_range: if (high_pfn < size || new_pfn < low_pfn)'
	grep -q "^premerge: FAIL: .*$sig" "$work/summary" ||
		fail "the verdict does not name align-ilog2's cause"
	min=$(sed -n "s/^  finding: $sig (regression corpus[^)]*): //p" "$work/summary")
	[[ -s $min ]] || fail "no minimized reproducer from the regression corpus: '$min'"
	ident=$(sed -n 's/^  series: .* -> //p' "$work/summary")
	replay=$IOVAFUZZ_BUILD/fuzz-$ident/iovafuzz_replay_src_${ident//[^A-Za-z0-9_]/_}
	out=$("$replay" "$min" 2>&1 || true)
	grep -q "^signature: $sig" <<<"$out" ||
		fail "the minimized reproducer does not reproduce align-ilog2's cause"
fi
finish
