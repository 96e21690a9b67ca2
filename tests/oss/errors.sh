#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# errors.sh TOP TREE WORK: bad input to the OSS-Fuzz files is exit 2 and
# one line (build.sh, seed_zip.py, fetch-linux.sh), and the kernel pin is
# the Debian 6.12 tree TREE: fetch-linux.sh --verify accepts it and
# rejects it with one pinned file changed.
top=$1 tree=$2 work=$3
. "$top/tests/scripts/lib.sh"
b=$top/oss-fuzz/build.sh

# oss_env [-u VAR]... [VAR=VALUE]... CMD...: CMD in the OSS-Fuzz
# environment, with one thing broken per case.
oss_env() {
	local un=()
	while [[ $1 == -u ]]; do
		un+=(-u "$2")
		shift 2
	done
	env CC=clang-14 CXX=clang++-14 CFLAGS="-fsanitize=address" \
		CXXFLAGS="-fsanitize=address" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
		OUT="$work/out" WORK="$work/work" SRC="$work/src" SANITIZER=address \
		IOVAFUZZ_KERNEL_SRC="$tree" env "${un[@]}" "$@"
}

expect_error build.sh '\$CC is not set' oss_env -u CC "$b"
expect_error build.sh '\$LIB_FUZZING_ENGINE is not set' oss_env -u LIB_FUZZING_ENGINE "$b"
expect_error build.sh '\$CFLAGS and \$CXXFLAGS must be set' oss_env -u CXXFLAGS "$b"
expect_error build.sh "sanitizer 'memory' is not supported" oss_env SANITIZER=memory "$b"
expect_error build.sh "takes no arguments" oss_env "$b" --kernel 6.12
expect_error build.sh "kernel tree not found: $work/none" \
	oss_env IOVAFUZZ_KERNEL_SRC="$work/none" "$b"
# Without IOVAFUZZ_KERNEL_SRC the tree is $SRC/linux.
expect_error build.sh "kernel tree not found: $work/src/linux" \
	oss_env -u IOVAFUZZ_KERNEL_SRC "$b"
mkdir -p -- "$work/sparse"
sparse_tree "$tree" "$work/sparse/t"
rm -- "$work/sparse/t/lib/maple_tree.c"
expect_error build.sh "no lib/maple_tree.c in $work/sparse/t" \
	oss_env IOVAFUZZ_KERNEL_SRC="$work/sparse/t" "$b"

# A tree using kernel API the shim lacks: the configure step's one line,
# naming it and the log.
sparse_tree "$tree" "$work/bad"
cat >>"$work/bad/drivers/iommu/iova.c" <<'C'

static void __maybe_unused iovafuzz_test_needs_more_api(void)
{
	no_such_kernel_api();
}
C
expect_error build.sh "configure failed: .*no_such_kernel_api.*\(log: $work/work/iovafuzz-build.log\)$" \
	oss_env IOVAFUZZ_KERNEL_SRC="$work/bad" "$b"

# A target without its dictionary, options or seeds: in a copy of the
# checkout (the sources linked, corpus/ and oss-fuzz/ copied), each
# missing in turn.
fake_top() {
	local e
	rm -rf -- "$work/top"
	mkdir -p -- "$work/top"
	for e in "$top"/* "$top"/.[!.]*; do
		case ${e##*/} in
		corpus | oss-fuzz) cp -r -- "$e" "$work/top/" ;;
		build* | out | .git) ;;
		*) ln -s -- "$e" "$work/top/" ;;
		esac
	done
}
fake_top
rm -- "$work/top/corpus/maple_contract.dict"
expect_error build.sh "target maple_contract has no dictionary $work/top/corpus/maple_contract.dict" \
	oss_env "$work/top/oss-fuzz/build.sh"
fake_top
rm -- "$work/top/corpus/iova.options"
expect_error build.sh "target iova has no options $work/top/corpus/iova.options" \
	oss_env "$work/top/oss-fuzz/build.sh"
fake_top
rm -r -- "$work/top/corpus/seeds/maple_contract"
expect_error build.sh "target maple_contract has no seed corpus $work/top/corpus/seeds/maple_contract" \
	oss_env "$work/top/oss-fuzz/build.sh"

mkdir -p -- "$work/empty"
expect_error seed_zip.py "no seed files in $work/empty" \
	python3 "$top/oss-fuzz/seed_zip.py" "$work/empty" "$work/x.zip"
expect_error seed_zip.py "cannot read $work/none" \
	python3 "$top/oss-fuzz/seed_zip.py" "$work/none" "$work/x.zip"
expect_error seed_zip.py "usage" python3 "$top/oss-fuzz/seed_zip.py"

# The pin: the Debian tree is the pinned release, file by file.  (When
# Debian packages a new release, the pin follows it: this is what fails.)
f=$top/oss-fuzz/fetch-linux.sh
pinned=$(awk '$1 == "version" { print $2 }' "$top/oss-fuzz/linux.pin")
if out=$("$f" --verify "$tree" 2>&1) &&
	[[ $out == "fetch-linux.sh: $tree is Linux $pinned (8 files checked)" ]]; then
	echo "ok: $out"
else
	fail "fetch-linux.sh --verify $tree: $out"
fi
sparse_tree "$tree" "$work/changed"
sed -i '0,/^#include/s//#include <linux\/iova.h>\n&/' "$work/changed/drivers/iommu/iova.c"
expect_error fetch-linux.sh "$work/changed/drivers/iommu/iova.c is not the pinned $pinned file" \
	"$f" --verify "$work/changed"
sparse_tree "$tree" "$work/other"
sed -i 's/^SUBLEVEL = .*/SUBLEVEL = 1/' "$work/other/Makefile"
expect_error fetch-linux.sh "is 6.12.1, not the pinned $pinned" "$f" --verify "$work/other"
expect_error fetch-linux.sh "usage: " "$f"
# Fetching: from a mirror holding the tag (a repository of the Debian
# tree's files), and from one without it.
sparse_tree "$tree" "$work/mirror"
git -C "$work/mirror" init -q
git -C "$work/mirror" add -A
git -C "$work/mirror" -c user.name=t -c user.email=t@t commit -qm tree
git -C "$work/mirror" tag v$pinned
if out=$(IOVAFUZZ_LINUX_MIRROR=file://$work/mirror "$f" "$work/fetched" 2>&1) &&
	[[ $out == "fetch-linux.sh: $work/fetched is Linux $pinned (8 files checked)" ]]; then
	echo "ok: $out"
else
	fail "fetch-linux.sh from a mirror: $out"
fi
git -C "$work/mirror" tag -d v$pinned >/dev/null
expect_error fetch-linux.sh "git clone of v$pinned from file://$work/mirror failed: .*v$pinned" \
	env IOVAFUZZ_LINUX_MIRROR="file://$work/mirror" "$f" "$work/fetched2"
mkdir -p -- "$work/exists"
expect_error fetch-linux.sh "$work/exists exists" "$f" "$work/exists"
finish
