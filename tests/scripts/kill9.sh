#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kill9.sh TOP TREE WORK BUILD MODE SEED: scripts/fuzz --keep-going killed
# with SIGKILL at moments drawn from SEED, on a tree with findings from
# the seeds (make_tree.sh), MODE "jobs1", "jobs2" or "afl".  At each
# moment every process of the run dies at once (a power cut, an OOM
# kill of the cgroup); at the last, scripts/fuzz alone dies, and no
# engine may outlive it.  After each kill: findings.tsv parses and every
# row's input replays to its signature (check_table.py), and a second
# run on the same output says the first did not end in order, keeps its
# table, goes on from the corpus it grew and ends in order.
top=$1 tree=$2 work=$3 mode=$5 seed=$6
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out
moments=${IOVAFUZZ_TEST_MOMENTS:-3}
case $mode in
jobs1) args=(--jobs 1) ;;
jobs2) args=(--jobs 2) ;;
afl) args=(--jobs 2 --engine afl) ;;
*) echo "unknown mode $mode"; exit 2 ;;
esac
RANDOM=$seed

corpus_size() {
	find "$work"/out/*/iova/corpus -maxdepth 1 -type f 2>/dev/null | wc -l
}

for ((k = 1; k <= moments; k++)); do
	at=$((RANDOM % 15)).$((RANDOM % 10))
	whole=1
	((k < moments)) || whole=0
	log=$work/log.$k
	start_fuzz "$log" --kernel-src "$tree" "${args[@]}" --keep-going --time 60
	wait_line "$log" '^fuzz: tree ' || { fail "moment $k: fuzzing never started"; cat "$log"; continue; }
	sleep "$at"
	if ((whole)); then
		mapfile -t pids < <(descendants "$fuzz_pid")
		kill -KILL "${pids[@]}" 2>/dev/null
		what="the whole run"
	else
		mapfile -t pids < <(descendants "$fuzz_pid")
		kill -KILL "$fuzz_pid"
		what="scripts/fuzz alone"
	fi
	wait "$fuzz_pid" 2>/dev/null
	echo "moment $k: killed $what after ${at}s of fuzzing"
	sleep 5
	for p in "${pids[@]}"; do
		if kill -0 "$p" 2>/dev/null; then
			fail "moment $k: $(tr '\0' ' ' </proc/"$p"/cmdline 2>/dev/null) outlived $what"
			kill -KILL "$p" 2>/dev/null
		fi
	done
	out=$(echo "$work"/out/*/iova)
	check_table "$out" "$tree"
	before=$(corpus_size)
	rc=0
	"$top/scripts/fuzz" --no-install --kernel-src "$tree" "${args[@]}" \
		--keep-going --time 10 >"$log.2.out" 2>"$log.2" </dev/null || rc=$?
	((rc == 0 || rc == 1)) || { fail "moment $k: the second run exit $rc"; cat "$log.2"; }
	grep -q '^fuzz: the last run on this output did not end in order' "$log.2" ||
		fail "moment $k: the second run did not say the first was killed"
	[[ -f $out/findings.prev.tsv ]] || fail "moment $k: the first run's table is gone"
	grep -q '^fuzz: fuzzed [0-9]*s of 10s: ran its time$' "$log.2" ||
		fail "moment $k: the second run did not run its time"
	after=$(corpus_size)
	((after >= before)) || fail "moment $k: corpus $before inputs, then $after"
	check_table "$out" "$tree"
	echo "moment $k: second run exit $rc, corpus $before -> $after"
done
finish
