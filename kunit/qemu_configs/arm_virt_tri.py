# SPDX-License-Identifier: GPL-2.0
#
# QEMU virt with the RAM banks of the densemem project's machines/virt-tri.mem
# (generated from it by harness/boot/machine.py kunit-qemu):
#
#   virt-tri: QEMU virt, cortex-a15: three banks, 1280 MiB, more than a
#   stock 2G_OPT kernel keeps in lowmem.
#
# kunit.py boots with -kernel, and QEMU then gives the kernel one
# contiguous memory node, so the banks come from mem= (Arm replaces the
# DT's memory with them before densemem_setup() runs).  QEMU gets RAM up
# to the end of the highest bank; the holes are never used.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='arm',
			   kconfig='',	# in mm/densemem/arm.kunitconfig
			   qemu_arch='arm',
			   kernel_path='arch/arm/boot/zImage',
			   kernel_command_line='console=ttyAMA0 mem=512M@0x40000000 mem=512M@0x80000000 mem=256M@0xc0000000',
			   extra_qemu_params=['-machine', 'virt,highmem=off',
					      '-cpu', 'cortex-a15', '-m', '2304M'])
