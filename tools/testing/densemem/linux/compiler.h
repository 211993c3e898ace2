/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_COMPILER_H
#define _HOST_LINUX_COMPILER_H
#ifndef __always_inline
#define __always_inline inline
#endif
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#define __init
#define __initdata
#define __ro_after_init
#endif
