#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The checks of one boot, as harness/boot/boottest.sh runs them.

    bootcheck.py --result 'RESULT {...}' --want BYTES|ram --machine FILE
                 --log CONSOLE_LOG [--kconfig-file CONFIG] [--plan TOOL]
                 [--peer] [--smp N] [--dma MIB] [--kexec] [--kdump]
                 [--hibernate same|moved]

Each check is a function of what the boot left (its RESULT line, its
console log, the machine file) that returns (what, ok) pairs; main()
prints one "ok"/"not ok" line per pair.  harness/boot/test-bootcheck.py runs
the same functions on recorded console logs.
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import machine  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def result(line):
    """The JSON of a RESULT line."""
    return json.loads(line[len("RESULT "):])


def boots(log):
    """(first kernel's log, second kernel's log, number of kernels): with
    KEXEC the console holds two."""
    starts = [b.start() for b in re.finditer(r"^Booting Linux on physical CPU", log, re.M)]
    cut = starts[1] if len(starts) > 1 else len(log)
    return log[:cut], log[cut:], len(starts)


def basic(r, want):
    """The guest booted, accounted for every byte, kept @want in lowmem
    and its own tests passed."""
    want = r["ram"] if want == "ram" else int(want)
    return [("booted", r["booted"]),
            ("ram == lowmem + highmem + ignored", r["ram"] == r["lowmem"] + r["highmem"] + r["ignored"]),
            (f"lowmem == {want}", r["lowmem"] == want),
            ("guest tests ran and passed (memtouch: fresh pages zero, patterns kept)",
             r["tests"]["passed"] > 0 and r["tests"]["failed"] == 0)]


WARNING = re.compile(r"^.*(?:WARNING: CPU|BUG: |Oops|Kernel panic|pagealloc: memory corruption"
                     r"|virt_to_phys used for|phys_to_virt used for).*$", re.M)


def no_warning(log, crash=False):
    """A warning anywhere (DEBUG_VIRTUAL, DEBUG_VM, page poisoning, ...),
    but for the reports that KFENCE's KUnit suite provokes and checks, and
    with @crash (KDUMP) the panic that the guest's sysrq crash asks for."""
    bad = WARNING.findall(re.sub(r"(?ms)^\s*# Subtest: kfence$.*?^ok \d+ kfence$", "", log))
    if crash:
        bad = [b for b in bad if not b.endswith("Kernel panic - not syncing: sysrq triggered crash")]
    for line in bad[:5]:
        print("  # " + line)
    return [("no kernel warning, BUG, Oops or poison corruption on the console", not bad)]


def debug_on(log):
    """The debug options of densemem-debug are really on in this boot."""
    return [("page poisoning on (page_poison=1 over init_on_free=1)",
             "mem auto-init: CONFIG_PAGE_POISONING is on" in log)]


def layout_lines(log):
    """The first report's range lines, (start, end, fate), and its summary."""
    ranges = []
    for line in log.splitlines():
        mt = re.match(r"densemem: \[mem (0x[0-9a-f]+)-(0x[0-9a-f]+)\] (.*)", line)
        if mt:
            ranges.append((int(mt[1], 16), int(mt[2], 16) + 1, mt[3]))
        elif re.match(r"densemem: \d+ banks, granule", line):
            return ranges, line
    return ranges, None


def merged(spans):
    """Sorted spans with those that overlap or touch joined, as memblock
    joins DT memory nodes.  The oracle's own, on purpose: the kernel and
    densemem-plan share the builder's densemem_insert_merged(), and a
    check that reused it could not catch a fault in it."""
    out = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def lines_cover_banks(log, m):
    """The boot lines name every byte of the machine's banks and nothing
    else.  A bank ending at 4 GiB reaches a 32-bit phys_addr_t one byte
    short (memblock_cap_size()): the lines then end at 0xfffffffe and say,
    on that line, that the page's end is past the largest phys_addr_t."""
    ranges, summary = layout_lines(log)
    banks = merged((s, s + z) for s, z, _ in m["banks"])
    lines = sorted((s, e) for s, e, _ in ranges)
    disjoint = all(a[1] <= b[0] for a, b in zip(lines, lines[1:]))
    covered = merged(lines)
    top = {e for s, e, f in ranges if "its end past the largest phys_addr_t" in f}
    exact = disjoint and len(covered) == len(banks) and all(
        any(cs == s and (ce == e or (ce == e - 1 and ce in top)) for cs, ce in covered)
        for s, e in banks)
    return [("boot lines printed", summary is not None),
            ("boot lines cover every bank, byte for byte", exact)]


