#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""tally.py LABEL FILE [PREFIX...]: the one pass/fail count of the workspace.

Sums the "N passed, M failed" lines of FILE: with PREFIXes, those labelled
"PREFIX: N passed, M failed", and "ok PREFIX" / "not ok PREFIX" followed
by a blank or the end of the line as one each; without, every line that ends in "N passed, M failed".  Prints
"LABEL: N passed, M failed" ("N passed, M failed" for LABEL -) and exits 1
on any failure, and when nothing was counted: a run without a result is
no pass.  make check, hosttest, kunit and harness/boot/boottests.sh close so.
"""
import re
import sys


def tally(lines, prefixes):
    """(passed, failed, counted) over @lines."""
    p = f = n = 0
    alt = "|".join(re.escape(x) for x in prefixes)
    summary = re.compile(rf"^(?:{alt}): (\d+) passed, (\d+) failed\s*$" if prefixes
                         else r"(?:^|\s)(\d+) passed, (\d+) failed\s*$")
    # "ok fuzz (30 s, ...)" is one result; "ok boottest: a header ..." or
    # "ok kunit/qemu_configs/..." are other tests' lines that name one
    single = re.compile(rf"^(not )?ok (?:{alt})(?=\s|$)") if prefixes else None
    for line in lines:
        m = summary.search(line)
        if m:
            p, f, n = p + int(m[1]), f + int(m[2]), n + 1
            continue
        m = single.match(line) if single else None
        if m:
            p, f, n = p + (not m[1]), f + bool(m[1]), n + 1
    return p, f, n


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    label, path, prefixes = argv[1], argv[2], argv[3:]
    try:
        lines = open(path, errors="replace").read().splitlines()
    except OSError as e:
        lines = []
        print(f"tally: {e}", file=sys.stderr)
    p, f, n = tally(lines, prefixes)
    # each PREFIX named must have reported: a suite that died before its
    # summary (a full disk in the middle of boottest) is no pass
    for x in prefixes:
        if not tally(lines, [x])[2]:
            f += 1
            print(f"tally: no result of {x} in {path}", file=sys.stderr)
    if not n:
        f += 1
        print(f"tally: no result in {path}", file=sys.stderr)
    print(("" if label == "-" else label + ": ") + f"{p} passed, {f} failed")
    sys.exit(1 if f else 0)


if __name__ == "__main__":
    main(sys.argv)
