# SPDX-License-Identifier: GPL-2.0
# densemem workspace: the one entry point.  See README.md and docs/developing.md.
SHELL := /bin/bash
TOP := $(CURDIR)
KCONFIG ?= baseline-3g
FUZZ_SECONDS ?= 30
HT := tools/testing/densemem
# ccache hashes paths relative to the workspace, so that a clone in
# another folder (CI's) reuses the objects of this one; kbuild's
# -fmacro-prefix-map names the source folder and only makes __FILE__
# relative, so it is left out of the hash.  Every kernel build goes
# through a target here, so this is the one place that sets them.
export CCACHE_BASEDIR ?= $(TOP)
export CCACHE_IGNOREOPTIONS ?= -fmacro-prefix-map=*

.PHONY: help deps tree kernel hosttest fuzz check boot baseline demo matrix harnesstest boottest kunit clean \
	kunit-uml boottest-all \
	distro debian-boot boards boards-boot \
	plan plantool plantest rfc rfc-bisect rfc-vanilla bench profile mutation qemu-configs test-machines
MACHINE ?= machines/virt-2x512.mem
BASELINE_CONFIGS ?= baseline-3g baseline-3g-highmem seed-2g-opt seed-2g-opt-highmem baseline-lpae-highmem
BASELINE_MACHINES ?= $(wildcard machines/*.mem)

# the "make ..." lines of docs/developing.md's Targets block
help:
	@sed -n '/^## Targets/,/^### /{ /^make /p }' docs/developing.md

deps:
	@bash harness/build/deps.sh

tree: deps
	@bash harness/build/tree.sh

kernel: tree
	@bash harness/build/kernel.sh $(KCONFIG)

# MACHINE=FILE, or DTB=FILE: a board's DTB, its memory moved up for QEMU virt
boot: kernel
	@bash harness/boot/boot.sh $(if $(DTB),$(DTB),$(MACHINE)) $(KCONFIG)

# every machine with every baseline config -> build/report/baseline.md
baseline: tree
	@bash harness/boot/grid.sh baseline "$(BASELINE_CONFIGS)" $(BASELINE_MACHINES)

DEMO_CONFIGS ?= baseline-3g seed-2g-opt densemem-2g-opt
# virt-tri: three banks, 1.25 GiB, spanning 2.25 GiB: more than the seed
# series' 2G_OPT linear map reaches (on virt-2x512 it reaches both banks)
DEMO_MACHINE ?= machines/virt-tri.mem
demo: tree
	@bash harness/boot/grid.sh demo "$(DEMO_CONFIGS)" $(DEMO_MACHINE)

# kunit/qemu_configs/ from machines/ (harnesstest checks they agree)
QEMU_CONFIG_MACHINES := virt-2x512 virt-tri virt-quad virt-2x1g lpae-split
qemu-configs:
	@for m in $(QEMU_CONFIG_MACHINES); do \
		/usr/bin/python3 harness/boot/machine.py kunit-qemu machines/$$m.mem > kunit/qemu_configs/arm_$$(echo $$m | tr - _).py || exit 1; \
	done

# mm/densemem/test_machines.h from machines/: the memory maps of the host
# layout tests and the KUnit suite (harnesstest checks they agree)
test-machines:
	@/usr/bin/python3 harness/boot/machine.py c-banks machines/*.mem > mm/densemem/test_machines.h

harnesstest: deps plantool tree
	@bash harness/check/test-machine.sh

# Debian's armmp and armmp-lpae configs with DENSEMEM
# (configs/debian-armmp*.config, resolved by olddefconfig on Debian's own
# file): every option Debian sets stays as Debian sets it, but those that
# configs/debian.changes names with their reason (harness/build/debian_config.py)
debian-config: tree
	@for f in armmp armmp-lpae; do CONFIG_ONLY=1 bash harness/build/kernel.sh debian-$$f || exit 1; done
	@set -o pipefail; /usr/bin/python3 harness/build/debian_config.py configs/debian.changes \
		$$(bash harness/build/debian.sh armmp) build/kernels/debian-armmp/config \
		$$(bash harness/build/debian.sh armmp-lpae) build/kernels/debian-armmp-lpae/config | \
		awk '!/^ok /'

# KUnit: the layout builder under UML, then both suites on Arm for each
# holey machine (harness/boot/kunit-arm.sh), one closing line for all
KUNIT_ARM_MACHINES ?= virt-2x512 virt-tri virt-quad virt-2x1g lpae-split
kunit: KUNIT_ARM = 1
kunit-uml kunit: tree
	@rm -f build/kunit-uml.json; (cd build/linux && /usr/bin/python3 tools/testing/kunit/kunit.py run \
		--kunitconfig=mm/densemem --build_dir=$(TOP)/build/kunit-uml --jobs=$$(nproc) \
		--json=$(TOP)/build/kunit-uml.json) > build/kunit.log 2>&1; \
	/usr/bin/python3 harness/boot/kunit_summary.py kunit-uml build/kunit-uml.json | \
		tee build/kunit-uml.txt | grep -v '^kunit-uml: [0-9]'; \
	grep '^kunit-uml: [0-9]' build/kunit-uml.txt > build/kunit-summary.log; \
	if [ -n "$(KUNIT_ARM)" ]; then \
	bash harness/boot/kunit-arm.sh $(KUNIT_ARM_MACHINES) | tee build/kunit-arm.log | grep -v '^kunit-arm: '; \
	grep '^kunit-arm: ' build/kunit-arm.log >> build/kunit-summary.log || echo "kunit-arm: 0 passed, 1 failed" >> build/kunit-summary.log; \
	fi; \
	cat build/kunit-summary.log; \
	/usr/bin/python3 harness/check/tally.py kunit build/kunit-summary.log kunit-uml $(if $(KUNIT_ARM),kunit-arm)

PLAN := tools/mm/densemem-plan
plantool: deps
	@$(MAKE) -s -C $(PLAN)

# make plan MACHINE=FILE | DTB=FILE [PLAN_ARGS="--config .config"]: a
# machine file goes through harness/boards/plan.sh (densemem-plan reads DTBs)
plan: plantool
	@bash harness/boards/plan.sh $(PLAN_ARGS) $(if $(DTB),$(DTB),$(MACHINE))

# densemem-plan on bad input: clear refusals, never a crash; then a fuzz run
plantest: plantool
	@bash $(PLAN)/test.sh

# representative boots: each must boot and account for every byte of the
# map; densemem's boot lines must name every bank byte for byte.  virt-2x1g
# on a non-LPAE kernel: its top page ends at 4 GiB, past a 32-bit
# phys_addr_t, so the kernel sees 4 KiB less (reported as dropped).
# A field "peer" also runs stress-ng and memtester in the guest; "smpN"
# boots N CPUs (secondaries through PSCI, after densemem_setup()); "dma"
# writes and reads back DMA_MIB of a virtio-blk disk (DMA mapping);
# "kexec" kexecs into the same kernel, which must boot to the same layout;
# "hibernate" hibernates to a virtio-blk swap disk with a pattern in the
# upper bank, and a second QEMU run resumes the image; "hibernate-moved"
# resumes on the machine with its top bank moved 64 MiB up, and the
# kernel must refuse the image of the other dense layout and boot on.
DMA_MIB ?= 128
# densemem-debug: DEBUG_VIRTUAL, DEBUG_VM, page poisoning and MEMCG (a
# 36-byte struct page); any warning on the console fails every boot.
# pbx-a9-1g: realview-pbx-a9 (Cortex-A9), RAM at 0x20000000 and
# 0x70000000; a stock 3G kernel ignores the upper one.
# lpae-split: 1 GiB at 0x40000000 and 1 GiB at 0x140000000 on LPAE with
# VMSPLIT_2G: lowmem fills the 1.75 GiB linear map, the part above 4 GiB
# ZONE_MOVABLE only (32-bit DMA and cpu_suspend() cannot reach it), the
# last 256 MiB dropped; with -highmem, lowmem ends at 4 GiB and the upper
# bank is highmem.  lpae-split-movable: movablecore=1G, honoured as far
# as ZONE_DMA (the first 4 GiB) lets it.  virt-touch: DT memory nodes
# that touch.
# virt-2x1g-cma on densemem-distro (what multi_v7_defconfig enables that
# reaches the translations: kexec, CMA, suspend, Keystone): a CMA area
# that ends where the first bank ends.  virt-ragged and virt-load: RAM below
# PHYS_OFFSET, which the DT code leaves out of memblock (a bank starting
# 1 MiB past a 2 MiB boundary; the zImage loaded in the upper bank), named
# in densemem's boot lines.  densemem-vmsplit (VMSPLIT_BOOT, linked for
# 3G_OPT: one zImage for all): virt-2x512 and virt-sixteen (sixteen banks,
# 1 GiB over a 2 GiB span) fit the 1 GiB above PAGE_OFFSET and keep 2800
# MiB of user space; virt-tri, virt-2x1g and virt-carveout do not, and the
# linear map grows below PAGE_OFFSET as far as their RAM needs, user space
# shrinking with it (harness/guest/uspace.c maps one process up to
# TASK_SIZE).  virt-carveout: its no-map regions leave the dense space;
# KUnit's dm_nomap_regions memremap()s them and allocates DMA buffers from
# the 16 MiB pool.
# virt-initrd-nomap, virt-2x-initrd-nomap and virt-firmware: no-map
# carve-outs below the initrd, which densemem must know before
# reserve_initrd_mem() takes __va() of it (the layout is made once).
# virt-2x1g-cma-hole: a CMA area that runs into a hole is refused, named,
# and the kernel boots without it.
# lpae-dma32: devices that address 32 bits (dma-ranges), so that streaming
# DMA to RAM above 4 GiB bounces through swiotlb.  lpae-small-low: the
# CMA area of densemem-lpae does not fit below 4 GiB.  The "dma" boots
# use the DMA API (VIRTIO_F_ACCESS_PLATFORM).
# virt-tri with kdump: crashkernel= tiers that its RAM (1280 MiB) and its
# span (2304 MiB) tell apart, a crash into the same kernel as capture
# kernel, a pattern page past its first hole read from /proc/vmcore,
# and Debian's makedumpfile refusing the dump (harness/guest/kdump.sh).
PEER_SECONDS ?= 30
BOOTTESTS ?= virt-2x512:densemem-distro:ram virt-tri:densemem-distro:ram:peer \
	virt-carveout:densemem-distro:ram virt-2x512:densemem-vmsplit:ram \
	virt-quad:densemem-debug:ram:smp2:dma pbx-a9-1g:densemem-distro:ram \
	lpae-split:densemem-lpae:1879048192 lpae-split-movable:densemem-lpae:1879048192 \
	virt-touch:densemem-distro:ram \
	virt-2x1g-cma:densemem-distro:2147479552:smp2:dma:kexec \
	virt-ragged:densemem-distro:1071644672 virt-load:densemem-distro:1073741824 \
	virt-carveout:densemem-vmsplit:ram virt-sixteen:densemem-vmsplit:ram \
	virt-2x1g:densemem-vmsplit:2147479552 virt-tri:densemem-vmsplit:ram \
	virt-initrd-nomap:densemem-distro:ram virt-2x-initrd-nomap:densemem-distro:ram \
	virt-firmware:densemem-distro:ram virt-2x1g-cma-hole:densemem-distro:2147479552 \
	lpae-dma32:densemem-lpae:1879048192:dma lpae-small-low:densemem-lpae:ram \
	virt-2x512:densemem-distro:ram:hibernate virt-tri:densemem-distro:ram:hibernate-moved \
	virt-tri:densemem-distro:ram:kdump
# outside make check, which must stay under 45 minutes from a cold cache
# (each kernel config is about 5 minutes of it): the stock kernel's loss
# on virt-2x512 and realview-pbx-a9, LPAE with HIGHMEM (lowmem ends at
# 4 GiB), the minimal 2G_OPT config on virt-2x1g and virt-quad, and the
# fixed 3G_OPT split (its 1 GiB linear map holds 1 GiB of virt-carveout)
BOOTTESTS_MORE ?= virt-2x512:baseline-3g:536870912 pbx-a9-1g:baseline-3g:536870912 \
	lpae-split:densemem-lpae-highmem:1073741824 virt-2x1g:densemem-2g-opt:2147479552 \
	virt-quad:densemem-2g-opt:ram virt-initrd-nomap:densemem-2g-opt:ram \
	virt-2x-initrd-nomap:densemem-2g-opt:ram virt-firmware:densemem-2g-opt:ram \
	flat-1g:densemem-3g-opt:ram virt-carveout:densemem-3g-opt:1073741824 \
	virt-sixteen:densemem-3g-opt:ram
boottest: tree plantool
	@PEER_SECONDS=$(PEER_SECONDS) DMA_MIB=$(DMA_MIB) bash harness/boot/boottests.sh boottest $(BOOTTESTS)

# every boot: make check's and the slower reference ones
boottest-all: tree plantool
	@PEER_SECONDS=$(PEER_SECONDS) DMA_MIB=$(DMA_MIB) bash harness/boot/boottests.sh boottest-all \
		$(BOOTTESTS) $(BOOTTESTS_MORE)

# a distribution kernel: multi_v7_defconfig with DENSEMEM and
# VMSPLIT_2G_OPT, no HIGHMEM (configs/densemem-multi-v7.config), built in
# only, booted on every holey machine with boottest's checks.  Slow (the
# whole of multi_v7 on two cores): not in make check.
DISTRO_BOOTS ?= virt-2x512:densemem-multi-v7:ram virt-tri:densemem-multi-v7:ram \
	virt-quad:densemem-multi-v7:ram:smp2:dma virt-carveout:densemem-multi-v7:ram \
	virt-touch:densemem-multi-v7:ram pbx-a9-1g:densemem-multi-v7:ram \
	virt-2x1g-cma:densemem-multi-v7:2147479552:smp2:dma:kexec
distro: tree plantool
	@PEER_SECONDS=$(PEER_SECONDS) DMA_MIB=$(DMA_MIB) bash harness/boot/boottests.sh distro $(DISTRO_BOOTS)

# Debian's armmp and armmp-lpae configs with DENSEMEM through boottest's
# checks on the holey machines, and Debian's own kernels beside them
# (slow: two distribution kernels) -> build/report/debian.md
debian-boot: tree plantool
	@bash harness/boot/debian-boot.sh

# every DTB of the base tree with split memory, planned -> build/report/boards.md
boards: tree plantool
	@bash harness/boards/boards.sh

# one boot per distinct layout of those boards, on the densemem config
# of configs/ that keeps the most lowmem without highmem (slow)
boards-boot: boards
	@bash harness/build/kernels.sh boards-boot densemem-2g-opt densemem-3g-opt densemem-lpae
	@bash harness/boot/boottests.sh boards-boot $$(/usr/bin/python3 harness/boards/boards.py --boots build/boards)

# every machine with every densemem config -> build/report/matrix.md
MATRIX_CONFIGS ?= densemem-2g-opt densemem-3g-opt densemem-2g-opt-highmem densemem-lpae densemem-lpae-highmem
matrix: tree
	@bash harness/boot/grid.sh matrix "$(MATRIX_CONFIGS)" $(BASELINE_MACHINES)

# the core's table builder on the host: 64-bit with ASan+UBSan, 32-bit as
# armhf under qemu-arm with UBSan; one closing line over both
hosttest: deps
	@set -o pipefail; { $(MAKE) -s -C $(HT) run; $(MAKE) -s -C $(HT) run BUILD=32; } \
		| tee build-hosttest.log | grep -v '^ok '; \
	/usr/bin/python3 harness/check/tally.py hosttest build-hosttest.log; rc=$$?; rm -f build-hosttest.log; exit $$rc

fuzz: deps
	@$(MAKE) -s -C $(HT) fuzz FUZZ_SECONDS=$(FUZZ_SECONDS)

check: deps
	@mkdir -p build; set -o pipefail; fail=0; \
	$(MAKE) -s hosttest 2>&1 | tee build/check.log || fail=1; \
	$(MAKE) -s harnesstest 2>&1 | tee -a build/check.log || fail=1; \
	$(MAKE) -s plantest 2>&1 | tee -a build/check.log || fail=1; \
	$(MAKE) -s debian-config 2>&1 | tee -a build/check.log || fail=1; \
	$(MAKE) -s kunit-uml 2>&1 | tee -a build/check.log || fail=1; \
	$(MAKE) -s boottest 2>&1 | tee -a build/check.log || fail=1; \
	if $(MAKE) -s fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) > build/fuzz.log 2>&1; then \
		echo "ok fuzz ($(FUZZ_SECONDS) s, $$(grep -o 'Done [0-9]* runs' build/fuzz.log))" | tee -a build/check.log; \
	else tail -20 build/fuzz.log; echo "not ok fuzz" | tee -a build/check.log; fi; \
	/usr/bin/python3 harness/check/tally.py - build/check.log hosttest harnesstest plantest \
		debian-config kunit boottest fuzz

# translation cost, struct page memory -> build/report/bench.{md,json,png}
# and, unless BENCH_DISTRO=0, the flat pair on multi_v7_defconfig (two
# builds of multi_v7's zImage: about 45 minutes each on two cores, cold)
# and, unless BENCH_MEMCG=0, the translations with a 36-byte struct page
BENCH_DISTRO ?= 1
BENCH_MEMCG ?= 1
BENCH_CONFIGS := bench-flatmem bench-sparsemem bench-densemem seed-2g-opt seed-2g-opt-highmem \
	bench-densemem-3g-opt bench-densemem-vmsplit \
	$(if $(filter 0,$(BENCH_MEMCG)),,bench-flatmem-memcg bench-sparsemem-memcg bench-densemem-memcg) \
	$(if $(filter 0,$(BENCH_DISTRO)),,bench-multi-v7-flatmem bench-multi-v7-densemem)
bench: tree
	@bash harness/build/kernels.sh bench $(BENCH_CONFIGS)
	@BENCH_DISTRO=$(BENCH_DISTRO) BENCH_MEMCG=$(BENCH_MEMCG) bash harness/bench/bench.sh

# where one workload's kernel instructions go, per function, on two bench
# kernels side by side (harness/bench/workload_profile.py: every instruction logged;
# about 5 minutes and 5 GB of log per kernel) -> build/report/profile-*.md
PROFILE_MACHINE ?= flat-1g
PROFILE_WORKLOAD ?= file_cycle
PROFILE_UNIT ?= do_unlinkat
PROFILE_KCONFIGS ?= bench-flatmem bench-densemem
profile: tree
	@bash harness/build/kernels.sh profile $(PROFILE_KCONFIGS)
	@/usr/bin/python3 harness/bench/workload_profile.py $(PROFILE_MACHINE) $(PROFILE_WORKLOAD) \
		$(PROFILE_UNIT) $(PROFILE_KCONFIGS)

# a wrong table entry on purpose: which suites catch it
mutation: tree
	@bash harness/check/mutation.sh

# the series as an RFC: build/rfc/, cover letter, checkpatch --strict;
# signed off by FROM='Name <address>', else git config user.name/email
rfc: tree plantool
	@bash harness/rfc/rfc.sh

# the series on vanilla 6.12.118, rebuilt from linux-source-6.12 less
# Debian's patches (the archive no longer serves its orig tarball)
rfc-vanilla: tree
	@bash harness/rfc/vanilla.sh

# every commit of the series builds, for a baseline and a densemem config
RFC_BISECT_CONFIGS ?= baseline-3g densemem-2g-opt
rfc-bisect: tree
	@bash harness/rfc/rfc-bisect.sh $(RFC_BISECT_CONFIGS)

clean:
	rm -rf build
	$(MAKE) -s -C $(HT) clean
	$(MAKE) -s -C $(PLAN) clean
