#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# validate_every.sh BUILD: a broken maple tree is reported where it broke.
# rebalance-one-short.txt makes a deficient node (mutant rebalance-one-short)
# at the op its "# found:" line names, not a 16th one.  A replay of the
# maple_contract target validates after every op, so it names that op;
# at the fuzzing cadence (IOVAFUZZ_VALIDATE_EVERY=0: every 16th op and the
# last) the same finding comes later.  scripts/repro then shrinks the
# program to that op, the last: below the next multiple of 16 ops, which
# a check every 16th op could not go under.
set -euo pipefail
build=$1
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../../.." && pwd)
name=rebalance-one-short
id=mut_${name//-/_}
bin=$build/tests/mutants/iovafuzz_fuzz_maple_contract_$id
prog=$top/tests/mutants/maple/$name.txt
work=$(mktemp -d "${TMPDIR:-/tmp}/validate-every.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -x $bin ]] || fail "no $bin"
unset IOVAFUZZ_KNOWN IOVAFUZZ_VALIDATE_EVERY

# "# found: SIGNATURE in op #N"
found=$(sed -n '1s/^# found: //p' "$prog")
want_sig=${found% in op #*}
want_op=${found##* in op #}
[[ -n $want_sig && $want_op =~ ^[0-9]+$ ]] || fail "$prog: no '# found: ... in op #N'"
(((want_op + 1) % 16)) || fail "$prog breaks at op #$want_op, a 16th op"

title() { grep -m1 '^iovafuzz: ' "$1" || true; }

"$bin" "$prog" >"$work/replay" 2>&1 && fail "the replay passes"
got=$(title "$work/replay")
echo "replay:  $got"
[[ $got == "iovafuzz: $want_sig in op #$want_op"* ]] ||
	fail "the replay reports '$got', not '$want_sig' in op #$want_op"

IOVAFUZZ_VALIDATE_EVERY=0 "$bin" "$prog" >"$work/cadence" 2>&1 || true
late=$(title "$work/cadence")
echo "cadence: ${late:-nothing}"
[[ $late != *" in op #$want_op"* ]] ||
	fail "every 16th op reports op #$want_op too: the program proves nothing"

"$top/scripts/repro" --target maple_contract "$prog" --build "$build" \
	--tree-id "$id" --kernel-src "$build/mutants/$name" \
	--out "$work/out" >"$work/report.txt"
ops=$(grep -cvE '^(#|iovafuzz-program|[[:space:]]*$)' "$work/out/min.txt")
last=$((ops - 1))
head -n 1 "$work/report.txt"
echo "minimized: $ops ops"
((ops <= want_op + 1 && ops % 16)) ||
	fail "minimized to $ops ops, not at most $((want_op + 1)) and no multiple of 16"
grep -q "^iovafuzz: $want_sig in op #$last" "$work/report.txt" ||
	fail "the minimized report does not name its last op, #$last"
