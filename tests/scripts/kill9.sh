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
moments=${IOVAFUZZ_TEST_MOMENTS:-2}
mode_args "$mode"
RANDOM=$seed

# grown [queue]: the SHA-1 of every input in the corpus (and with queue,
# AFL++'s queue of the run), sorted.
grown() {
	local -a dirs=("$work"/out/*/iova/corpus)
	[[ -z ${1:-} ]] || dirs+=("$work"/out/*/iova/afl/*/queue)
	{ find "${dirs[@]}" -maxdepth 1 -type f ! -name '.*' -exec sha1sum {} + \
		2>/dev/null || true; } | cut -c1-40 | sort -u
}

for ((k = 1; k <= moments; k++)); do
	# AFL++ saves a crash a second on this tree, each replayed after:
	# its moments come sooner.
	span=15
	[[ $mode != afl ]] || span=6
	at=$((RANDOM % span)).$((RANDOM % 10))
	whole=1
	((k < moments)) || whole=0
	log=$work/log.$k
	setsid=1 start_fuzz "$log" --kernel-src "$tree" "${args[@]}" --keep-going --time 60
	wait_line "$log" '^fuzz: tree ' || { fail "moment $k: fuzzing never started"; cat "$log"; continue; }
	sleep "$at"
	if ((whole)); then
		# Every process and process group of the run (the engines'
		# sessions), as an OOM kill of its cgroup would: the script's
		# group stopped first, so that it starts nothing meanwhile.
		kill -STOP -- "-$fuzz_pid"
		mapfile -t pids < <(descendants "$fuzz_pid")
		mapfile -t groups < <(ps -o pgid= -p "$(IFS=,; echo "${pids[*]}")" |
			tr -d ' ' | sort -u | grep -vx "$(ps -o pgid= -p $$ | tr -d ' ')")
		kill -KILL "${pids[@]}" "${groups[@]/#/-}" 2>/dev/null
		what="the whole run"
	else
		mapfile -t pids < <(descendants "$fuzz_pid")
		kill -KILL "$fuzz_pid"
		what="scripts/fuzz alone"
	fi
	wait "$fuzz_pid" 2>/dev/null || true
	echo "moment $k: killed $what after ${at}s of fuzzing"
	sleep 5
	for p in "${pids[@]}"; do
		# A zombie is dead; init reaps it when it gets to it.
		kill -0 "$p" 2>/dev/null && [[ $(ps -o stat= -p "$p") != Z* ]] || continue
		cmd=$(tr '\0' ' ' </proc/"$p"/cmdline 2>/dev/null) || continue
		[[ $cmd == *iovafuzz_fuzz_* || $cmd == *go_on.py* || $cmd == *afl-fuzz* ]] ||
			continue
		fail "moment $k: an engine outlived $what: $cmd"
		kill -KILL "$p" 2>/dev/null
	done
	# What was classifying an input when scripts/fuzz alone died ends
	# its work, holding the output's lock until then.
	for ((i = 0; i < 300; i++)); do
		alive=0
		for p in "${pids[@]}"; do
			kill -0 "$p" 2>/dev/null && [[ $(ps -o stat= -p "$p") != Z* ]] && alive=1
		done
		((alive)) || break
		sleep 1
	done
	out=$(echo "$work"/out/*/iova)
	check_table "$out" "$tree"
	grown queue >"$work/before"
	# AFL++'s crashes and hangs the killed run had not classified yet.
	afl=$({ find "$out"/afl/*/crashes "$out"/afl/*/hangs -name 'id:*' 2>/dev/null || true; } | wc -l)
	rc=0
	"$top/scripts/fuzz" --no-install --kernel-src "$tree" "${args[@]}" \
		--keep-going --time 10 >"$log.2.out" 2>"$log.2" </dev/null || rc=$?
	((rc == 0 || rc == 1)) || { fail "moment $k: the second run exit $rc"; cat "$log.2"; }
	grep -q '^fuzz: the last run on this output did not end in order' "$log.2" ||
		fail "moment $k: the second run did not say the first was killed"
	[[ -f $out/findings.prev.tsv ]] || fail "moment $k: the first run's table is gone"
	grep -q '^fuzz: fuzzed [0-9]*s of 10s: ran its time$' "$log.2" ||
		fail "moment $k: the second run did not run its time"
	grown >"$work/after"
	if ((afl)); then
		n=$(sed -n 's/^fuzz: \([0-9]*\) input(s) an earlier run reported.*/\1/p' "$log.2")
		((${n:-0} >= afl)) ||
			fail "moment $k: the killed run's $afl AFL++ crash(es) and hang(s), ${n:-none} classified"
	fi
	lost=$(comm -23 "$work/before" "$work/after" | wc -l)
	((lost == 0)) || fail "moment $k: $lost input(s) the first run grew are not in the corpus"
	check_table "$out" "$tree"
	echo "moment $k: second run exit $rc, corpus $(wc -l <"$work/before") -> $(wc -l <"$work/after") inputs"
done
finish
