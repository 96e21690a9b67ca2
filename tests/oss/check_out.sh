#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# check_out.sh TOP OUT WORK SANITIZER SCRATCH: what OSS-Fuzz needs of a
# build.sh run that put its fuzzers into OUT (build tree in WORK):
#   - every target (one per corpus/seeds/ directory) is in OUT with its
#     seed corpus zip (exactly the seed files), .dict and .options, and
#     nothing else is;
#   - the fuzzers carry the sanitizer SANITIZER (address or undefined),
#     and only kernel code carries the coverage instrumentation;
#   - each fuzzer runs as OSS-Fuzz runs it (the [libfuzzer] options of its
#     .options, its dictionary) for a bounded number of runs with a fixed
#     seed on its unpacked seed corpus, and finds nothing.
# Exit 0 if all hold, 1 naming each that does not.  CHECK_RUNS: runs per
# fuzzer (default 3000).
top=$1 OUT=$2 WORK=$3 san=$4 work=$5
. "$top/tests/scripts/lib.sh"

mapfile -t names < <(find "$top/corpus/seeds" -mindepth 1 -maxdepth 1 -type d \
	-printf '%f\n' | LC_ALL=C sort)
((${#names[@]})) || fail "no seed directories in $top/corpus/seeds"

# What $OUT must hold, and all it may hold.
expected=()
for n in "${names[@]}"; do
	expected+=("$n" "${n}_seed_corpus.zip" "$n.dict" "$n.options" "$n.known")
done
diff <(printf '%s\n' "${expected[@]}" | LC_ALL=C sort) \
	<(find "$OUT" -mindepth 1 -maxdepth 1 -printf '%f\n' | LC_ALL=C sort) \
	>"$work/files.diff" || {
	fail "\$OUT is not exactly the expected files (< expected, > present):"
	cat -- "$work/files.diff"
}

# seeds_match NAME DIR: DIR (the unpacked zip) is exactly the seed files.
seeds_match() {
	local f
	diff <(cd "$top/corpus/seeds/$1" && find . -maxdepth 1 -type f | LC_ALL=C sort) \
		<(cd "$2" && find . -type f | LC_ALL=C sort) >/dev/null || return 1
	for f in "$top/corpus/seeds/$1"/*; do
		[[ ! -f $f ]] || cmp -s -- "$f" "$2/${f##*/}" || return 1
	done
}

# libfuzzer_args NAME: the [libfuzzer] section of NAME.options as flags,
# and the dictionary, as OSS-Fuzz's run_fuzzer passes them.
libfuzzer_args() {
	awk '/^\[/ { s = ($0 == "[libfuzzer]") ; next }
	     s && /=/ { k = $0; sub(/ *=.*/, "", k); v = $0; sub(/^[^=]*= */, "", v)
		       print "-" k "=" v }' "$OUT/$1.options"
	echo "-dict=$OUT/$1.dict"
}

# has_sym FILE PATTERN: FILE's symbols match PATTERN (grep reads them all:
# no SIGPIPE for llvm-nm under pipefail).
has_sym() {
	llvm-nm-14 "$1" 2>/dev/null | grep -c -- "$2" >/dev/null
}

for n in "${names[@]}"; do
	[[ -x $OUT/$n ]] || continue
	rm -rf -- "$work/seeds-$n"
	mkdir -p -- "$work/seeds-$n"
	python3 -m zipfile -e "$OUT/${n}_seed_corpus.zip" "$work/seeds-$n" ||
		fail "$n: seed corpus zip does not unpack"
	seeds_match "$n" "$work/seeds-$n" || fail "$n: zip is not exactly corpus/seeds/$n"
	# Made again now, it is the same archive, byte for byte.
	python3 "$top/oss-fuzz/seed_zip.py" "$top/corpus/seeds/$n" "$work/again.zip" &&
		cmp -s -- "$work/again.zip" "$OUT/${n}_seed_corpus.zip" ||
		fail "$n: seed corpus zip differs when made again"
	cmp -s -- "$OUT/$n.dict" "$top/corpus/$n.dict" || fail "$n.dict is not corpus/$n.dict"
	cmp -s -- "$OUT/$n.options" "$top/corpus/$n.options" ||
		fail "$n.options is not corpus/$n.options"
	mapfile -t args < <(libfuzzer_args "$n")
	rc=0
	(cd "$OUT" && ASAN_OPTIONS=detect_leaks=1 \
		UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		"./$n" "${args[@]}" -seed=1 -runs="${CHECK_RUNS:-3000}" -max_total_time=20 \
		-artifact_prefix="$work/artifact-$n-" "$work/seeds-$n") \
		>"$work/run-$n.log" 2>&1 || rc=$?
	if ((rc)) || ! grep -q '^Done [0-9]* runs' "$work/run-$n.log" ||
		grep -q 'runtime error' "$work/run-$n.log"; then
		fail "$n: the fuzzer on its seed corpus: exit $rc:"
		grep -aE 'ERROR|runtime error|iovafuzz:' "$work/run-$n.log" | head -n 20 || true
		tail -n 3 "$work/run-$n.log"
	else
		echo "ok: $n: $(grep -a "^Done" "$work/run-$n.log")"
	fi
done

# Judged on the objects, since the runtime linked into a fuzzer defines
# both sanitizers' symbols: kernel and harness code call into the
# sanitizer SANITIZER names and not into the other one; only kernel code
# has the coverage instrumentation.
want=__asan_report_ other=__ubsan_handle_
[[ $san == address ]] || { want=__ubsan_handle_ other=__asan_report_; }
objs=$WORK/iovafuzz-build
cov() { has_sym "$1" __sanitizer_cov_; }
# sanitized OBJ: calls the wanted sanitizer, not the other.
sanitized() {
	local name=${1#"$objs"/}
	has_sym "$1" "$want" || fail "$name calls no $want: not built for $san"
	! has_sym "$1" "$other" || fail "$name calls $other: a sanitizer not asked for"
}
for o in "$objs"/src/shim/CMakeFiles/iovafuzz_shim_fuzz.dir/slab.c.o \
	"$objs"/model/CMakeFiles/iovafuzz_model_fuzz.dir/model.c.o; do
	[[ -f $o ]] || { fail "no harness object $o"; continue; }
	sanitized "$o"
	! cov "$o" || fail "harness object ${o#"$objs"/} has coverage instrumentation"
done
o=$(find "$objs" -path '*iovafuzz_kernel_linux_fuzz.dir*' -name 'iova_glue.c.o')
if [[ -z $o ]]; then
	fail "no kernel object iova_glue.c.o in $objs"
else
	sanitized "$o"
	cov "$o" || fail "kernel object iova_glue.c.o has no coverage instrumentation"
fi

finish
