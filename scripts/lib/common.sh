# SPDX-License-Identifier: GPL-2.0-only
# Shared helpers for the iovafuzz scripts. Source it, do not run it:
#   . "$(dirname "$0")/lib/common.sh"
# It sets no shell options; the sourcing script does (set -euo pipefail).

IOVAFUZZ_PROG=${IOVAFUZZ_PROG:-$(basename -- "$0")}

# Kernel versions that have a Debian linux-source-<v> package we support.
IOVAFUZZ_KERNELS=(6.12 6.1)

# Files the harness compiles or includes, relative to the top of a kernel tree.
IOVAFUZZ_CORE_FILES=(drivers/iommu/iova.c include/linux/iova.h
	lib/maple_tree.c include/linux/maple_tree.h)
# Needed only by the rbtree-flavoured allocator (iova.h mentions rb_node).
IOVAFUZZ_RBTREE_FILES=(lib/rbtree.c include/linux/rbtree.h
	include/linux/rbtree_augmented.h include/linux/rbtree_types.h)
# Taken from the packaged tarball as well: rbtree_latch.h, and the top
# Makefile for VERSION/PATCHLEVEL/SUBLEVEL, and the dma-buf system heap
# (target system_heap; a tree without it still builds the iova targets).
IOVAFUZZ_HEAP_FILES=(drivers/dma-buf/heaps/system_heap.c)
# For scripts/kunit: the example suite (KUnit written by others, to check
# the KUnit shim) and kunit.py's KTAP parser (to check its output), which
# every tarball has, then the tree's own IOVA suite (none in 6.1 or 6.12).
IOVAFUZZ_KUNIT_FILES=(lib/kunit/kunit-example-test.c
	tools/testing/kunit/kunit_parser.py tools/testing/kunit/kunit_printer.py
	drivers/iommu/iova-kunit.c)
# For scripts/repro's test patch: where a tree's KUnit test is added.
IOVAFUZZ_UPSTREAM_FILES=(drivers/iommu/Kconfig drivers/iommu/Makefile
	drivers/iommu/.kunitconfig lib/Kconfig.debug lib/Makefile)
IOVAFUZZ_EXTRA_FILES=(include/linux/rbtree_latch.h Makefile
	"${IOVAFUZZ_HEAP_FILES[@]}" "${IOVAFUZZ_KUNIT_FILES[@]}"
	"${IOVAFUZZ_UPSTREAM_FILES[@]}")

# Debian packages the build and fuzz scripts need (linux-source-<v> comes
# on top, per requested kernel). libclang-rt-14-dev ships libFuzzer.
IOVAFUZZ_TOOL_PACKAGES=(clang-14 libclang-rt-14-dev llvm-14 cmake make patch
	afl++ xz-utils python3 gnuplot-nox valgrind git)

# What scripts/kunit --uml's User Mode Linux build needs on top.
IOVAFUZZ_UML_PACKAGES=(flex bison bc rsync gcc make)

# die MSG...: print "<prog>: MSG" on stderr and exit 2.
die() {
	printf '%s: %s\n' "$IOVAFUZZ_PROG" "$*" >&2
	exit 2
}

# abs_path PATH: PATH made absolute (lexically; PATH need not exist).
abs_path() {
	case $1 in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$PWD/$1" ;;
	esac
}

# iovafuzz_cache_dir: absolute cache directory (not created).
iovafuzz_cache_dir() {
	local dir=${IOVAFUZZ_CACHE:-}
	if [[ -z $dir ]]; then
		dir=${XDG_CACHE_HOME:-${HOME:?HOME is not set}/.cache}/iovafuzz
	fi
	abs_path "$dir"
}

# iovafuzz_required_files DIR: print the required relative paths for the
# tree at DIR, one a line (rbtree files only when iova.h uses rb_node).
iovafuzz_required_files() {
	printf '%s\n' "${IOVAFUZZ_CORE_FILES[@]}"
	if grep -q rb_node "$1/include/linux/iova.h" 2>/dev/null; then
		printf '%s\n' "${IOVAFUZZ_RBTREE_FILES[@]}"
	fi
}

# iovafuzz_check_tree DIR: return 0 if DIR is a usable kernel tree, else
# print why (one line, without the program name) and return 1.
iovafuzz_check_tree() {
	local dir=$1 abs f
	if [[ ! -d $dir ]]; then
		echo "kernel tree not found: $dir"
		return 1
	fi
	abs=$(CDPATH='' cd -- "$dir" && pwd) || abs=$(abs_path "$dir")
	while read -r f; do
		if [[ ! -f $abs/$f ]]; then
			echo "no $f in $abs"
			return 1
		fi
	done < <(iovafuzz_required_files "$abs")
}

# iovafuzz_validate_tree DIR: die unless DIR is a usable kernel tree.
iovafuzz_validate_tree() {
	local msg
	msg=$(iovafuzz_check_tree "$1") || die "$msg"
}

