//go:build !linux

package hugeheap

func supported() bool { return false }

func advise([]byte) bool { return false }

func mayMap(int64) bool { return false }
