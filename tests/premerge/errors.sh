#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# errors.sh TOP BASE WORK: scripts/premerge's usage and apply errors are
# exit 2 and one line, naming the patch, its first failing file and hunk;
# the two-patch mbox applies in order (the tree is git am's result) and,
# its messages swapped, stops at the first that does not apply; a file
# outside the files under test is skipped on a sparse base, patched on a
# full one and, missing from a full one, named.  Nothing is built: these
# stop before the build.
top=$1 base=$2 work=$3
. "$top/tests/scripts/lib.sh"
pm=$top/scripts/premerge
d=$top/tests/premerge
export IOVAFUZZ_OUT=$work/out IOVAFUZZ_BUILD=$work/build

expect_error premerge 'no series' "$pm" --no-install --base "$base"
expect_error premerge 'give one base' "$pm" --no-install --series "$d/refuse-large.patch"
expect_error premerge 'no readable file .*/nope.patch' \
	"$pm" --no-install --base "$base" --series "$work/nope.patch"
expect_error premerge 'wants a positive number' \
	"$pm" --no-install --base "$base" --series "$d/refuse-large.patch" --jobs 0
expect_error premerge 'kernel tree not found' \
	"$pm" --no-install --base "$work/no-tree" --series "$d/refuse-large.patch"
expect_error premerge 'does-not-apply.patch does not apply: drivers/iommu/iova.c hunk #2 \(at line [0-9]+\)$' \
	"$pm" --no-install --base "$base" --series "$d/does-not-apply.patch"
# One run at a time on an output directory: another holds its lock.
flock "$work/locked.lock" sleep 60 &
holder=$!
sleep 0.5
expect_error premerge "another premerge is using $work/locked" \
	"$pm" --no-install --base "$base" --series "$d/two-patches.mbox" \
	--apply-only --out "$work/locked"
kill "$holder" 2>/dev/null || true
printf 'not a patch\n' >"$work/garbage.patch"
expect_error premerge 'garbage.patch does not apply: no diff in it' \
	"$pm" --no-install --base "$base" --series "$work/garbage.patch"

# In order: both comments' lines as git am leaves them.
rc=0
"$pm" --no-install --base "$base" --series "$d/two-patches.mbox" --apply-only \
	--out "$work/in-order" >"$work/stdout" 2>"$work/stderr" || rc=$?
cat "$work/stderr" "$work/stdout"
((rc == 0)) || fail "two-patches.mbox: exit $rc, want 0"
[[ $(grep -c '^premerge: patch [12]/2: two-patches.mbox message [12] (\[PATCH [12]/2\]' "$work/stderr") == 2 ]] ||
	fail "two-patches.mbox: not one line per patch"
tree=$(cut -d' ' -f1 "$work/stdout")
grep -q 'Allocated before the search takes the lock: it may sleep' "$tree/drivers/iommu/iova.c" ||
	fail "patch 2's change is not in the tree"
grep -q 'The node is allocated before' "$tree/drivers/iommu/iova.c" &&
	fail "patch 1's line is still in the tree"
[[ $(find "$work/in-order/series" -name '*.patch' | wc -l) == 2 ]] ||
	fail "the series was not saved as two patches"

# Swapped: the second patch first does not apply.
awk '/^From 2222/ { second = 1 } second { print > B; next } { print > A }' \
	A="$work/first" B="$work/second" "$d/two-patches.mbox"
cat "$work/second" "$work/first" >"$work/swapped.mbox"
expect_error premerge 'swapped.mbox message 1 \(\[PATCH 2/2\] .*\) does not apply: drivers/iommu/iova.c hunk #1' \
	"$pm" --no-install --base "$base" --series "$work/swapped.mbox"
# Two files in order are one series, too.
rc=0
"$pm" --no-install --base "$base" --series "$work/first" "$work/second" --apply-only \
	--out "$work/two-files" >"$work/stdout" 2>"$work/stderr" || rc=$?
((rc == 0)) || fail "two files: exit $rc: $(cat "$work/stderr")"
cmp -s "$tree/drivers/iommu/iova.c" "$work/two-files/tree/drivers/iommu/iova.c" ||
	fail "two files give another tree than the mbox"

# A file outside the files under test: skipped with a note on a sparse
# base; patched in a full one (a MAINTAINERS file at the top); on a full
# tree without it, exit 2 naming it.
{
	printf -- '--- a/drivers/iommu/dma-iommu.c\n+++ b/drivers/iommu/dma-iommu.c\n'
	printf -- '@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n'
	sed -n '/^--- a/,$p' "$d/refuse-large.patch"
} >"$work/two-files.patch"
rc=0
"$pm" --no-install --base "$base" --series "$work/two-files.patch" --apply-only \
	--out "$work/sparse" >/dev/null 2>"$work/stderr" || rc=$?
((rc == 0)) || fail "two files on a sparse base: exit $rc"
grep -q 'not in the sparse base, skipped: drivers/iommu/dma-iommu.c$' "$work/stderr" ||
	fail "no note of the skipped file: $(cat "$work/stderr")"
sparse_tree "$base" "$work/full"
echo MAINTAINERS >"$work/full/MAINTAINERS"
printf 'one\ntwo\nthree\n' >"$work/full/drivers/iommu/dma-iommu.c"
rc=0
"$pm" --no-install --base "$work/full" --series "$work/two-files.patch" --apply-only \
	--out "$work/full-out" >/dev/null 2>"$work/stderr" || rc=$?
((rc == 0)) || fail "two files on a full base: exit $rc: $(cat "$work/stderr")"
grep -qx 2 "$work/full-out/tree/drivers/iommu/dma-iommu.c" ||
	fail "dma-iommu.c not patched in the full base's copy"
rm -- "$work/full/drivers/iommu/dma-iommu.c"
expect_error premerge 'two-files.patch does not apply: drivers/iommu/dma-iommu.c: no such file in the tree$' \
	"$pm" --no-install --base "$work/full" --series "$work/two-files.patch"

# A mail whose mailer ate the space before tab-indented context lines
# (seed 002's is one) applies as GNU patch applies it, to the same tree.
sed -E 's/^ (\t)/\1/' "$d/refuse-large.patch" >"$work/mangled.patch"
cmp -s "$d/refuse-large.patch" "$work/mangled.patch" &&
	fail "refuse-large.patch has no tab-indented context line to mangle"
for p in refuse-large mangled; do
	f=$d/refuse-large.patch
	[[ $p == mangled ]] && f=$work/mangled.patch
	rc=0
	"$pm" --no-install --base "$base" --series "$f" --apply-only \
		--out "$work/$p" >/dev/null 2>"$work/stderr" || rc=$?
	((rc == 0)) || fail "$p: exit $rc: $(cat "$work/stderr")"
done
cmp -s "$work/refuse-large/tree/drivers/iommu/iova.c" \
	"$work/mangled/tree/drivers/iommu/iova.c" ||
	fail "the mangled mail gives another tree"
finish
