# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the tests of scripts/.  Source it after setting work= (a
# scratch directory, made fresh here).
set -euo pipefail

failures=0
rm -rf -- "$work"
mkdir -p -- "$work"

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect_error PROG PATTERN CMD...: CMD exits 2, prints nothing on stdout
# and exactly one line on stderr, "PROG: ..." matching the regex PATTERN.
# With progress=1, an error once fuzzing has started: what scripts/fuzz
# printed as progress before it ("fuzz: tree ...", "fuzz: 10s: ...") is
# not counted.
progress=0
expect_error() {
	local prog=$1 pat=$2 rc=0
	shift 2
	"$@" >"$work/.stdout" 2>"$work/.all" </dev/null || rc=$?
	if ((progress)); then
		grep -avE "^$prog: (tree |[0-9]+s: )" "$work/.all" >"$work/.stderr" || true
	else
		mv "$work/.all" "$work/.stderr"
	fi
	if ((rc == 2)) && [[ ! -s $work/.stdout && $(wc -l <"$work/.stderr") == 1 ]] &&
		grep -qE -- "^$prog: .*($pat)" "$work/.stderr"; then
		echo "ok: $(cat "$work/.stderr")"
		return 0
	fi
	fail "$*: want exit 2 and one line '$prog: ...' matching /$pat/, got exit $rc:"
	sed 's/^/  stdout: /' "$work/.stdout"
	sed 's/^/  stderr: /' "$work/.stderr"
}

# sparse_tree SRC DEST: the files under test (and the Makefile) of SRC.
sparse_tree() {
	local f
	rm -rf -- "$2"
	for f in drivers/iommu/iova.c include/linux/iova.h lib/maple_tree.c \
		include/linux/maple_tree.h lib/rbtree.c include/linux/rbtree.h \
		include/linux/rbtree_augmented.h include/linux/rbtree_types.h \
		include/linux/rbtree_latch.h Makefile; do
		[[ -f $1/$f ]] || continue
		mkdir -p -- "$(dirname -- "$2/$f")"
		cp -- "$1/$f" "$2/$f"
	done
}

finish() {
	if ((failures)); then
		echo "$failures check(s) failed"
		exit 1
	fi
	echo "all checks passed"
}

# mode_args MODE: scripts/fuzz's options for a fault test's MODE (jobs1,
# jobs2, afl), in $args.
mode_args() {
	case $1 in
	jobs1) args=(--jobs 1) ;;
	jobs2) args=(--jobs 2) ;;
	afl) args=(--jobs 2 --engine afl) ;;
	*) echo "unknown mode $1"; exit 2 ;;
	esac
}

# descendants PID: PID and every process below it, one a line.
descendants() {
	local p
	echo "$1"
	for p in $(ps -o pid= --ppid "$1" 2>/dev/null); do
		descendants "$p"
	done
}

# start_fuzz LOG ARGS...: scripts/fuzz in the background (its pid in
# $fuzz_pid; with setsid=1, in a session and process group of its own),
# its stderr in LOG; wait_line LOG REGEX [SECONDS] waits until LOG has a
# line matching REGEX (fails after SECONDS, default 600).
start_fuzz() {
	local log=$1 s=()
	shift
	((${setsid:-0})) && s=(setsid)
	"${s[@]}" "$top/scripts/fuzz" --no-install "$@" >"$log.out" 2>"$log" </dev/null &
	fuzz_pid=$!
}

wait_line() {
	local i
	for ((i = 0; i < ${3:-600} * 10; i++)); do
		grep -qE -- "$2" "$1" 2>/dev/null && return 0
		kill -0 "$fuzz_pid" 2>/dev/null || { grep -qE -- "$2" "$1"; return; }
		sleep 0.1
	done
	return 1
}

# check_table WORK TREE: scripts/fuzz's output WORK is sound after any
# end (check_table.py), replayed with the tree's replayer in $IOVAFUZZ_BUILD.
check_table() {
	local ident replayer
	ident=$(basename -- "$(dirname -- "$1")")
	replayer=$(find "$IOVAFUZZ_BUILD/fuzz-$ident" -maxdepth 1 -type f \
		-name 'iovafuzz_replay_*' ! -name '*.*' | head -n 1)
	[[ -x $replayer ]] || { fail "no replayer for $ident"; return; }
	[[ -f $1/findings.tsv ]] || { fail "no $1/findings.tsv"; return; }
	python3 "$top/tests/scripts/check_table.py" "$1" "$2" -- "$replayer" ||
		fail "$1 is not sound (above)"
}