def lowmem_lines(log, m, r):
    """The lowmem of the boot lines, less the no-map carve-outs (in their
    bank's line but not System RAM), is the kernel's lowmem."""
    ranges, _ = layout_lines(log)
    low = [(s, e) for s, e, f in ranges if f.startswith("-> [virt")]
    nomap = sum(max(0, min(e, b[0] + b[1]) - max(s, b[0])) for s, e in low for b in m["nomap"])
    return [("boot lines' lowmem less no-map == the kernel's lowmem",
             sum(e - s for s, e in low) - nomap == r["lowmem"])]


KSELFTEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                         "tools/testing/selftests/densemem/densemem_test.c")


def kselftest_cases(src=KSELFTEST):
    """The cases of the kselftest: its TEST() and TEST_F() lines."""
    return len(re.findall(r"^TEST(?:_F)?\(", open(src).read(), re.M))


def kselftest(log):
    n = kselftest_cases()
    ks = re.search(r"^# Totals: pass:(\d+) fail:(\d+) xfail:\d+ xpass:\d+ skip:(\d+)", log, re.M)
    return [(f"kselftest densemem_test in the guest: {n} of {n} passed, none skipped",
             ks is not None and (int(ks[1]), int(ks[2]), int(ks[3])) == (n, 0, 0))]


# configs/mm-suites.config: the KUnit suite, or the line of the boot-time
# test or of harness/guest/mm-suites.sh, that each option brings
MM_SUITES = [
    ("KFENCE_KUNIT_TEST", "KUnit kfence", r"^\s*ok \d+ kfence$"),
    ("SLUB_KUNIT_TEST", "KUnit slub_test", r"^\s*ok \d+ slub_test$"),
    ("MEMCPY_KUNIT_TEST", "KUnit memcpy", r"^\s*ok \d+ memcpy$"),
    ("USERCOPY_KUNIT_TEST", "KUnit usercopy", r"^\s*ok \d+ usercopy$"),
    ("DAMON_KUNIT_TEST", "KUnit damon", r"^\s*ok \d+ damon$"),
    ("DAMON_SYSFS_KUNIT_TEST", "KUnit damon-sysfs", r"^\s*ok \d+ damon-sysfs$"),
    ("TEST_FREE_PAGES", "test_free_pages", r"^test_free_pages: Test completed$"),
    ("PAGE_OWNER", "page_owner walked every pfn (page_owner=on)",
     r"^DENSEMEM-TEST page_owner rc=0 "),
    ("PROC_PAGE_MONITOR", "page-types: the pfns with a struct page are the dense space's",
     r"^DENSEMEM-TEST page-types rc=0 "),
]


def meminit(log):
    """test_meminit passed, or failed only where the page allocator had no
    free block of the order it asked for (a small ZONE_NORMAL, the rest
    ZONE_MOVABLE: lpae-small-low): each such failure is a warn_alloc()
    report from test_meminit_init(), counted and named."""
    if re.search(r"^test_meminit: all \d+ tests passed!$", log, re.M):
        return [("kernel's mm suite: test_meminit", True)]
    f = re.search(r"^test_meminit: failures: (\d+) out of (\d+)$", log, re.M)
    refused = re.findall(r"^\S+: page allocation failure: order:(\d+), mode:[^\n]*\n"
                         r"(?:(?!^\S+: page allocation failure)[^\n]*\n){0,30}?"
                         r"[^\n]*test_meminit_init from", log, re.M)
    ok = f is not None and int(f[1]) == len(refused) > 0
    what = "kernel's mm suite: test_meminit"
    if f is not None and refused:
        what += (f" ({f[1]} of {f[2]} failed, each an allocation of order "
                 f"{', '.join(sorted(set(refused)))} the page allocator refused)")
    return [(what, ok)]


def mm_suites(log, kconfig):
    """The kernel's own mm suites that the kernel has, each ran and passed."""
    if "CONFIG_PAGE_OWNER=y" not in kconfig:	# not a kernel of mm-suites.config
        return []
    # boot.sh HIBERNATE turns KFENCE off and leaves its suite out
    kfence_off = re.search(r"^Kernel command line: .*kfence\.sample_interval=0", log, re.M)
    out = [(f"kernel's mm suite: {what}", re.search(pat, log, re.M) is not None)
           for opt, what, pat in MM_SUITES if f"CONFIG_{opt}=y" in kconfig and
           not (kfence_off and opt == "KFENCE_KUNIT_TEST")]
    if "CONFIG_TEST_MEMINIT=y" in kconfig:
        out += meminit(log)
    return out


