#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""test-interval.py: harness/bench/interval.py's t quantile against the
printed tables, its ratio interval on samples whose answer is worked out
by hand, bench_report.py's count of one boot from its rounds, and
bench_compare.py's verdict on two runs.  One line per case and a closing
"interval: N passed, M failed"."""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check"))
from cases import report  # noqa: E402
import interval  # noqa: E402
import bench_report  # noqa: E402
import bench_compare  # noqa: E402

# Student's t, 97.5 %, from the printed tables
TABLE = {3: 3.182, 5: 2.571, 10: 2.228, 30: 2.042, 120: 1.980}


def main():
    cases = [(f"t975({df}) within 0.004 of the table's {t}", abs(interval.t975(df) - t) < 0.004)
             for df, t in TABLE.items()]
    # ref does not vary; other: mean 100, sd 2/sqrt(3) over 4 boots, so
    # its relative variance of the mean is (0.011547)^2 / 4, Welch's df is
    # 3 and the half width in the logarithm t(3) * 0.0057735
    r = interval.ratio([100, 100, 100, 100], [99, 101, 99, 101])
    half = 3.182 * (2 / math.sqrt(3) / 100) / 2
    cases += [
        ("ratio of the means", abs(r["ratio"] - 1) < 1e-12),
        ("upper bound by hand: t(3) of a sample of 4", abs(r["hi"] - math.exp(half)) < 2e-5),
        ("lower bound by hand", abs(r["lo"] - math.exp(-half)) < 2e-5),
        ("Welch's degrees of freedom: those of the varying sample", abs(r["df"] - 3) < 1e-9),
    ]
    # a ratio under the limit whose interval is not: 2 % between boots
    r = interval.ratio([100, 102, 98, 100, 102, 98], [100, 98, 102, 101, 99, 100])
    cases += [("a ratio of 1.000 with boots 2 % apart: upper bound over 1.005",
               r["ratio"] <= 1.005 < r["hi"])]
    # the same samples the other way round: the reciprocal interval
    a, b = [10.0, 10.4, 9.9, 10.2], [10.1, 10.0, 10.6, 10.3, 9.8]
    ab, ba = interval.ratio(a, b), interval.ratio(b, a)
    cases += [("swapped samples: the reciprocal interval",
               abs(ab["hi"] * ba["lo"] - 1) < 1e-12 and abs(ab["lo"] * ba["hi"] - 1) < 1e-12)]
    r = interval.ratio([5, 5, 5], [6, 6, 6])
    cases += [("boots that agree: an interval of one point", r["lo"] == r["hi"] == r["ratio"] == 1.2)]
    r = interval.ratio([5], [6, 7])
    cases += [("one boot: no interval", r["lo"] is None and r["hi"] is None)]
    cases += [
        ("a boot's count: the rounds after the first",
         bench_report.boot_count({0: (900, 1), 1: (100, 1), 2: (300, 1)}) == 200),
        ("a boot's count: per unit", bench_report.boot_count({0: (900, 3)}) == 300),
    ]
    # two runs: the same counts, intervals that overlap, and disjoint ones
    run = {"flat_board": {"file_cycle": {"ratio": 0.998, "lo": 0.997, "hi": 0.999,
                                         "per_ram_mib": {"1024": {"ratio": 0.998}}}}}
    other = {"flat_board": {"file_cycle": {"ratio": 0.9985, "lo": 0.9982, "hi": 0.9991,
                                           "per_ram_mib": {"1024": {"ratio": 0.9985}}}}}
    apart = {"flat_board": {"file_cycle": {"ratio": 1.003, "lo": 1.002, "hi": 1.004,
                                           "per_ram_mib": {"1024": {"ratio": 1.003}}}}}
    same = bench_compare.compare(run, run)
    cases += [
        ("two runs with the same counts: identical, overlapping",
         len(same) == 1 and same[0][4] and same[0][5]),
        ("two runs a little apart: overlapping, counts differ",
         [r[4:] for r in bench_compare.compare(run, other)] == [(True, False)]),
        ("two runs whose intervals are disjoint: told",
         [r[4] for r in bench_compare.compare(run, apart)] == [False]),
        ("a pair without an interval in one run: not compared",
         bench_compare.compare(run, {"flat_board": {"file_cycle": {"ratio": 1.0}}}) == []),
    ]
    return report("interval", cases)


if __name__ == "__main__":
    sys.exit(main())
