#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# full_disk.sh TOP TREE WORK BUILD: scripts/fuzz --keep-going whose output
# lies on a small filesystem (a tmpfs this test mounts) that fills up once
# the first finding is saved, with --jobs 1, --jobs 2 and AFL++.  The run
# ends with one line saying what it could not write, exit 2; what it had
# saved before is whole (check_table.py) and nothing half-written is a
# finding.
top=$1 tree=$2 work=$3
# A run of this test that was killed may have left its disk mounted.
umount -l "$work/disk" 2>/dev/null || true
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4
disk=$work/disk
mkdir -p -- "$disk"
mount -t tmpfs -o size=8m iovafuzz-test "$disk" ||
	{ echo "FAIL: cannot mount a tmpfs at $disk: this test needs root"; exit 1; }
trap 'umount -l "$disk"' EXIT
export IOVAFUZZ_OUT=$disk/out

for mode in jobs1 jobs2 afl; do
	rm -rf -- "${disk:?}"/* "$work/corpus"
	mode_args "$mode"
	log=$work/$mode.err
	# The corpus elsewhere: what fills the disk is the test's file.
	start_fuzz "$log" --kernel-src "$tree" "${args[@]}" --corpus "$work/corpus" \
		--keep-going --time 120
	wait_line "$log" '^fuzz: finding after ' ||
		{ fail "$mode: nothing found"; cat "$log"; continue; }
	# The first finding saved whole: its report is written last.
	for ((i = 0; i < 600; i++)); do
		compgen -G "$disk/out/*/iova/findings/*/report.txt" >/dev/null && break
		sleep 0.1
	done
	dd if=/dev/zero of="$disk/fill" bs=64k 2>/dev/null || true
	rc=0
	wait "$fuzz_pid" || rc=$?
	last=$(tail -n 1 "$log")
	echo "$mode: exit $rc: $last"
	if ((rc != 2)) ||
		! grep -qiE '^(fuzz|findings\.py): cannot (write|save) .*no space left' <<<"$last"; then
		fail "$mode: want exit 2 and a last line naming what could not be written"
		cat "$log"
	fi
	rm -f -- "$disk/fill"
	check_table "$(echo "$disk"/out/*/iova)" "$tree"
done
finish
