#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make_kunit_corpus.sh BUILD [NAME...]: corpus/kunit/iova_<name>_kunit.c,
# the KUnit case scripts/repro writes for mutant NAME's committed input
# (corpus/regress/mutants/NAME), its suite named after the mutant: a
# guard for the fix of the bug the mutant puts back; the helpers every
# case shares go to corpus/kunit/iova_repro.h.  Default: every mutant of
# tests/mutants/ built in BUILD.
set -euo pipefail
if (($# < 1)) || [[ $1 == -* ]]; then
	echo "usage: make_kunit_corpus.sh BUILD [NAME...]" >&2
	exit 2
fi
build=$(CDPATH='' cd -- "$1" && pwd)
shift
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
names=("$@")
if ((${#names[@]} == 0)); then
	for p in "$top"/tests/mutants/*.patch; do
		names+=("$(basename "$p" .patch)")
	done
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/kunit-corpus.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
mkdir -p "$top/corpus/kunit"
python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import repro_c
open(sys.argv[2], "w").write(repro_c.helpers_header())' \
	"$top/scripts/lib" "$top/corpus/kunit/iova_repro.h"
for name in "${names[@]}"; do
	id=mut_${name//-/_}
	[[ -x $build/tests/mutants/iovafuzz_replay_$id ]] || continue
	"$top/scripts/repro" "$top/corpus/regress/mutants/$name" --build "$build" \
		--tree-id "$id" --kernel-src "$build/mutants/$name" \
		--out "$work/$name" >/dev/null
	case=iova_${name//-/_}
	sig=$(sed -n 's/^# //p;q' "$work/$name/min.txt")
	# The case is named after the mutant, not the signature.
	old=$(sed -n 's/^static void \(iovafuzz_[a-z0-9_]*\)(struct kunit \*test)$/\1/p' \
		"$work/$name/repro_kunit.c")
	[[ -n $old ]] || { echo "make_kunit_corpus: no case in $name's KUnit file" >&2; exit 2; }
	sed -E "s/\b$old/$case/g;
		s/\.name = \"[^\"]*\"/.name = \"${case//_/-}\"/;
		s|^ \* iovafuzz reproducer \(KUnit case\): .*| * iovafuzz reproducer (KUnit case): $sig\n * (tests/mutants/$name.patch puts the bug back)|" \
		"$work/$name/repro_kunit.c" >"$work/$name/case.c"
	# The helpers once, in corpus/kunit/iova_repro.h, not in every case.
	python3 - "$top/scripts/lib" "$work/$name/case.c" \
		"$top/corpus/kunit/${case}_kunit.c" <<-'PY'
		import sys
		sys.path.insert(0, sys.argv[1])
		import repro_c
		text = open(sys.argv[2]).read()
		open(sys.argv[3], "w").write(repro_c.share_helpers(text))
	PY
	echo "corpus/kunit/${case}_kunit.c: $sig"
done
