/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_ERRNO_H
#define _HOST_LINUX_ERRNO_H
#include <asm-generic/errno.h>
#endif
