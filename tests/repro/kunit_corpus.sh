#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kunit_corpus.sh BUILD: the generated KUnit cases of corpus/kunit/ pass
# under scripts/kunit on 6.12 and 6.1, and the case of a mutant fails on
# that mutant's tree.
set -uo pipefail
build=$(CDPATH='' cd -- "$1" && pwd)
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
export IOVAFUZZ_BUILD=$build/repro-kunit
failed=0
for k in 6.12 6.1; do
	if "$top/scripts/kunit" --no-install --kernel "$k" >"$build/repro-kunit.$k.out" 2>&1; then
		echo "ok: corpus/kunit on $k: $(grep -c '^ok ' "$build/repro-kunit.$k.out") suites pass"
	else
		grep -E "^not ok|ASSERTION|crashed" "$build/repro-kunit.$k.out" | head
		echo "FAIL: corpus/kunit on $k" >&2
		failed=1
	fi
done
m=align-ilog2
if [[ -d $build/mutants/$m ]]; then
	if "$top/scripts/kunit" --no-install --kernel-src "$build/mutants/$m" \
		"$top/corpus/kunit/iova_${m//-/_}_kunit.c" >"$build/repro-kunit.mut.out" 2>&1; then
		echo "FAIL: corpus/kunit/iova_${m//-/_}_kunit.c passes on mutant $m" >&2
		failed=1
	else
		echo "ok: its case fails on mutant $m: $(grep -m1 'not aligned' "$build/repro-kunit.mut.out")"
	fi
fi
exit $failed
