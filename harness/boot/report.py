#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""RESULT lines (one JSON each, 'RESULT ' prefix optional) -> markdown table."""
import json
import sys

rows = []
for line in open(sys.argv[1]):
    line = line.strip()
    if line.startswith("RESULT "):
        rows.append(json.loads(line[7:]))
mib = lambda b: f"{b / 2**20:.0f}"
print("| machine | kconfig | booted | RAM MiB | lowmem MiB | highmem MiB | ignored MiB | nomap MiB |")
print("|---|---|---|---:|---:|---:|---:|---:|")
for r in rows:
    booted = "yes" if r["booted"] else "no: " + r.get("reason", "")
    print(f"| {r['machine']} | {r['kconfig']} | {booted} | {mib(r['ram'])} | {mib(r['lowmem'])} "
          f"| {mib(r['highmem'])} | {mib(r['ignored'])} | {mib(r['nomap'])} |")
