#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/kunit --uml: test patches run in a real kernel, the tree's own
# tools/testing/kunit/kunit.py on User Mode Linux.  The tree is copied
# (one working copy and one build directory per tree, under
# $CACHE/uml/<version>-<hash>/, so a second run rebuilds only what the
# patches change), the patches are applied in order, and kunit.py runs
# with the .kunitconfig they add (or --kunitconfig).
#
#   kunit_uml.sh TREE KUNITCONFIG|- PATCH...
#
# Prints kunit.py's results and a last line "uml: N tests: P passed,
# F failed, S skipped (build Ts, run Ts)".  Exit 0 every case passed,
# 1 a case failed, 2 a setup, apply, config or build error (one line).
set -euo pipefail
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
. "$here/common.sh"

(($# >= 3)) || die "usage: kunit_uml.sh TREE KUNITCONFIG|- PATCH..."
tree=$1 kconf=$2
shift 2
[[ -f $tree/tools/testing/kunit/kunit.py && -d $tree/arch/um ]] ||
	die "$tree is not a full kernel tree (no tools/testing/kunit/kunit.py or arch/um): UML needs one"
for tool in flex bison bc make gcc python3 rsync; do
	command -v "$tool" >/dev/null ||
		die "missing $tool for a UML build (apt-get install flex bison bc make gcc rsync)"
done

ver=$(iovafuzz_kernel_version "$tree")
hash=$(realpath -- "$tree" | sha256sum)
work=$(iovafuzz_cache_dir)/uml/$ver-${hash:0:8}
src=$work/src
mkdir -p -- "$work" || die "cannot create $work"
exec {lock}>"$work.lock"
flock "$lock"

# The working copy is the tree again, timestamps kept, so the objects
# of the last run stay valid; what the last run's patches changed is
# touched after the copy, as it differs from what was built.  A run
# killed (or failing) while it applied them never listed them: then every
# file the copy had to bring back is touched.
rsync -a --delete --exclude=.git --out-format='%n' -- "$tree/" "$src/" \
	>"$work/copied" || die "cannot copy $tree to $src"
changed=$work/patched
[[ ! -e $work/applying ]] || changed=$work/copied
if [[ -f $changed ]]; then
	(cd -- "$src" && { grep -v '/$' "$changed" || true; } |
		xargs -r -d '\n' touch -c --) ||
		die "cannot touch the files the last run patched in $src"
fi
touch -- "$work/applying"
: >"$work/patched"
for p in "$@"; do
	[[ -f $p && -r $p ]] || die "no readable patch file $p"
done
# The series as scripts/premerge reads one, applied in place.
out=$(python3 "$here/premerge_series.py" apply --dest "$src" \
	--save "$work/series" "$@" 2>&1) || { out=${out##*$'\n'}; die "${out#premerge: }"; }
sed -nE 's/^patch [0-9]+\/[0-9]+: .*: ([^:]*)$/\1/p' <<<"$out" | tr ' ' '\n' \
	>"$work/patched"
rm -f -- "$work/applying"

# The .kunitconfig: as asked, else the first one a patch adds.
if [[ $kconf == - ]]; then
	kconf=$(grep -m1 'kunitconfig$' "$work/patched" || true)
	[[ -n $kconf ]] ||
		die "no patch adds a .kunitconfig: give --kunitconfig PATH (relative to the tree)"
fi
[[ -f $src/$kconf || -d $src/$kconf ]] || die "no $kconf in the tree"

kunit=(python3 tools/testing/kunit/kunit.py)
opts=(--arch=um --build_dir="$work/build" --kunitconfig="$kconf")
log=$work/log
cd -- "$src"
t0=$SECONDS
if ! "${kunit[@]}" config "${opts[@]}" >"$log" 2>&1; then
	why=$(grep -m1 -E 'Missing: |ERROR' "$log" || tail -n 1 "$log")
	die "config failed: $why (log: $log)"
fi
if ! "${kunit[@]}" build "${opts[@]}" --jobs="$(nproc)" >>"$log" 2>&1; then
	die "build failed: $(grep -m1 -E 'error:|Error [0-9]' "$log" || tail -n 1 "$log") (log: $log)"
fi
t1=$SECONDS
rc=0
"${kunit[@]}" exec "${opts[@]}" --timeout=600 >"$work/results" 2>&1 || rc=$?
t2=$SECONDS
cat -- "$work/results"
total=$(grep -oE 'Ran [0-9]+ tests?' "$work/results" | tail -n 1 | grep -oE '[0-9]+' || true)
[[ -n $total ]] || die "kunit.py printed no results (log: $work/results)"
count() { grep -oE "$1: [0-9]+" "$work/results" | tail -n 1 | grep -oE '[0-9]+' || echo 0; }
printf 'uml: %s tests: %s passed, %s failed, %s skipped (build %ds, run %ds)\n' \
	"$total" "$(count passed)" "$(count failed)" "$(count skipped)" \
	$((t1 - t0)) $((t2 - t1))
((rc == 0)) || exit 1
