/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_COMPILER_H
#define _HOST_LINUX_COMPILER_H
#ifndef __always_inline
#define __always_inline inline
#endif
/* the kernel build checks the formats, with its own __printf() */
#define __printf(...)
#define __init
#define __initdata
#define __ro_after_init
#endif
