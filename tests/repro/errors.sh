#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# errors.sh BUILD: bad input to the converter, the replayer and
# scripts/repro is one line naming file, line and column, exit 2; an
# input that passes is exit 1 for scripts/repro ("no finding").
set -uo pipefail
build=$1
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
base=${IOVAFUZZ_CACHE:-$HOME/.cache/iovafuzz}/linux-6.12
work=$(mktemp -d "${TMPDIR:-/tmp}/repro-errors.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
failed=0

# expect RC PATTERN CMD...: CMD exits RC with one stderr line matching.
expect() {
	local rc=$1 pat=$2 got err
	shift 2
	"$@" >"$work/out" 2>"$work/err"
	got=$?
	err=$(cat "$work/err")
	if ((got != rc)) || [[ $(wc -l <"$work/err") -ne 1 ]] ||
		! grep -qE -e "$pat" "$work/err"; then
		echo "FAIL: $*: exit $got, stderr: $err" >&2
		failed=1
	else
		echo "ok: $* -> $rc: $err"
	fi
}

printf 'iovafuzz-program 1 iova\ndomain(cpus=1)\nalloc_iova(size=0, limit=dma32-1, aligned=0)\n' >"$work/bad.txt"
printf '# what it is\niovafuzz-program 1 iova\ndomain()\nfind_iova(live=0, off=0)\n' >"$work/pass.txt"
printf 'iovafuzz-program 9 iova\n' >"$work/version.txt"
prog=$build/fuzz/iovafuzz_prog
replay=$build/iovafuzz_replay_6_12
expect 2 "bad.txt:3:12: alloc_iova: size" "$prog" to-bin "$work/bad.txt" "$work/x"
expect 2 "version.txt:1:1: format version 9" "$prog" to-text "$work/version.txt"
expect 2 "no-such: No such file" "$prog" to-text "$work/no-such"
expect 2 "bad.txt:3:12: alloc_iova: size" "$replay" "$work/bad.txt"
expect 2 "bad.txt:3:12: alloc_iova: size" "$top/scripts/repro" "$work/bad.txt" \
	--build "$build" --tree-id 6_12 --kernel-src "$base"
expect 1 "reproduces no finding" "$top/scripts/repro" "$work/pass.txt" \
	--build "$build" --tree-id 6_12 --kernel-src "$base"
expect 2 "unknown option: --frob" "$top/scripts/repro" --frob
expect 2 "reproducers are for iova and maple_contract" "$top/scripts/repro" "$work/pass.txt" --target frob
expect 2 "maple_contract has no C reproducers" "$top/scripts/repro" --build-c "$work/pass.txt" --target maple_contract
expect 2 "--build and --tree-id go together" "$top/scripts/repro" "$work/pass.txt" --build "$build"
# A text program replays like its binary form.
"$replay" "$work/pass.txt" >/dev/null || { echo "FAIL: pass.txt does not pass" >&2; failed=1; }
exit $failed
