#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# mutant.sh NAME BUILD: scripts/repro on a long (>= 200 ops) failing
# input of mutant NAME reaches at most 12 ops (or the committed input's
# count + 2) with the same signature within 60 s; then, from that one
# minimization,
#   its C reproducer builds, exits 1 on the mutant, 0 on 6.12;
#   its KUnit case fails under scripts/kunit on the mutant and passes on
#   6.12.
set -euo pipefail
name=$1 build=$2
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
id=mut_${name//-/_}
src=$build/mutants/$name
base=$HOME/.cache/iovafuzz/linux-6.12
[[ -z ${IOVAFUZZ_CACHE:-} ]] || base=$IOVAFUZZ_CACHE/linux-6.12
replay=$build/tests/mutants/iovafuzz_replay_$id
work=$(mktemp -d "${TMPDIR:-/tmp}/repro-$name.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
fail() { echo "FAIL: $name: $*" >&2; exit 1; }
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:report_error_type=1}

regress=$top/corpus/regress/mutants/$name
python3 "$top/tests/repro/make_long.py" "$regress" "$work/long" 200 -- "$replay"
want=$(python3 "$top/scripts/lib/findings.py" signature - < <("$replay" "$work/long" 2>&1 || true))
start=$(date +%s)
"$top/scripts/repro" "$work/long" --build "$build" --tree-id "$id" \
	--kernel-src "$src" --out "$work/out" >"$work/report.txt"
secs=$(($(date +%s) - start))
ops=$(( ($(stat -c %s "$work/out/min.bin") - 2) / 4 ))
known=$(( ($(stat -c %s "$regress") - 2) / 4 ))
limit=$((known + 2 > 12 ? known + 2 : 12))
got=$(python3 "$top/scripts/lib/findings.py" signature - < <("$replay" "$work/out/min.bin" 2>&1 || true))
echo "$name: $ops ops (limit $limit) in ${secs}s: $got"
((secs <= 60)) || fail "took ${secs}s"
((ops <= limit)) || fail "$ops ops left"
[[ $got == "$want" ]] || fail "minimized to '$got', not '$want'"
grep -q "^iovafuzz: " "$work/report.txt" || fail "no report title"

"$top/scripts/repro" --build-c "$work/out/repro.c" --build "$build" \
	--tree-id "$id" --kernel-src "$src" -o "$work/on-mutant"
"$top/scripts/repro" --build-c "$work/out/repro.c" --build "$build" \
	--tree-id 6_12 --kernel-src "$base" -o "$work/on-6.12"
rc=0
"$work/on-mutant" >"$work/mutant.out" 2>&1 || rc=$?
((rc == 1)) || { cat "$work/mutant.out"; fail "C reproducer exits $rc on the mutant, not 1"; }
grep -m1 -E "^repro: |ERROR: |runtime error" "$work/mutant.out"
"$work/on-6.12" >"$work/612.out" 2>&1 ||
	{ cat "$work/612.out"; fail "C reproducer fails on 6.12"; }

# scripts/kunit's builds: in this build directory, not the default one.
export IOVAFUZZ_BUILD=$build/repro-kunit
rc=0
"$top/scripts/kunit" --no-install --kernel-src "$src" "$work/out/repro_kunit.c" >"$work/k-mut.out" 2>&1 || rc=$?
((rc == 1)) || { cat "$work/k-mut.out"; fail "KUnit case: exit $rc on the mutant, not 1"; }
"$top/scripts/kunit" --no-install --kernel-src "$base" "$work/out/repro_kunit.c" >"$work/k-612.out" 2>&1 ||
	{ cat "$work/k-612.out"; fail "KUnit case fails on 6.12"; }
grep -m1 "# Totals" "$work/k-mut.out" || true
