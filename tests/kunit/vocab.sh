#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# vocab.sh TOP WORK [uml]: our KUnit file of the vocabulary kernel suites
# use (vocab-kunit.c) under scripts/kunit, and with uml also in User Mode
# Linux (added to 6.12's lib/ by a patch made here, scripts/kunit --uml):
# the same totals both ways.
set -euo pipefail
top=$1 work=$2 mode=${3:-}
rm -rf -- "$work"
mkdir -p -- "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
totals() { grep -oE 'pass:[0-9]+ fail:[0-9]+ skip:[0-9]+ total:[0-9]+' "$1" | tail -n 1; }

"$top/scripts/kunit" --no-install --kernel 6.12 "$top/tests/kunit/vocab-kunit.c" \
	>"$work/user" 2>"$work/user.err" || { cat "$work/user" "$work/user.err"; fail "scripts/kunit fails"; }
user=$(totals "$work/user")
echo "userspace: $user"
[[ $user == "pass:7 fail:0 skip:1 total:8" ]] || { cat "$work/user"; fail "userspace totals: $user"; }
[[ $mode == uml ]] || exit 0

full=$("$top/scripts/setup" --no-install --full --print-path --kernel 6.12)
mkdir -p "$work/a/lib" "$work/b/lib"
for f in Kconfig.debug Makefile; do
	cp "$full/lib/$f" "$work/a/lib/$f"
	cp "$full/lib/$f" "$work/b/lib/$f"
done
cat >>"$work/b/lib/Kconfig.debug" <<'KCONFIG'

config IOVAFUZZ_VOCAB_KUNIT_TEST
	tristate "iovafuzz's vocabulary KUnit test" if !KUNIT_ALL_TESTS
	depends on KUNIT
	default KUNIT_ALL_TESTS
KCONFIG
echo 'obj-$(CONFIG_IOVAFUZZ_VOCAB_KUNIT_TEST) += iovafuzz-vocab-kunit.o' >>"$work/b/lib/Makefile"
cp "$top/tests/kunit/vocab-kunit.c" "$work/b/lib/iovafuzz-vocab-kunit.c"
printf 'CONFIG_KUNIT=y\nCONFIG_IOVAFUZZ_VOCAB_KUNIT_TEST=y\nCONFIG_DEBUG_KERNEL=y\nCONFIG_FAULT_INJECTION=y\nCONFIG_FAILSLAB=y\n' >"$work/b/lib/iovafuzz-vocab.kunitconfig"
(cd "$work" && diff -ruN a b >vocab.patch) || true
rc=0
"$top/scripts/kunit" --uml --kernel 6.12 --kunitconfig lib/iovafuzz-vocab.kunitconfig \
	"$work/vocab.patch" >"$work/uml" 2>&1 || rc=$?
tail -n 1 "$work/uml"
((rc == 0)) || { cat "$work/uml"; fail "--uml exits $rc"; }
uml=$(grep -oE '^uml: [0-9]+ tests: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$work/uml")
[[ $uml == "uml: 8 tests: 7 passed, 0 failed, 1 skipped" ]] ||
	fail "UML gives '$uml', userspace $user"
