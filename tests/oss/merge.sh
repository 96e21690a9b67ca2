#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# merge.sh TOP TREE WORK: scripts/corpus-merge end to end.
#   - on TREE (unmodified 6.12), the seeds plus copies of them plus the
#     regression inputs lose the copies; with a corpus libFuzzer grew from
#     the seeds, they merge into fewer files, each one of the inputs,
#     reaching exactly the coverage features all the inputs reach; the
#     same inputs given in the other order give the same files;
#   - --target maple_contract merges with that target's fuzzer;
#   - on a mutant tree (leak-depot) its regression input crashes and is
#     left out, and counted;
#   - bad input is exit 2 and one line.
top=$1 tree=$2 work=$3
# The tree's known bugs are dropped, as scripts/fuzz has them: an input
# that reaches one may be in a grown corpus (clang 14's libFuzzer keeps
# an input the target rejects).
mm=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$tree/Makefile" | head -n 2 | paste -sd.)
if [[ -f $top/corpus/known/$mm.txt ]]; then
	export IOVAFUZZ_KNOWN=$top/corpus/known/$mm.txt
fi
. "$top/tests/scripts/lib.sh"
export IOVAFUZZ_BUILD=$work/build IOVAFUZZ_OUT=$work/out
m=$top/scripts/corpus-merge

mkdir -p -- "$work/a" "$work/b" "$work/empty"
cp -- "$top"/corpus/seeds/iova/* "$work/a/"
for f in "$top"/corpus/seeds/iova/*; do
	cp -- "$f" "$work/b/copy-${f##*/}"
done
cp -- "$top"/corpus/regress/iova/* "$work/b/"
unique=$(sha1sum "$work"/a/* "$work"/b/* | cut -d' ' -f1 | sort -u | wc -l)

# merged NAME: run corpus-merge with the rest of the arguments; its one
# line of output must say how many inputs went in.
merged() {
	local name=$1 rc=0
	local line='^corpus-merge: .* [0-9]+ inputs \([0-9]+ distinct\) -> [0-9]+ in '
	shift
	"$m" --no-install "$@" >"$work/$name.stdout" 2>"$work/$name.stderr" || rc=$?
	if ((rc)) || ! grep -qE "$line" "$work/$name.stdout"; then
		fail "$name: corpus-merge $*: exit $rc"
		sed 's/^/  /' "$work/$name.stdout" "$work/$name.stderr"
		return 1
	fi
	echo "ok: $(cat "$work/$name.stdout")"
}

# features BIN DIR...: the coverage features libFuzzer counts when it
# loads DIRs (-runs=0: nothing is mutated).
features() {
	local bin=$1
	shift
	"$bin" -runs=0 -max_len=1024 "$@" 2>&1 | sed -n 's/.*INITED .* ft: \([0-9]*\).*/\1/p'
}

# The seeds and their copies: the copies go.
if merged dedup --kernel-src "$tree" "$work/a" "$work/b" -o "$work/m0"; then
	n=$(find "$work/m0" -type f | wc -l)
	((n > 0 && n <= unique)) || fail "dedup: merged $n files of $unique distinct inputs"
fi
# What libFuzzer's own corpus grew to in 3000 runs from the seeds: much of
# it is subsumed by later inputs.
bin=$(find "$work/build" -maxdepth 2 -type f -name 'iovafuzz_fuzz_src_*' \
	! -name '*maple_contract*' | head -n 1)
mkdir -p -- "$work/c"
cp -- "$top"/corpus/seeds/iova/* "$work/c/"
"$bin" -seed=1 -runs=3000 -max_len=1024 "$work/c" >"$work/grow.log" 2>&1 ||
	fail "growing a corpus: $bin exit $?"
unique=$(sha1sum "$work"/[abc]/* | cut -d' ' -f1 | sort -u | wc -l)
if merged first --kernel-src "$tree" "$work/a" "$work/b" "$work/c" -o "$work/m1"; then
	n=$(find "$work/m1" -type f | wc -l)
	((n > 0 && n < unique)) || fail "merged $n files of $unique distinct inputs"
	sha1sum "$work"/[abc]/* | cut -d' ' -f1 >"$work/input-sums"
	for f in "$work"/m1/*; do
		sum=$(sha1sum <"$f" | cut -d' ' -f1)
		grep -qx -- "$sum" "$work/input-sums" ||
			fail "merged file ${f##*/} is none of the inputs"
	done
	all=$(features "$bin" "$work/a" "$work/b" "$work/c")
	min=$(features "$bin" "$work/m1")
	if [[ -n $all && $all == "$min" ]]; then
		echo "ok: $n of $unique distinct inputs reach all $all features of the inputs"
	else
		fail "features: inputs ${all:-?}, merged ${min:-?}"
	fi
	# Same inputs, other order: the same files.
	merged again --kernel-src "$tree" "$work/c" "$work/b" "$work/a" -o "$work/m2" &&
		{ diff <(ls "$work/m1") <(ls "$work/m2") >/dev/null ||
			fail "the inputs in the other order merge into other files"; }
fi

mkdir -p -- "$work/mc"
cp -- "$top"/corpus/seeds/maple_contract/* "$work/mc/"
merged maple --kernel-src "$tree" --target maple_contract "$work/mc" -o "$work/m3" &&
	{ grep -q "^corpus-merge: maple_contract on " "$work/maple.stdout" ||
		fail "--target maple_contract: not the maple_contract target"; }

# A mutant: its regression input crashes and is left out.
bash "$top/tests/mutants/apply.sh" "$tree" "$top/tests/mutants/leak-depot.patch" \
	"$work/leak" >/dev/null
mkdir -p -- "$work/crashing"
cp -- "$top/corpus/regress/mutants/leak-depot" "$work/crashing/"
if merged mutant --kernel-src "$work/leak" "$work/a" "$work/crashing" -o "$work/m4"; then
	grep -qE '; [1-9][0-9]* left out as crashing\)$' "$work/mutant.stdout" ||
		fail "mutant: no crashing input counted"
	sum=$(sha1sum <"$work/crashing/leak-depot" | cut -d' ' -f1)
	[[ ! -e $work/m4/$sum ]] || fail "mutant: the crashing input was kept"
fi

# Bad input: exit 2, one line, before anything is built where it can be.
expect_error corpus-merge "no corpus directory given" "$m" --no-install
expect_error corpus-merge "corpus $work/none is not a readable directory" \
	"$m" --no-install "$work/none"
expect_error corpus-merge "no inputs in $work/empty" "$m" --no-install "$work/empty"
expect_error corpus-merge "unknown target: nosuch" "$m" --no-install --target nosuch "$work/a"
expect_error corpus-merge "unknown option: --frobnicate" "$m" --frobnicate "$work/a"
expect_error corpus-merge "option -o needs an argument" "$m" "$work/a" -o
expect_error corpus-merge "one tree at a time" \
	"$m" --no-install --kernel 6.12 --kernel-src "$tree" "$work/a"
expect_error corpus-merge "kernel tree not found: $work/none" \
	"$m" --no-install --kernel-src "$work/none" "$work/a"
expect_error corpus-merge "output $work/m1 is not empty" \
	"$m" --no-install --kernel-src "$tree" "$work/a" -o "$work/m1"
expect_error corpus-merge "output $work/a/sub is inside corpus $work/a" \
	"$m" --no-install --kernel-src "$tree" "$work/a" -o "$work/a/sub"
touch "$work/file"
expect_error corpus-merge "output $work/file is not a directory" \
	"$m" --no-install --kernel-src "$tree" "$work/a" -o "$work/file"
finish
