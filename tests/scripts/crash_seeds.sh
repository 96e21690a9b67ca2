#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# crash_seeds.sh TOP TREE WORK BUILD: issue 33's case.  On a tree whose
# committed seeds crash while the engine reads them in, in every job at
# once (make_tree.sh ... reserve-frees-held: reserve-at-init reaches a
# heap-use-after-free, as the posted maple series' reserve_iova() did),
# scripts/fuzz --keep-going with --jobs 1, --jobs 2 (the default here)
# and AFL++ runs its whole time and reports the three causes every time.
# Runs with --jobs 2: IOVAFUZZ_TEST_REPEAT (default 2), of the others one;
# IOVAFUZZ_TEST_REPEAT_ALL=1 repeats those too.
top=$1 tree=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4
repeat=${IOVAFUZZ_TEST_REPEAT:-2}
secs=${IOVAFUZZ_TEST_TIME:-20}
want=("heap-use-after-free free_iova_mem" "NO_LEAK iommu_iova_magazine"
	"iova_cpuhp_dead")

for mode in jobs1 jobs2 afl; do
	mode_args "$mode"
	n=$repeat
	[[ $mode == jobs2 || -n ${IOVAFUZZ_TEST_REPEAT_ALL:-} ]] || n=1
	for ((k = 1; k <= n; k++)); do
		export IOVAFUZZ_OUT=$work/$mode.$k
		rc=0
		"$top/scripts/fuzz" --no-install --kernel-src "$tree" "${args[@]}" \
			--keep-going --time "$secs" >"$work/$mode.$k.out" \
			2>"$work/$mode.$k.err" </dev/null || rc=$?
		last=$(tail -n 1 "$work/$mode.$k.err")
		echo "$mode run $k: exit $rc: $last"
		((rc == 1)) || fail "$mode run $k: exit $rc, want 1"
		[[ $last =~ ^fuzz:\ fuzzed\ ([0-9]+)s\ of\ ${secs}s:\ ran\ its\ time$ ]] &&
			((BASH_REMATCH[1] >= secs)) ||
			{ fail "$mode run $k did not fuzz its time"; cat "$work/$mode.$k.err"; }
		tsv=$(echo "$IOVAFUZZ_OUT"/*/iova/findings.tsv)
		for sig in "${want[@]}"; do
			cut -f1 "$tsv" | grep -qxF -- "$sig" ||
				fail "$mode run $k: no row $sig"
		done
		check_table "${tsv%/*}" "$tree"
	done
done
finish
