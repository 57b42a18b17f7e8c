package root

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"learn": func() { os.Exit(Main()) },
	})
}

// TestScripts runs every testdata/script/*.txtar: whole learn commands as a
// user types them, with their output and files checked.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "../../../testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("TZ", "UTC")
			return nil
		},
		Cmds:          map[string]func(*testscript.TestScript, bool, []string){"status": cmdStatus},
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") == "1",
	})
}

// cmdStatus runs "status N learn args..." and checks the exit status is N,
// keeping stdout and stderr for the stdout/stderr commands that follow.
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}
