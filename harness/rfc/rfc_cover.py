#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""rfc_cover.py: the generated parts of the RFC's cover letter, each within
checkpatch's 75 columns (harness/rfc/rfc.sh calls it; harness/rfc/test-rfc_cover.py
tests it).

  rfc_cover.py plan-table < PLAN-OUTPUT   densemem-plan's split table, narrowed
  rfc_cover.py md FILE                    a markdown report as indented text
  rfc_cover.py boottest LOG               make boottest's RESULT lines as a table
  rfc_cover.py fill COVER BLURB           the blurb and subject into the letter
"""
import json
import re
import sys
import textwrap

WIDTH = 72          # text lines, indent included; checkpatch allows 75
SUBJECT = "mm, ARM: DENSEMEM, a memory model for RAM banks with holes"
SHORT = {"highmem": "hm", "classic": "cl"}


def plan_table(lines):
    """densemem-plan's table (from its "| densemem" title line to the blank
    line after it) with every column as narrow as its widest cell, the first
    group's words shortened, and what follows a row's last figure ("(cpu: no
    LPAE)") moved to a footnote.  Returns the lines, indented by two."""
    rows = [[p.split() for p in line.split("|")] for line in lines if line.strip()]
    if len(rows) < 2:
        raise ValueError("no densemem-plan table")
    # the user-space column (densemem-plan's last group) stays out of the
    # cover letter's 75 columns; a row's note after it stays with the row
    if len(rows[1]) == 4 and rows[1][3] == ["user"]:
        rows = [r[:3] if len(r) < 4 else r[:2] + [r[2] + r[3][1:]] for r in rows]
    title, body = rows[0], rows[1:]
    n = [len(p) for p in body[0]]
    for r in body:
        if len(r) != len(n):
            raise ValueError("a row of %d groups in a table of %d" % (len(r), len(n)))
        r[0] = [SHORT.get(t, t) for t in r[0]]
    notes = {}
    for r in body:
        extra = " ".join(r[-1][n[-1]:])
        r[-1] = r[-1][:n[-1]]
        if extra:
            mark = notes.setdefault(extra, "*" * (len(notes) + 1))
            r[-1][-1] += mark
    w = [[max(len(r[g][c]) for r in body) for c in range(n[g])] for g in range(len(n))]
    gw = [sum(w[g]) + n[g] - 1 for g in range(len(n))]

    def cell(g, c, t):
        return t.ljust(w[g][c]) if g == 0 else t.rjust(w[g][c])

    out = ["  " + " | ".join([" " * gw[0]] + [" ".join(t).ljust(gw[g])
                                              for g, t in enumerate(title) if g]).rstrip()]
    for r in body:
        out.append("  " + " | ".join(" ".join(cell(g, c, t) for c, t in enumerate(p))
                                     for g, p in enumerate(r)).rstrip())
    out.append("  hm: CONFIG_HIGHMEM; mmu: cl (classic) or LPAE")
    for extra, mark in notes.items():
        out.append("  " + mark + " " + extra.strip("()"))
    return out


def md(text):
    """A markdown report as text of the cover letter: each table row an
    item of "header: value" pairs, long lines wrapped, all indented."""
    out, head = [], None
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if head is None:
                head = cells
            elif not set("".join(cells)) <= set("-:"):
                out += textwrap.wrap(cells[0] + ": " + "; ".join(
                    f"{h}: {c}" for h, c in zip(head[1:], cells[1:])), WIDTH,
                    initial_indent="  - ", subsequent_indent="    ",
                    break_on_hyphens=False)
            continue
        head = None
        if len(line) + 2 <= WIDTH:
            out.append(("  " + line).rstrip())
        else:
            out += textwrap.wrap(line, WIDTH, initial_indent="  ", subsequent_indent="  ",
                                 break_on_hyphens=False)
    return out


def mib(n):
    """@n bytes in MiB: whole, or to 1/100 when not."""
    return str(n >> 20) if n % (1 << 20) == 0 else "%.2f" % (n / (1 << 20))


def boottest(lines):
    """make boottest's RESULT lines as a table in MiB, one row per boot,
    every column as narrow as its widest cell."""
    head = ("machine", "kconfig", "ram", "lowmem", "highmem", "ignored")
    rows = [head]
    for line in lines:
        if line.startswith("RESULT "):
            r = json.loads(line[7:])
            rows.append((r["machine"], r["kconfig"]) +
                        tuple(mib(r[k]) for k in ("ram", "lowmem", "highmem", "ignored")))
    w = [max(len(r[c]) for r in rows) for c in range(len(head))]
    return ["  " + " ".join(t.ljust(w[c]) if c < 2 else t.rjust(w[c])
                            for c, t in enumerate(r)).rstrip() for r in rows] + \
        ["  (MiB)"]


def fill(cover, blurb):
    """git format-patch's cover letter with its subject and blurb, and
    without git's ' create mode 100644 PATH' lines after the diffstat:
    the diffstat names the same files, and a long path runs past 75
    columns."""
    s = cover.replace("*** SUBJECT HERE ***", SUBJECT).replace(
        "*** BLURB HERE ***", blurb.rstrip("\n"))
    return "".join(line for line in s.splitlines(keepends=True)
                   if not re.match(r" (create|delete) mode [0-7]+ ", line))


def main(argv):
    if len(argv) == 2 and argv[1] == "plan-table":
        lines = sys.stdin.read().splitlines()
        print("\n".join(plan_table(lines)))
    elif len(argv) == 3 and argv[1] == "md":
        print("\n".join(md(open(argv[2]).read())))
    elif len(argv) == 3 and argv[1] == "boottest":
        print("\n".join(boottest(open(argv[2]).read().splitlines())))
    elif len(argv) == 4 and argv[1] == "fill":
        s = fill(open(argv[2]).read(), open(argv[3]).read())
        open(argv[2], "w").write(s)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
