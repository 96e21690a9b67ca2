#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# deterministic.sh NAME BUILD: two runs of scripts/repro on one long
# input of mutant NAME print the same report and write the same files,
# byte for byte (the upstream test patch too); and every committed mutant input replays the same
# (verdict and -v trace) in its text form as in its binary form.
set -euo pipefail
name=$1 build=$2
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
id=mut_${name//-/_}
replay=$build/tests/mutants/iovafuzz_replay_$id
work=$(mktemp -d "${TMPDIR:-/tmp}/repro-det.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
python3 "$top/tests/repro/make_long.py" "$top/corpus/regress/mutants/$name" \
	"$work/long" 200 -- "$replay"
for run in 1 2; do
	"$top/scripts/repro" "$work/long" --build "$build" --tree-id "$id" \
		--kernel-src "$build/mutants/$name" --out "$work/out" >"$work/report.$run"
	mkdir -p "$work/files.$run"
	cp -r "$work/out"/* "$work/files.$run/"
done
cmp "$work/report.1" "$work/report.2"
diff -r "$work/files.1" "$work/files.2"
echo "identical: $(head -n 1 "$work/report.1")"
n=0
for m in "$top"/corpus/regress/mutants/*; do
	b=$build/tests/mutants/iovafuzz_replay_mut_$(basename "$m" | tr -c 'A-Za-z0-9_\n' _)
	[[ -x $b ]] || continue
	"$build/fuzz/iovafuzz_prog" to-text "$m" >"$work/t.txt"
	"$b" -v "$m" 2>&1 | sed '1s/(.*bytes)//; s|^FAIL [^:]*:|FAIL:|; s|^ok   .*|ok|' >"$work/bin.out" || true
	"$b" -v "$work/t.txt" 2>&1 | sed '1s/(.*bytes)//; s|^FAIL [^:]*:|FAIL:|; s|^ok   .*|ok|' >"$work/txt.out" || true
	sed -i '1s/^== .*/==/; s/^input: .*//' "$work/bin.out" "$work/txt.out"
	grep -v "^==[0-9]" "$work/bin.out" | sed 's/0x[0-9a-f]\{12\}//g' >"$work/a"
	grep -v "^==[0-9]" "$work/txt.out" | sed 's/0x[0-9a-f]\{12\}//g' >"$work/b"
	cmp -s "$work/a" "$work/b" || { diff "$work/a" "$work/b" | head; echo "FAIL: $m: text and binary replay differ" >&2; exit 1; }
	n=$((n + 1))
done
((n > 0)) || { echo "FAIL: no mutant replayer built" >&2; exit 1; }
echo "text form replays like binary: $n inputs"
