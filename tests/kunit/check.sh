#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# check.sh [options] -- COMMAND...: runs COMMAND (scripts/kunit) and checks
# what it printed.  Exit 0 if every check holds, else 1 with the reason.
#   --rc N         its exit status must be N
#   --line TEXT    stdout must have a line that is exactly TEXT
#   --no-line TEXT stdout must not have a line that is exactly TEXT
#   --match ERE    stdout must have a line matching ERE
#   --stderr TEXT  stderr must be exactly this one line
#   --twice        run it twice: stdout must be identical byte for byte
set -uo pipefail

rc_want=
lines=() nolines=() matches=()
stderr_want=
twice=0
while (($#)); do
	case $1 in
	--rc) rc_want=$2; shift 2 ;;
	--line) lines+=("$2"); shift 2 ;;
	--no-line) nolines+=("$2"); shift 2 ;;
	--match) matches+=("$2"); shift 2 ;;
	--stderr) stderr_want=$2; shift 2 ;;
	--twice) twice=1; shift ;;
	--) shift; break ;;
	*) echo "check.sh: unknown option $1" >&2; exit 2 ;;
	esac
done

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
fail() {
	echo "FAIL: $*"
	echo "--- stdout"; cat "$tmp/out"
	echo "--- stderr"; head -n 60 "$tmp/err"
	exit 1
}

"$@" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [[ -n $rc_want && $rc != "$rc_want" ]]; then
	fail "exit status $rc, expected $rc_want"
fi
for l in "${lines[@]}"; do
	grep -qxF -- "$l" "$tmp/out" || fail "no line: $l"
done
for l in "${nolines[@]}"; do
	! grep -qxF -- "$l" "$tmp/out" || fail "unexpected line: $l"
done
for m in "${matches[@]}"; do
	grep -qE -- "$m" "$tmp/out" || fail "no line matching: $m"
done
if [[ -n $stderr_want ]]; then
	[[ $(cat "$tmp/err") == "$stderr_want" ]] ||
		fail "stderr is not the one line: $stderr_want"
fi
if ((twice)); then
	"$@" >"$tmp/out2" 2>/dev/null
	cmp -s "$tmp/out" "$tmp/out2" || fail "second run printed something else: $(diff "$tmp/out" "$tmp/out2" | head -n 5)"
fi
echo "ok: $(grep -c '' "$tmp/out") lines, exit $rc"
