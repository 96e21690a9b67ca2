#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# check.sh [--update] REPLAY TREE_SRC CHECKS: the committed inputs (seeds
# and the regression corpus) replay on this tree with the traces they gave
# when tests/traces/<tree identity>.<CHECKS>.sha256 was written (CHECKS:
# full, or api for a tree built with API-level checks only), byte for
# byte: the op
# trace of -v and of -e -v (stdout), and the exit status.  A rework of the
# runner that changes nothing a user sees passes; one that changes a
# single character of a trace, or when a full check runs, does not.
#
# Without a file for the tree's files (VERSION-HASH: another release, or
# files changed) the test is skipped (exit 77), saying so; --update writes
# it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
update=0
if [[ ${1:-} == --update ]]; then
	update=1
	shift
fi
if [[ $# -ne 3 || ! -x $1 || ! -d $2 || ! $3 =~ ^(full|api)$ ]]; then
	echo "usage: check.sh [--update] REPLAY TREE_SRC full|api" >&2
	exit 2
fi
replay=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
# shellcheck source=../../scripts/lib/common.sh
source "$root/scripts/lib/common.sh"
ident=$(iovafuzz_tree_ident "$2") || {
	echo "traces: cannot name the tree at $2" >&2
	exit 2
}
# Found by the hash of the files under test alone: a new package of the
# same release with the same files (6.12.117 to 6.12.118) keeps its traces.
golden=$here/$ident.$3.sha256
for f in "$here"/*-"${ident##*-}.$3.sha256"; do
	[[ -f $f ]] && golden=$f
done

hashes() {
	local f mode
	cd "$root" || exit 2
	for f in $(find corpus/seeds/iova corpus/regress/iova \
		   corpus/regress/mutants -type f | LC_ALL=C sort); do
		for mode in -v "-e -v"; do
			# shellcheck disable=SC2086
			out=$("$replay" $mode "$f" 2>/dev/null; echo "rc=$?")
			# 126, 127: it did not run; 128 + n: killed.
			if [[ ! $out =~ rc=[012]$ ]]; then
				echo "traces: $replay $mode $f: ${out##*$'\n'}" >&2
				exit 2
			fi
			sha256sum <<<"$out" | sed "s|-\$|${mode// /} $f|"
		done
	done
}

if ((update)); then
	now=$(hashes) || exit 2
	echo "$now" >"$golden" && echo "traces: wrote $golden"
	exit
fi
if [[ ! -f $golden ]]; then
	echo "traces: no golden traces for tree $ident (write them with $0 --update $*)"
	exit 77
fi
now=$(hashes) || exit 2
bad=$(diff <(echo "$now") "$golden" | sed -n 's/^< [0-9a-f]* *//p')
if [[ -n $bad ]]; then
	echo "traces: differ from $golden for:"
	echo "$bad" | sed 's/^/  /'
	echo "see one with: $replay -v FILE"
	exit 1
fi
echo "traces: $(echo "$now" | wc -l) traces identical to $golden"
