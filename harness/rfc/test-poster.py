#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""test-poster.py: harness/rfc/poster.py on identities make rfc must take and
refuse.  One line per case and a closing "poster: N passed, M failed"."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check"))
from cases import report  # noqa: E402
import poster  # noqa: E402

GOOD = [("Jane Doe <jane@kernel.org>", ("Jane Doe", "jane@kernel.org")),
        ("  Ann Other   <ann.other@mail.co.uk> ", ("Ann Other", "ann.other@mail.co.uk"))]
BAD = ["densemem <densemem@invalid>", "Seed maintainers <maintainers@users.noreply.a-seed.example>",
       "Jane <jane@example.com>", "Jane <jane@host.test>", "Jane <no-reply@kernel.org>",
       "<jane@kernel.org>", "Jane Doe", "Jane <jane@localhost>", "Jane <jane>", " <>", ""]


def main():
    cases = []
    for ident, want in GOOD:
        try:
            cases.append((f"taken: {ident.strip()}", poster.check(ident) == want))
        except ValueError:
            cases.append((f"taken: {ident.strip()}", False))
    for ident in BAD:
        try:
            poster.check(ident)
            cases.append((f"refused: '{ident}'", False))
        except ValueError:
            cases.append((f"refused: '{ident}'", True))
    return report("poster", cases)


if __name__ == "__main__":
    sys.exit(main())
