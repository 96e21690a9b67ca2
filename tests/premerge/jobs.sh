#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# jobs.sh TOP BASE WORK BUILD: scripts/fuzz --jobs 2 prints one merged
# progress line (executions summed, corpus, findings so far) and a totals
# line summed over the jobs' processes; on a mutant with --keep-going its
# findings are deduplicated by signature (one findings.tsv row each, the
# count summed over the jobs); by default (no --jobs, no --keep-going)
# the first finding ends the run, exit 1.
top=$1 base=$2 work=$3
. "$top/tests/scripts/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out
secs=${IOVAFUZZ_TEST_TIME:-10}

# fuzz WANT TREE ARGS...: scripts/fuzz's stderr in $work/log.
fuzz() {
	local want=$1 tree=$2 rc=0
	shift 2
	"$top/scripts/fuzz" --no-install --kernel-src "$tree" --jobs 2 --time "$secs" "$@" \
		>"$work/table" 2>"$work/log" || rc=$?
	cat "$work/log" "$work/table"
	((rc == want)) || fail "scripts/fuzz --jobs 2 $*: exit $rc, want $want"
}

fuzz 0 "$base"
grep -qE '^fuzz: [0-9]+s: 2 job\(s\): [1-9][0-9]* execs \([0-9]+/s\), corpus [1-9][0-9]*, findings 0 \(0 signature\(s\)\)$' "$work/log" ||
	fail "no merged progress line with executions"
grep -qE '^iovafuzz: totals: [1-9][0-9]* ops, .* \(summed over [1-9][0-9]* process\(es\)\)$' "$work/log" ||
	fail "no totals line summed over the jobs"

# align-ilog2 is found over and over, by both jobs.
bash "$top/tests/mutants/apply.sh" "$base" "$top/tests/mutants/align-ilog2.patch" "$work/mutant"
fuzz 1 "$work/mutant" --keep-going
# The mutant's output (the base's, beside it, has a table too: its run line).
ident=$("$top/scripts/setup" --no-install --kernel-src "$work/mutant" | cut -d' ' -f5)
tsv=$work/out/$ident/iova/findings.tsv
# Its cause: the search's last test, which let the range through.
grep -qE '^__alloc_and_insert_iova_range: [^	]*	([2-9]|[1-9][0-9]+)	' "$tsv" ||
	fail "align-ilog2's cause not found more than once"
[[ -z $(cut -f1 "$tsv" | sort | uniq -d) ]] || fail "a signature has two rows in findings.tsv"
grep -qE '^fuzz: [0-9]+s: 2 job\(s\): .*, findings [0-9]+ \([1-9][0-9]* signature\(s\)\)$' "$work/log" ||
	fail "no progress line counting findings"

# The README's main command as it runs by default (one job per core, no
# --keep-going) on that tree: its first finding ends the run, exit 1,
# long before its time.
rc=0 start=$SECONDS
IOVAFUZZ_OUT=$work/default "$top/scripts/fuzz" --no-install \
	--kernel-src "$work/mutant" --time 300 >"$work/table" 2>"$work/log" || rc=$?
((rc == 1)) || fail "scripts/fuzz by default on align-ilog2: exit $rc, want 1"
((SECONDS - start < 300)) || fail "scripts/fuzz by default did not stop at its first finding"
grep -qE '^__alloc_and_insert_iova_range: ' "$work"/default/*/iova/findings.tsv ||
	fail "scripts/fuzz by default: align-ilog2's cause not in findings.tsv"
finish