# iovafuzz_default_jobs: how many fuzzing processes to run when not told:
# one per core.  Two jobs on two cores ran 1.51x the executions per
# second of one, and found every mutant measured as fast or sooner
# (docs/throughput.md, scripts/bench find --jobs 1,2).
iovafuzz_default_jobs() {
	nproc 2>/dev/null || echo 1
}

# iovafuzz_kernel_version DIR: VERSION.PATCHLEVEL.SUBLEVEL from DIR/Makefile,
# or "unknown".
iovafuzz_kernel_version() {
	local v
	v=$(awk -F' *= *' '
		$1 == "VERSION" { a = $2 } $1 == "PATCHLEVEL" { b = $2 }
		$1 == "SUBLEVEL" { c = $2 }
		END { if (a != "" && b != "" && c != "") print a "." b "." c }
	' "$1/Makefile" 2>/dev/null) || v=
	printf '%s\n' "${v:-unknown}"
}

# iovafuzz_tree_hash DIR: 8 hex digits of the sha256 of the files under
# test (iovafuzz_required_files), each as its path, a newline and its
# content, in C-locale path order: two trees of one version that differ in
# any of them get different identities, a copy of a tree the same one.
iovafuzz_tree_hash() {
	local dir=$1 f sum
	sum=$(iovafuzz_required_files "$dir" | LC_ALL=C sort |
		while read -r f; do
			printf '%s\n' "$f"
			cat -- "$dir/$f"
		done | sha256sum) || return 1
	printf '%s\n' "${sum:0:8}"
}

# iovafuzz_tree_ident DIR: VERSION-HASH, e.g. 6.12.117-1a2b3c4d; names the
# tree's build and output directories.
iovafuzz_tree_ident() {
	local hash
	hash=$(iovafuzz_tree_hash "$1") || return 1
	printf '%s-%s\n' "$(iovafuzz_kernel_version "$1")" "$hash"
}

# iovafuzz_log_error LOG: the first error of a cmake configure or build log
# as one line.  CMake wraps a message(FATAL_ERROR) over indented lines; they
# are joined, so a missing symbol's name at the end is kept.  Falls back to
# the first compiler or make error, then to the last line.
iovafuzz_log_error() {
	awk '
	function flush() { print substr(msg, 1, 1000); found = 1; exit }
	in_msg && /^  +[^ ]/ { sub(/^ +/, ""); msg = msg " " $0; next }
	in_msg { flush() }
	/^-- / { next }                       # status lines are not errors
	/iovafuzz: / { msg = $0; sub(/^.*iovafuzz: /, "", msg); in_msg = 1; next }
	!first && / error: |^CMake Error|\*\*\* / { first = $0 }
	NF { last = $0 }
	END {
		if (found) exit
		if (in_msg) { print substr(msg, 1, 1000); exit }
		print substr(first != "" ? first : last, 1, 1000)
	}' "$1"
}

# iovafuzz_package_version PKG: installed version of PKG; fails if not installed.
iovafuzz_package_version() {
	local out
	out=$(dpkg-query -W -f='${Status}\t${Version}' "$1" 2>/dev/null) || return 1
	[[ ${out%%$'\t'*} == "install ok installed" ]] || return 1
	printf '%s\n' "${out#*$'\t'}"
}

# iovafuzz_missing_packages PKG...: print those PKGs not installed, one a line.
iovafuzz_missing_packages() {
	local p
	command -v dpkg-query >/dev/null ||
		die "dpkg-query not found: install $* by hand and use --no-install"
	for p in "$@"; do
		iovafuzz_package_version "$p" >/dev/null || printf '%s\n' "$p"
	done
}

# iovafuzz_ensure_packages PKG...: install the missing PKGs with apt-get
# (as root; one "installing" line on stderr, apt output in the cache's
# apt.log). Dies if not root or if apt-get fails.
iovafuzz_ensure_packages() {
	local missing log
	# Here, not in the process substitution below, where die only
	# leaves the subshell.
	command -v dpkg-query >/dev/null ||
		die "dpkg-query not found: install $* by hand and use --no-install"
	mapfile -t missing < <(iovafuzz_missing_packages "$@")
	((${#missing[@]})) || return 0
	((EUID == 0)) ||
		die "missing packages (run as root, or install them): ${missing[*]}"
	log=$(iovafuzz_cache_dir)/apt.log
	mkdir -p -- "${log%/*}"
	printf '%s: installing %s\n' "$IOVAFUZZ_PROG" "${missing[*]}" >&2
	if ! {
		apt-get update &&
			DEBIAN_FRONTEND=noninteractive apt-get install -y \
				--no-install-recommends "${missing[@]}"
	} </dev/null >"$log" 2>&1; then
		die "apt-get failed installing ${missing[*]}: $(grep -m1 '^E: ' "$log" ||
			grep . "$log" | tail -n 1) (log: $log)"
	fi
}
