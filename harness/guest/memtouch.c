// SPDX-License-Identifier: GPL-2.0
/*
 * memtouch: take most of the guest's free memory and check it.
 *
 * Fresh anonymous pages must read as zero: the kernel cleared them through
 * the linear map (page_address()), userspace sees them through the pfn in
 * the page tables (page_to_pfn()).  If the two translations disagree
 * anywhere, a page reads as someone else's data.  Then every word gets a
 * pattern derived from its address and is read back after all of memory
 * has been written, so that two pages aliasing one frame show up too.
 *
 * Usage: memtouch [PERCENT of MemAvailable, default 85]
 * Prints "DENSEMEM-TEST memtouch ..." and "DENSEMEM-TESTS passed=N failed=N".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define CHUNK	(16UL << 20)
#define MAXCH	4096

static unsigned long mem_available(void)
{
	char line[128];
	unsigned long kb = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %lu kB", &kb) == 1)
			break;
	fclose(f);
	return kb << 10;
}

int main(int argc, char **argv)
{
	unsigned long pct = argc > 1 ? strtoul(argv[1], NULL, 0) : 85;
	unsigned long want = mem_available() / 100 * pct, got = 0;
	unsigned long zero_bad = 0, pat_bad = 0;
	static uint32_t *ch[MAXCH];
	unsigned int n = 0, i;
	int passed = 0, failed = 0;

	while (got + CHUNK <= want && n < MAXCH) {
		uint32_t *p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

		if (p == MAP_FAILED)
			break;
		ch[n++] = p;
		got += CHUNK;
	}
	for (i = 0; i < n; i++) {
		uint32_t *p = ch[i];
		size_t w;

		for (w = 0; w < CHUNK / 4; w++) {
			if (p[w]) {
				if (zero_bad++ < 4)
					printf("memtouch: fresh page not zero at %p: %#x\n",
					       (void *)&p[w], p[w]);
			}
			p[w] = (uint32_t)(uintptr_t)&p[w] ^ 0x5a5aa5a5u;
		}
	}
	for (i = 0; i < n; i++) {
		uint32_t *p = ch[i];
		size_t w;

		for (w = 0; w < CHUNK / 4; w++)
			if (p[w] != ((uint32_t)(uintptr_t)&p[w] ^ 0x5a5aa5a5u) &&
			    pat_bad++ < 4)
				printf("memtouch: pattern lost at %p: %#x\n",
				       (void *)&p[w], p[w]);
	}
	printf("DENSEMEM-TEST memtouch bytes=%lu of %lu zero_errors=%lu pattern_errors=%lu\n",
	       got, want, zero_bad, pat_bad);
	if (got && got + 2 * CHUNK > want)
		passed++;
	else
		failed++;	/* could not even take what it aimed at */
	zero_bad ? failed++ : passed++;
	pat_bad ? failed++ : passed++;
	printf("DENSEMEM-TESTS passed=%d failed=%d\n", passed, failed);
	return failed != 0;
}
