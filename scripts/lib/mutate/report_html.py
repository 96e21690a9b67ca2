#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""report.html: a run's report.json over the source of each mutated
file, one self-contained page (inline CSS, no script): the figures at
the top, the survivors with links, then every line of each file with
its mutants under it.  A survivor's line is highlighted, the text its
edit replaces marked, its change and the suites that let it live said;
a mutant one suite killed and the kunit suite let live (a KUnit case
missing) is marked apart, with scripts/repro's case for it; killed and
dropped mutants are listed quietly.

Rendered from report.json and the unmutated copies scripts/mutate keeps
(OUT/work/orig/FILE, checked against report.json's sha256), so the page
is a function of report.json: rendering it again gives the same bytes.

  report_html.py OUT [-o FILE]     (default OUT/report.html)

Exit status: 0 written, 2 a missing or mismatched input (one line)."""
import hashlib
import html
import json
import os
import sys

from mutant import change_of
from report import pct

STYLE = """\
body{font-family:sans-serif;margin:1em 2em;color:#222}
table.fig{border-collapse:collapse;margin:.5em 0}
table.fig td,table.fig th{border:1px solid #bbb;padding:2px 8px;\
text-align:right}
table.fig th{background:#eee}
table.src{border-collapse:collapse;font-family:monospace;font-size:13px;\
tab-size:8;-moz-tab-size:8;width:100%}
table.src td{padding:0 6px;vertical-align:top}
td.n{color:#888;text-align:right;user-select:none;width:4em}
td.c{white-space:pre}
tr.sv td.c{background:#fdd}
tr.pk td.c{background:#fec}
tr.kl td.c{background:#efe}
tr.ms td{padding-bottom:3px;white-space:normal}
mark{background:#f88}
div.s{color:#900;font-weight:bold}
div.p{color:#a50}
div.k,div.d{color:#888;font-size:11px}
a{color:inherit}
"""


class RenderError(Exception):
    pass


def _e(s):
    return html.escape(s, quote=True)



def kind(m):
    """survived (by every suite run), partial (killed, but the kunit
    suite let it live), killed, error (a suite could not run and none
    killed), or the status it was dropped with."""
    if m["status"] != "compiled":
        return m["status"]
    v = [r["verdict"] for r in m["results"].values()]
    if not v:
        return "compiled"
    if "killed" in v:
        kunit = m["results"].get("kunit", {}).get("verdict")
        return "partial" if kunit == "survived" else "killed"
    return "survived" if all(x == "survived" for x in v) else "error"


def lives(m):
    return [s for s, r in m["results"].items() if r["verdict"] == "survived"]


def killers(m):
    return [s for s, r in m["results"].items() if r["verdict"] == "killed"]


def change(m):
    return f"{m['op']} {change_of(m)}"


def _mid(m):
    return f"<a href=\"#{_e(m['id'])}\">{_e(m['id'])}</a>"


def figures(doc):
    fig = doc["figures"]
    out = ['<table class="fig">',
           "<tr><th>generated</th><th>uncompilable</th><th>equivalent</th>"
           "<th>duplicate</th><th>compiled</th></tr>",
           "<tr>" + "".join(f"<td>{fig[k]}</td>" for k in
                            ("generated", "uncompilable", "equivalent",
                             "duplicate", "compiled")) + "</tr>",
           "</table>", '<table class="fig">',
           "<tr><th>suite</th><th>killed</th><th>survived</th>"
           "<th>errors</th><th>score</th></tr>"]
    for s, f in fig["suites"].items():
        out.append(f"<tr><th>{_e(s)}</th><td>{f['killed']}</td>"
                   f"<td>{f['survived']}</td><td>{f['errors']}</td>"
                   f"<td>{pct(f['score'], f.get('interval'))}</td></tr>")
    if "killed" in fig:
        out.append(f"<tr><th>together</th><td>{fig['killed']}</td>"
                   f"<td>{fig['survived']}</td><td></td>"
                   f"<td>{pct(fig['score'], fig.get('interval'))}</td></tr>")
    out.append("</table>")
    return out


def repro_note(m):
    r = m.get("repro")
    if not r:
        return ""
    if r.get("kunit"):
        more = "".join(f", <a href=\"{_e(r[k])}\">{k}</a>"
                       for k in ("report", "patch") if r.get(k))
        sig = "; ".join(_e(r[k]) for k in ("signature", "check")
                        if r.get(k))
        sig = f" ({sig})" if sig else ""
        return (f"; KUnit case: <a href=\"{_e(r['kunit'])}\">"
                f"{_e(r['kunit'])}</a>{more}{sig}")
    return f"; no KUnit case: {_e(r.get('why', ''))}"


def entry(m):
    """The line under a source line that says what mutant @m is."""
    k = kind(m)
    head = f"{_e(m['id'])} col {m['col']} {_e(change(m))}"
    if k == "survived":
        return (f"<div class=\"s\" id=\"{_e(m['id'])}\">{head}: lives "
                f"({_e(', '.join(lives(m)))})</div>")
    if k == "partial":
        return (f"<div class=\"p\" id=\"{_e(m['id'])}\">{head}: killed "
                f"by {_e(', '.join(killers(m)))}, lives "
                f"({_e(', '.join(lives(m)))}){repro_note(m)}</div>")
    if k == "killed":
        detail = "; ".join(f"{s}: {m['results'][s]['detail']}"
                           for s in killers(m) if
                           m['results'][s]['detail'])
        return (f"<div class=\"k\" id=\"{_e(m['id'])}\">{head}: killed "
                f"by {_e(', '.join(killers(m)))}"
                f"{' (' + _e(detail) + ')' if detail else ''}</div>")
    if k == "error":
        errs = "; ".join(f"{s}: {r['detail']}"
                         for s, r in m["results"].items()
                         if r["verdict"] == "error")
        return (f"<div class=\"k\" id=\"{_e(m['id'])}\">{head}: error "
                f"({_e(errs)})</div>")
    why = f" ({m['why']})" if m.get("why") else ""
    return (f"<div class=\"d\" id=\"{_e(m['id'])}\">{head}: "
            f"{_e(k + why)}</div>")


def _code(raw, marks):
    """Line @raw (latin-1, one char a byte) as HTML, the byte columns in
    @marks inside <mark>; the bytes shown as UTF-8."""
    out, i = [], 0
    while i < len(raw):
        on = i in marks
        j = i
        while j < len(raw) and (j in marks) == on:
            j += 1
        piece = _e(raw[i:j].encode("latin-1").decode("utf-8", "replace"))
        out.append(f"<mark>{piece}</mark>" if on else piece)
        i = j
    return "".join(out)


def source(rel, text, mutants):
    """The table of file @rel's lines, each with its mutants."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    starts, pos = [], 0
    for ln in lines:
        starts.append(pos)
        pos += len(ln) + 1
    at, marks = {}, {}
    for m in mutants:
        at.setdefault(m["line"], []).append(m)
        if kind(m) not in ("survived", "partial"):
            continue
        # Survivors' edited text marked, on every line it spans; of a
        # pair, each edit's.
        spans = [(m["start"], m["end"])]
        if m.get("parts"):
            spans = [(starts[ln - 1] + col - 1,
                      starts[ln - 1] + col - 1 + len(orig))
                     for ln, col, orig, _ in m["parts"]]
        for a, z in spans:
            for off in range(a, max(z, a + 1)):
                ln = m["line"]
                while ln < len(lines) and starts[ln] <= off:
                    ln += 1
                marks.setdefault(ln, set()).add(off - starts[ln - 1])
    fid = _e("f-" + rel)
    out = [f"<h2 id=\"{fid}\">{_e(rel)}</h2>", '<table class="src">']
    for n, raw in enumerate(lines, 1):
        ms = at.get(n, [])
        kinds = {kind(m) for m in ms}
        cls = ("sv" if "survived" in kinds else "pk" if "partial" in kinds
               else "kl" if ms else "")
        attr = f" class=\"{cls}\"" if cls else ""
        out.append(f"<tr id=\"{_e(rel)}:{n}\"{attr}><td class=\"n\">{n}"
                   f"</td><td class=\"c\">{_code(raw, marks.get(n, ()))}"
                   "</td></tr>")
        if ms:
            out.append("<tr class=\"ms\"><td></td><td>" +
                       "".join(entry(m) for m in ms) + "</td></tr>")
    out.append("</table>")
    return out


def render(doc, texts):
    """The page, as a string, of report.json @doc over {file: text}."""
    title = f"mutate: {doc['tree']} {', '.join(doc['files'])}"
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>",
           '<meta charset="utf-8">', f"<title>{_e(title)}</title>",
           f"<style>\n{STYLE}</style>", "</head>", "<body>",
           f"<h1>{_e(title)}</h1>"]
    about = []
    if doc.get("functions"):
        about.append("functions " + ", ".join(doc["functions"]))
    for rel, names in (doc.get("reached") or {}).items():
        about.append(f"{rel}: the {len(names)} functions "
                     "drivers/iommu/iova.c reaches")
    if doc.get("suites"):
        about.append("suites " + ", ".join(doc["suites"]))
    if about:
        out.append(f"<p>{_e('; '.join(about))}</p>")
    out += figures(doc)
    ms = doc["mutants"]
    for title, want in (("Survivors", "survived"),
                        ("Killed, but not by the kunit suite", "partial")):
        these = [m for m in ms if kind(m) == want]
        if not these:
            continue
        out.append(f"<h2>{title} ({len(these)})</h2>")
        out.append("<ul>")
        for m in these:
            what = (f"lives: {', '.join(lives(m))}" if want == "survived"
                    else f"killed by {', '.join(killers(m))}, lives: "
                    f"{', '.join(lives(m))}")
            out.append(f"<li>{_mid(m)} <a href=\"#{_e(m['file'])}:"
                       f"{m['line']}\">{_e(m['file'])}:{m['line']}:"
                       f"{m['col']}</a> {_e(change(m))} in "
                       f"{_e(m['function'] or '')} ({_e(what)})"
                       f"{repro_note(m)}</li>")
        out.append("</ul>")
    for rel in doc["files"]:
        out += source(rel, texts[rel], [m for m in ms if m["file"] == rel])
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def sources(out_dir, doc):
    """{file: text} of the unmutated copies under @out_dir/work/orig,
    each checked against report.json's sha256."""
    texts = {}
    for rel in doc["files"]:
        path = os.path.join(out_dir, "work", "orig", rel)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            raise RenderError(f"no unmutated copy {path}")
        want = (doc.get("sha256") or {}).get(rel)
        if want and hashlib.sha256(data).hexdigest() != want:
            raise RenderError(f"{path} is not the file report.json was "
                              "made from (sha256 differs)")
        texts[rel] = data.decode("latin-1")
    return texts


def write(out_dir, dest=None):
    """Renders @out_dir/report.json into @dest (default
    @out_dir/report.html); returns the path."""
    try:
        with open(os.path.join(out_dir, "report.json")) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise RenderError(f"no readable report.json in {out_dir}: {e}")
    page = render(doc, sources(out_dir, doc))
    dest = dest or os.path.join(out_dir, "report.html")
    with open(dest + ".tmp", "w", encoding="utf-8") as f:
        f.write(page)
    os.replace(dest + ".tmp", dest)
    return dest


def main(argv):
    if len(argv) == 3 and argv[1] == "-o":
        argv = [argv[0], argv[2]]
    elif len(argv) != 1:
        print("report_html: usage: report_html.py OUT [-o FILE]",
              file=sys.stderr)
        return 2
    try:
        write(argv[0], argv[1] if len(argv) > 1 else None)
    except RenderError as e:
        print(f"report_html: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
