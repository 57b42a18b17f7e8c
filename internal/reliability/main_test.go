// Package reliability runs the real learn binary the way agents do: many at
// once, killed at random moments, and against damaged or odd files. It holds
// only tests. LEARN_RELIABILITY_LONG=1 runs the long mode;
// LEARN_RELIABILITY_SEED=N replays a run.
package reliability

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/learn-memory/learn/learnings"
)

// learnBin is the binary under test, built once by TestMain.
var learnBin string

// helperEnv makes a re-executed test binary act as a helper process.
const helperEnv = "LEARN_RELIABILITY_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "hold-lock" {
		os.Exit(holdLock(os.Getenv("HELPER_FILE")))
	}
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "learn-reliability-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	learnBin = filepath.Join(dir, "learn")
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		goTool = "go"
	}
	build := exec.Command(goTool, "build", "-o", learnBin, "github.com/learn-memory/learn/cmd/learn")
	// Build inside the module even when the test binary runs elsewhere.
	if _, src, _, ok := runtime.Caller(0); ok {
		build.Dir = filepath.Dir(src)
	}
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building learn: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// holdLock takes the learnings file's lock the way learn does, says so and
// waits to be killed: a writer that died holding the lock.
func holdLock(path string) int {
	fl := flock.New(path + ".lock")
	if err := fl.Lock(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println("locked")
	time.Sleep(time.Minute)
	return 0
}

func long() bool { return os.Getenv("LEARN_RELIABILITY_LONG") == "1" }

// seed is the RNG seed for randomised tests, logged so a failure can be
// replayed with LEARN_RELIABILITY_SEED.
func seed(t *testing.T) uint64 {
	t.Helper()
	s := uint64(time.Now().UnixNano())
	if v := os.Getenv("LEARN_RELIABILITY_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("LEARN_RELIABILITY_SEED=%q: %v", v, err)
		}
		s = n
	}
	t.Logf("seed %d (replay with LEARN_RELIABILITY_SEED=%d)", s, s)
	return s
}

// hangLimit is far beyond what any command should take; it only keeps a
// hanging command from hanging the suite.
const hangLimit = time.Minute

type result struct {
	code           int
	stdout, stderr string
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
}

// learnCmd prepares `learn args...` in dir with stdin, in UTC so stamps do
// not depend on the machine.
func learnCmd(dir, stdin string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.Command(learnBin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TZ=UTC", "LEARN_FILE=", "NO_COLOR=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	return cmd, &out, &errb
}

// runLearn runs learn to completion and returns its exit status and output.
func runLearn(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	cmd, out, errb := learnCmd(dir, stdin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting learn %v: %v", args, err)
	}
	hung := false
	guard := time.AfterFunc(hangLimit, func() {
		hung = true
		_ = cmd.Process.Kill()
	})
	err := cmd.Wait()
	guard.Stop()
	if hung {
		t.Errorf("learn %s did not finish within %v and was killed", strings.Join(args, " "), hangLimit)
	}
	code := 0
	if exit, ok := errors.AsType[*exec.ExitError](err); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running learn %v: %v", args, err)
	}
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// storeInput is one learning as an agent pipes it to learn store.
func storeInput(category, text string) string {
	return "**" + category + ":**\n- " + text + "\n"
}

// learningTexts parses src and returns every learning's text, failing the
// test when the file has problems a healthy file written by learn cannot
// have.
func learningTexts(t *testing.T, src []byte) map[string]int {
	t.Helper()
	doc := learnings.Parse(src)
	if doc.Unclosed != nil {
		t.Fatalf("file has an unclosed block: %v", *doc.Unclosed)
	}
	if len(doc.Problems) > 0 {
		t.Fatalf("file has %d problems, first: %v", len(doc.Problems), doc.Problems[0])
	}
	texts := make(map[string]int)
	if doc.Consolidated != nil {
		for _, c := range doc.Consolidated.Categories {
			for _, l := range c.Learnings {
				texts[l.Text]++
			}
		}
	}
	for _, s := range doc.Sessions {
		for _, c := range s.Categories {
			for _, l := range c.Learnings {
				texts[l.Text]++
			}
		}
	}
	return texts
}
