// Package cputime reads the process's CPU time, for benchmarks: on a
// machine shared with other jobs wall-clock time swings with the load,
// while CPU time per operation holds steadier.
package cputime

import (
	"syscall"
	"time"
)

// Now is the process's user and system CPU time so far (0 where the
// system does not say).
func Now() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
