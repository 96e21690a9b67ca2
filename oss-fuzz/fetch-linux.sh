#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# oss-fuzz/fetch-linux.sh DEST: the pinned kernel tree (oss-fuzz/linux.pin)
# for the OSS-Fuzz and ClusterFuzzLite images, a shallow sparse clone of
# the tag with only the directories a fuzz target compiles from.
# oss-fuzz/fetch-linux.sh --verify DIR: only check DIR against the pin.
# IOVAFUZZ_LINUX_MIRROR=URL clones the tag from a mirror instead.
#
# The check is what makes the pin a pin: every file under test must have
# the hash in linux.pin, and the Makefile the pinned version; a tag moved
# or a mirror serving other code stops the image build.
# Exit status: 0 ok, 2 on any error (one line on stderr).
set -euo pipefail
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
. "$here/../scripts/lib/common.sh"
pin=$here/linux.pin

usage() {
	die "usage: $IOVAFUZZ_PROG DEST | --verify DIR"
}

# pin_value KEY: the value of the pin's "KEY value" line.
pin_value() {
	local v
	v=$(awk -v k="$1" '$1 == k { print $2; exit }' "$pin")
	[[ -n $v ]] || die "no '$1' line in $pin"
	printf '%s\n' "$v"
}

# verify DIR: DIR has the pinned version and every pinned file's hash.
verify() {
	local dir=$1 want sum f n=0 version
	version=$(pin_value version)
	[[ $(iovafuzz_kernel_version "$dir") == "$version" ]] ||
		die "$dir is $(iovafuzz_kernel_version "$dir"), not the pinned $version"
	while read -r want f; do
		[[ -f $dir/$f ]] || die "$dir has no $f (pinned in $pin)"
		sum=$(sha256sum <"$dir/$f")
		[[ ${sum%% *} == "$want" ]] ||
			die "$dir/$f is not the pinned $version file (sha256 ${sum:0:16}..., want ${want:0:16}...)"
		n=$((n + 1))
	done < <(awk '$1 == "sha256" { print $2, $3 }' "$pin")
	((n)) || die "no sha256 lines in $pin"
	echo "$IOVAFUZZ_PROG: $dir is Linux $version ($n files checked)"
}

fetch() {
	local dest=$1 url tag log
	url=${IOVAFUZZ_LINUX_MIRROR:-$(pin_value url)}
	tag=$(pin_value tag)
	[[ ! -e $dest ]] || die "$dest exists; fetch into a new directory"
	log=$(mktemp)
	# A filter the server does not know is ignored: then it is a full
	# shallow clone, still of the one tag.  Cone mode keeps the top-level
	# files (the Makefile, for the version).
	if ! { git clone --quiet --depth 1 --branch "$tag" --filter=blob:none \
		--sparse "$url" "$dest" &&
		git -C "$dest" sparse-checkout init --cone &&
		git -C "$dest" sparse-checkout set drivers/iommu drivers/dma-buf \
			include lib tools/include; } >"$log" 2>&1; then
		die "git clone of $tag from $url failed: $(grep -m1 -iE 'fatal|error' "$log" ||
			tail -n 1 "$log")"
	fi
	rm -f -- "$log"
	verify "$dest"
}

case ${1:-} in
--verify) (($# == 2)) || usage; verify "$2" ;;
-* | '') usage ;;
*) (($# == 1)) || usage; fetch "$1" ;;
esac
