#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""harness/boot/bootcheck.py on a recorded boot (testdata/virt-load.*: the
zImage loaded in the upper bank, the lower one below PHYS_OFFSET, on a
2G_OPT densemem kernel): every check passes on the log as it was, and the
check meant to catch each kind of breakage fails when the log is broken
that way.  Closes with "bootcheck: N passed, N failed"."""
import contextlib
import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bootcheck  # noqa: E402
import machine  # noqa: E402

DATA = os.path.join(HERE, "..", "testdata")
PLAN = os.path.join(HERE, "..", "boards", "plan.sh")
KCONFIG = os.path.join(DATA, "densemem-2g-opt.config")


def run(log, r=None, **kw):
    r = r or bootcheck.result(open(os.path.join(DATA, "virt-load.result")).read())
    m = machine.parse(os.path.join(HERE, "..", "..", "machines/virt-load.mem"))
    with contextlib.redirect_stdout(io.StringIO()):	# the checks' diagnostics
        return dict(bootcheck.checks(r, "1073741824", m, log, open(KCONFIG).read(), PLAN,
                                     KCONFIG, os.path.join(DATA, "virt-load.dtb"), **kw))


def main():
    log = open(os.path.join(DATA, "virt-load.console.log")).read()
    good = run(log)
    cases = [("the recorded boot passes every check", all(good.values()) and len(good) == 13)]

    def fails(name, what, broken, **kw):
        got = run(broken, **kw)
        cases.append((name, got.get(what) is False))

    fails("a boot line missing: the lines no longer cover the banks",
          "boot lines cover every bank, byte for byte",
          log.replace("densemem: [mem 0x0000000040000000-0x000000004fffffff] dropped "
                      "(below PHYS_OFFSET)\n", ""))
    line = ("densemem: [mem 0x0000000040000000-0x000000004fffffff] dropped "
            "(below PHYS_OFFSET)\n")
    fails("a boot line twice: two lines name the same bytes",
          "boot lines cover every bank, byte for byte", log.replace(line, line + line))
    fails("a boot line missing: the plan no longer agrees",
          "densemem-plan on the machine file prints the kernel's boot lines",
          log.replace("densemem: [mem 0x0000000040000000-0x000000004fffffff] dropped "
                      "(below PHYS_OFFSET)\n", ""))
    fails("a kernel warning", "no kernel warning, BUG, Oops or poison corruption on the console",
          log.replace("Run /init as init process\n",
                      "WARNING: CPU: 0 PID: 1 at mm/page_alloc.c:1 x\nRun /init as init process\n"))
    kf = "BUG: KFENCE: out-of-bounds read in f+0x98/0x1ac\n"
    fails("a KFENCE report outside KFENCE's KUnit suite",
          "no kernel warning, BUG, Oops or poison corruption on the console",
          log.replace("Run /init as init process\n", kf + "Run /init as init process\n"))
    suite = "    # Subtest: kfence\n" + kf + "ok 9 kfence\n"
    cases.append(("the reports KFENCE's KUnit suite provokes are not warnings",
                  run(log.replace("Run /init as init process\n",
                                  suite + "Run /init as init process\n")) == good))
    n = bootcheck.kselftest_cases()
    ks = f"kselftest densemem_test in the guest: {n} of {n} passed, none skipped"
    fails("a kselftest failure", ks,
          log.replace(f"# Totals: pass:{n} fail:0", f"# Totals: pass:{n - 1} fail:1"))
    fails("a kselftest that ran one case fewer than its source has", ks,
          log.replace(f"# Totals: pass:{n} fail:0", f"# Totals: pass:{n - 1} fail:0"))
    fails("KUnit at boot failing", "KUnit densemem_translate ran at boot and passed",
          log.replace("ok 1 densemem_translate", "not ok 1 densemem_translate"))
    fails("a selftests/mm program failing",
          f"selftests/mm subset in the guest: {len(bootcheck.mm_programs())} programs, all passed",
          log.replace("mm/cow rc=0 pass", "mm/cow rc=1 fail"))
    r = bootcheck.result(open(os.path.join(DATA, "virt-load.result")).read())
    cases.append(("lowmem short of the machine's",
                  run(log, dict(r, lowmem=r["lowmem"] - 4096)).get("lowmem == 1073741824") is False))
    cases.append(("kexec asked for, one kernel on the console",
                  run(log, want_kexec=True).get(
                      "kexec: a second kernel booted from the first, its init reported") is False))
    for mode in ("same", "moved"):
        cases.append((f"hibernate={mode} asked for, one kernel on the console",
                      run(log, want_hib=mode).get(
                          "hibernate: the first kernel wrote its image and powered off") is False))
    cases.append(("a densemem kernel known by its config, not its name, gets the same checks",
                  run(log, dict(r, kconfig="debian-armmp")) == good))
    cases.append(("kdump asked for, one kernel on the console",
                  run(log, want_kdump=True).get(
                      "kdump: the capture kernel booted from the crash") is False))
    # crashkernel=: tiers as parse_crashkernel() reads them, END exclusive
    tiers = "0-2G:128M,2G-:256M"
    cases.append(("crashkernel= tiers: 1280 MiB of RAM take the first",
                  bootcheck.crashkernel_size(tiers, 1280 << 20) == 128 << 20))
    cases.append(("crashkernel= tiers: a 2304 MiB span would take the second",
                  bootcheck.crashkernel_size(tiers, 2304 << 20) == 256 << 20))
    cases.append(("crashkernel= tiers: 2 GiB exactly is the second tier's",
                  bootcheck.crashkernel_size(tiers, 2 << 30) == 256 << 20))
    cases.append(("crashkernel= tiers: below every tier, nothing",
                  bootcheck.crashkernel_size("1G-2G:64M", 512 << 20) == 0))
    cases.append(("crashkernel=SIZE@OFFSET: the size",
                  bootcheck.crashkernel_size("0x4000000@0x60000000", 5) == 64 << 20))
    # a kdump boot's console, as harness/guest/kdump.sh and the kernel
    # print it: the first kernel reserved by its 1280 MiB, crashed, and
    # the capture kernel reported; then the same reserved by the span
    rk = dict(r, ram=1280 << 20, ignored=0)
    kd = (log.replace("Kernel command line: ", "Kernel command line: crashkernel=" + tiers + " ") +
          "Reserving 128MB of memory at 1664MB for crashkernel (System RAM: 1280MB)\n"
          "DENSEMEM-KDUMP pattern phys=0xcff00000 after 16 MiB\n"
          "DENSEMEM-KDUMP crashing\n"
          "Kernel panic - not syncing: sysrq triggered crash\n"
          "Booting Linux on physical CPU 0x0\n"
          "Kernel command line: console=ttyAMA0 elfcorehdr=0x67f00000 mem=130048K\n"
          "DENSEMEM-TEST kdump-vmcore rc=0 /proc/vmcore of 1342181376 bytes\n"
          "DENSEMEM-TEST kdump-pattern rc=0 0xcff00000 read from /proc/vmcore: 0 of 1024 words differ\n"
          "DENSEMEM-TEST kdump-makedumpfile rc=0 makedumpfile refused the dump (rc 1)\n")
    kgot = run(kd, rk, want_kdump=True)
    kdone = [k for k in kgot if k.startswith("kdump: ")]
    cases.append(("a kdump boot passes its four kdump checks, its panic no warning",
                  len(kdone) == 4 and all(kgot[k] for k in kdone) and
                  kgot["no kernel warning, BUG, Oops or poison corruption on the console"]))
    cases.append(("crashkernel= sized by the span: the RAM check fails",
                  run(kd.replace("Reserving 128MB of memory at 1664MB for crashkernel (System RAM: 1280MB)",
                                 "Reserving 256MB of memory at 1536MB for crashkernel (System RAM: 2304MB)"),
                      rk, want_kdump=True).get(
                          "kdump: crashkernel= reserved by the RAM (1280 MiB), not the span") is False))
    cases.append(("the sysrq panic without kdump is a warning",
                  run(kd, rk).get("no kernel warning, BUG, Oops or poison corruption on the console") is False))
    cases.append(("makedumpfile wrote a filtered dump: kdump fails",
                  run(kd.replace("kdump-makedumpfile rc=0", "kdump-makedumpfile rc=1"), rk,
                      want_kdump=True).get(
                          "kdump: makedumpfile refused the dump instead of misreading it") is False))
    # test_meminit: a failure passes only as an allocation the page
    # allocator refused, warn_alloc()'s report naming test_meminit_init
    refused = ("swapper/0: page allocation failure: order:10, mode:0xcc0(GFP_KERNEL)\n"
               "Call trace: \n __alloc_pages_noprof from test_meminit_init+0x30/0x894\n"
               " test_meminit_init from do_one_initcall+0x80/0x154\n")
    fail1 = "test_meminit: test_pages failed 1 out of 11 times\ntest_meminit: failures: 1 out of 131\n"
    cases.append(("test_meminit: all passed",
                  bootcheck.meminit("test_meminit: all 131 tests passed!\n")[0][1]))
    cases.append(("test_meminit: one failure, the allocation refused",
                  bootcheck.meminit(refused + fail1)[0][1]))
    cases.append(("test_meminit: one failure, no allocation refused",
                  not bootcheck.meminit(fail1)[0][1]))
    cases.append(("test_meminit: two failures, one allocation refused",
                  not bootcheck.meminit(refused + fail1.replace("failures: 1", "failures: 2"))[0][1]))
    cases.append(("two CPUs asked for, one brought up",
                  run(log, want_smp="2").get("all 2 CPUs brought up") is False))
    # PRINTK_TIME (multi_v7_defconfig): every kernel line stamped
    stamped = "".join(f"[{i // 100:5d}.{i % 100:06d}] {line}\n"
                      for i, line in enumerate(log.splitlines()))
    cases.append(("printk timestamps on every line: every check still passes",
                  run(bootcheck.console(stamped)) == good))
    # VMSPLIT_BOOT: the boot line and uspace's lines, as virt-2x1g printed them
    vs = ("vmsplit: user 1776 MiB (TASK_SIZE 0x6f000000), linear map from 0x70000000, "
          "1024 MiB below PAGE_OFFSET 0xb0000000: auto: the RAM does not fit the linear map "
          "above PAGE_OFFSET\n"
          "DENSEMEM-TEST uspace mapped=1772 MiB touched=1772 pages top=0x6ede4000\n" +
          "".join(f"DENSEMEM-TEST uspace ok {w} 0x1\n" for w in "abcdef"))
    kc = "CONFIG_VMSPLIT_BOOT=y\n"
    ok = lambda log: all(v for _, v in bootcheck.vmsplit(log, kc))
    cases.append(("vmsplit: the boot line and a process mapped up to TASK_SIZE", ok(vs)))
    cases.append(("vmsplit: no check without VMSPLIT_BOOT", bootcheck.vmsplit(vs, "") == []))
    cases.append(("vmsplit: no boot line", not ok(vs.split("\n", 1)[1])))
    cases.append(("vmsplit: a uspace check failed", not ok(vs.replace("uspace ok c", "uspace FAIL c"))))
    cases.append(("vmsplit: the process got no higher than 64 MiB below TASK_SIZE",
                  not ok(vs.replace("top=0x6ede4000", "top=0x6a000000"))))
    cases.append(("vmsplit: the process mapped past TASK_SIZE",
                  not ok(vs.replace("top=0x6ede4000", "top=0x6f001000"))))
    p = 0
    for name, ok in cases:
        print(("ok" if ok else "not ok"), name)
        p += bool(ok)
    print(f"bootcheck: {p} passed, {len(cases) - p} failed")
    sys.exit(len(cases) != p)


if __name__ == "__main__":
    main()
