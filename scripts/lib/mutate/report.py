# SPDX-License-Identifier: GPL-2.0-only
"""The report of a run: report.json (every figure and every mutant) and
report.txt (the figures, then each survivor at file:line with its
change and the suites that let it live, then what was dropped).

Figures: generated; uncompilable, equivalent and duplicate (dropped:
they cannot count); compiled (the rest, the denominator of every
score); per suite killed, survived and errors (a mutant the suite could
not run on); survived (by every suite run).  A suite's score is its
kills over the compiled mutants it ran on; the score together is the
mutants any suite killed over the compiled ones.  Of a sample
(--sample), every score comes with its 95% interval."""
import json
import os

import sample


DROPPED = ("uncompilable", "equivalent", "duplicate")


def figures(mutants, suites, sampled=False):
    fig = {"generated": len(mutants)}
    for s in DROPPED + ("compiled",):
        fig[s] = sum(1 for m in mutants if m.status == s)
    live = [m for m in mutants if m.status == "compiled"]
    per = {}
    for s in suites:
        ran = [m for m in live if s in m.results]
        k = sum(1 for m in ran if m.results[s][0] == "killed")
        e = sum(1 for m in ran if m.results[s][0] == "error")
        per[s] = {"killed": k, "survived": len(ran) - k - e, "errors": e,
                  "score": round(k / (len(ran) - e), 4)
                  if len(ran) > e else None}
        if sampled:
            per[s]["interval"] = sample.interval(k, len(ran) - e)
    fig["suites"] = per
    if suites:
        killed = [m for m in live if killed_by(m)]
        fig["killed"] = len(killed)
        fig["survived"] = len(survivors(mutants))
        fig["score"] = round(len(killed) / len(live), 4) if live else None
        if sampled:
            fig["interval"] = sample.interval(len(killed), len(live))
    return fig


def killed_by(m):
    return [s for s, (v, _) in m.results.items() if v == "killed"]


def fuzz_only(mutants):
    """The mutants a fuzz suite killed and the kunit suite let live: a
    KUnit case is missing (scripts/repro writes it: fuzz_repro.py)."""
    return [m for m in mutants if m.status == "compiled" and
            m.results.get("kunit", ("",))[0] == "survived" and
            any(s.startswith("fuzz:") for s in killed_by(m))]


def survivors(mutants):
    return [m for m in mutants if m.status == "compiled" and m.results and
            not killed_by(m) and
            all(v == "survived" for v, _ in m.results.values())]


def write_json(path, meta, mutants, suites):
    doc = dict(meta)
    doc["figures"] = figures(mutants, suites, bool(meta.get("sample")))
    doc["mutants"] = []
    for m in mutants:
        keys = ("id", "file", "line", "col", "op", "function", "orig",
                "repl", "start", "end", "status", "why", "digest")
        d = {k: getattr(m, k) for k in keys}
        d["results"] = {s: {"verdict": v, "detail": w}
                        for s, (v, w) in m.results.items()}
        if m.repro:
            d["repro"] = m.repro
        if m.parts:
            d["parts"] = m.parts
        doc["mutants"].append(d)
    with open(path + ".tmp", "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(path + ".tmp", path)


def pct(x, iv=None):
    if x is None:
        return "-"
    if iv is None:
        return f"{100 * x:.1f}%"
    return f"{100 * x:.1f}% (95%: {100 * iv[0]:.1f}-{100 * iv[1]:.1f}%)"


def text(meta, mutants, suites):
    some = meta.get("sample")
    fig = figures(mutants, suites, bool(some))
    out = [f"mutate: {meta['tree']} {', '.join(meta['files'])}"]
    for rel, names in (meta.get("reached") or {}).items():
        out.append(f"{rel}: the {len(names)} functions drivers/iommu/"
                   f"iova.c reaches: {', '.join(names)}")
    out.append(f"generated {fig['generated']}, uncompilable "
               f"{fig['uncompilable']}, equivalent {fig['equivalent']}, "
               f"duplicate {fig['duplicate']}, compiled {fig['compiled']}")
    if some:
        out.append(f"a sample: {some['n']} of the {some['of']} mutants "
                   f"generated, seed {some['seed']}; the scores are "
                   f"estimates")
    for s, f in fig["suites"].items():
        out.append(f"suite {s}: killed {f['killed']}, survived "
                   f"{f['survived']}, errors {f['errors']}, score "
                   f"{pct(f['score'], f.get('interval'))}")
    if suites:
        out.append(f"together: killed {fig['killed']}, survived "
                   f"{fig['survived']}, score "
                   f"{pct(fig['score'], fig.get('interval'))}")
        out.append("")
        out.append("survivors:")
        if not survivors(mutants):
            out.append("  none")
        for m in survivors(mutants):
            out.append(f"  {m.id} {m.file}:{m.line}:{m.col} {m.op} "
                       f"{m.change()} in "
                       f"{m.function} (lives: {', '.join(m.results)})")
        fz = fuzz_only(mutants)
        if fz:
            out.append("")
            out.append("killed by the fuzzer, not by kunit (the missing "
                       "KUnit case):")
            for m in fz:
                r = m.repro or {}
                case = r.get("kunit") or \
                    f"no KUnit case: {r.get('why', 'not made')}"
                if r.get("check"):
                    case += f" ({r['check']})"
                out.append(f"  {m.id} {m.file}:{m.line}:{m.col} {m.op} "
                           f"{m.change()} in "
                           f"{m.function}: {case}")
        errs = [m for m in mutants if any(v == "error"
                                          for v, _ in m.results.values())]
        if errs:
            out.append("")
            out.append("errors:")
            for m in errs:
                for s, (v, w) in m.results.items():
                    if v == "error":
                        out.append(f"  {m.id} {s}: {w}")
    out.append("")
    out += listing(mutants)
    return "\n".join(out) + "\n"


def listing(mutants):
    """Every mutant, one a line: id, place, operator, change, status."""
    out = []
    for m in mutants:
        why = f" ({m.why})" if m.why else ""
        res = "".join(f" {s}:{v}" for s, (v, _) in m.results.items())
        out.append(f"{m.id} {m.file}:{m.line}:{m.col} {m.op} "
                   f"{m.change()} "
                   f"[{m.function}] {m.status}{why}{res}")
    return out
