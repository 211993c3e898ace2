#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# boottest.sh MACHINE KCONFIG LOWMEM: boot, then check that the guest
# booted, that ram == lowmem + highmem + ignored, and the lowmem figure.
top=$(cd "$(dirname "$0")/.." && pwd)
res=$(bash "$top/harness/boot.sh" "$1" "$2" | tail -1)
echo "$res"
/usr/bin/python3 - "$res" "$3" <<'PY'
import json, sys
r = json.loads(sys.argv[1][len("RESULT "):])
checks = [("booted", r["booted"]),
          ("ram == lowmem + highmem + ignored", r["ram"] == r["lowmem"] + r["highmem"] + r["ignored"]),
          (f"lowmem == {sys.argv[2]}", r["lowmem"] == int(sys.argv[2]))]
for what, ok in checks:
    print(("ok" if ok else "not ok"), f"{r['machine']} {r['kconfig']}: {what}")
p = sum(ok for _, ok in checks)
print(f"boottest: {p} passed, {len(checks) - p} failed")
sys.exit(len(checks) != p)
PY
