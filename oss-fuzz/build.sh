#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# oss-fuzz/build.sh: the OSS-Fuzz / ClusterFuzzLite build.  Builds every
# fuzz target of one kernel tree with the compiler, flags and engine the
# infrastructure gives, and puts into $OUT, per target NAME:
#   NAME                   the fuzzer
#   NAME_seed_corpus.zip   corpus/seeds/NAME/, flat, in name order
#   NAME.dict, NAME.options  corpus/NAME.dict, corpus/NAME.options
#   NAME.known             corpus/known/<major.minor>.txt of the tree (or
#                          empty): the known findings the fuzzer drops
#
# Environment (as OSS-Fuzz sets it): CC CXX CFLAGS CXXFLAGS
# LIB_FUZZING_ENGINE OUT SRC WORK SANITIZER (address, undefined or
# coverage).  $CFLAGS carries the sanitizer and the coverage
# instrumentation: kernel code gets all of it, harness code (shim, model,
# runner) the sanitizer only (cmake/flavours.cmake).  Fuzzers are linked
# with $CXX $CXXFLAGS, as OSS-Fuzz links, so that an engine given as a C++
# archive links too.  The tree: $IOVAFUZZ_KERNEL_SRC, else $SRC/linux
# (fetch-linux.sh puts the pinned one there).
#
# Exit status: 0 built, 2 on any error (one line on stderr; the build's
# own output is in $WORK/iovafuzz-build.log).
set -euo pipefail
here=$(CDPATH='' cd -- "$(dirname -- "$(readlink -f -- "$0")")" && pwd)
top=${here%/oss-fuzz}
# As OSS-Fuzz's projects/iovafuzz/build.sh, copied to $SRC/build.sh: the
# one in the checkout does the work.
if [[ ! -f $top/scripts/lib/common.sh && -x ${SRC:-}/iovafuzz/oss-fuzz/build.sh ]]; then
	exec "$SRC/iovafuzz/oss-fuzz/build.sh" "$@"
fi
IOVAFUZZ_PROG=${IOVAFUZZ_PROG:-build.sh}
. "$top/scripts/lib/common.sh"

check_env() {
	local v
	for v in CC CXX LIB_FUZZING_ENGINE OUT SRC WORK SANITIZER; do
		[[ -n ${!v:-} ]] || die "\$$v is not set (run under OSS-Fuzz, or set it as its helper does)"
	done
	[[ -v CFLAGS && -v CXXFLAGS ]] || die "\$CFLAGS and \$CXXFLAGS must be set (may be empty)"
	case $SANITIZER in
	address | undefined | coverage) ;;
	*) die "sanitizer '$SANITIZER' is not supported (address, undefined, coverage)" ;;
	esac
	tree=${IOVAFUZZ_KERNEL_SRC:-$SRC/linux}
	iovafuzz_validate_tree "$tree"
	tree=$(CDPATH='' cd -- "$tree" && pwd)
	mkdir -p -- "$OUT" "$WORK" || die "cannot create \$OUT $OUT or \$WORK $WORK"
	bdir=$WORK/iovafuzz-build
	log=$WORK/iovafuzz-build.log
}

# configure: the tree alone, named "linux", no mutants, port or variants;
# the fuzz flavour with $CFLAGS in place of its own flags.
configure() {
	local link="$CXX $CXXFLAGS <FLAGS> <CMAKE_C_LINK_FLAGS> <LINK_FLAGS>" no_wrap=
	# OSS-Fuzz's undefined set has unsigned-integer-overflow (reported,
	# not fatal): unsigned arithmetic wraps by definition, and the kernel
	# relies on it (lib/maple_tree.c: piv = mas->min - 1; piv + 1, on
	# the first seed), as does the harness.
	[[ $SANITIZER != undefined ]] ||
		no_wrap=" -fno-sanitize=unsigned-integer-overflow"
	link+=" <OBJECTS> -o <TARGET> <LINK_LIBRARIES>"
	env -u CFLAGS -u CXXFLAGS cmake -S "$top" -B "$bdir" -G "Unix Makefiles" \
		-DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS= \
		-DCMAKE_C_LINK_EXECUTABLE="$link" \
		-DCMAKE_RUNTIME_OUTPUT_DIRECTORY="$bdir/bin" \
		-DIOVAFUZZ_TREES="linux=$tree" -DIOVAFUZZ_MUTANTS=OFF \
		-DIOVAFUZZ_PORT=OFF -DIOVAFUZZ_VARIANTS=OFF \
		-DIOVAFUZZ_FUZZ_FLAGS="$CFLAGS$no_wrap" \
		-DIOVAFUZZ_ENGINE_LINK="$LIB_FUZZING_ENGINE" >>"$log" 2>&1 ||
		die "configure failed: $(iovafuzz_log_error "$log") (log: $log)"
}

