# SPDX-License-Identifier: GPL-2.0-only
# Patched trees for scripts/bench: a copy of the base's files under test
# with a series applied the way scripts/premerge applies one
# (scripts/lib/premerge_series.py: patches, git format-patch mboxes, a
# mail whose mailer ate the space before context lines, in order, with
# patch -p1 and no fuzz).  Source it after common.sh.

# bench_patched_tree BASE STORE PATCH...: a copy of BASE with PATCHes
# applied in order, kept in STORE/<ident> (reused when it exists); prints
# its path.  A series that changes nothing under test is an error here:
# the two trees would measure the same.
bench_patched_tree() {
	local base=$1 store=$2 tmp ident out
	shift 2
	mkdir -p -- "$store" || die "cannot create $store"
	tmp=$(mktemp -d -p "$store" .new.XXXXXX) || die "cannot write to $store"
	out=$(python3 "$(dirname -- "${BASH_SOURCE[0]}")/premerge_series.py" apply \
		--base "$base" --dest "$tmp/tree" --save "$tmp/series" "$@" 2>&1) ||
		{ rm -rf -- "$tmp"; out=${out##*$'\n'}; die "${out#premerge: }"; }
	ident=$(iovafuzz_tree_ident "$tmp/tree") || die "cannot hash the tree in $tmp"
	if [[ $ident == "$(iovafuzz_tree_ident "$base")" ]]; then
		rm -rf -- "$tmp"
		die "the series changes nothing under test: ${out//$'\n'/; }"
	fi
	if [[ -d $store/$ident ]]; then
		rm -rf -- "$tmp"
	else
		mv -- "$tmp/tree" "$store/$ident" && rm -rf -- "$tmp" ||
			die "cannot create $store/$ident"
	fi
	printf '%s\n' "$store/$ident"
}
