#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# uml_interrupted.sh TOP WORK: scripts/kunit --uml keeps one working copy
# and build of a tree between runs.  A run that stops after applying part
# of its series (here a patch that does not apply after one that does;
# kill -9 leaves the same) must not leave the next run with objects built
# from a patched file: the next run, without that patch, passes.  On a
# made-up tree whose kunit.py (tests/scripts/uml/kunit.py) builds as make
# does, by timestamps, and fails if an object holds the patched text.
top=$1 work=$2
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_CACHE=$work/cache
# The made-up tree builds nothing with them: stand-ins where they are
# missing (a machine that never built UML).
mkdir -p -- "$work/bin"
for t in flex bison bc; do
	command -v "$t" >/dev/null || ln -sf /bin/true "$work/bin/$t"
done
export PATH=$PATH:$work/bin
# rsync it uses: installed as scripts/kunit --uml installs it.
(. "$top/scripts/lib/common.sh"; iovafuzz_ensure_packages rsync) || exit 1
uml=$top/scripts/lib/kunit_uml.sh
tree=$work/tree
mkdir -p -- "$tree/lib" "$tree/arch/um" "$tree/tools/testing/kunit"
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n' >"$tree/Makefile"
cp -- "$top/tests/scripts/uml/kunit.py" "$tree/tools/testing/kunit/"
echo original >"$tree/lib/x.c"
echo kunitconfig >"$tree/lib/.kunitconfig"
touch -d '2020-01-01' "$tree/lib/x.c"
# patch FILE OLD NEW: a one-line diff of lib/FILE.
patch_of() {
	printf -- '--- a/lib/%s\n+++ b/lib/%s\n@@ -1 +1 @@\n-%s\n+%s\n' "$1" "$1" "$2" "$3"
}
patch_of x.c original patched >"$work/patched.patch"
patch_of x.c nothing-like-this other >"$work/bad.patch"
printf -- '--- /dev/null\n+++ b/lib/y.txt\n@@ -0,0 +1 @@\n+harmless\n' >"$work/harmless.patch"

run() {
	local want=$1 rc=0
	shift
	bash "$uml" "$tree" lib/.kunitconfig "$@" >"$work/out" 2>&1 || rc=$?
	echo "kunit_uml.sh ${*##*/}: exit $rc: $(tail -n 1 "$work/out")"
	((rc == want)) || { fail "exit $rc, want $want"; cat "$work/out"; }
}
run 1 "$work/patched.patch"	# built from the patched file: fails
run 2 "$work/patched.patch" "$work/bad.patch"	# stops after the first
run 0 "$work/harmless.patch"	# the tree as it is: passes
run 0 "$work/harmless.patch"	# and again, nothing left to rebuild
finish
