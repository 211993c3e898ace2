/* SPDX-License-Identifier: GPL-2.0 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/compiler.h>
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
/* as <linux/math.h>: y need not be a power of two */
#define roundup(x, y)	((((x) + ((y) - 1)) / (y)) * (y))
