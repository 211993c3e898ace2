#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""interval.py: the ratio of two kernels' mean counts over their boots, with
a 95 % interval, for make bench's flat-board pairs (bench_report.py).

Each boot of a kernel gives one count per workload (the mean of its
rounds).  Boots of one kernel differ by the state the boot left, not by
the model, so the boots of each kernel are a sample, and the ratio of the
two sample means is the cost of the model.  Its interval: the delta
method on the logarithm of the ratio (the relative variances of the two
means add), Welch-Satterthwaite's degrees of freedom for two samples of
unequal variance, Student's t; symmetric around the ratio in the
logarithm."""
import math
import statistics

Z975 = 1.959963984540054


def t975(df):
    """Student's t 97.5 % quantile for @df degrees of freedom, by the
    Cornish-Fisher expansion about the normal's (within 0.004 of the
    tables from df 3 on, 0.001 from df 5, exact as df grows); None below
    1."""
    if df is None or df < 1:
        return None
    z = Z975
    g = [(z ** 3 + z) / 4,
         (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
         (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
         (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160]
    return z + sum(c / df ** (i + 1) for i, c in enumerate(g))


def ratio(ref, other):
    """The ratio mean(@other) / mean(@ref) of two samples (lists of
    per-boot counts), as a dict: ratio, lo and hi (the 95 % interval, None
    if either sample has fewer than 2 boots or neither varies), n_ref,
    n_other, and each sample's relative standard deviation (cv_ref,
    cv_other)."""
    ma, mb = statistics.mean(ref), statistics.mean(other)
    out = {"ratio": mb / ma, "lo": None, "hi": None, "n_ref": len(ref),
           "n_other": len(other), "cv_ref": None, "cv_other": None}
    if len(ref) < 2 or len(other) < 2:
        return out
    ca, cb = statistics.stdev(ref) / ma, statistics.stdev(other) / mb
    out["cv_ref"], out["cv_other"] = ca, cb
    va, vb = ca ** 2 / len(ref), cb ** 2 / len(other)
    if va + vb == 0:
        out["lo"] = out["hi"] = out["ratio"]
        return out
    df = (va + vb) ** 2 / (va ** 2 / (len(ref) - 1) + vb ** 2 / (len(other) - 1))
    half = t975(df) * math.sqrt(va + vb)
    out["lo"], out["hi"] = out["ratio"] * math.exp(-half), out["ratio"] * math.exp(half)
    out["df"] = df
    return out
