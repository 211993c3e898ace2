# SPDX-License-Identifier: GPL-2.0
#
# QEMU virt with the RAM banks of the densemem project's machines/lpae-split.mem
# (generated from it by harness/boot/machine.py kunit-qemu):
#
#   lpae-split: QEMU virt, cortex-a15: 1 GiB at 0x40000000 and 1 GiB
#   above 4 GiB, for an LPAE kernel.
#
# kunit.py boots with -kernel, and QEMU then gives the kernel one
# contiguous memory node, so the banks come from mem= (Arm replaces the
# DT's memory with them before densemem_setup() runs).  QEMU gets RAM up
# to the end of the highest bank; the holes are never used.
# qemu-system-aarch64 runs the same 32-bit CPU: QEMU 7.2's
# qemu-system-arm reads page tables above 4 GiB from their address
# modulo 4 GiB, and densemem puts page tables there.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='arm',
			   kconfig='',	# in mm/densemem/arm-lpae.kunitconfig
			   qemu_arch='aarch64',
			   kernel_path='arch/arm/boot/zImage',
			   kernel_command_line='console=ttyAMA0 mem=1G@0x40000000 mem=1G@0x140000000',
			   extra_qemu_params=['-machine', 'virt,highmem=on',
					      '-cpu', 'cortex-a15', '-m', '5120M'])
