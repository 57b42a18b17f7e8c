package hugeheap

import (
	"bytes"
	"os"
	"syscall"
)

// supported reports whether the kernel gives huge pages to memory that asks
// for them, and only to it: with "always" the heap has them already, with
// "never" asking does nothing.
func supported() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && bytes.Contains(mode, []byte("[madvise]"))
}

// advise asks for huge pages on block; the pages are not touched.
func advise(block []byte) bool {
	return syscall.Madvise(block, syscall.MADV_HUGEPAGE) == nil
}

// mayMap reports whether the kernel grants a private writable mapping of n
// bytes, the kind the runtime's heap grows by, and gives it back unused.
func mayMap(n int64) bool {
	b, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return false
	}
	return syscall.Munmap(b) == nil
}
