#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""boards.py's memory-map figures: SPARSEMEM's sections on made-up
layouts, and densemem's mem_map and tables from densemem-plan on the
recorded virt-load DTB."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "check"))
import boards  # noqa: E402
import cases  # noqa: E402

M = 1 << 20

ARRAY = 256 * 8


def main():
    sp = boards.sparsemem_bytes
    c = [("virt-tri: five sections of RAM",
          sp([(0x40000000, 512 * M), (0x80000000, 512 * M), (0xc0000000, 256 * M)], False)
          == 5 * 2 * M + ARRAY),
         ("two 128 MiB banks in two sections: two sections",
          sp([(0, 128 * M), (0x88000000, 128 * M)], False) == 2 * 2 * M + ARRAY),
         ("two banks in one section: one",
          sp([(0, 64 * M), (0x8000000, 64 * M)], False) == 2 * M + ARRAY),
         ("a bank across a section boundary: both sections",
          sp([(0xf000000, 32 * M)], False) == 2 * 2 * M + ARRAY),
         ("RAM above 4 GiB without LPAE: out of reach",
          sp([(0x40000000, 256 * M), (0x100000000, 256 * M)], False) == 2 * M + ARRAY),
         ("RAM above 4 GiB with LPAE: counted",
          sp([(0x40000000, 256 * M), (0x100000000, 256 * M)], True) == 2 * 2 * M + ARRAY),
         ("36-byte struct page",
          sp([(0, 256 * M)], False, struct_page=36) == 65536 * 36 + ARRAY)]
    tool = os.path.join(HERE, "..", "..", "tools/mm/densemem-plan/densemem-plan")
    dtb = os.path.join(HERE, "..", "testdata", "virt-load.dtb")
    out = subprocess.run([tool, dtb], capture_output=True, text=True).stdout
    mm = re.search(r"densemem: mem_map: (\d+) bytes", out)
    tb = re.search(r"tables: .*, (\d+) bytes", out)
    pl = boards.plan(tool, dtb)
    c.append(("virt-load: mem_map plus tables of the recommended configuration",
              bool(mm and tb) and pl["memmap"] == int(mm[1]) + int(tb[1]) > 0))
    # the VMSPLIT_BOOT line, and its row left out of the per-split figures
    vs = re.search(r"^vmsplit auto .*: (\S+) in lowmem, .* user (\S+) \(TASK_SIZE", out, re.M)
    c.append(("virt-load: the split VMSPLIT_BOOT takes, lowmem and user space",
              vs is not None and pl["vmsplit"] == {"lowmem": boards.size(vs[1]),
                                                   "dropped": pl["vmsplit"]["dropped"],
                                                   "user": boards.size(vs[2])}
              and pl["vmsplit"]["user"] > 0 and all(r["split"] != "boot" for r in pl["configs"])))
    sys.exit(cases.report("boards", c) != 0)


if __name__ == "__main__":
    main()