def kunit(log, kconfig):
    """The KUnit suites the kernel has ran at boot and passed: those its
    configuration builds (a distribution's config has none)."""
    out = []
    if "CONFIG_DENSEMEM_TRANSLATE_KUNIT_TEST=y" in kconfig:
        out.append(("KUnit densemem_translate ran at boot and passed",
                    re.search(r"^\s*ok \d+ densemem_translate$", log, re.M) is not None))
    if "CONFIG_DENSEMEM_KUNIT_TEST=y" in kconfig:
        out.append(("KUnit densemem_layout ran at boot and passed",
                    re.search(r"^\s*ok \d+ densemem_layout$", log, re.M) is not None))
    return out


def nomap_out(log, m, kconfig="CONFIG_DENSEMEM_TRANSLATE_KUNIT_TEST=y", block=4 << 20):
    """A no-map region of the machine that spans a whole MAX_ORDER block
    leaves the dense space: a boot line names it, and, where the kernel
    has the translation suite, KUnit's dm_nomap_regions ran on it
    (memremap(), its DMA pool), not skipped."""
    big = [(s, s + z) for s, z, _ in m["nomap"] if -(-s // block) * block + block <= s + z]
    if not big:
        return []
    ranges, _ = layout_lines(log)
    named = [(s, e) for s, e, f in ranges if f.startswith("no-map:")]
    # machine.py makes those of up to 64 MiB a device's shared-dma-pool
    info = f"{len(big)} no-map regions out of the dense space, " \
        f"{sum(e - s <= 64 << 20 for s, e in big)} of them DMA pools"
    out = [("each no-map region of a block or more is out of the dense space",
            sorted(named) == sorted(big))]
    if "CONFIG_DENSEMEM_TRANSLATE_KUNIT_TEST=y" in kconfig:
        out.append((f"KUnit dm_nomap_regions passed, not skipped: {info}",
                    re.search(r"^\s*ok \d+ dm_nomap_regions$", log, re.M) is not None and
                    re.search(rf"# dm_nomap_regions: {info}$", log, re.M) is not None))
    return out


def plan_agrees(first, plan, kconfig_file, sources, load=None):
    """densemem-plan prints the kernel's boot lines exactly, from each of
    @sources: (path, what) pairs, the machine file and the DTB it got."""
    kern = [line for line in first.splitlines() if line.startswith("densemem: ")]
    out = []
    for src, what in sources:
        args = [plan, "--boot-lines", "--config", kconfig_file]
        if load is not None:
            args += ["--load", hex(load)]
        p = subprocess.run(args + [src], capture_output=True, text=True)
        same = p.returncode == 0 and p.stdout.splitlines() == kern
        if not same:
            print(f"  # densemem-plan {src}: {p.stderr.strip()}")
            for line in difflib.unified_diff(p.stdout.splitlines(), kern, "plan", "kernel",
                                             lineterm=""):
                print("  # " + line)
        out.append((f"densemem-plan on the {what} prints the kernel's boot lines", same))
    return out


def mm_selftests(log, progs):
    """Every program of the selftests/mm subset ran in the guest and passed."""
    mm = dict(re.findall(r"^DENSEMEM-TEST mm/(\S+) rc=\d+ (\w+)", log, re.M))
    return [(f"selftests/mm subset in the guest: {len(progs)} programs, all passed",
             sorted(mm) == sorted(progs) and all(v == "pass" for v in mm.values()))]


def mm_programs():
    """The programs harness/boot/initramfs.sh builds."""
    txt = open(os.path.join(HERE, "initramfs.sh")).read()
    return re.search(r'^mmtests="([^"]*)"', txt, re.M)[1].split()


def kexec(log):
    first, second, n = boots(log)
    dm = lambda t: [line for line in t.splitlines() if line.startswith("densemem: ")]
    return [("kexec: a second kernel booted from the first, its init reported",
             n == 2 and "DENSEMEM-KEXEC executing" in first and
             re.search(r"^Kernel command line: .*densemem\.kexeced=1", second, re.M) is not None
             and "DENSEMEM-GUEST " in second),
            ("kexec: the second kernel printed the first one's densemem lines",
             bool(dm(first)) and dm(first) == dm(second))]


def crashkernel_size(spec, ram):
    """What crashkernel=@spec reserves with @ram bytes of System RAM:
    SIZE[@OFFSET], or tiers START-[END]:SIZE,... (END exclusive), as
    parse_crashkernel() reads them."""
    memparse = lambda t: machine.num(t, "crashkernel=", size=True)
    spec = spec.split("@")[0]
    if ":" not in spec:
        return memparse(spec)
    for part in spec.split(","):
        rng, size = part.split(":")
        lo, hi = rng.split("-")
        if memparse(lo) <= ram and (not hi or ram < memparse(hi)):
            return memparse(size)
    return 0


def kdump(log, r):
    """KDUMP: crashkernel= picked its size by the RAM (memblock's, as
    arm64 and x86 count it), the kernel crashed into its capture kernel,
    which found a pattern page past the first hole in /proc/vmcore, and
    Debian's makedumpfile refused the dump rather than filter it as
    FLATMEM's."""
    first, second, n = boots(log)
    spec = re.search(r"^Kernel command line: .*\bcrashkernel=(\S+)", first, re.M)
    line = re.search(r"^Reserving (\d+)MB of memory at \d+MB for crashkernel \(System RAM: (\d+)MB\)",
                     first, re.M)
    ram = r["ram"] - r["ignored"]
    test = lambda name: re.search(rf"^DENSEMEM-TEST kdump-{name} rc=0 ", second, re.M) is not None
    return [(f"kdump: crashkernel= reserved by the RAM ({ram >> 20} MiB), not the span",
             bool(spec and line) and int(line[2]) == ram >> 20 and
             int(line[1]) << 20 == crashkernel_size(spec[1], ram)),
            ("kdump: the capture kernel booted from the crash",
             n == 2 and "DENSEMEM-KDUMP crashing" in first and
             re.search(r"^Kernel command line: .*elfcorehdr=", second, re.M) is not None),
            ("kdump: a pattern page past the first hole is in /proc/vmcore",
             re.search(r"^DENSEMEM-KDUMP pattern phys=", first, re.M) is not None and
             test("vmcore") and test("pattern")),
            ("kdump: makedumpfile refused the dump instead of misreading it", test("makedumpfile"))]


def hibernate(log, mode):
    """HIBERNATE=same: the first kernel wrote its image, a second kernel
    of the same layout resumed it, and the first one's init went on.
    HIBERNATE=moved: the second kernel, on a machine whose highest bank
    moved, refused the image with its reason and booted on."""
    first, second, n = boots(log)
    dm = lambda t: [line for line in t.splitlines() if line.startswith("densemem: ")]
    wrote = n == 2 and "DENSEMEM-HIBERNATE writing the image" in first and \
        re.search(r"^PM: (?:hibernation: )?(?:Image saving done|Wrote \d+ kbytes)", first, re.M) is not None
    if mode == "same":
        return [("hibernate: the first kernel wrote its image and powered off", wrote),
                ("hibernate: a second kernel resumed it and the first one's init went on",
                 re.search(r"^DENSEMEM-TEST hibernate rc=0 hibernated and resumed", second, re.M)
                 is not None),
                ("hibernate: memtouch's pattern in the highest bank was kept",
                 re.search(r"^DENSEMEM-TEST memtouch hold bytes=\d+ upper_pages=[1-9]", first, re.M)
                 is not None and
                 re.search(r"^DENSEMEM-TEST memtouch bytes=\d+ of \d+ zero_errors=0 pattern_errors=0",
                           second, re.M) is not None),
                ("hibernate: the resuming kernel printed the first one's densemem lines",
                 bool(dm(first)) and dm(first) == dm(second))]
    return [("hibernate: the first kernel wrote its image and powered off", wrote),
            ("hibernate: the second kernel has another dense layout",
             bool(dm(second)) and dm(first) != dm(second)),
            ("hibernate: it refused the image with its reason and booted on",
             re.search(r"^DENSEMEM-TEST hibernate rc=0 the image of another layout was refused",
                       second, re.M) is not None and "DENSEMEM-GUEST " in second)]


def dma(log, mib):
    return [(f"virtio-blk DMA: {mib} MiB written and read back unchanged",
             re.search(rf"^DENSEMEM-TEST dma rc=0 mib={mib} ", log, re.M) is not None)]


def smp(log, n):
    return [(f"all {n} CPUs brought up",
             re.search(rf"^smp: Brought up \d+ nodes?, {n} CPUs$", log, re.M) is not None)]


def peer(log):
    return [(f"peer suite {suite} ran in the guest and passed",
             re.search(rf"^DENSEMEM-TEST {suite} rc=0 ", log, re.M) is not None)
            for suite in ("stress-ng", "memtester")]


def vmsplit(log, kconfig):
    """VMSPLIT_BOOT: a boot line says which split the kernel took, and
    harness/guest/uspace.c maps one process's address space up to just
    below that TASK_SIZE, no further, and its uaccess checks hold."""
    if "CONFIG_VMSPLIT_BOOT=y" not in kconfig:
        return []
    line = re.search(r"^vmsplit: user \d+ MiB \(TASK_SIZE (0x[0-9a-f]+)\), linear map from "
                     r"(0x[0-9a-f]+), \d+ MiB below PAGE_OFFSET 0x[0-9a-f]+: (.*)$", log, re.M)
    us = re.search(r"^DENSEMEM-TEST uspace mapped=(\d+) MiB touched=\d+ pages top=(0x[0-9a-f]+)$",
                   log, re.M)
    oks = re.findall(r"^DENSEMEM-TEST uspace (ok|FAIL) ", log, re.M)
    what = "vmsplit: one process maps up to just below TASK_SIZE"
    if line and us:
        what += f" ({us[1]} MiB up to {us[2]}, TASK_SIZE {line[1]}: {line[3]})"
    return [("vmsplit: the boot line names the split and why", line is not None),
            (what, line is not None and us is not None and len(oks) >= 5 and
             "FAIL" not in oks and int(line[1], 16) - (64 << 20) < int(us[2], 16) <= int(line[1], 16))]


def checks(r, want, m, log, kconfig="", plan=None, kconfig_file=None, dtb=None,
           want_peer=False, want_smp=None, want_dma=None, want_kexec=False, want_hib=None,
           want_kdump=False):
    """Every check of one boot, in the order boottest prints them."""
    first = boots(log)[0]
    out = basic(r, want) + no_warning(log, want_kdump)
    if r["kconfig"] == "densemem-debug":
        out += debug_on(log)
    # a densemem kernel, by its name or by its configuration (Debian's)
    if r["kconfig"].startswith("densemem") or "CONFIG_DENSEMEM=y" in kconfig:
        out += lines_cover_banks(log, m) + kselftest(log) + kunit(log, kconfig)
        out += mm_suites(log, kconfig)
        out += lowmem_lines(log, m, r) + nomap_out(log, m, kconfig)
        out += vmsplit(first, kconfig)
        if plan:
            load = m["load"][0] if m["load"] else None
            out += plan_agrees(first, plan, kconfig_file,
                               [(m["file"], "machine file"), (dtb, "DTB it was given")], load)
    out += mm_selftests(log, mm_programs())
    if want_kexec:
        out += kexec(log)
    if want_kdump:
        out += kdump(log, r)
    if want_hib:
        out += hibernate(log, want_hib)
    if want_dma:
        out += dma(log, want_dma)
    if want_smp:
        out += smp(log, want_smp)
    if want_peer:
        out += peer(log)
    return out


def console(text):
    """A console log as the checks read it: no carriage returns, and no
    printk timestamps (PRINTK_TIME, which multi_v7_defconfig sets)."""
    return re.sub(r"(?m)^\[ *[0-9]+\.[0-9]+\] ", "", text.replace("\r", ""))


def main():
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("--result", required=True)
    a.add_argument("--want", required=True)
    a.add_argument("--machine", required=True)
    a.add_argument("--log", required=True)
    a.add_argument("--kconfig-file")
    a.add_argument("--plan")
    a.add_argument("--peer", action="store_true")
    a.add_argument("--smp")
    a.add_argument("--dma")
    a.add_argument("--kexec", action="store_true")
    a.add_argument("--kdump", action="store_true")
    a.add_argument("--hibernate", choices=("same", "moved"))
    o = a.parse_args()
    try:
        r = result(o.result)
    except ValueError:
        print(f"not ok {o.machine}: boot.sh gave no RESULT line ({o.result[:80]!r})")
        print("boottest: 0 passed, 1 failed")
        sys.exit(1)
    try:
        log = console(open(o.log, errors="replace").read())
    except OSError:
        log = ""
    kconfig = ""
    if o.kconfig_file:
        try:
            kconfig = open(o.kconfig_file).read()
        except OSError:
            pass
    dtb = os.path.join(os.path.dirname(o.log), "machine.dtb")
    out = checks(r, o.want, machine.parse(o.machine), log, kconfig, o.plan, o.kconfig_file,
                 dtb, o.peer, o.smp, o.dma, o.kexec, o.hibernate, o.kdump)
    for what, ok in out:
        print(("ok" if ok else "not ok"), f"{r['machine']} {r['kconfig']}: {what}")
    p = sum(bool(ok) for _, ok in out)
    print(f"boottest: {p} passed, {len(out) - p} failed")
    sys.exit(len(out) != p)


if __name__ == "__main__":
    main()
