package doctor

import "github.com/learn-memory/learn/internal/agent"

// The tests of this package predate package agent; these names keep them
// reading as they were written.

type (
	Check  = agent.Check
	Status = agent.CheckStatus
)

const (
	StatusOK   = agent.CheckOK
	StatusWarn = agent.CheckWarn
	StatusFail = agent.CheckFail
)

var isOff = agent.IsOff