# discover: the fuzz targets the build defines for the tree, as
# "cmake-target name" lines: iovafuzz_fuzz_linux is "iova",
# iovafuzz_fuzz_NAME_linux is NAME.
discover() {
	cmake --build "$bdir" --target help 2>>"$log" |
		sed -n 's/^\.\.\. \(iovafuzz_fuzz_[A-Za-z0-9_]*\).*/\1/p' |
		LC_ALL=C sort -u | awk '
		$1 == "iovafuzz_fuzz_linux" { print $1, "iova"; next }
		$1 ~ /_linux$/ {
			n = $1; sub(/^iovafuzz_fuzz_/, "", n); sub(/_linux$/, "", n)
			print $1, n
		}'
}

# check_files NAME: target NAME has its seeds, dictionary and options.
check_files() {
	local name=$1 c=$top/corpus
	[[ -d $c/seeds/$name ]] || die "target $name has no seed corpus $c/seeds/$name"
	[[ -f $c/$name.dict ]] || die "target $name has no dictionary $c/$name.dict"
	[[ -f $c/$name.options ]] || die "target $name has no options $c/$name.options"
}

# ship NAME BINARY: the fuzzer and its three files into $OUT.
ship() {
	local name=$1 bin=$2 c=$top/corpus msg
	install -m 0755 -- "$bin" "$OUT/$name"
	msg=$(python3 "$here/seed_zip.py" "$c/seeds/$name" \
		"$OUT/${name}_seed_corpus.zip" 2>&1) || die "${msg#seed_zip.py: }"
	install -m 0644 -- "$c/$name.dict" "$OUT/$name.dict"
	install -m 0644 -- "$c/$name.options" "$OUT/$name.options"
	install -m 0644 -- "$(known_list)" "$OUT/$name.known"
}

# known_list: the tree's corpus/known/<major.minor>.txt, else /dev/null.
known_list() {
	local mm
	mm=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$tree/Makefile" 2>/dev/null |
		head -n 2 | paste -sd.)
	if [[ -f $top/corpus/known/$mm.txt ]]; then
		echo "$top/corpus/known/$mm.txt"
	else
		echo /dev/null
	fi
}

main() {
	local targets=() names=() t n
	(($# == 0)) || die "takes no arguments; it reads the OSS-Fuzz environment"
	check_env
	# A fresh build each time: nothing of an earlier sanitizer or tree.
	rm -rf -- "$bdir"
	: >"$log"
	configure
	while read -r t n; do
		targets+=("$t")
		names+=("$n")
	done < <(discover)
	((${#targets[@]})) || die "the build defines no fuzz target (log: $log)"
	for n in "${names[@]}"; do
		check_files "$n"
	done
	cmake --build "$bdir" -j "$(nproc)" --target "${targets[@]}" >>"$log" 2>&1 ||
		die "build failed: $(iovafuzz_log_error "$log") (log: $log)"
	for t in "${!targets[@]}"; do
		ship "${names[t]}" "$bdir/bin/${targets[t]}"
	done
	echo "$IOVAFUZZ_PROG: $SANITIZER build of $tree: ${names[*]} in $OUT"
}

main "$@"
