package cmdutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
)

// PagerAnnotation marks a command whose output can run to pages (recall
// --all, search, lint): the root command starts the pager before it runs.
const PagerAnnotation = "learn/pager"

type pagerProcess struct {
	cmd *exec.Cmd
	w   io.WriteCloser
	out io.Writer
}

// PagerCommand is the pager to run, as the GitHub CLI picks it: $LEARN_PAGER,
// else $PAGER, else less. LEARN_PAGER set to "" or "cat" means none.
func PagerCommand(lookup func(string) (string, bool)) string {
	p, ok := lookup("LEARN_PAGER")
	if !ok {
		p, _ = lookup("PAGER")
		if strings.TrimSpace(p) == "" {
			p = "less"
		}
	}
	if p = strings.TrimSpace(p); p == "cat" {
		return ""
	}
	return p
}

// StartPager sends Out through the pager while Out is a terminal. less gets
// LESS=FRX unless the user set LESS: it quits at once on output shorter
// than a screen and keeps colour. A pager that cannot start is skipped
// silently: the output goes to the terminal as it would have.
func (s *IO) StartPager() {
	if !s.OutTTY || s.pager != nil {
		return
	}
	lookup := s.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	cmdline := PagerCommand(lookup)
	if cmdline == "" {
		return
	}
	cmd := exec.Command("sh", "-c", cmdline)
	cmd.Stdout, cmd.Stderr = s.Out, s.Err
	cmd.Env = os.Environ()
	for _, kv := range []string{"LESS=FRX", "LV=-c"} {
		if _, set := lookup(kv[:strings.IndexByte(kv, '=')]); !set {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	w, err := cmd.StdinPipe()
	if err != nil {
		return
	}
	if err := cmd.Start(); err != nil {
		return
	}
	s.pager = &pagerProcess{cmd: cmd, w: w, out: s.Out}
	s.Out = &pagerWriter{w: w}
}

// StopPager waits for the pager to finish, after the command's last write.
func (s *IO) StopPager() {
	if s.pager == nil {
		return
	}
	_ = s.pager.w.Close()
	_ = s.pager.cmd.Wait()
	s.Out = s.pager.out
	s.pager = nil
}

// pagerWriter hides the broken pipe of a pager the user quit early: the
// rest of the output is dropped, and the command still succeeds.
type pagerWriter struct {
	w    io.Writer
	gone bool
}

func (p *pagerWriter) Write(b []byte) (int, error) {
	if p.gone {
		return len(b), nil
	}
	n, err := p.w.Write(b)
	if err != nil && (errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed)) {
		p.gone = true
		return len(b), nil
	}
	if err != nil {
		return n, fmt.Errorf("pager: %w", err)
	}
	return n, nil
}
