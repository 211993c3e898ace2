// SPDX-License-Identifier: GPL-2.0
/*
 * kdumppat: a page of the crashing kernel that the capture kernel must
 * find in /proc/vmcore (harness/guest/kdump.sh).
 *
 *   kdumppat write BANK_START MIB
 *                               touch anonymous memory, at most MIB, until
 *                               one page lies at or above BANK_START (its
 *                               pfn from /proc/self/pagemap), fill it with
 *                               a pattern of its pfn, print "phys=0x..."
 *                               and sleep, so that the page stays the
 *                               process's
 *   kdumppat check PHYS [CORE]  find PHYS in the PT_LOAD segments of
 *                               CORE (/proc/vmcore; ELF32 or ELF64) and
 *                               compare it with the pattern
 *
 * Prints one DENSEMEM-TEST line per check.
 */
#define _FILE_OFFSET_BITS 64
#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE 4096UL
#define CHUNK (16UL << 20)

static uint32_t word(uint64_t pfn, unsigned int i)
{
	return 0x44454e53u ^ (uint32_t)(pfn * 1024 + i);
}

static uint64_t pfn_of(int pagemap, void *p)
{
	uint64_t e;

	if (pread(pagemap, &e, sizeof(e), (uintptr_t)p / PAGE * sizeof(e)) != sizeof(e))
		return 0;
	/* bit 63: present; bits 0-54: the pfn (root only) */
	return (e >> 63) ? (e & ((1ULL << 55) - 1)) : 0;
}

static int do_write(uint64_t bank, unsigned long max_mib)
{
	int pagemap = open("/proc/self/pagemap", O_RDONLY);
	unsigned long mib = 0;

	if (pagemap < 0) {
		perror("kdumppat: /proc/self/pagemap");
		return 1;
	}
	for (;;) {
		uint32_t *c = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		unsigned long off;

		if (mib + (CHUNK >> 20) > max_mib || c == MAP_FAILED) {
			printf("DENSEMEM-TEST kdump-pattern rc=1 no page from 0x%llx in %lu MiB\n",
			       (unsigned long long)bank, mib);
			fflush(stdout);
			return 1;
		}
		mib += CHUNK >> 20;
		for (off = 0; off < CHUNK; off += PAGE) {
			uint32_t *p = c + off / sizeof(*c);
			uint64_t pfn = pfn_of(pagemap, p);
			unsigned int i;

			if (!pfn || pfn * PAGE < bank)
				continue;
			for (i = 0; i < PAGE / sizeof(*p); i++)
				p[i] = word(pfn, i);
			printf("DENSEMEM-KDUMP pattern phys=0x%llx after %lu MiB\n",
			       (unsigned long long)(pfn * PAGE), mib);
			fflush(stdout);
			for (;;)
				pause();
		}
	}
}

/* a program header of either ELF class, widened */
struct seg {
	uint64_t type, offset, paddr, filesz;
};

/* program header @i of the ELF core @fd (@is64: ELFCLASS64) into @sg */
static int seg_read(int fd, int is64, uint64_t phoff, unsigned int i, struct seg *sg)
{
	Elf64_Phdr p64;
	Elf32_Phdr p32;

	if (is64) {
		if (pread(fd, &p64, sizeof(p64), phoff + i * sizeof(p64)) != sizeof(p64))
			return -1;
		*sg = (struct seg){ p64.p_type, p64.p_offset, p64.p_paddr, p64.p_filesz };
	} else {
		if (pread(fd, &p32, sizeof(p32), phoff + i * sizeof(p32)) != sizeof(p32))
			return -1;
		*sg = (struct seg){ p32.p_type, p32.p_offset, p32.p_paddr, p32.p_filesz };
	}
	return 0;
}

/* the file offset of physical address @phys in the ELF core @fd, or -1 */
static long long core_offset(int fd, uint64_t phys)
{
	union {
		unsigned char id[EI_NIDENT];
		Elf32_Ehdr e32;
		Elf64_Ehdr e64;
	} eh;
	uint64_t phoff;
	unsigned int i, phnum;
	struct seg sg;
	int is64;

	if (pread(fd, &eh, sizeof(eh), 0) < (ssize_t)sizeof(eh.e32) ||
	    memcmp(eh.id, ELFMAG, SELFMAG))
		return -1;
	is64 = eh.id[EI_CLASS] == ELFCLASS64;
	phoff = is64 ? eh.e64.e_phoff : eh.e32.e_phoff;
	phnum = is64 ? eh.e64.e_phnum : eh.e32.e_phnum;
	for (i = 0; i < phnum; i++) {
		if (seg_read(fd, is64, phoff, i, &sg))
			return -1;
		if (sg.type == PT_LOAD && phys >= sg.paddr && phys + PAGE <= sg.paddr + sg.filesz)
			return sg.offset + (phys - sg.paddr);
	}
	return -1;
}

static int do_check(uint64_t phys, const char *core)
{
	int fd = open(core, O_RDONLY);
	uint32_t buf[PAGE / sizeof(uint32_t)];
	unsigned int i, bad = 0;
	long long off;

	if (fd < 0) {
		perror(core);
		return 1;
	}
	off = core_offset(fd, phys);
	if (off < 0 || pread(fd, buf, PAGE, off) != (ssize_t)PAGE) {
		printf("DENSEMEM-TEST kdump-pattern rc=1 0x%llx is in no PT_LOAD of %s\n",
		       (unsigned long long)phys, core);
		return 1;
	}
	for (i = 0; i < PAGE / sizeof(*buf); i++)
		bad += buf[i] != word(phys / PAGE, i);
	printf("DENSEMEM-TEST kdump-pattern rc=%d 0x%llx read from %s: %u of %lu words differ\n",
	       !!bad, (unsigned long long)phys, core, bad, PAGE / sizeof(*buf));
	return !!bad;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "write"))
		return do_write(strtoull(argv[2], NULL, 0), strtoul(argv[3], NULL, 0));
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "check"))
		return do_check(strtoull(argv[2], NULL, 0), argc == 4 ? argv[3] : "/proc/vmcore");
	fprintf(stderr, "usage: kdumppat write BANK_START MIB | check PHYS [CORE]\n");
	return 2;
}
