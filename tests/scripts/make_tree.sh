#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make_tree.sh TOP BASE DEST: a tree with two mutants at once, whose
# findings have different invariants and come quickly from the seeds:
# leak-depot (NO_LEAK put_iova_domain) and no-cpuhp-flush
# (TREE_EQUALS_MODEL offline-cpu-caches).  Each has one signature only, so
# a second run cannot find a variant the first did not: align-ilog2,
# find-last-pfn and search-overlap each show four or more (ALIGN
# alloc_iova aligned, ALIGN alloc_iova_fast flush, ...) within a minute.
set -euo pipefail
top=$1 base=$2 dest=$3
bash "$top/tests/mutants/apply.sh" "$base" "$top/tests/mutants/leak-depot.patch" "$dest"
patch -p1 -s -f -F0 --no-backup-if-mismatch -d "$dest" \
	<"$top/tests/mutants/no-cpuhp-flush.patch" >/dev/null
echo "two mutants in $dest"
