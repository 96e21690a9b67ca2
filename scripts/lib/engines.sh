# SPDX-License-Identifier: GPL-2.0-only
# The engines scripts/fuzz runs: libFuzzer and AFL++ sessions started in
# process groups of their own, stopped and reaped together, and what AFL++
# found collected as inputs.  Sourced by scripts/fuzz, whose globals
# (work, incoming, corpus, seeds, target, jobs, top, bdir, adir, fuzzer)
# it uses.

engine_pids=()
engine_logs=()

# start LOG CMD...: run CMD in the background, in a session of its own so
# it and its children can be stopped together, without the output's lock.
# No engine outlives a killed run: CMD is killed with this script, and a
# watchdog kills its whole group then (AFL++'s target waits stopped
# between inputs, and would wait for ever).
start() {
	local log=$1 main=$$ pid
	shift
	(
		[[ -z ${lock_fd:-} ]] || exec {lock_fd}>&-
		TMPDIR=$work/tmp exec setsid setpriv --pdeathsig KILL -- "$@" \
			>"$log" 2>&1 </dev/null
	) &
	pid=$!
	(
		[[ -z ${lock_fd:-} ]] || exec {lock_fd}>&-
		exec setsid bash -c 'while kill -0 "$1" && kill -0 -- "-$2"; do
			sleep 1; done 2>/dev/null
			kill -0 "$1" 2>/dev/null || kill -KILL -- "-$2" 2>/dev/null' \
			watchdog "$main" "$pid" </dev/null >/dev/null 2>&1
	) &
	engine_pids+=("$pid")
	engine_logs+=("$log")
}

# engines_alive [-]: some engine (with -: some process of an engine's
# group, fork-mode jobs included) is still running.
engines_alive() {
	local p
	for p in "${engine_pids[@]}"; do
		kill -0 -- "$1$p" 2>/dev/null && return 0
	done
	return 1
}

stop_engines() {
	local p i
	for p in "${engine_pids[@]}"; do
		kill -TERM -- "-$p" 2>/dev/null || true
	done
	for ((i = 0; i < 50; i++)); do
		engines_alive - || return 0
		sleep 0.1
	done
	for p in "${engine_pids[@]}"; do
		kill -KILL -- "-$p" 2>/dev/null || true
	done
}

# reap: wait for every engine; engine_rc is the first non-zero status.
reap() {
	local p rc
	engine_rc=0
	for p in "${engine_pids[@]}"; do
		rc=0
		wait "$p" 2>/dev/null || rc=$?
		((engine_rc)) || engine_rc=$rc
	done
	engine_pids=()
}

# libfuzzer_opts MODE SECONDS: the options of one libFuzzer session.
libfuzzer_opts() {
	opts=(-artifact_prefix="$incoming/" -print_final_stats=1 -timeout=25)
	[[ -f $top/corpus/$target.dict ]] && opts+=(-dict="$top/corpus/$target.dict")
	[[ -f $top/corpus/$target.options ]] &&
		mapfile -t -O ${#opts[@]} opts < <(sed -n 's/^\([a-z_]*\) *= *\(.*\)/-\1=\2/p' \
			"$top/corpus/$target.options")
	# go_on.py gives each of its processes the seconds left.
	(($2)) && [[ $1 != go_on ]] && opts+=(-max_total_time="$2")
	# Fork mode goes on after a finding; the watcher decides when to stop.
	[[ $1 == fork ]] && opts+=(-fork="$jobs" -ignore_crashes=1 -ignore_ooms=1 \
		-ignore_timeouts=1)
	return 0
}

start_libfuzzer() {
	local secs=()
	libfuzzer_opts "$1" "$2"
	if [[ $1 != go_on ]]; then
		start "$work/libfuzzer.log" "$bdir/$fuzzer" "${opts[@]}" "$corpus" "$seeds"
		return
	fi
	# One process after another in each job, a repeat of a saved finding
	# dropped in-process (scripts/lib/go_on.py): no restart per finding.
	(($2)) && secs=(--seconds "$2")
	start "$work/libfuzzer.log" python3 "$top/scripts/lib/go_on.py" \
		--work "$work" --seed $(((RANDOM << 15 | RANDOM) + 1)) \
		--jobs "$jobs" \
		"${secs[@]}" -- "$bdir/$fuzzer" "${opts[@]}" \
		"$corpus" "$seeds"
}

afl_env() {
	export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
		AFL_NO_AFFINITY=1 AFL_NO_UI=1
}

