# SPDX-License-Identifier: GPL-2.0-only
# Source-based coverage (clang -fprofile-instr-generate -fcoverage-mapping)
# of one kernel tree's plain replay: built, run over a corpus, exported.
# Sourced by scripts/coverage and scripts/premerge after common.sh; uses
# their globals top (the repository) and die.

# The files whose coverage is reported, relative to the tree.
IOVAFUZZ_COV_FILES=(drivers/iommu/iova.c lib/rbtree.c lib/maple_tree.c)
COV_FLAGS="-fprofile-instr-generate -fcoverage-mapping"

# cov_build DIR TREE: configure DIR for the tree at TREE alone (named
# "tree") with coverage flags on everything, and build its plain replay
# and its maple_contract fuzz target (whose libFuzzer main runs the
# files it is given: maple_tree.c's coverage by the contract's corpus).
# Sets cov_bin and cov_contract.  Locked, like scripts/fuzz's builds.
cov_build() {
	local dir=$1 src=$2
	local IOVAFUZZ_CMAKE_EXTRA=(-DCMAKE_C_FLAGS="$COV_FLAGS"
		-DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate")
	iovafuzz_build_tree "$dir" clang-14 tree "$src" \
		iovafuzz_replay_tree_plain iovafuzz_fuzz_maple_contract_tree
	cov_bin=$dir/iovafuzz_replay_tree_plain
	cov_contract=$dir/iovafuzz_fuzz_maple_contract_tree
}

# cov_start OUT: a fresh directory for raw profiles next to OUT.
cov_start() {
	cov_raw=$(mktemp -d "${1%/*}/.profraw.XXXXXX")
	cov_ran=0 cov_failed=0
}

# cov_run BIN PATH...: run BIN on every program under PATH (files or
# directories) one process each, so that one that reports a finding (and
# leaves with _exit, writing no profile) costs only its own counts.
cov_run() {
	local bin=$1 f
	shift
	while read -r f; do
		cov_ran=$((cov_ran + 1))
		LLVM_PROFILE_FILE=$cov_raw/%4m.profraw "$bin" "$f" >/dev/null 2>&1 ||
			cov_failed=$((cov_failed + 1))
	done < <(find "$@" -maxdepth 1 -type f ! -name '.*' | LC_ALL=C sort)
}

# cov_merge OUT: the raw profiles merged into OUT.
cov_merge() {
	compgen -G "$cov_raw/*.profraw" >/dev/null || die "coverage: no profile written"
	llvm-profdata-14 merge -sparse -o "$1" "$cov_raw"/*.profraw ||
		die "coverage: llvm-profdata-14 merge failed"
	rm -rf -- "$cov_raw"
}

# cov_sources TREE: absolute paths of the reported files the tree has.
cov_sources() {
	local f
	for f in "${IOVAFUZZ_COV_FILES[@]}"; do
		[[ -f $1/$f ]] && printf '%s\n' "$1/$f"
	done
	return 0
}

# cov_lcov PROFDATA TREE OUT: line and branch counts of the reported
# files in both binaries as lcov (DA and BRDA records) in OUT.
cov_lcov() {
	local -a src
	mapfile -t src < <(cov_sources "$2")
	llvm-cov-14 export -format=lcov -instr-profile="$1" "$cov_bin" \
		-object "$cov_contract" "${src[@]}" >"$3" 2>"$3.err" ||
		die "coverage: llvm-cov-14 export failed: $(head -n 1 "$3.err")"
}

# cov_html PROFDATA TREE DIR: the HTML report of the reported files.
cov_html() {
	local -a src
	mapfile -t src < <(cov_sources "$2")
	llvm-cov-14 show -format=html -show-branches=count \
		-instr-profile="$1" "$cov_bin" -object "$cov_contract" \
		-output-dir="$3" "${src[@]}" >/dev/null 2>"$3.err" ||
		die "coverage: llvm-cov-14 show failed: $(head -n 1 "$3.err")"
}
