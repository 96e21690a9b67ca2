#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# build_error.sh TOP BASE WORK: a tree whose iova.c calls a kernel function
# (or includes a kernel header) the shim lacks fails to build in
# scripts/fuzz and scripts/test with one line, exit 2, that names the
# function (or header) and the log.
top=$1 base=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$work/build IOVAFUZZ_OUT=$work/out

sparse_tree "$base" "$work/bad"
cat >>"$work/bad/drivers/iommu/iova.c" <<'C'

static void __maybe_unused iovafuzz_test_needs_more_api(void)
{
	no_such_kernel_api();
}
C
expect_error fuzz "no_such_kernel_api.*\(log: $work/build/fuzz-[^ ]*\.log\)$" \
	"$top/scripts/fuzz" --no-install --kernel-src "$work/bad"
expect_error test "no_such_kernel_api.*\(log: $work/build\.configure\.log\)$" \
	"$top/scripts/test" --no-install --kernel-src "$work/bad"

# A kernel header the shim does not have: named, in one line.
sparse_tree "$base" "$work/bad-header"
sed -i '0,/^#include/s//#include <linux\/no_such_header.h>\n&/' \
	"$work/bad-header/drivers/iommu/iova.c"
expect_error fuzz "linux/no_such_header.h.*\(log: " \
	"$top/scripts/fuzz" --no-install --kernel-src "$work/bad-header"
finish
