// Command timeit runs a command several times and prints its median and
// minimum wall time and its peak resident memory, so the benchmark script
// measures every program (learn, cat, grep, the goldmark helper) the same
// way and needs nothing beyond Go.
//
//	timeit [-n runs] [-warmup n] [-budget d] [-timeout d] [-stdin file] [-copy src:dst]...
//	       [-ok 0,1] [-null] [-expect-output] -- command args...
//
// Slow commands get fewer runs: timed runs stop once they have taken
// -budget in total (at least one run), and a warm-up run slower than
// -budget counts as the only timed run.
//
// The command's stdout goes through a pipe (as an agent's shell reads it)
// and is counted, or to /dev/null with -null. It prints one line:
// "ok MEDIAN_MS MIN_MS MAX_MS MAXRSS_KIB RUNS STDOUT_BYTES CPU_MS" (CPU_MS
// is the median user plus system time, which a busy machine inflates far
// less than the wall time), or
// "fail EXIT MESSAGE" when a run exits with a status outside -ok (MESSAGE
// is the first line of its stderr) or prints nothing with -expect-output,
// or "timeout SECONDS" when a run is killed after -timeout; it stops at the
// first such run.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

type copies []string

func (c *copies) String() string     { return strings.Join(*c, ",") }
func (c *copies) Set(v string) error { *c = append(*c, v); return nil }

func main() {
	line, err := run(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "timeit: %v\n", err)
		os.Exit(2)
	}
	fmt.Println(line)
}

func run(args []string) (string, error) {
	fs := flag.NewFlagSet("timeit", flag.ContinueOnError)
	runs := fs.Int("n", 5, "timed runs")
	warmup := fs.Int("warmup", 1, "untimed runs first (warm the page cache)")
	stdin := fs.String("stdin", "", "feed this file to every run's stdin (default: empty)")
	timeout := fs.Duration("timeout", 2*time.Minute, "kill a run after this long and report a timeout")
	budget := fs.Duration("budget", 30*time.Second, "stop adding timed runs once they took this long in total")
	okList := fs.String("ok", "0", "comma-separated exit statuses that count as success")
	devNull := fs.Bool("null", false, "send stdout to /dev/null instead of a pipe")
	expectOutput := fs.Bool("expect-output", false, "count a run that prints nothing on stdout as a failure")
	var cp copies
	fs.Var(&cp, "copy", "copy `src:dst` before every run, untimed (repeatable)")
	if err := fs.Parse(args); err != nil {
		return "", err
	}
	okExit := make(map[int]bool)
	for _, f := range strings.Split(*okList, ",") {
		code, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return "", fmt.Errorf("-ok %q: want exit statuses like 0,1", *okList)
		}
		okExit[code] = true
	}
	argv := fs.Args()
	if len(argv) == 0 || *runs < 1 {
		return "", errors.New("usage: timeit [-n runs] [-stdin file] [-copy src:dst] -- command args...")
	}

	var walls, cpus []time.Duration
	var maxRSS, outBytes int64
	var spent time.Duration
	for i := 0; ; i++ {
		for _, pair := range cp {
			src, dst, ok := strings.Cut(pair, ":")
			if !ok {
				return "", fmt.Errorf("-copy %q: want src:dst", pair)
			}
			if err := copyFile(src, dst); err != nil {
				return "", err
			}
		}
		r, err := once(argv, *stdin, *timeout, *devNull)
		if err != nil {
			return "", err
		}
		if r.timedOut {
			return fmt.Sprintf("timeout %g", timeout.Seconds()), nil
		}
		if !okExit[r.exit] {
			return fmt.Sprintf("fail %d %s", r.exit, r.msg), nil
		}
		if *expectOutput && r.out == 0 {
			return fmt.Sprintf("fail %d no output on stdout", r.exit), nil
		}
		if i < *warmup && r.wall <= *budget {
			continue
		}
		walls = append(walls, r.wall)
		cpus = append(cpus, r.cpu)
		maxRSS = max(maxRSS, r.rss)
		outBytes = r.out
		spent += r.wall
		if len(walls) >= *runs || spent >= *budget {
			break
		}
	}
	slices.Sort(walls)
	return fmt.Sprintf("ok %.2f %.2f %.2f %d %d %d %.2f", ms(median(walls)), ms(walls[0]), ms(walls[len(walls)-1]), maxRSS, len(walls), outBytes,
		ms(median(cpus))), nil
}

func median(ds []time.Duration) time.Duration {
	ds = slices.Sorted(slices.Values(ds))
	if len(ds)%2 == 0 {
		return (ds[len(ds)/2-1] + ds[len(ds)/2]) / 2
	}
	return ds[len(ds)/2]
}

// result is one run: wall and CPU time, peak RSS in KiB, exit status, the
// first line of stderr and the number of bytes written to stdout.
type result struct {
	wall time.Duration
	cpu  time.Duration
	rss  int64
	exit int
	msg  string
	out  int64

	timedOut bool
}

type counter struct{ n int64 }

func (c *counter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// once runs argv to completion.
func once(argv []string, stdin string, timeout time.Duration, devNull bool) (result, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	var stdout counter
	cmd.Stderr = &stderr
	if !devNull {
		cmd.Stdout = &stdout
	}
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			return result{}, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	var killed atomic.Bool
	timer := time.AfterFunc(timeout, func() {
		killed.Store(true)
		cmd.Process.Kill()
	})
	err := cmd.Wait()
	r := result{wall: time.Since(start), out: stdout.n}
	timer.Stop()
	r.timedOut = killed.Load()
	r.rss = maxRSSKiB(cmd.ProcessState)
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	r.exit = cmd.ProcessState.ExitCode()
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return result{}, err
		}
		r.msg, _, _ = strings.Cut(strings.TrimSpace(stderr.String()), "\n")
	}
	return r, nil
}

func maxRSSKiB(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) / 1024 // bytes there, KiB on Linux
	}
	return int64(ru.Maxrss)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