# start_afl SECONDS: -M main and -S s1.. on the seeds plus the corpus, in
# a fresh output directory (what it finds is recorded, its queue kept in
# the corpus at the end, or by the next run if this one is killed).
start_afl() {
	local j role afl
	afl_keep_queue	# what a killed run's AFL++ found
	rm -rf -- "$work/afl" "$work/afl-in"
	mkdir -p -- "$work/afl-in"
	cp -- "$seeds"/* "$work/afl-in/"
	find "$corpus" -maxdepth 1 -type f -exec cp -n -- {} "$work/afl-in/" \;
	# AFL++ skips a seed that crashes, and stops if every one does: one
	# input that runs no op, so that it goes on past a tree whose seeds
	# all crash while it reads them in.
	printf '\0' >"$work/afl-in/no-op"
	afl=(afl-fuzz -i "$work/afl-in" -o "$work/afl" -t 25000)
	(($1)) && afl+=(-V "$1")
	[[ -f $top/corpus/$target.dict ]] && afl+=(-x "$top/corpus/$target.dict")
	afl_env
	for ((j = 0; j < jobs; j++)); do
		role=(-M main)
		((j)) && role=(-S "s$j")
		start "$work/afl-$j.log" "${afl[@]}" "${role[@]}" -- "$adir/$fuzzer"
	done
}

# afl_keep_queue: what AFL found goes into the corpus, named by content
# so that runs do not pile up copies.
afl_keep_queue() {
	local f sum
	for f in "$work"/afl/*/queue/id:*; do
		[[ -f $f ]] || continue
		sum=$(sha1sum <"$f")
		cp -n -- "$f" "$corpus/${sum%% *}" 2>/dev/null ||
			die "cannot write $corpus/${sum%% *} (AFL++'s queue into the corpus)"
	done
}

# afl_copy FILE NAME: FILE into incoming/ as NAME, whole or not at all
# (its time kept: when AFL found it).
afl_copy() {
	cp -p -- "$1" "$work/tmp/$2" 2>/dev/null &&
		mv -f -- "$work/tmp/$2" "$incoming/$2" ||
		die "cannot write $incoming/$2 (AFL++'s $1)"
}

# afl_rescue: the crashes and hangs of an AFL++ run that was killed, into
# incoming/ under names of their own (some may be counted twice: none is
# lost).
afl_rescue() {
	local f role kind name
	for f in "$work"/afl/*/crashes/id:* "$work"/afl/*/hangs/id:*; do
		[[ -f $f ]] || continue
		role=${f#"$work"/afl/}
		role=${role%%/*}
		case $f in */hangs/*) kind=hang ;; *) kind=crash ;; esac
		name=${f##*/id:}
		afl_copy "$f" "$kind-afl-earlier-$role-${name%%,*}"
	done
	rm -rf -- "$work/afl/"*/crashes "$work/afl/"*/hangs
}

# afl_collect FINAL: copy AFL's new crashes and hangs, and the seeds its
# dry run skipped as crashing, into incoming/.
afl_collect() {
	local f role name log j
	for f in "$work"/afl/*/crashes/id:* "$work"/afl/*/hangs/id:*; do
		[[ -f $f && -z ${afl_seen[$f]:-} ]] || continue
		(($1)) || [[ ! $f -nt $work/.poll ]] || continue
		afl_seen[$f]=1
		role=${f#"$work"/afl/}
		role=${role%%/*}
		name=${f##*/id:}
		name=${name%%,*}
		case $f in */hangs/*) name=hang-afl-$role-$name ;; *) name=crash-afl-$role-$name ;; esac
		afl_copy "$f" "$name"
	done
	for j in "${!engine_logs[@]}"; do
		log=${engine_logs[j]}
		role=main
		((j)) && role=s$j
		while read -r name; do
			f=$work/afl/$role/queue/$name
			[[ -f $f && -z ${afl_seen[$f]:-} ]] || continue
			afl_seen[$f]=1
			afl_copy "$f" "crash-afl-$role-seed-${name##*orig:}"
		done < <(sed -n "s/.*Test case '\([^']*\)' results in a crash.*/\1/p" "$log" 2>/dev/null)
	done
}

# afl_progress: the jobs' queues and crashes as files (AFL++ writes its
# fuzzer_stats only once a minute), executions as of those stats.
afl_progress() {
	local q c h e
	q=$(find "$work"/afl/*/queue -maxdepth 1 -name 'id:*' 2>/dev/null | wc -l)
	c=$(find "$work"/afl/*/crashes -maxdepth 1 -name 'id:*' 2>/dev/null | wc -l)
	h=$(find "$work"/afl/*/hangs -maxdepth 1 -name 'id:*' 2>/dev/null | wc -l)
	e=$(awk -F' *: *' '$1 == "execs_done" { e += $2 } END { print e + 0 }' \
		"$work"/afl/*/fuzzer_stats 2>/dev/null) || e=0
	echo "afl, $jobs job(s): queue $q, crashes $c, hangs $h, ${e} execs by the last stats"
}
