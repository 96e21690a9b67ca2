#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# regress_maple.sh BUILD: every text regression input of maple_contract
# (corpus/regress/maple_contract/*.txt) reports what its "# found:" line
# says on the trees its "# trees:" line names first, and passes on 6.12
# unless 6.12 is named.
set -uo pipefail
build=$1
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
failed=0 n=0
for f in "$top"/corpus/regress/maple_contract/*.txt; do
	want=$(sed -n '1s/^# found: //p' "$f")
	trees=$(sed -n '2s/^# trees: \([0-9.]*\).*/\1/p' "$f")
	[[ -n $want && -n $trees ]] || { echo "FAIL: $f: no '# found:' and '# trees:' lines" >&2; failed=1; continue; }
	for t in "$trees" 6.12; do
		bin=$build/iovafuzz_fuzz_maple_contract_${t//./_}
		[[ -x $bin ]] || { echo "FAIL: no $bin" >&2; failed=1; continue; }
		out=$(env -u IOVAFUZZ_KNOWN "$bin" "$f" 2>&1)
		got=$(python3 "$top/scripts/lib/findings.py" signature - <<<"$out") || got=
		if [[ $t == "$trees" && $got != "$want" ]]; then
			echo "FAIL: $f on $t: '$got', want '$want'" >&2
			failed=1
		elif [[ $t != "$trees" && -n $got ]]; then
			echo "FAIL: $f on $t: '$got', want nothing" >&2
			failed=1
		else
			echo "ok: $(basename "$f") on $t: ${got:-passes}"
		fi
		[[ $trees != 6.12 ]] || break
	done
	n=$((n + 1))
done
((n)) || { echo "FAIL: no inputs" >&2; exit 1; }
exit $failed
