#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# check.sh NAME BUILD form|uml: scripts/repro's test patch for mutant
# NAME's committed input (upstream/0001-*.patch; maple/NAME: a mutant of
# lib/maple_tree.c and its maple_contract program):
#   form: kernel API and KUnit only (no shim, glue or iovafuzz name in
#         the code it adds), at most 15 lines per op on average; applies
#         to a clean 6.12 tree with git am and with patch -p1; its case
#         fails under scripts/kunit on the mutant and passes on 6.12;
#   uml:  the same in a real kernel, scripts/kunit --uml (User Mode
#         Linux): fails with the mutant applied, passes without.
set -euo pipefail
name=$1 build=$2 what=$3
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
mpatch=$top/tests/mutants/$name.patch
input=$top/corpus/regress/mutants/$name
target=() kfile=drivers/iommu/iova-kunit.c
if [[ $name == maple/* ]]; then
	name=${name#maple/}
	input=$top/tests/mutants/maple/$name.txt
	target=(--target maple_contract)
	kfile=lib/maple_tree_iommu_kunit.c
fi
id=mut_${name//-/_}
src=$build/mutants/$name
base=${IOVAFUZZ_CACHE:-$HOME/.cache/iovafuzz}/linux-6.12
work=$(mktemp -d "${TMPDIR:-/tmp}/upstream-$name.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
fail() { echo "FAIL: $name: $*" >&2; exit 1; }
export IOVAFUZZ_BUILD=$build/repro-kunit

"$top/scripts/repro" "$input" "${target[@]}" --build "$build" \
	--tree-id "$id" --kernel-src "$src" --out "$work/out" >"$work/report" 2>&1 ||
	{ cat "$work/report"; fail "scripts/repro failed"; }
patches=("$work"/out/upstream/*.patch)
[[ -f ${patches[0]} ]] || { cat "$work/report"; fail "no upstream patch written"; }
p=${patches[0]}
echo "$name: $(basename "$p")"

if [[ $what == uml ]]; then
	rc=0
	"$top/scripts/kunit" --uml --kernel 6.12 "$mpatch" \
		"$p" >"$work/uml-mut" 2>&1 || rc=$?
	tail -n 1 "$work/uml-mut"
	((rc == 1)) || { cat "$work/uml-mut"; fail "--uml on the mutant exits $rc, not 1"; }
	"$top/scripts/kunit" --uml --kernel 6.12 "$p" >"$work/uml-base" 2>&1 ||
		{ cat "$work/uml-base"; fail "--uml on 6.12 fails"; }
	tail -n 1 "$work/uml-base"
	exit 0
fi

# What the patch adds to C files: the kernel's API and KUnit's only.
added=$(awk '/^\+\+\+ b\/.*\.c$/ { c = 1; next } /^\+\+\+ / { c = 0 }
	c && /^\+/ { print substr($0, 2) }' "$p")
if grep -nEi 'shim|glue|iovafuzz' <<<"$added"; then
	fail "the test names harness code"
fi
ops=$(grep -cvE '^(#|iovafuzz-program|domain\(|$)' "$work/out/min.txt")
lines=$(awk '/^static void (iova_test|maple_iommu)_.*\(struct kunit \*test\)$/ { on = 1; next }
	on && /^}$/ { on = 0 } on && !/^(\{|[ \t]*)$/ { n++ }
	END { print n + 0 }' <<<"$added")
echo "$name: $lines lines for $ops op(s)"
((lines <= 15 * ops)) || fail "$lines lines for $ops ops: more than 15 a op"

patch -p1 --dry-run -s -f -d "$base" <"$p" >/dev/null ||
	fail "does not apply to $base with patch -p1"
mkdir -p "$work/git/drivers/iommu"
mkdir -p "$work/git/lib"
for f in drivers/iommu/Kconfig drivers/iommu/Makefile drivers/iommu/iova.c \
	lib/Kconfig.debug lib/Makefile; do
	cp "$base/$f" "$work/git/$f"
done
git -C "$work/git" init -q
git -C "$work/git" add -A
git -C "$work/git" -c user.name=t -c user.email=t@t commit -qm base
git -C "$work/git" -c user.name=t -c user.email=t@t am -q "$p" ||
	fail "git am refuses it"

# The case, in userspace: fails on the mutant, passes on 6.12.
for t in mut base; do
	from=$src
	[[ $t == base ]] && from=$base
	cp -r "$from" "$work/$t"
	patch -p1 -s -f -d "$work/$t" <"$p" >/dev/null || fail "does not apply to $from"
done
rc=0
"$top/scripts/kunit" --no-install --kernel-src "$work/mut" \
	"$work/mut/$kfile" >"$work/k-mut" 2>&1 || rc=$?
grep -m1 -E '^not ok [0-9]' "$work/k-mut" || true
((rc == 1)) || { cat "$work/k-mut"; fail "scripts/kunit on the mutant exits $rc, not 1"; }
"$top/scripts/kunit" --no-install --kernel-src "$work/base" \
	"$work/base/$kfile" >"$work/k-base" 2>&1 ||
	{ cat "$work/k-base"; fail "scripts/kunit on 6.12 fails"; }
grep -m1 -E '^ok [0-9]' "$work/k-base"
