// drive.mjs runs learn's opencode plugin the way opencode 1.18.33 calls it
// (one plugin context, hooks called with (input, output)) through the steps
// of a scenario given as JSON in argv[2], and prints what every hook produced.
import { LearnRecallPlugin } from "./learn-recall.js"

const spec = JSON.parse(process.argv[2])
Object.assign(process.env, spec.env || {})
const logs = []
const client = { app: { log: async ({ body }) => void logs.push(`${body.service} ${body.level}: ${body.message}`) } }
const ctx = { client, directory: spec.dir, worktree: spec.dir }
const instances = []
for (let i = 0; i < (spec.instances || 1); i++) instances.push(await LearnRecallPlugin(ctx, spec.options))
const out = { hooks: instances.map((h) => Object.keys(h).sort()), system: [], compaction: [], env: [], ms: [], logs }
const call = async (name, input, output) => {
  for (const h of instances) if (h[name]) await h[name](input, output)
  return output
}
for (const step of spec.steps || []) {
  const input = { sessionID: step.session || "s1" }
  const start = performance.now()
  if (step.op === "message") {
    await call("chat.message", input, { message: {}, parts: [{ type: "text", text: step.text }] })
  } else if (step.op === "request") {
    const o = await call("experimental.chat.system.transform", input, { system: [step.head || "You are opencode, an agent."] })
    out.system.push(o.system.slice(1))
  } else if (step.op === "compact") {
    out.compaction.push((await call("experimental.session.compacting", input, { context: [] })).context)
  } else if (step.op === "delete") {
    for (const h of instances) await h.event?.({ event: { type: "session.deleted", properties: { sessionID: input.sessionID, info: { id: input.sessionID } } } })
  } else if (step.op === "create") {
    const info = { id: input.sessionID, ...(step.text ? { parentID: step.text } : {}) }
    for (const h of instances) await h.event?.({ event: { type: "session.created", properties: { sessionID: input.sessionID, info } } })
  } else if (step.op === "inject") {
    out.env.push({ LEARN_SESSION: process.env.LEARN_SESSION ?? "" })
  } else if (step.op === "tool") {
    await call("tool.execute.after", { ...input, callID: "call_1", ...step.input }, step.output)
  } else if (step.op === "shell") {
    out.env.push((await call("shell.env", { ...input, callID: "call_1", cwd: spec.dir }, { env: {} })).env)
  } else if (step.op === "wait") {
    await new Promise((r) => setTimeout(r, Number(step.text)))
  }
  out.ms.push(performance.now() - start)
}
console.log(JSON.stringify(out))
