#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# make_tree.sh SRC DEST: a tree that has its own drivers/iommu/iova-kunit.c:
# SRC (the 6.12 tree) with tree/visible-if-kunit.patch applied and our
# tree/iova-kunit.c added.
set -euo pipefail
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
(($# == 2)) || { echo "usage: $0 SRC DEST" >&2; exit 2; }
"$here/../mutants/apply.sh" "$1" "$here/tree/visible-if-kunit.patch" "$2"
cp -- "$here/tree/iova-kunit.c" "$2/drivers/iommu/iova-kunit.c"
