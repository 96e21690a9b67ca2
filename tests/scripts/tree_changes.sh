#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tree_changes.sh TOP BASE WORK BUILD: a tree whose files under test change
# while scripts/fuzz builds it, then while it fuzzes it.  The run notices
# (the files' hashes, as its build and output are named): exit 2 and one
# line; a build of files from before and after is thrown away, never
# used; findings.tsv says how the run ended and stays sound.
top=$1 base=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_OUT=$work/out
tree=$work/tree
sparse_tree "$base" "$tree"

# While it builds: a build directory of its own, so that the build takes
# long enough to change a file in it.
export IOVAFUZZ_BUILD=$work/build
start_fuzz "$work/build.err" --kernel-src "$tree" --jobs 1 --time 30
for ((i = 0; i < 600; i++)); do
	compgen -G "$work/build/fuzz-*/CMakeFiles/*.dir/*" >/dev/null && break
	sleep 0.1
done
echo "// changed while built" >>"$tree/drivers/iommu/iova.c"
rc=0
wait "$fuzz_pid" || rc=$?
if ((rc != 2)) || [[ $(wc -l <"$work/build.err") != 1 ]] ||
	! grep -q '^fuzz: the tree at .* changed while it was built' "$work/build.err"; then
	fail "changed while built: exit $rc, want 2 and one line:"
	cat "$work/build.err"
fi
dirs=$(find "$work/build" -maxdepth 1 -name 'fuzz-*' -type d | wc -l)
((dirs == 0)) || fail "the mixed build is still there: $(ls "$work/build")"

# While it fuzzes: the shared build of the base tree, the tree as the
# base again.
sparse_tree "$base" "$tree"
export IOVAFUZZ_BUILD=$4
start_fuzz "$work/fuzz.err" --kernel-src "$tree" --jobs 2 --time 60
wait_line "$work/fuzz.err" '^fuzz: tree ' || fail "fuzzing never started"
sleep 2
echo "// changed while fuzzed" >>"$tree/include/linux/iova.h"
rc=0
wait "$fuzz_pid" || rc=$?
last=$(tail -n 1 "$work/fuzz.err")
if ((rc != 2)) || [[ $last != "fuzz: the tree at "*" changed during the run"* ]]; then
	fail "changed while fuzzed: exit $rc, want 2, last line: $last"
	cat "$work/fuzz.err"
fi
out=$(echo "$work"/out/*/iova)
grep -q '^# run: fuzzed [0-9]*s of 60s: cut short: the tree changed' "$out/findings.tsv" ||
	fail "findings.tsv's run line: $(tail -n 1 "$out/findings.tsv")"
check_table "$out" "$base"
finish
