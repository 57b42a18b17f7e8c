//go:build !unix

package secrets

import "time"

// cpuTime is zero where getrusage is missing: reportCPU then reports
// nothing.
func cpuTime() time.Duration { return 0 }
