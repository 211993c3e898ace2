# SPDX-License-Identifier: GPL-2.0
"""cases.py: how the harness's Python tests report, for
harness/check/test-machine.sh to count."""


def report(name, cases):
    """One "ok"/"not ok" line per (description, passed) of @cases, then
    "NAME: N passed, M failed".  Return: the failures."""
    failed = 0
    for desc, ok in cases:
        print(("ok " if ok else "not ok ") + desc)
        failed += not ok
    print(f"{name}: {len(cases) - failed} passed, {failed} failed")
    return failed
