#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""seed_zip.py DIR ZIP: the files of DIR (not its subdirectories), flat,
in name order, as ZIP, the <target>_seed_corpus.zip OSS-Fuzz unpacks.

Every entry gets one fixed date and mode, so that one seed directory
always gives the same archive, byte for byte (zip(1) records mtimes).
An empty or missing DIR is an error: exit 2, one line.
"""
import os
import sys
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)


def main(argv):
    if len(argv) != 3:
        print("seed_zip.py: usage: seed_zip.py DIR ZIP", file=sys.stderr)
        return 2
    src, dest = argv[1], argv[2]
    try:
        names = sorted(n for n in os.listdir(src)
                       if os.path.isfile(os.path.join(src, n)))
    except OSError as e:
        print(f"seed_zip.py: cannot read {src}: {e.strerror}",
              file=sys.stderr)
        return 2
    if not names:
        print(f"seed_zip.py: no seed files in {src}", file=sys.stderr)
        return 2
    tmp = dest + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for n in names:
            info = zipfile.ZipInfo(n, EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(os.path.join(src, n), "rb") as f:
                z.writestr(info, f.read())
    os.replace(tmp, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
