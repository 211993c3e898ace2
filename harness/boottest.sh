#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# boottest.sh MACHINE KCONFIG LOWMEM: boot, then check that the guest
# booted, that ram == lowmem + highmem + ignored, and the lowmem figure
# (bytes, or "ram" for all of the machine's RAM), that the guest's tests
# (memtouch) passed and that the kernel printed no warning; with SMP=N that
# N CPUs came up, with DMA=MIB that the virtio-blk disk read back what
# was written, with KEXEC=1 that the kernel kexec'd into itself and the
# second one printed the same densemem lines.  For densemem kernels,
# also check the boot lines against the machine file: the ranges they
# name cover exactly the banks, byte for byte, and nothing is missing,
# and densemem-plan prints the same boot lines from the machine file and
# from the DTB the kernel was given.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/harness/board.sh"
m=$(machine_file "$1" 2>/dev/null) || m=$1
res=$(bash "$top/harness/boot.sh" "$1" "$2" | tail -1)
echo "$res"
set -- "$m" "$2" "$3"
name=$(basename "$1" .mem)
/usr/bin/python3 - "$res" "$3" "$1" "$top/build/boot/$name.$2${PEER:+.peer}${KEXEC:+.kexec}/console.log" \
	"$top/harness" "$top/tools/mm/densemem-plan/densemem-plan" "$top" "${PEER:-}" "${SMP:-}" \
	"${DMA:-}" "${KEXEC:-}" <<'PY'
import difflib, json, re, sys
sys.path.insert(0, sys.argv[5])
import machine
r = json.loads(sys.argv[1][len("RESULT "):])
name = sys.argv[3].rsplit("/", 1)[-1][:-len(".mem")]
want = r["ram"] if sys.argv[2] == "ram" else int(sys.argv[2])
checks = [("booted", r["booted"]),
          ("ram == lowmem + highmem + ignored", r["ram"] == r["lowmem"] + r["highmem"] + r["ignored"]),
          (f"lowmem == {want}", r["lowmem"] == want),
          ("guest tests ran and passed (memtouch: fresh pages zero, patterns kept)",
           r["tests"]["passed"] > 0 and r["tests"]["failed"] == 0)]
try:
    log = open(sys.argv[4], errors="replace").read().replace("\r", "")
except OSError:
    log = ""
# with KEXEC, the console holds two kernels: the first one's lines are the
# ones compared with the machine file and densemem-plan
boots = [b.start() for b in re.finditer(r"^Booting Linux on physical CPU", log, re.M)]
first_log = log[:boots[1]] if len(boots) > 1 else log
# a warning anywhere (DEBUG_VIRTUAL, DEBUG_VM, page poisoning, ...) fails
bad = re.findall(r"^.*(?:WARNING: CPU|BUG: |Oops|Kernel panic|pagealloc: memory corruption"
                 r"|virt_to_phys used for|phys_to_virt used for).*$", log, re.M)
for l in bad[:5]:
    print("  # " + l)
checks.append(("no kernel warning, BUG, Oops or poison corruption on the console", not bad))
if r["kconfig"] == "densemem-debug":
    # the debug options are really on in this boot
    checks.append(("page poisoning on (page_poison=1 over init_on_free=1)",
                   "mem auto-init: CONFIG_PAGE_POISONING is on" in log))
