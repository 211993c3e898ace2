/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_BITOPS_H
#define _HOST_LINUX_BITOPS_H
#include <linux/types.h>

static inline unsigned int __ffs64(u64 word)
{
	return __builtin_ctzll(word);
}
#endif
