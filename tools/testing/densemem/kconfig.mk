# SPDX-License-Identifier: GPL-2.0
# The Kconfig.densemem defaults that the host builds of mm/densemem/layout.c
# use, read from Kconfig.densemem itself so that the kernel and the host
# tools size their tables from one source.
DENSEMEM_MAX_CHUNKS := $(shell awk '/^config DENSEMEM_MAX_CHUNKS/ { f = 1 } \
	f && $$1 == "default" { print $$2; exit }' $(TOP)/Kconfig.densemem)
KCONFIG_CFLAGS := -DCONFIG_DENSEMEM_MAX_CHUNKS=$(DENSEMEM_MAX_CHUNKS)
