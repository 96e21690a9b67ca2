# SPDX-License-Identifier: GPL-2.0-only
"""Tables, verdicts, JSON and plots of a scripts/bench run (bench_run.py).

Figures: DIR/bench.json (every number), DIR/tables.txt (also on stdout),
DIR/sweep.png, work.png, fullspace.png, drift.png (gnuplot, PNG).
"""
import json
import os
import subprocess
import sys

# DRIFT: the depth below the limit of the lowest live range may grow by
# at most this fraction of itself over the second half of the run.
DRIFT_MAX_GROWTH = 0.25

# Seed 000, table 3: bytes per live IOVA, base against the series, at
# 12,582,912 live (the two smaller rows were within run-to-run noise).
SEED_BYTES = (72, 48)


def growth(rows, key):
    return rows[-1][key] / rows[0][key] if rows and rows[0][key] else 0.0


def drift_verdict(samples):
    """DRIFT on [iter, span, depth, r2m, r1g] samples: the depth at the
    end against the depth at half time."""
    mid = samples[len(samples) // 2][2]
    end = samples[-1][2]
    g = (end - mid) / mid if mid else 0.0
    return {"depth_mid": mid, "depth_end": end, "growth": g,
            "bounded": g <= DRIFT_MAX_GROWTH}


def summarize(res):
    s = {}
    w = res["work"]
    s["work_growth"] = [growth(w[0], "ir_per_alloc"),
                        growth(w[1], "ir_per_alloc")]
    s["work_growth_ratio"] = (s["work_growth"][0] / s["work_growth"][1]
                              if s["work_growth"][1] else 0.0)
    for k in ("sweep64", "sweep32"):
        s[k + "_growth"] = [{m: growth(res[k][t], m) for m in
                             ("median_ns", "p99_ns", "mean_ns")}
                            for t in (0, 1)]
    s["drift"] = [drift_verdict(res["drift"][t][0]["samples"])
                  for t in (0, 1)]
    return s


def table(title, head, rows):
    w = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    out = [title]
    for r in [head] + rows:
        out.append("  " + "  ".join(str(x).rjust(w[i])
                                    for i, x in enumerate(r)))
    return "\n".join(out) + "\n"


def ns(v):
    v = float(v)
    if v >= 1e6:
        return f"{v / 1e6:.2f} ms"
    if v >= 1e3:
        return f"{v / 1e3:.1f} us"
    return f"{v:.0f} ns"


def t_sweep(res, s, k, lab, what):
    head = ["live IOVAs"] + [f"{lab[t]} {m}" for t in (0, 1)
                             for m in ("median", "p99", "mean")]
    rows = []
    for a, b in zip(res[k][0], res[k][1]):
        rows.append([f"{a['n']:,}"] + [ns(r[m]) for r in (a, b) for m in
                                       ("median_ns", "p99_ns", "mean_ns")])
    g = s[k + "_growth"]
    rows.append(["growth"] + [f"{g[t][m]:.1f}x" for t in (0, 1) for m in
                              ("median_ns", "p99_ns", "mean_ns")])
    return table(f"Depth sweep, {what}: ns per alloc_iova() "
                 f"({res[k][0][0]['size']} pages, size-aligned; "
                 f"{res[k][0][0]['iters']} replacements per row)", head, rows)


def t_work(res, s, lab):
    head = ["live IOVAs", f"{lab[0]} instr/alloc", f"{lab[1]} instr/alloc",
            "ratio"]
    rows = [[f"{a['n']:,}", f"{a['ir_per_alloc']:,.0f}",
             f"{b['ir_per_alloc']:,.0f}",
             f"{a['ir_per_alloc'] / b['ir_per_alloc']:.2f}"]
            for a, b in zip(res["work"][0], res["work"][1])]
    g = s["work_growth"]
    rows.append(["growth", f"{g[0]:.1f}x", f"{g[1]:.1f}x",
                 f"{s['work_growth_ratio']:.1f}"])
    return table("Work measure (deterministic): instructions executed in "
                 "alloc_iova() per call, callgrind", head, rows)


def t_fullspace(res, lab):
    a, b = res["fullspace"][0][0], res["fullspace"][1][0]
    ha = {r[0]: r for r in a["hist"]}
    hb = {r[0]: r for r in b["hist"]}
    rows = []
    for lo in sorted(set(ha) | set(hb)):
        hi = (ha.get(lo) or hb.get(lo))[1]
        rows.append([f"{lo} -> {hi}", ha.get(lo, [0, 0, 0])[2],
                     hb.get(lo, [0, 0, 0])[2]])
    for name, key in (("avg, all calls", "avg_ns"),
                      ("avg, loop alloc (succeeds)", "loop_ok_avg_ns"),
                      ("avg, loop alloc (fails)", "loop_fail_avg_ns")):
        rows.append([name, ns(a[key]), ns(b[key])])
    rows.append(["count", a["count"], b["count"]])
    return table(f"Full-space search: {a['pages']:,} pages filled with "
                 f"size-1 ranges, {a['loops']} loops of free/alloc/alloc; "
                 f"nsecs of every alloc_iova()", ["nsecs", lab[0], lab[1]],
                 rows)


def t_memory(res, lab):
    head = ["live IOVAs"] + [f"{lab[t]} {m}" for t in (0, 1)
                             for m in ("objects B/iova", "slab B/iova")] + \
        ["seed (12.58M live)"]
    rows = []
    caches = []
    for a, b in zip(res["memory"][0], res["memory"][1]):
        rows.append([f"{a['live']:,}"] +
                    [f"{r[m]:.2f}" for r in (a, b) for m in
                     ("object_bytes_per_iova", "slab_bytes_per_iova")] +
                    [f"{SEED_BYTES[0]} vs {SEED_BYTES[1]}"])
        for t, r in enumerate((a, b)):
            caches.append(f"  {lab[t]} at {r['live']:,}: " + ", ".join(
                f"{c['name']} {c['objects']:,} x {c['size']} B "
                f"(align {c['align']})" for c in r["caches"]))
    return table("Memory per live IOVA: exact, from the shim's slab "
                 "accounting (slab: objects rounded up to the cache's "
                 "alignment)", head, rows) + "\n".join(caches) + "\n"


def t_drift(res, s, lab):
    a, b = res["drift"][0][0], res["drift"][1][0]
    head = ["iteration"] + [f"{lab[t]} {m}" for t in (0, 1)
                            for m in ("depth", "span", "2M", "1G")]
    rows = [[f"{x[0]:,}"] + [f"{r[i]:,}" for r in (x, y)
                             for i in (2, 1, 3, 4)]
            for x, y in zip(a["samples"], b["samples"])]
    txt = table(f"Drift: {a['live']:,} live 64-bit ranges, one replaced per "
                f"iteration; depth below the limit and span of the live set "
                f"(pages), 2 MiB / 1 GiB regions ever used", head, rows)
    for t in (0, 1):
        d = s["drift"][t]
        txt += (f"  DRIFT {lab[t]}: {'bounded' if d['bounded'] else 'FAILS'}"
                f" (depth {d['depth_mid']:,} at half time, "
                f"{d['depth_end']:,} at the end: {d['growth']:+.1%}, "
                f"limit {DRIFT_MAX_GROWTH:+.0%})\n")
    return txt


def t_yield(res, lab):
    rows = [[f"{a['holes_permille'] / 10:g}%", a["size"],
             "yes" if a["aligned"] else "no", a["got"], b["got"],
             a["possible"]]
            for a, b in zip(res["yield"][0], res["yield"][1])]
    return table("Fragmentation yield: allocations before the first "
                 "failure in a space with random holes",
                 ["holes", "size", "aligned", lab[0], lab[1], "possible"],
                 rows)


def plots(res, lab, out):
    def dat(name, lines):
        with open(os.path.join(out, name), "w") as f:
            f.write("\n".join(lines) + "\n")
    for t in (0, 1):
        dat(f"sweep{t}.dat", [f"{r['n']} {r['median_ns']} {r['p99_ns']} "
                              f"{r['mean_ns']}" for r in res["sweep64"][t]])
        dat(f"work{t}.dat", [f"{r['n']} {r['ir_per_alloc']}"
                             for r in res["work"][t]])
        dat(f"drift{t}.dat", [" ".join(str(x) for x in r)
                              for r in res["drift"][t][0]["samples"]])
    buckets = sorted({h[0] for t in (0, 1)
                      for h in res["fullspace"][t][0]["hist"]})
    hs = [{h[0]: h[2] for h in res["fullspace"][t][0]["hist"]}
          for t in (0, 1)]
    dat("fullspace.dat", [f'"{b}" {hs[0].get(b, 0)} {hs[1].get(b, 0)}'
                          for b in buckets])
    q = [x.replace('"', "'") for x in lab]
    gp = f"""set terminal png size 900,600 noenhanced
set key top left
set grid
set output 'sweep.png'
set title 'Depth sweep (64-bit): ns per alloc_iova()'
set logscale xy
set xlabel 'live IOVAs'; set ylabel 'ns'
plot 'sweep0.dat' u 1:2 w lp t '{q[0]} median', \\
     'sweep0.dat' u 1:3 w lp t '{q[0]} p99', \\
     'sweep0.dat' u 1:4 w lp t '{q[0]} mean', \\
     'sweep1.dat' u 1:2 w lp t '{q[1]} median', \\
     'sweep1.dat' u 1:3 w lp t '{q[1]} p99', \\
     'sweep1.dat' u 1:4 w lp t '{q[1]} mean'
set output 'work.png'
set title 'Instructions per alloc_iova() (callgrind)'
set ylabel 'instructions'
plot 'work0.dat' u 1:2 w lp t '{q[0]}', 'work1.dat' u 1:2 w lp t '{q[1]}'
unset logscale
set output 'fullspace.png'
set title 'Full-space search: alloc_iova() latency histogram'
set style data histograms
set style fill solid 0.6
set logscale y
set xlabel 'nsecs (from)'; set ylabel 'count'
set xtics rotate by -60
plot 'fullspace.dat' u 2:xtic(1) t '{q[0]}', '' u 3 t '{q[1]}'
unset logscale
set xtics norotate
set style data linespoints
set output 'drift.png'
set title 'Drift: depth of the live set below the limit'
set xlabel 'iterations'; set ylabel 'pages'
set logscale y
plot 'drift0.dat' u 1:3 t '{q[0]} depth', \\
     'drift1.dat' u 1:3 t '{q[1]} depth', \\
     'drift0.dat' u 1:2 t '{q[0]} span', 'drift1.dat' u 1:2 t '{q[1]} span'
"""
    with open(os.path.join(out, "plots.gp"), "w") as f:
        f.write(gp)
    try:
        p = subprocess.run(["gnuplot", "plots.gp"], cwd=out,
                           stderr=subprocess.PIPE, text=True)
    except OSError:
        print("bench: gnuplot not found (scripts/setup installs "
              "gnuplot-nox)", file=sys.stderr)
        sys.exit(2)
    if p.returncode:
        last = (p.stderr.strip().splitlines() or ["?"])[-1]
        print(f"bench: gnuplot failed: {last}", file=sys.stderr)
        sys.exit(2)


def report(res, out):
    lab = res["meta"]["labels"]
    s = summarize(res)
    res["summary"] = s
    txt = "\n".join([
        t_sweep(res, s, "sweep64", lab, "64-bit device"),
        t_sweep(res, s, "sweep32", lab, "32-bit device"),
        t_work(res, s, lab), t_fullspace(res, lab), t_memory(res, lab),
        t_drift(res, s, lab), t_yield(res, lab)])
    with open(os.path.join(out, "tables.txt"), "w") as f:
        f.write(txt)
    with open(os.path.join(out, "bench.json"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")
    plots(res, lab, out)
    sys.stdout.write(txt)
    sys.stdout.write(f"\nfigures: {out}/bench.json, tables.txt, sweep.png, "
                     "work.png, fullspace.png, drift.png\n")
