# SPDX-License-Identifier: GPL-2.0-only
# Patched trees for scripts/bench: a copy of the base's files under test
# with patches applied the way a user would (patch -p1; a git-am style
# mbox or a mail with a diff in it works too: patch skips the text around
# each diff and applies the diffs in order).  Source it after common.sh.

# bench_copy_tree SRC DEST: DEST (fresh) gets SRC's files under test.
bench_copy_tree() {
	local src=$1 dest=$2 f
	rm -rf -- "$dest"
	for f in "${IOVAFUZZ_CORE_FILES[@]}" "${IOVAFUZZ_RBTREE_FILES[@]}" \
		"${IOVAFUZZ_EXTRA_FILES[@]}"; do
		[[ -e $src/$f ]] || continue
		mkdir -p -- "$dest/$(dirname -- "$f")" &&
			cp -- "$src/$f" "$dest/$f" ||
			die "cannot copy $src/$f to $dest"
	done
}

# bench_patch_error OUTPUT: the file patch(1) failed on and why, one line.
bench_patch_error() {
	awk '
	/^patching file / { file = substr($0, 15) }
	/^\|--- / { m = $2; sub(/^[ab]\//, "", m); cand = m }
	/^No file to patch/ { print cand ": no such file in the tree"; exit }
	/FAILED at/ { print file ": " $0; exit }
	/Only garbage was found/ { print "no diff in it"; exit }
	/malformed patch/ { print $0; exit }
	/Reversed \(or previously applied\)/ {
		print file ": already applied (or reversed)"; exit }
	END { }' <<<"$1" | head -n 1
}

# bench_apply DEST PATCH: apply PATCH to the tree at DEST; on failure one
# line naming the patch and the file, exit 2.
bench_apply() {
	local dest=$1 patch=$2 out why
	[[ -f $patch && -r $patch ]] || die "no readable patch file $patch"
	if ! out=$(patch -p1 -f -N --no-backup-if-mismatch -r - -d "$dest" \
		<"$patch" 2>&1); then
		why=$(bench_patch_error "$out")
		die "$patch does not apply: ${why:-$(tail -n 1 <<<"$out")}"
	fi
	grep -q '^patching file ' <<<"$out" || die "$patch: no diff in it"
}

# bench_patched_tree BASE STORE PATCH...: a copy of BASE with PATCHes
# applied in order, kept in STORE/<ident> (reused when it exists); prints
# its path.
bench_patched_tree() {
	local base=$1 store=$2 tmp ident p
	shift 2
	mkdir -p -- "$store" || die "cannot create $store"
	tmp=$(mktemp -d -p "$store" .new.XXXXXX) || die "cannot write to $store"
	bench_copy_tree "$base" "$tmp"
	for p in "$@"; do
		bench_apply "$tmp" "$p"
	done
	ident=$(iovafuzz_tree_ident "$tmp") || die "cannot hash the tree in $tmp"
	if [[ -d $store/$ident ]]; then
		rm -rf -- "$tmp"
	else
		mv -- "$tmp" "$store/$ident" || die "cannot create $store/$ident"
	fi
	printf '%s\n' "$store/$ident"
}
