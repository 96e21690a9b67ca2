#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# complaint.sh BUILD [c|kunit]: what kernel code says is a failure of the
# reproducers scripts/repro writes.  The committed program of the maple
# port on a lib/maple_tree.c that WARNs in mas_nomem()
# (tests/mutants/maple/port-nomem-warn-extern-lock.txt) breaks no
# contract a caller sees: only the WARN shows the bug.  Then
#   c:     its C reproducer exits 1 on the mutant, naming the WARN by its
#          signature and place, and 0 on 6.12;
#   kunit: its KUnit case fails under scripts/kunit on the mutant with a
#          diagnostic line naming the WARN, and passes on 6.12.
set -euo pipefail
build=$(CDPATH='' cd -- "$1" && pwd)
what=${2:-c}
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
name=port-nomem-warn-extern-lock
id=mut_${name//-/_}
src=$build/mutants/$name
base=$HOME/.cache/iovafuzz/linux-6.12
[[ -z ${IOVAFUZZ_CACHE:-} ]] || base=$IOVAFUZZ_CACHE/linux-6.12
input=$top/tests/mutants/maple/$name.txt
work=$(mktemp -d "${TMPDIR:-/tmp}/repro-complaint.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
warn='WARN mas_nomem at lib/maple_tree.c:[0-9]+: !gfpflags_allow_blocking'

"$top/scripts/repro" "$input" --build "$build" --tree-id "$id" \
	--kernel-src "$src" --out "$work/out" >"$work/report.txt" 2>&1 ||
	{ cat "$work/report.txt"; fail "scripts/repro failed"; }
grep -q "^signature: *WARN mas_nomem$" "$work/report.txt" ||
	{ cat "$work/report.txt"; fail "the report is not WARN mas_nomem"; }

if [[ $what == c ]]; then
	for t in "$id $src mutant" "6_12 $base 6.12"; do
		read -r tid tsrc tname <<<"$t"
		"$top/scripts/repro" --build-c "$work/out/repro.c" --build "$build" \
			--tree-id "$tid" --kernel-src "$tsrc" -o "$work/on-$tid" 2>/dev/null
		rc=0
		"$work/on-$tid" >"$work/$tid.out" 2>&1 || rc=$?
		if [[ $tname == mutant ]]; then
			((rc == 1)) || { cat "$work/$tid.out"; fail "C reproducer exits $rc on the mutant, not 1"; }
			grep -m1 -E "^repro: op #[0-9]+ .*: $warn" "$work/$tid.out" ||
				{ cat "$work/$tid.out"; fail "C reproducer does not name the WARN"; }
		else
			((rc == 0)) || { cat "$work/$tid.out"; fail "C reproducer fails on 6.12"; }
		fi
	done
	exit 0
fi
if [[ ! -x $top/scripts/kunit ]]; then
	echo "SKIP: no scripts/kunit"
	exit 77
fi
export IOVAFUZZ_BUILD=$build/repro-kunit
rc=0
"$top/scripts/kunit" --no-install --kernel-src "$src" "$work/out/repro_kunit.c" >"$work/k-mut.out" 2>&1 || rc=$?
((rc == 1)) || { cat "$work/k-mut.out"; fail "KUnit case: exit $rc on the mutant, not 1"; }
grep -m1 -E "^    # [a-z0-9_]+: $warn" "$work/k-mut.out" ||
	{ cat "$work/k-mut.out"; fail "no KTAP line names the WARN"; }
"$top/scripts/kunit" --no-install --kernel-src "$base" "$work/out/repro_kunit.c" >"$work/k-612.out" 2>&1 ||
	{ cat "$work/k-612.out"; fail "KUnit case fails on 6.12"; }
