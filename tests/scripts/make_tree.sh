#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make_tree.sh TOP BASE DEST [MUTANT...]: a tree with two mutants at once,
# whose findings have different invariants and causes and come quickly
# from the seeds: leak-depot (NO_LEAK iommu_iova_magazine) and
# no-cpuhp-flush (TREE_EQUALS_MODEL offline-cpu-caches, named
# iova_cpuhp_dead).  Each is one row, so a second run cannot find a row
# the first did not.  Each MUTANT (a name in tests/mutants) is applied on
# top: reserve-frees-held makes a tree whose committed seeds crash while
# the engine reads them in (reserve-at-init: heap-use-after-free).
set -euo pipefail
top=$1 base=$2 dest=$3
bash "$top/tests/mutants/apply.sh" "$base" "$top/tests/mutants/leak-depot.patch" "$dest"
for m in no-cpuhp-flush "${@:4}"; do
	patch -p1 -s -f -F0 --no-backup-if-mismatch -d "$dest" \
		<"$top/tests/mutants/$m.patch" >/dev/null
done
echo "$((2 + $# - 3)) mutants in $dest"
