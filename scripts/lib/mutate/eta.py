# SPDX-License-Identifier: GPL-2.0-only
"""Progress on stderr: "mutate: STAGE i/n, ETA 3m20s", at most one line
every few seconds (and the last), so that a log stays short."""
import sys
import time


def _dur(s):
    s = int(s + 0.5)
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"


class Progress:
    def __init__(self, prog, stage, every=5.0, out=sys.stderr):
        self.prog, self.stage, self.every, self.out = prog, stage, every, out
        self.start = time.monotonic()
        self.last = None

    def __call__(self, done, total):
        now = time.monotonic()
        if done < total and self.last is not None and \
                now - self.last < self.every:
            return
        self.last = now
        el = now - self.start
        eta = el / done * (total - done) if done else 0
        tail = f", ETA {_dur(eta)}" if done < total else \
            f", took {_dur(el)}"
        print(f"{self.prog}: {self.stage} {done}/{total}{tail}",
              file=self.out, flush=True)
