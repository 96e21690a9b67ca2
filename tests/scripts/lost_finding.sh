#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# lost_finding.sh TOP TREE WORK BUILD: the regression test for a finding
# whose input the engine writes under a name already there.  libFuzzer
# names a crash after its content, so a second run on the same tree writes
# the same file again; scripts/fuzz once counted files and said "nothing
# found", exit 0.  Both runs must report it and exit 1.
top=$1 tree=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out

# run N [ARGS]: scripts/fuzz without --keep-going; the finding's input
# name is in $name.
run() {
	local rc=0 tsv n=$1
	shift
	"$top/scripts/fuzz" --no-install --jobs 1 --kernel-src "$tree" --time 60 "$@" \
		>"$work/report.$n" 2>"$work/log.$n" || rc=$?
	cat "$work/log.$n"
	((rc == 1)) || fail "run $n: exit $rc, want 1"
	grep -q '^fuzz: minimized: ' "$work/report.$n" || fail "run $n: no report"
	tsv=$(echo "$work"/out/*/iova/findings.tsv)
	name=$(cut -f4 "$tsv" 2>/dev/null | head -n 1)
	name=${name##*/}
	[[ -n $name ]] || fail "run $n: no finding in $tsv"
}

run 1
first=$name
# Where the old script kept artifacts, and where this one saves them.
mkdir -p "$(echo "$work"/out/*/iova)/artifacts"
cp "$(echo "$work"/out/*/iova/findings/*/"$first")" "$(echo "$work"/out/*/iova)/artifacts/"
run 2
[[ $name == "$first" ]] || fail "run 2 wrote $name, not $first again: the test did not test it"
# Fork mode, where libFuzzer goes on past findings and its jobs' logs are
# gone: the first finding still stops the run, exit 1.
run 3 --jobs 2
finish
