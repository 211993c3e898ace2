#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""kunit_summary.py NAME RESULT.json: the KUnit results kunit.py wrote with
--json=RESULT.json (KernelCI's test-group format), one line per suite and
a closing "NAME: N passed, N failed".  A skipped case is neither; a run
that left no file, or no case, is one failure.  Exit 1 on any failure."""
import json
import sys


def cases(group, path=()):
    """(suite path, case name, status) of every case under @group."""
    here = path + (group["name"],)
    for c in group.get("test_cases", []):
        yield here, c["name"], c["status"]
    for g in group.get("sub_groups", []):
        yield from cases(g, here)


def summary(name, result):
    """Lines to print and the (passed, failed) counts of @result, a path."""
    try:
        root = json.load(open(result))
    except (OSError, ValueError) as e:
        return [f"not ok {name}: no KUnit result ({e})"], 0, 1
    suites, lines = {}, []
    for path, case, status in cases(root):
        suite = path[1] if len(path) > 1 else path[-1]
        s = suites.setdefault(suite, {"PASS": 0, "SKIP": 0, "FAIL": 0})
        s["PASS" if status == "PASS" else "SKIP" if status == "SKIP" else "FAIL"] += 1
        if status not in ("PASS", "SKIP"):
            lines.append(f"not ok {name}: {suite}.{case}: {status}")
    passed = sum(s["PASS"] for s in suites.values())
    failed = sum(s["FAIL"] for s in suites.values())
    for suite, s in suites.items():
        lines.append(f"{name}: {suite}: {s['PASS']} passed, {s['FAIL']} failed, "
                     f"{s['SKIP']} skipped")
    if not passed + failed:
        lines.append(f"not ok {name}: no KUnit case ran")
        failed = 1
    return lines, passed, failed


def main():
    name, result = sys.argv[1], sys.argv[2]
    lines, passed, failed = summary(name, result)
    print("\n".join(lines))
    print(f"{name}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
