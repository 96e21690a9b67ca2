#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# check_fails.sh TOP OUT WORK SCRATCH: check_out.sh can fail.  OUT and
# WORK are a good address build (emulate.sh's); each case breaks a copy
# of it in one way and check_out.sh must exit 1 naming that way.
top=$1 good_out=$2 good_work=$3 work=$4
. "$top/tests/scripts/lib.sh"
export CHECK_RUNS=10

# expect_fail NAME PATTERN OUT WORK SAN: check_out.sh fails on OUT, with
# a FAIL line matching PATTERN.
expect_fail() {
	local name=$1 pat=$2 rc=0
	bash "$top/tests/oss/check_out.sh" "$top" "$3" "$4" "$5" "$work/s-$name" \
		>"$work/$name.log" 2>&1 || rc=$?
	if ((rc == 1)) && grep -qE "^FAIL: .*($pat)" "$work/$name.log"; then
		echo "ok: $name: $(grep -m1 -E "^FAIL: .*($pat)" "$work/$name.log")"
	else
		fail "$name: want exit 1 and FAIL /$pat/, got exit $rc:"
		sed 's/^/  /' "$work/$name.log"
	fi
}

# fresh NAME: a copy of the good OUT, as $work/NAME.
fresh() {
	rm -rf -- "${work:?}/$1"
	cp -a -- "$good_out" "$work/$1"
}

fresh no-dict
rm -- "$work/no-dict/iova.dict"
expect_fail no-dict 'not exactly the expected files' "$work/no-dict" "$good_work" address

fresh stray
cp -- "$work/stray/iova" "$work/stray/iova_old"
expect_fail stray 'not exactly the expected files' "$work/stray" "$good_work" address

fresh zip
mkdir -p -- "$work/short"
cp -- "$top"/corpus/seeds/iova/* "$work/short/"
rm -- "$(find "$work/short" -type f | sort | head -n 1)"
python3 "$top/oss-fuzz/seed_zip.py" "$work/short" "$work/zip/iova_seed_corpus.zip"
expect_fail zip 'iova: zip is not exactly' "$work/zip" "$good_work" address

# An address build is not what an undefined build must be.
expect_fail wrong-sanitizer 'iova_glue.c.o calls no __ubsan_handle_' "$good_out" "$good_work" undefined

fresh crash
printf '#!/bin/sh\necho "==1==ERROR: AddressSanitizer: heap-use-after-free" >&2\nexit 1\n' \
	>"$work/crash/maple_contract"
expect_fail crash 'maple_contract: the fuzzer on its seed corpus' "$work/crash" "$good_work" address

# A UBSan report that does not stop the run is a finding all the same.
fresh recovered
printf '#!/bin/sh
echo "x.c:1:1: runtime error: shift exponent 64" >&2
echo "Done 10 runs in 0 second(s)" >&2
' \
	>"$work/recovered/iova"
expect_fail recovered 'iova: the fuzzer on its seed corpus: exit 0' "$work/recovered" "$good_work" address

# Harness objects that are instrumented, a kernel object that is not.
w=$work/fake/iovafuzz-build
rm -rf -- "$work/fake"
k=$(find "$good_work" -path '*iovafuzz_kernel_linux_fuzz.dir*' -name 'iova_glue.c.o')
s=$(find "$good_work" -path '*iovafuzz_shim_fuzz.dir*' -name 'slab.c.o')
mkdir -p -- "$w/src/shim/CMakeFiles/iovafuzz_shim_fuzz.dir" \
	"$w/model/CMakeFiles/iovafuzz_model_fuzz.dir" \
	"$w/CMakeFiles/iovafuzz_kernel_linux_fuzz.dir/src/glue"
cp -- "$k" "$w/src/shim/CMakeFiles/iovafuzz_shim_fuzz.dir/slab.c.o"
cp -- "$s" "$w/model/CMakeFiles/iovafuzz_model_fuzz.dir/model.c.o"
cp -- "$s" "$w/CMakeFiles/iovafuzz_kernel_linux_fuzz.dir/src/glue/iova_glue.c.o"
expect_fail harness-cov 'harness object .* has coverage' "$good_out" "$work/fake" address
expect_fail kernel-cov 'kernel object .* no coverage' "$good_out" "$work/fake" address

finish
