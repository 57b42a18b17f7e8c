//go:build !linux

package hugeheap

func supported() bool { return false }

func advise([]byte) bool { return false }
