#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# errors.sh TOP WORK: every error path of scripts/setup, scripts/fuzz,
# scripts/test, tests/mutants/apply.sh and make_regress.sh that needs no
# build exits 2 with exactly one "<prog>: ..." line on stderr, so that no
# error can read as a finding.
top=$1 work=$2
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$work/build IOVAFUZZ_OUT=$work/out
setup=$top/scripts/setup fuzz=$top/scripts/fuzz test=$top/scripts/test

# A tree with only iova.c; a tree with every required file, all empty
# (valid for setup, never built: these checks come first); a file.
mkdir -p "$work/partial/drivers/iommu" "$work/empty/drivers/iommu" \
	"$work/empty/include/linux" "$work/empty/lib"
touch "$work/partial/drivers/iommu/iova.c" "$work/file"
for f in drivers/iommu/iova.c include/linux/iova.h lib/maple_tree.c \
	include/linux/maple_tree.h; do
	touch "$work/empty/$f"
done

# Bad trees and options, the same for all three commands.
for cmd in setup fuzz test; do
	expect_error "$cmd" "kernel tree not found: $work/missing" \
		"${!cmd}" --no-install --kernel-src "$work/missing"
	expect_error "$cmd" "no include/linux/iova.h in $work/partial" \
		"${!cmd}" --no-install --kernel-src "$work/partial"
	expect_error "$cmd" "unknown option: --bogus" "${!cmd}" --bogus
	expect_error "$cmd" "--kernel-src needs an argument" "${!cmd}" --kernel-src
done
expect_error setup "unsupported kernel version: '5.4'" "$setup" --kernel 5.4
KERNEL_SRC=$work/missing expect_error setup "not found: $work/missing" \
	"$setup" --no-install

# scripts/fuzz's own options.
empty=(--no-install --kernel-src "$work/empty")
expect_error fuzz "--time wants seconds" "$fuzz" --time soon
expect_error fuzz "--jobs wants a positive number" "$fuzz" --jobs 0
expect_error fuzz "unknown engine: honggfuzz" "$fuzz" --engine honggfuzz
expect_error fuzz "unknown target: nope" "$fuzz" --target nope
expect_error fuzz "--known: no readable file $work/missing" \
	"$fuzz" --known "$work/missing"
expect_error fuzz "one tree at a time" "$fuzz" --kernel 6.12 "${empty[@]}"
expect_error fuzz "unsupported kernel version" "$fuzz" --kernel 5.4

# Directories it cannot use.  Root can write anywhere on a writable file
# system, so "unwritable" is a path under a regular file, or in /proc.
expect_error fuzz "corpus directory $work/file is not a directory" \
	"$fuzz" "${empty[@]}" --corpus "$work/file"
expect_error fuzz "cannot create corpus directory $work/file/corpus" \
	"$fuzz" "${empty[@]}" --corpus "$work/file/corpus"
expect_error fuzz "cannot create corpus directory /proc/iovafuzz-corpus" \
	"$fuzz" "${empty[@]}" --corpus /proc/iovafuzz-corpus
IOVAFUZZ_OUT=$work/file/out expect_error fuzz "cannot create output directory" \
	"$fuzz" "${empty[@]}"
IOVAFUZZ_BUILD=$work/file/build expect_error fuzz "cannot create build directory" \
	"$fuzz" "${empty[@]}"

# The mutant helpers.
expect_error apply "usage" bash "$top/tests/mutants/apply.sh"
expect_error apply "no patch file $work/missing.patch" \
	bash "$top/tests/mutants/apply.sh" "$work/empty" "$work/missing.patch" "$work/dest"
expect_error apply "does not apply" bash "$top/tests/mutants/apply.sh" \
	"$work/empty" "$top/tests/mutants/leak-depot.patch" "$work/dest"
expect_error make_regress "usage" bash "$top/tests/mutants/make_regress.sh"
expect_error make_regress "no crash input" \
	bash "$top/tests/mutants/make_regress.sh" "$work/build" leak-depot "$work/missing"
finish
