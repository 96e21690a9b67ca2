#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make_regress.sh BUILD NAME CRASH: minimize a crash input found on mutant
# NAME (keeping its signature) and keep it as corpus/regress/mutants/NAME,
# after checking that it is still caught on the mutant and passes on every
# unmodified tree built in BUILD.  Exit 0, or 2 with one line on stderr.
set -euo pipefail

die() {
	echo "make_regress: $*" >&2
	exit 2
}

(($# == 3)) || die "usage: $0 BUILD NAME CRASH"
build=$1 name=$2 crash=$3
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
[[ -f $crash ]] || die "no crash input $crash"
id=mut_${name//[^A-Za-z0-9_]/_}
dir=$build/tests/mutants
[[ -x $dir/iovafuzz_replay_$id ]] || dir=$build/ports	# mutants of the port
[[ -x $dir/iovafuzz_replay_$id ]] || dir=$build/tests/variants	# of a variant
replay=$dir/iovafuzz_replay_$id
[[ -x $replay ]] || die "no $replay: build mutant $name in $build first"
tree=$build/mutants/$name	# where cmake/mutants.cmake patched it
out=$top/corpus/regress/mutants/$name
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rc=0
python3 "$top/scripts/lib/findings.py" minimize --tree "$tree" --header 2 \
	-o "$tmp/min" "$crash" -- "$replay" >"$tmp/sig" || rc=$?
((rc != 1)) || die "$crash is not caught on $name"
((rc == 0)) || exit 2
for clean in "$build"/iovafuzz_replay_* "$build"/ports/iovafuzz_replay_port_*; do
	[[ -x $clean && $clean != *_plain ]] || continue
	"$clean" "$tmp/min" >/dev/null 2>&1 ||
		die "$crash also fails on ${clean##*/}"
done
mkdir -p "${out%/*}"
cp "$tmp/min" "$out"
echo "$name: $(wc -c <"$out") bytes: $(cat "$tmp/sig")"
