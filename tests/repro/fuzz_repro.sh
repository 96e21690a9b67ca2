#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# fuzz_repro.sh BUILD: scripts/fuzz --repro on mutant align-ilog2 stops at
# its finding (exit 1) and leaves scripts/repro's files next to it; the
# C reproducer there fails on the mutant.
set -uo pipefail
build=$(CDPATH='' cd -- "$1" && pwd)
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
tree=$build/mutants/align-ilog2
export IOVAFUZZ_BUILD=$build/repro-fuzz IOVAFUZZ_OUT=$build/repro-fuzz-out
rm -rf -- "$IOVAFUZZ_OUT"
"$top/scripts/fuzz" --kernel-src "$tree" --jobs 1 --time 120 --repro --no-install \
	>"$build/repro-fuzz.out" 2>"$build/repro-fuzz.err"
rc=$?
((rc == 1)) || { cat "$build/repro-fuzz.err"; echo "FAIL: scripts/fuzz exit $rc, not 1" >&2; exit 1; }
grep -m1 "reproducers: " "$build/repro-fuzz.err" ||
	{ cat "$build/repro-fuzz.err"; echo "FAIL: no reproducers line" >&2; exit 1; }
d=$(find "$IOVAFUZZ_OUT" -path '*/findings/*/repro' -type d | head -n 1)
for f in report.txt min.txt min.bin repro.c repro_kunit.c; do
	[[ -s $d/$f ]] || { echo "FAIL: no $d/$f" >&2; exit 1; }
done
"$top/scripts/repro" --build-c "$d/repro.c" --kernel-src "$tree" -o "$d/repro" --no-install
if "$d/repro"; then
	echo "FAIL: $d/repro.c passes on the mutant" >&2
	exit 1
fi
echo "ok: $(head -n 1 "$d/report.txt")"
