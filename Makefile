# SPDX-License-Identifier: GPL-2.0
# densemem workspace: the one entry point.  See README.md.
SHELL := /bin/bash
TOP := $(CURDIR)
KCONFIG ?= baseline-3g
FUZZ_SECONDS ?= 30
HT := tools/testing/densemem

.PHONY: help deps tree kernel hosttest fuzz check boot clean

help:
	@sed -n 's/^## //p' README.md

deps:
	@bash harness/deps.sh

tree: deps
	@bash harness/tree.sh

kernel: tree
	@bash harness/kernel.sh $(KCONFIG)

# the core's table builder on the host: 64-bit with ASan+UBSan, 32-bit as
# armhf under qemu-arm with UBSan; one closing line over both
hosttest: deps
	@set -o pipefail; { $(MAKE) -s -C $(HT) run; $(MAKE) -s -C $(HT) run BUILD=32; } \
		| tee build-hosttest.log | grep -v '^ok '; \
	awk '/ passed, .* failed$$/ { p += $$1; f += $$3 } END { printf "hosttest: %d passed, %d failed\n", p, f; exit f > 0 }' \
		build-hosttest.log; rc=$$?; rm -f build-hosttest.log; exit $$rc

fuzz: deps
	@$(MAKE) -s -C $(HT) fuzz FUZZ_SECONDS=$(FUZZ_SECONDS)

check: deps
	@mkdir -p build; set -o pipefail; fail=0; \
	$(MAKE) -s hosttest 2>&1 | tee build/check.log || fail=1; \
	if $(MAKE) -s fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) > build/fuzz.log 2>&1; then \
		echo "ok fuzz ($(FUZZ_SECONDS) s, $$(grep -o 'Done [0-9]* runs' build/fuzz.log))" | tee -a build/check.log; \
	else tail -20 build/fuzz.log; echo "not ok fuzz" | tee -a build/check.log; fi; \
	awk '/^hosttest: / { p += $$2; f += $$4 } /^ok fuzz/ { p++ } /^not ok fuzz/ { f++ } \
		END { printf "%d passed, %d failed\n", p, f; exit f > 0 }' build/check.log

clean:
	rm -rf build
	$(MAKE) -s -C $(HT) clean
