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
 *
 * memtouch hold PERCENT PFN READY (harness/guest/hibernate.sh): write the
 * pattern in up to PERCENT of MemAvailable, as much as it takes to get 16 MiB
 * at or above physical pfn PFN (the upper bank; counted through
 * /proc/self/pagemap), create the file READY, and wait for
 * SIGUSR1, across a hibernation and resume; then read the pattern back.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <unistd.h>
#include <sys/mman.h>

#define CHUNK	(16UL << 20)
#define MAXCH	4096
/* memtouch hold: enough pages in the upper bank, 16 MiB */
#define HOLD_UPPER	4096

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

static volatile sig_atomic_t go;

static void on_usr1(int sig)
{
	go = 1;
}

/* pages of [p, p + len) whose frame is at or above @pfn; -1 if unknown */
static long pages_from(void *p, size_t len, unsigned long long pfn)
{
	int fd = open("/proc/self/pagemap", O_RDONLY);
	unsigned long long e;
	size_t i;
	long n = 0;

	if (fd < 0)
		return -1;
	for (i = 0; i < len / 4096; i++) {
		off_t at = ((uintptr_t)p / 4096 + i) * sizeof(e);

		if (pread(fd, &e, sizeof(e), at) != sizeof(e) || !(e >> 63)) {
			n = -1;	/* not present, or no pagemap */
			break;
		}
		if ((e & ((1ULL << 55) - 1)) >= pfn)
			n++;
	}
	close(fd);
	return n;
}

int main(int argc, char **argv)
{
	int hold = argc > 4 && !strcmp(argv[1], "hold");
	unsigned long pct = hold ? strtoul(argv[2], NULL, 0) :
			    argc > 1 ? strtoul(argv[1], NULL, 0) : 85;
	unsigned long long pfn = hold ? strtoull(argv[3], NULL, 0) : 0;
	long upper = 0;
	unsigned long want = mem_available() / 100 * pct, got = 0;
	unsigned long zero_bad = 0, pat_bad = 0;
	static uint32_t *ch[MAXCH];
	unsigned int n = 0, i;
	int passed = 0, failed = 0;

	while (got + CHUNK <= want && n < MAXCH && upper < HOLD_UPPER) {
		uint32_t *p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

		if (p == MAP_FAILED)
			break;
		ch[n++] = p;
		got += CHUNK;
		if (hold) {
			long u = pages_from(p, CHUNK, pfn);

			upper = u < 0 ? LONG_MIN : upper + u;
		}
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
	if (hold) {
		signal(SIGUSR1, on_usr1);
		printf("DENSEMEM-TEST memtouch hold bytes=%lu upper_pages=%ld (pfn >= %#llx)\n",
		       got, upper, pfn);
		fflush(stdout);
		close(open(argv[4], O_CREAT | O_WRONLY, 0644));
		while (!go)
			pause();
		upper > 0 ? passed++ : failed++;
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
	if (got && (hold || got + 2 * CHUNK > want))
		passed++;
	else
		failed++;	/* could not even take what it aimed at */
	zero_bad ? failed++ : passed++;
	pat_bad ? failed++ : passed++;
	printf("DENSEMEM-TESTS passed=%d failed=%d\n", passed, failed);
	return failed != 0;
}
