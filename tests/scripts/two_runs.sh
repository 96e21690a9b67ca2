#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# two_runs.sh TOP TREE WORK BUILD: two scripts/fuzz runs started at once
# on one output, by default (one job per core) and with AFL++: one of
# them refuses at once (exit 2, one line: the output's lock) and the
# other runs its time alone, its table sound.  Never both at once.
top=$1 tree=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out

for engine in libfuzzer afl; do
	rm -rf -- "$work/out"
	pid=()
	for r in a b; do
		"$top/scripts/fuzz" --no-install --kernel-src "$tree" --engine "$engine" \
			--keep-going --time 15 >"$work/$r.out" 2>"$work/$r.err" </dev/null &
		pid+=($!)
	done
	rcs=()
	for p in "${pid[@]}"; do
		rc=0
		wait "$p" || rc=$?
		rcs+=("$rc")
	done
	echo "$engine: exits ${rcs[*]}"
	refused=0 ran=0
	for r in a b; do
		if grep -q '^fuzz: another run is using ' "$work/$r.err"; then
			refused=$((refused + 1))
			[[ $(wc -l <"$work/$r.err") == 1 && ! -s $work/$r.out ]] ||
				fail "$engine: run $r refused with more than one line"
		elif grep -q '^fuzz: fuzzed [0-9]*s of 15s: ran its time$' "$work/$r.err"; then
			ran=$((ran + 1))
		fi
	done
	[[ " ${rcs[*]} " == *" 2 "* ]] || fail "$engine: no run exit 2"
	((refused == 1 && ran == 1)) || {
		fail "$engine: $refused refused, $ran ran their time (want 1 and 1)"
		cat "$work/a.err" "$work/b.err"
	}
	check_table "$(echo "$work"/out/*/iova)" "$tree"
done
finish
