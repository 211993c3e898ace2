#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""test-tally.py: harness/check/tally.py on made-up logs of the workspace's
targets.  One line per case and a closing "tally: N passed, M failed"."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import report  # noqa: E402
from tally import tally  # noqa: E402

CHECK = """ok 1 a host test
hosttest: 70 passed, 0 failed
ok machine file refused
harnesstest: 81 passed, 1 failed
kunit-uml: 60 passed, 0 failed
kunit: 60 passed, 0 failed
boottest: 511 passed, 0 failed
ok fuzz (30 s, Done 372360 runs)
""".splitlines()
HOST = """ok 1 x
# densemem layout tests, 64-bit unsigned long
35 passed, 0 failed
ok 2 y
# densemem layout tests, 32-bit unsigned long
33 passed, 2 failed
""".splitlines()


def main():
    cases = [
        ("labelled lines of the prefixes only, ok lines of a prefix as one",
         tally(CHECK, ["hosttest", "harnesstest", "kunit", "boottest", "fuzz"]) ==
         (70 + 81 + 60 + 511 + 1, 1, 5)),
        ("without prefixes, every closing line, no ok line",
         tally(HOST, []) == (68, 2, 2)),
        ("a not ok line of a prefix is a failure",
         tally(["not ok fuzz"], ["fuzz"]) == (0, 1, 1)),
        ("an ok line that only names a prefix is another test's",
         tally(["ok kunit/qemu_configs/arm_virt_tri.py is machines/virt-tri.mem's",
                "ok boottest: within 75 columns", "ok fuzz 20 s: no crash"],
               ["kunit", "boottest", "fuzz"]) == (1, 0, 1)),
        ("a prefix is a whole label",
         tally(["kunit-uml: 3 passed, 0 failed"], ["kunit"]) == (0, 0, 0)),
        ("nothing counted is told apart from nothing failed",
         tally(["boot hung"], ["boottest"])[2] == 0),
    ]
    # a named suite that never reported (died before its summary) fails
    import subprocess
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".log") as log:
        log.write("hosttest: 70 passed, 0 failed\n")
        log.flush()
        r = subprocess.run([sys.executable, os.path.join(os.path.dirname(
            os.path.abspath(__file__)), "tally.py"), "-", log.name, "hosttest", "boottest"],
            capture_output=True, text=True)
    cases.append(("a named suite without a result is a failure",
                  r.returncode == 1 and r.stdout.strip() == "70 passed, 1 failed"))
    return report("tally", cases)


if __name__ == "__main__":
    sys.exit(main())
