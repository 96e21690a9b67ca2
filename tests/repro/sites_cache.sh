#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# sites_cache.sh BUILD: the replayer's BIN.sites (what the symbolizer
# said of each block, fuzz/iova/runner/sites.c) changes nothing a replay
# prints: the report of a finding is byte for byte the same without the
# file, with it, with one left by another binary (replaced), and where
# none can be written; and replays after the first start no symbolizer.
set -euo pipefail
build=$1
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sites.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# A copy of its own, so that no other test shares its cache.
mkdir "$work/bin"
cp "$build/tests/mutants/iovafuzz_replay_mut_reserve_returns_other" "$work/bin/r"
in=$top/corpus/regress/mutants/reserve-returns-other
run() { "$work/bin/r" "$in" >"$work/$1" 2>&1 || true; }

run cold
[[ -s $work/bin/r.sites ]] || fail "no r.sites written"
grep -q "^signature: reserve_iova: " "$work/cold" ||
	fail "not named by its cause: $(grep '^signature' "$work/cold")"
run warm
cmp "$work/cold" "$work/warm" || fail "report differs with the cache"
n=$(strace -f -e trace=execve "$work/bin/r" "$in" 2>&1 >/dev/null |
	grep -c 'execve("[^"]*symbolizer' || true)
((n == 0)) || fail "a warm replay started the symbolizer $n time(s)"

printf '1 2.3 4\n0\tnot_this\t/x/drivers/iommu/iova.c\t1\n' >"$work/bin/r.sites"
run stale
cmp "$work/cold" "$work/stale" || fail "report differs with a stale cache"
! grep -q not_this "$work/bin/r.sites" || fail "stale cache kept"

# A directory in its place: nothing can be read or written there (even
# as root, where permissions would not stop it).
rm -f "$work/bin/r.sites"
mkdir "$work/bin/r.sites"
run readonly
cmp "$work/cold" "$work/readonly" || fail "report differs with no cache"
echo "ok: one report with a cold, warm, stale and no cache"
