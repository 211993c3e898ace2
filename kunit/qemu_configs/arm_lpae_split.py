# SPDX-License-Identifier: GPL-2.0
#
# QEMU virt with the RAM banks of the densemem project's machines/lpae-split.mem:
# 1 GiB at 0x40000000 and 1 GiB above 4 GiB, for an LPAE kernel
# (mm/densemem/arm-lpae.kunitconfig).  The banks come from mem=, as in
# the other configs.  qemu-system-aarch64 runs the same 32-bit Cortex-A15:
# QEMU 7.2's qemu-system-arm reads page tables above 4 GiB from their
# address modulo 4 GiB, and densemem puts page tables there.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='arm',
			   kconfig='',	# in mm/densemem/arm-lpae.kunitconfig
			   qemu_arch='aarch64',
			   kernel_path='arch/arm/boot/zImage',
			   kernel_command_line='console=ttyAMA0 mem=1G@0x40000000 mem=1G@0x140000000',
			   extra_qemu_params=['-machine', 'virt,highmem=on',
					      '-cpu', 'cortex-a15', '-m', '5120M'])
