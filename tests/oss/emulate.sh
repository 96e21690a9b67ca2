#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# emulate.sh TOP TREE WORK SANITIZER: OSS-Fuzz's compile step by hand,
# then check_out.sh on what it built.  The environment is set as
# OSS-Fuzz's base-builder sets it for SANITIZER (address or undefined)
# with libFuzzer; build.sh builds the tree TREE into a fresh $OUT.
top=$1 tree=$2 work=$3 san=$4
set -euo pipefail
rm -rf -- "$work"

case $san in
address) sflags="-fsanitize=address -fsanitize-address-use-after-scope" ;;
undefined)
	u=array-bounds,bool,builtin,enum,float-divide-by-zero,function
	u+=,integer-divide-by-zero,null,object-size,return
	u+=,returns-nonnull-attribute,shift,signed-integer-overflow
	u+=,unreachable,vla-bound,vptr
	sflags="-fsanitize=$u,unsigned-integer-overflow -fno-sanitize-recover=$u"
	;;
*) echo "emulate.sh: sanitizer address or undefined, not '$san'" >&2; exit 2 ;;
esac

export CC=clang-14 CXX=clang++-14 SANITIZER=$san FUZZING_ENGINE=libfuzzer
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer ARCHITECTURE=x86_64
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only"
CFLAGS+=" -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION $sflags -fsanitize=fuzzer-no-link"
export CXXFLAGS=$CFLAGS
export OUT=$work/out WORK=$work/work SRC=$work/src IOVAFUZZ_KERNEL_SRC=$tree
mkdir -p -- "$OUT" "$WORK" "$SRC"

if ! "$top/oss-fuzz/build.sh" >"$work/build.out" 2>&1; then
	cat -- "$work/build.out"
	echo "FAIL: build.sh failed"
	exit 1
fi
cat -- "$work/build.out"
exec bash "$top/tests/oss/check_out.sh" "$top" "$OUT" "$WORK" "$san" "$work/check"

