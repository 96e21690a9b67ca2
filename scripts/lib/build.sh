# SPDX-License-Identifier: GPL-2.0-only
# The tree and the fuzz build of one target, as scripts/fuzz names them,
# for the scripts that use its builds without fuzzing (scripts/corpus-merge).
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

# iovafuzz_build_targets DIR TARGET...: configure the resolved tree alone
# into DIR, as scripts/fuzz does (the same directory is shared with it,
# under the same lock), and build TARGETs; a failure is one line with the
# log's first error.
iovafuzz_build_targets() {
	local dir=$1 top log=$1.log lock
	shift
	top=$(CDPATH='' cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
	mkdir -p -- "$dir" || die "cannot create build directory $dir"
	exec {lock}>"$dir.lock"
	flock "$lock"
	if ! { CC=clang-14 cmake -S "$top" -B "$dir" \
		-DIOVAFUZZ_TREES="$tree_name=$tree_path" \
		-DIOVAFUZZ_MUTANTS=OFF -DIOVAFUZZ_PORT=OFF \
		-DIOVAFUZZ_VARIANTS=OFF &&
		cmake --build "$dir" -j "$(nproc)" --target "$@"; } >"$log" 2>&1; then
		die "build failed: $(iovafuzz_log_error "$log") (log: $log)"
	fi
	exec {lock}>&-
}