if r["kconfig"].startswith("densemem"):
    # the first report: range lines up to the summary line
    ranges, summary = [], None
    for line in log.splitlines():
        mt = re.match(r"densemem: \[mem (0x[0-9a-f]+)-(0x[0-9a-f]+)\] (.*)", line)
        if mt:
            ranges.append((int(mt[1], 16), int(mt[2], 16) + 1, mt[3]))
        elif re.match(r"densemem: \d+ banks, granule", line):
            summary = line
            break
    m = machine.parse(sys.argv[3])
    banks = sorted((b[0], b[0] + b[1]) for b in m["banks"])
    merged = []
    for s, e in banks:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    covered = []
    for s, e, _ in sorted(ranges):
        if covered and s == covered[-1][1]:
            covered[-1][1] = e
        else:
            covered.append([s, e])
    # the kernel sees a bank ending at 4 GiB one byte short (memblock
    # caps a 32-bit phys_addr_t): the boot lines must then cover up to
    # 0xfffffffe and say, on that line, that the page's end is past it.
    top = {e for s, e, f in ranges if "its end past the largest phys_addr_t" in f}
    exact = all(any(cs == s and (ce == e or (ce == e - 1 and ce in top))
                    for cs, ce in covered) for s, e in merged) \
        and len(covered) == len(merged)
    checks.append(("boot lines printed", summary is not None))
    checks.append(("boot lines cover every bank, byte for byte", exact))
    ks = re.search(r"^# Totals: pass:(\d+) fail:(\d+) xfail:\d+ xpass:\d+ skip:(\d+)", log, re.M)
    checks.append(("kselftest densemem_test in the guest: 6 of 6 passed, none skipped",
                   ks is not None and (int(ks[1]), int(ks[2]), int(ks[3])) == (6, 0, 0)))
    checks.append(("KUnit densemem_translate ran at boot and passed",
                   re.search(r"^\s*ok \d+ densemem_translate$", log, re.M) is not None))
    # the layout builder's suite too, where the kernel has it
    try:
        kcfg = open(f"{sys.argv[7]}/build/kernels/{r['kconfig']}/config").read()
    except OSError:
        kcfg = ""
    if "CONFIG_DENSEMEM_KUNIT_TEST=y" in kcfg:
        checks.append(("KUnit densemem_layout ran at boot and passed",
                       re.search(r"^\s*ok \d+ densemem_layout$", log, re.M) is not None))
    low = sum(e - s for s, e, f in ranges if f.startswith("-> [virt"))
    # no-map carve-outs are in their bank's lowmem line but not in the
    # kernel's System RAM
    nomap_low = sum(max(0, min(e, b[0] + b[1]) - max(s, b[0]))
                    for s, e, f in ranges if f.startswith("-> [virt") for b in m["nomap"])
    checks.append(("boot lines' lowmem less no-map == the kernel's lowmem",
                   low - nomap_low == r["lowmem"]))
    # densemem-plan, from the machine file and from the DTB the kernel
    # got, must print the kernel's boot lines exactly
    import subprocess
    kern = [l for l in first_log.splitlines() if l.startswith("densemem: ")]
    plan = sys.argv[6]
    cfg = f"{sys.argv[7]}/build/kernels/{r['kconfig']}/config"
    dtb = sys.argv[4].rsplit("/", 1)[0] + "/machine.dtb"
    for src, what in ((sys.argv[3], "machine file"), (dtb, "DTB it was given")):
        load = ["--load", hex(m["load"][0])] if m["load"] else []
        out = subprocess.run([plan, "--boot-lines", "--config", cfg, *load, src],
                             capture_output=True, text=True)
        same = out.returncode == 0 and out.stdout.splitlines() == kern
        if not same:
            print(f"  # densemem-plan {src}: {out.stderr.strip()}")
            for l in difflib.unified_diff(out.stdout.splitlines(), kern, "plan", "kernel", lineterm=""):
                print("  # " + l)
        checks.append((f"densemem-plan on the {what} prints the kernel's boot lines", same))
# the selftests/mm subset: every program harness/initramfs.sh builds ran
# in the guest and passed
progs = re.search(r'^mmtests="([^"]*)"', open(f"{sys.argv[5]}/initramfs.sh").read(), re.M)[1].split()
mm = dict(re.findall(r"^DENSEMEM-TEST mm/(\S+) rc=\d+ (\w+)", log, re.M))
checks.append((f"selftests/mm subset in the guest: {len(progs)} programs, all passed",
               sorted(mm) == sorted(progs) and all(v == "pass" for v in mm.values())))
if sys.argv[11]:
    second = log[len(first_log):]
    dm = lambda t: [l for l in t.splitlines() if l.startswith("densemem: ")]
    checks.append(("kexec: a second kernel booted from the first, its init reported",
                   len(boots) == 2 and "DENSEMEM-KEXEC executing" in first_log and
                   re.search(r"^Kernel command line: .*densemem\.kexeced=1", second, re.M) is not None
                   and "DENSEMEM-GUEST " in second))
    checks.append(("kexec: the second kernel printed the first one's densemem lines",
                   bool(dm(first_log)) and dm(first_log) == dm(second)))
if sys.argv[10]:
    checks.append((f"virtio-blk DMA: {sys.argv[10]} MiB written and read back unchanged",
                   re.search(rf"^DENSEMEM-TEST dma rc=0 mib={sys.argv[10]} ", log, re.M) is not None))
if sys.argv[9]:
    checks.append((f"all {sys.argv[9]} CPUs brought up",
                   re.search(rf"^smp: Brought up \d+ nodes?, {sys.argv[9]} CPUs$", log, re.M) is not None))
if sys.argv[8]:
    for suite in ("stress-ng", "memtester"):
        checks.append((f"peer suite {suite} ran in the guest and passed",
                       re.search(rf"^DENSEMEM-TEST {suite} rc=0 ", log, re.M) is not None))
for what, ok in checks:
    print(("ok" if ok else "not ok"), f"{r['machine']} {r['kconfig']}: {what}")
p = sum(bool(ok) for _, ok in checks)
print(f"boottest: {p} passed, {len(checks) - p} failed")
sys.exit(len(checks) != p)
PY
