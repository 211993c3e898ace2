#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""bench_compare.py A/bench.json B/bench.json: whether two runs of make bench
(two clones, two machines) agree on the flat-board pairs.  For each pair
and workload: each run's ratio and 95 % interval, whether the intervals
overlap, and whether the two runs counted the same instructions at every
RAM size (the same images booted the same way count the same).  Prints a
table and exits 1 when an interval of one run lies outside the other's.
"""
import json
import sys

PAIRS = ("flat_board", "flat_board_multi_v7")


def compare(a, b):
    """Rows (pair, workload, ratio and interval of @a, of @b, overlap,
    identical) for the flat pairs both runs measured."""
    rows = []
    for key in PAIRS:
        for name, ra in a.get(key, {}).items():
            rb = b.get(key, {}).get(name)
            if rb is None or ra.get("hi") is None or rb.get("hi") is None:
                continue
            overlap = ra["lo"] <= rb["hi"] and rb["lo"] <= ra["hi"]
            same = ra.get("per_ram_mib") == rb.get("per_ram_mib")
            rows.append((key, name, (ra["ratio"], ra["lo"], ra["hi"]),
                         (rb["ratio"], rb["lo"], rb["hi"]), overlap, same))
    return rows


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    a, b = (json.load(open(p)) for p in argv[1:])
    rows = compare(a, b)
    print("| pair | workload | run A | run B | intervals | counts |")
    print("|---|---|---|---|---|---|")
    for key, name, ia, ib, overlap, same in rows:
        print(f"| {key} | {name} | {ia[0]:.4f} ({ia[1]:.4f} to {ia[2]:.4f}) | "
              f"{ib[0]:.4f} ({ib[1]:.4f} to {ib[2]:.4f}) | "
              f"{'overlap' if overlap else 'DISJOINT'} | "
              f"{'identical' if same else 'differ'} |")
    if not rows:
        print("bench_compare: no flat pair with an interval in both runs", file=sys.stderr)
        return 1
    return 0 if all(r[4] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
