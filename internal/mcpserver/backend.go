package mcpserver

// Full is the Backend learn mcp serves: the tools through Ops, the prompts
// through Prompter.
type Full struct {
	Ops
	*Prompter
}
