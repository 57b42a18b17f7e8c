package install

import "github.com/learn-memory/learn/internal/agent"

// The tests of this package predate package agent; these names keep them
// reading as they were written.

type (
	Action   = agent.Action
	Status   = agent.Status
	manifest = agent.Manifest
	report   = agent.InstallReport
)

const (
	ManifestName    = agent.ManifestName
	StatusInstalled = agent.StatusInstalled
	StatusUpdated   = agent.StatusUpdated
	StatusCurrent   = agent.StatusCurrent
	StatusReplaced  = agent.StatusReplaced
	StatusRepaired  = agent.StatusRepaired
	StatusSkipped   = agent.StatusSkipped
	StatusRemoved   = agent.StatusRemoved
	StatusAbsent    = agent.StatusAbsent
	StatusLeft      = agent.StatusLeft
)

var (
	Uninstall     = agent.UninstallFiles
	readManifest  = agent.ReadManifest
	writeManifest = agent.WriteManifest
	sum           = agent.Sum
)
