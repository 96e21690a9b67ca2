# SPDX-License-Identifier: GPL-2.0-only
# The stages of scripts/premerge that run on one tree: build, unit and
# contract tests, regression corpus.  Sourced after common.sh; uses the
# globals top, here, pm (the run's directory), build_root, known_args.

# The per-tree ctests premerge runs on base and patched (tests/CMakeLists.txt).
PM_TESTS=(smoke_iova smoke_maple maple_contract)

# pm_build DIR NAME TREE: configure DIR for the tree at TREE named NAME,
# exactly as scripts/fuzz configures its build (so that it, and every
# series on the same base, reuses it), and build the replay and the
# tests.  Locked like scripts/fuzz's builds.
pm_build() {
	local dir=$1 name=$2 src=$3 t id
	id=${name//[^A-Za-z0-9_]/_}
	local targets=("iovafuzz_replay_$id")
	for t in "${PM_TESTS[@]}"; do targets+=("${t}_$id"); done
	iovafuzz_build_tree "$dir" clang-14 "$name" "$src" "${targets[@]}"
	pm_replay=$dir/iovafuzz_replay_$id
}

# pm_tests SIDE DIR NAME: run the tree's per-tree ctests in the build
# DIR; one line per test into $pm/tests.tsv: SIDE, test, passed|failed,
# seconds.
pm_tests() {
	local side=$1 dir=$2 name=${3//./\\.} t rc log
	for t in "${PM_TESTS[@]}"; do
		log=$pm/tests/$side-$t.log
		rc=0
		ctest --test-dir "$dir" -R "^$name\\.$t\$" --output-on-failure \
			--timeout 300 >"$log" 2>&1 || rc=$?
		grep -qE '(100% tests passed|tests failed)' "$log" ||
			die "ctest did not run $t in $dir (log: $log)"
		printf '%s\t%s\t%s\t%s\n' "$side" "$t" \
			"$( ((rc)) && echo failed || echo passed)" \
			"$(sed -n 's/.*Total Test time (real) = *\([0-9.]*\) sec.*/\1/p' "$log")" \
			>>"$pm/tests.tsv"
	done
}

# pm_regress: every program of the seed and regression corpus on the
# patched tree, one at a time; each that reports a finding is recorded
# (findings.py: signature, minimized input, report) unless the base
# reports the same signature for it, which is the base's, not the
# series'.
pm_regress() {
	local f base_sig rc name n=0
	local -a failing=()
	mkdir -p -- "$pm/regress/incoming"
	: >"$pm/regress/base-too.txt"
	while read -r f; do
		n=$((n + 1))
		rc=0
		"$patched_replay" "$f" >"$pm/regress/.out" 2>&1 || rc=$?
		((rc)) || continue
		((rc != 2)) || die "replay could not read $f"
		rc=0
		"$base_replay" "$f" >"$pm/regress/.base" 2>&1 || rc=$?
		if ((rc)) && base_sig=$(python3 "$findings" signature --tree "$base_path" \
			"$pm/regress/.base") && [[ $base_sig == "$(python3 "$findings" \
			signature --tree "$patched_path" "$pm/regress/.out")" ]]; then
			printf '%s\t%s\n' "$base_sig" "$f" >>"$pm/regress/base-too.txt"
			continue
		fi
		name=${f#"$top"/corpus/}
		cp -- "$f" "$pm/regress/incoming/${name//\//_}"
		failing+=("$pm/regress/incoming/${name//\//_}")
	done < <(find "${regress_dirs[@]}" -maxdepth 1 -type f ! -name '.*' | LC_ALL=C sort)
	echo "$n" >"$pm/regress/count"
	rm -f -- "$pm/regress/.out" "$pm/regress/.base"
	((${#failing[@]})) || return 0
	python3 "$findings" record --work "$pm/regress" --tree "$patched_path" \
		--start "$(date +%s)" --header 2 --op-size 4 \
		"${known_args[@]}" "${failing[@]}" -- "$patched_replay" >/dev/null ||
		die "findings.py could not record the regression findings"
}
