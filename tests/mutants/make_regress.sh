#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make_regress.sh BUILD NAME CRASH: minimize a crash input found on mutant
# NAME and keep it as corpus/regress/mutants/NAME, after checking that it
# is still caught on the mutant and passes on every unmodified tree built
# in BUILD.
set -euo pipefail
build=$1 name=$2 crash=$3
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
id=mut_${name//[^A-Za-z0-9_]/_}
dir=$build/tests/mutants
[[ -x $dir/iovafuzz_fuzz_$id ]] || dir=$build/ports	# mutants of the port
fuzz=$dir/iovafuzz_fuzz_$id
replay=$dir/iovafuzz_replay_$id
out=$top/corpus/regress/mutants/$name
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cp "$crash" "$tmp/min"
"$fuzz" -minimize_crash=1 -runs=20000 -exact_artifact_path="$tmp/min" \
	"$crash" >"$tmp/log" 2>&1 || true
if "$replay" "$tmp/min" >"$tmp/report" 2>&1; then
	cp "$crash" "$tmp/min"		# minimizing lost it: keep the original
	"$replay" "$tmp/min" >"$tmp/report" 2>&1 && {
		echo "make_regress: $crash is not caught on $name" >&2; exit 1; }
fi
for clean in "$build"/iovafuzz_replay_* "$build"/ports/iovafuzz_replay_port_*; do
	[[ $clean == *_plain ]] && continue
	"$clean" "$tmp/min" >/dev/null 2>&1 || {
		echo "make_regress: $crash also fails on ${clean##*/}" >&2; exit 1; }
done
mkdir -p "${out%/*}"
cp "$tmp/min" "$out"
echo "$name: $(wc -c <"$out") bytes: $(grep -m1 -E '^iovafuzz:|ERROR: [A-Za-z]+Sanitizer|runtime error' "$tmp/report")"
