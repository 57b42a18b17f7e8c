// Package version implements "learn version" and the text of --version.
package version

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/learn-memory/learn/internal/cmdutil"
)

// Info is what a build of learn knows about itself.
type Info struct {
	Version  string `json:"version"`
	Commit   string `json:"commit,omitempty"`
	Time     string `json:"commit_time,omitempty"`
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
}

// Read fills Info from the build: override (set with -ldflags) wins, else
// the module version; a build from a checkout ("(devel)") is named "devel"
// and its VCS commit tells it apart.
func Read(override string) Info {
	info := Info{Version: "devel"}
	bi, ok := debug.ReadBuildInfo()
	if ok {
		info.Go = bi.GoVersion
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			info.Version = v
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				info.Commit = s.Value
			case "vcs.time":
				info.Time = s.Value
			case "vcs.modified":
				info.Modified = s.Value == "true"
			}
		}
	}
	if override != "" {
		info.Version = override
	}
	return info
}

// String is the one line --version and "learn version" print after
// "learn version ": "v1.2.0 (commit 3f9a2c1, 2026-11-22)".
func (i Info) String() string {
	s := i.Version
	switch {
	case i.Commit != "":
		c := i.Commit[:min(len(i.Commit), 12)]
		if i.Modified {
			c += " with local changes"
		}
		s += " (commit " + c
		if len(i.Time) >= 10 {
			s += ", " + i.Time[:10]
		}
		s += ")"
	case i.Version == "devel":
		s += " (built without version control information)"
	}
	return s
}

// NewCmdVersion builds "learn version".
func NewCmdVersion(f *cmdutil.Factory, info Info) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print learn's version and the commit it was built from",
		Long: `Print the module version of this learn binary and the version control commit it
was built from, as Go recorded them in the binary. A build from a checkout is
named "devel"; its commit tells builds apart. The same line as 'learn --version'.`,
		Example: `  $ learn version
  $ learn version --json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				return cmdutil.WriteJSON(f.IO.Out, info)
			}
			_, err := fmt.Fprintf(f.IO.Out, "learn version %s\n", info)
			return err
		},
	}
	cmdutil.JSONFlag(cmd, &asJSON)
	cmdutil.NoFileFlag(cmd)
	return cmd
}
