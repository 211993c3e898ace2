#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""test-rfc_cover.py: harness/rfc/rfc_cover.py on a recorded densemem-plan table
(harness/testdata/plan-pbx-a9-1g.txt) and made-up reports, where the answer
is known.  One line per case and a closing "rfc_cover: N passed, M failed"."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check"))
from cases import report  # noqa: E402
import rfc_cover  # noqa: E402

TESTDATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata")
MAX = 75    # checkpatch's "Prefer a maximum 75 chars per line"


def figures(line):
    """The sizes of a table row, in order, marks and bars left out."""
    return [t.rstrip("*") for t in line.replace("|", " ").split()
            if t[0].isdigit()]


def main():
    plan = open(os.path.join(TESTDATA, "plan-pbx-a9-1g.txt")).read().splitlines()
    table = rfc_cover.plan_table(plan)
    body_in = [line for line in plan[2:] if line.strip()]
    body_out = [line for line in table[2:] if "|" in line]
    md = rfc_cover.md("intro line\n\n| layout | boards | RAM |\n|---|---|---:|\n"
                      "| 128M@0x0, 128M@0x88000000 | " + ", ".join(
                          f"bcm4708-board-{i}" for i in range(12)) + " | 256M |\n\n" +
                      "word " * 40 + "\n")
    boots = rfc_cover.boottest(["noise", "RESULT " + json.dumps(
        {"machine": "lpae-small-low", "kconfig": "baseline-3g-highmem", "ram": 5368709120,
         "lowmem": 805306368, "highmem": 4563402752, "ignored": 0}),
        "RESULT " + json.dumps({"machine": "virt-tri", "kconfig": "densemem-distro",
                                "ram": 1342177280, "lowmem": 1342177280, "highmem": 0,
                                "ignored": 0})])
    try:
        rfc_cover.plan_table(["no table here", ""])
        garbage = False
    except ValueError:
        garbage = True
    cases = [
        ("plan table: every line within 75 columns",
         max(len(line) for line in table) <= MAX),
        ("plan table: the input was wider (the case is not trivial)",
         max(len(line) for line in plan) > MAX),
        ("plan table: every row keeps its figures in order",
         len(body_in) == len(body_out) and
         all(figures(a) == figures(b) for a, b in zip(body_in, body_out))),
        ("plan table: a row's trailing note becomes a footnote",
         "  * cpu: no LPAE" in table and sum(line.endswith("*") for line in table) == 4),
        ("plan table: a line that is no table is refused", garbage),
        ("md: a table row becomes one item of header: value pairs",
         any(line.startswith("  - 128M@0x0, 128M@0x88000000: boards: ") for line in md) and
         any("RAM: 256M" in line for line in md)),
        ("md: every line within 75 columns", max(len(line) for line in md) <= MAX),
        ("md: no word lost in wrapping",
         " ".join(md).split().count("word") == 40),
        ("boottest: a header, one row per RESULT and the unit", len(boots) == 4),
        ("boottest: within 75 columns, columns aligned",
         max(len(line) for line in boots) <= MAX and
         len({len(line) for line in boots[:3]}) == 1),
        ("boottest: figures in MiB, to 1/100 where not whole",
         boots[1].split()[2:] == ["5120", "768", "4352", "0"] and
         rfc_cover.mib(1056964608 + 5 * 2**18) == "1009.25"),
        ("fill: git's create-mode lines left out, the diffstat kept",
         rfc_cover.fill(" a/b.c | 2 +\n 1 file changed\n create mode 100644 a/" + "x" * 80 +
                        "\n", "") == " a/b.c | 2 +\n 1 file changed\n"),
        ("fill: subject and blurb in place",
         rfc_cover.fill("Subject: *** SUBJECT HERE ***\n\n*** BLURB HERE ***\n",
                        "blurb\n\n") == "Subject: " + rfc_cover.SUBJECT + "\n\nblurb\n"),
    ]
    return report("rfc_cover", cases)


if __name__ == "__main__":
    sys.exit(main())
