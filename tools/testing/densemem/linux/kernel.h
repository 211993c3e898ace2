/* SPDX-License-Identifier: GPL-2.0 */
#include <stdio.h>
#include <linux/types.h>
#include <linux/compiler.h>
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
