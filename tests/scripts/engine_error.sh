#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# engine_error.sh TOP BASE WORK BUILD: on an unmodified tree a short run
# finds nothing, exit 0; then, with its fuzzer replaced by one that fails
# without reporting anything, the run is an engine failure, not a verdict:
# exit 2, one line naming the engine's log.
top=$1 base=$2 work=$3
. "$(dirname -- "$0")/lib.sh"
export IOVAFUZZ_BUILD=$4 IOVAFUZZ_OUT=$work/out
fuzz=("$top/scripts/fuzz" --no-install --jobs 1 --kernel-src "$work/tree" --time 5)

# A tree of its own (one more comment line): its own build directory.
sparse_tree "$base" "$work/tree"
echo "/* iovafuzz: engine error test */" >>"$work/tree/drivers/iommu/iova.c"
ident=$("$top/scripts/setup" --no-install --kernel-src "$work/tree" | cut -d' ' -f5)
fuzzer=$IOVAFUZZ_BUILD/fuzz-$ident/iovafuzz_fuzz_src_${ident//[^A-Za-z0-9_]/_}
rm -f -- "$fuzzer"	# the fake of an earlier run: link it again
rc=0
"${fuzz[@]}" >"$work/clean.out" 2>"$work/clean.log" || rc=$?
cat "$work/clean.log"
((rc == 0)) || fail "clean tree: exit $rc, want 0"
grep -q '^fuzz: nothing found$' "$work/clean.log" || fail "clean tree: no 'nothing found'"
[[ ! -s $work/clean.out ]] || fail "clean tree: a table on stdout"

# The build is up to date, so the fake stays in place for the next run.
[[ -x $fuzzer ]] || fail "no fuzzer at $fuzzer"
printf '#!/bin/sh\necho "==1== ERROR: libFuzzer: fake engine failure" >&2\nexit 1\n' >"$work/fake"
chmod +x "$work/fake"
mv -f -- "$work/fake" "$fuzzer"
progress=1
expect_error fuzz "libfuzzer failed \(exit 1\): .*fake engine failure.*\(log: $IOVAFUZZ_OUT/.*/libfuzzer\.log\)$" \
	"${fuzz[@]}"
expect_error fuzz "libfuzzer failed \(exit 1\)" "${fuzz[@]}" --keep-going

# An engine that fails after it reported a finding (the mainline bug
# corpus/known/6.12.txt lists, so known): the run is cut short, exit 3,
# its last line and findings.tsv's run line say so, the finding counted.
known=$(find "$top/corpus/known/6.12" -type f | head -n 1)
cat >"$work/fake" <<FAKE
#!/bin/sh
# The first process reports the known input and ends; the next fails.
[ -e "$work/fake-state" ] && { echo "==1== ERROR: libFuzzer: fake engine failure" >&2; exit 1; }
touch "$work/fake-state"
for a; do case \$a in -artifact_prefix=*) prefix=\${a#*=} ;; esac; done
sum=\$(sha1sum <"$known" | cut -c1-40)
cp "$known" "\${prefix}crash-\$sum"
echo "#1	INITED cov: 1 ft: 1 corp: 1/1b"
echo "==1== ERROR: AddressSanitizer: heap-use-after-free"
echo "Test unit written to \${prefix}crash-\$sum"
exit 1
FAKE
chmod +x "$work/fake"
mv -f -- "$work/fake" "$fuzzer"
rm -f -- "$work/fake-state"
rc=0
"${fuzz[@]}" --keep-going --time 20 >"$work/short.out" 2>"$work/short.log" || rc=$?
cat "$work/short.log"
last=$(tail -n 1 "$work/short.log")
((rc == 3)) || fail "engine failure after a finding: exit $rc, want 3"
[[ $last =~ ^fuzz:\ fuzzed\ [0-9]+s\ of\ 20s:\ cut\ short:\ libfuzzer\ failed\ \(exit\ 1\):.*fake\ engine\ failure ]] ||
	fail "engine failure after a finding: last line: $last"
grep -q '^# run: fuzzed [0-9]*s of 20s: cut short: libfuzzer failed' \
	"$(echo "$IOVAFUZZ_OUT"/*/iova/findings.tsv)" || fail "findings.tsv's run line"
grep -q 'heap-use-after-free iova_cache_get' "$work/short.out" ||
	fail "the finding reported before the failure is not in the table"
finish
