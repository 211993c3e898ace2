/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_STDARG_H
#define _HOST_LINUX_STDARG_H
#include <stdarg.h>
#endif
