# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the tests of scripts/.  Source it after setting work= (a
# scratch directory, made fresh here).
set -euo pipefail

failures=0
rm -rf -- "$work"
mkdir -p -- "$work"

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect_error PROG PATTERN CMD...: CMD exits 2, prints nothing on stdout
# and exactly one line on stderr, "PROG: ..." matching the regex PATTERN.
# With progress=1, an error once fuzzing has started: what scripts/fuzz
# printed as progress before it ("fuzz: tree ...", "fuzz: 10s: ...") is
# not counted.
progress=0
expect_error() {
	local prog=$1 pat=$2 rc=0
	shift 2
	"$@" >"$work/.stdout" 2>"$work/.all" </dev/null || rc=$?
	if ((progress)); then
		grep -avE "^$prog: (tree |[0-9]+s: )" "$work/.all" >"$work/.stderr" || true
	else
		mv "$work/.all" "$work/.stderr"
	fi
	if ((rc == 2)) && [[ ! -s $work/.stdout && $(wc -l <"$work/.stderr") == 1 ]] &&
		grep -qE -- "^$prog: .*($pat)" "$work/.stderr"; then
		echo "ok: $(cat "$work/.stderr")"
		return 0
	fi
	fail "$*: want exit 2 and one line '$prog: ...' matching /$pat/, got exit $rc:"
	sed 's/^/  stdout: /' "$work/.stdout"
	sed 's/^/  stderr: /' "$work/.stderr"
}

# sparse_tree SRC DEST: the files under test (and the Makefile) of SRC.
sparse_tree() {
	local f
	rm -rf -- "$2"
	for f in drivers/iommu/iova.c include/linux/iova.h lib/maple_tree.c \
		include/linux/maple_tree.h lib/rbtree.c include/linux/rbtree.h \
		include/linux/rbtree_augmented.h include/linux/rbtree_types.h \
		include/linux/rbtree_latch.h Makefile; do
		[[ -f $1/$f ]] || continue
		mkdir -p -- "$(dirname -- "$2/$f")"
		cp -- "$1/$f" "$2/$f"
	done
}

finish() {
	if ((failures)); then
		echo "$failures check(s) failed"
		exit 1
	fi
	echo "all checks passed"
}
