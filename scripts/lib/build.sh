# SPDX-License-Identifier: GPL-2.0-only
# The tree and the build of one tree, as scripts/fuzz names them, for every
# script that builds one (scripts/fuzz, repro, corpus-merge).
# Source it after common.sh; it sets no shell options.

# iovafuzz_resolve_tree SETUP-ARGS...: sets tree_name, tree_path,
# tree_version, tree_ident and tree_id from scripts/setup's one tree line.
# setup's output is taken whole first, so its exit status is not lost.
iovafuzz_resolve_tree() {
	local out here
	here=$(CDPATH='' cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
	out=$(IOVAFUZZ_PROG=$IOVAFUZZ_PROG "$here/setup" "$@") || exit 2
	[[ $out != *$'\n'* ]] || die "one tree at a time: unset KERNEL_SRC or drop --kernel"
	read -r _ tree_name tree_path tree_version tree_ident <<<"$out"
	[[ -n ${tree_ident:-} ]] || die "setup printed no tree identity: $out"
	tree_id=${tree_name//[^A-Za-z0-9_]/_}
}

# iovafuzz_target_binary TARGET: the cmake target of fuzz target TARGET
# for the resolved tree (iova is iovafuzz_fuzz_<id>).
iovafuzz_target_binary() {
	if [[ $1 == iova ]]; then
		echo "iovafuzz_fuzz_$tree_id"
	else
		echo "iovafuzz_fuzz_$1_$tree_id"
	fi
}

# iovafuzz_build_tree DIR CC NAME PATH TARGET...: configure tree NAME at
# PATH alone into DIR with compiler CC and build TARGETs.  Every script
# that builds one tree does it here, so they share DIR (under one lock) and
# name a failure alike: one line with the log's first error.  Extra cmake
# arguments (coverage flags) come in the array IOVAFUZZ_CMAKE_EXTRA.
iovafuzz_build_tree() {
	iovafuzz_build_trees "$1" "$2" "$3=$4" "${@:5}"
}

# iovafuzz_build_trees DIR CC TREES TARGET...: the same for TREES,
# "NAME=PATH;NAME=PATH..." (one build of the harness for all of them).
iovafuzz_build_trees() {
	local dir=$1 cc=$2 trees=$3 top log=$1.log lock
	shift 3
	top=$(CDPATH='' cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
	mkdir -p -- "$dir" || die "cannot create build directory $dir"
	exec {lock}>"$dir.lock"
	flock "$lock"
	# A build that was killed may have left a binary half linked, newer
	# than what it is made of: the next one starts clean.
	local stamp=$dir/.built clean=()
	[[ -e $stamp || ! -e $dir/CMakeCache.txt ]] || clean=(--clean-first)
	rm -f -- "$stamp"
	if ! { CC=$cc cmake -S "$top" -B "$dir" \
		-DIOVAFUZZ_TREES="$trees" \
		-DIOVAFUZZ_MUTANTS=OFF -DIOVAFUZZ_PORT=OFF \
		-DIOVAFUZZ_VARIANTS=OFF ${IOVAFUZZ_CMAKE_EXTRA[@]+"${IOVAFUZZ_CMAKE_EXTRA[@]}"} &&
		cmake --build "$dir" -j "$(nproc)" ${clean[@]+"${clean[@]}"} --target "$@"; } >"$log" 2>&1; then
		die "build failed: $(iovafuzz_log_error "$log") (log: $log)"
	fi
	touch -- "$stamp"
	exec {lock}>&-
}

# iovafuzz_build_afl DIR TREES TARGET...: the AFL++ build (afl-clang-fast)
# of TREES, with the kernel code alone instrumented, as the libFuzzer
# build is: the harness, the model and the shim are denied.
iovafuzz_build_afl() {
	if ! command -v afl-clang-fast >/dev/null; then
		((${install:-1})) || die "afl-clang-fast not found: install afl++"
		iovafuzz_ensure_packages afl++
	fi
	mkdir -p -- "$1" || die "cannot create build directory $1"
	printf 'src: */fuzz/*\nsrc: */model/*\nsrc: */src/shim/*\n' \
		>"$1.denylist"
	AFL_LLVM_DENYLIST=$1.denylist AFL_QUIET=1 \
		iovafuzz_build_trees "$1" afl-clang-fast "${@:2}"
}

# iovafuzz_build_targets DIR TARGET...: the resolved tree's TARGETs.
iovafuzz_build_targets() {
	iovafuzz_build_tree "$1" clang-14 "$tree_name" "$tree_path" "${@:2}"
}
