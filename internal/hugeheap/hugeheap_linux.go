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
