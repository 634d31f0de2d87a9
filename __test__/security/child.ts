// Runs one program in a child Node process, so a program that crashes or hangs the engine fails
// its test instead of taking the test runner down with it.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Limits } from '../../index.js'

const entry = fileURLToPath(new URL('../../index.js', import.meta.url))

/** What a child run reports: the run's value, or its error kind and name. */
export type ChildOutcome = { ok: true; value: unknown } | { ok: false; kind: string; name: string; message: string }

// The child answers with one line of JSON; bindings are fixed: `tool()` resolves to 'replied'.
const CHILD = `
const { createCodeRuntime } = require(process.argv[1])
const { source, limits } = JSON.parse(process.argv[2])
const runtime = createCodeRuntime()
runtime
  .run({ source, language: 'javascript', limits, bindings: { tool: async () => 'replied' } })
  .then(async (result) => {
    const outcome = result.ok
      ? { ok: true, value: result.value }
      : { ok: false, kind: result.error.kind, name: result.error.name, message: result.error.message }
    process.stdout.write(JSON.stringify(outcome))
    await runtime.dispose()
  })
`

/** Runs `source` under `limits` in a child process; rejects if the child dies or outlives `killAfterMs`. */
export function runInChild(source: string, limits: Limits, killAfterMs = 60_000): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', CHILD, entry, JSON.stringify({ source, limits })],
      { timeout: killAfterMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the child failed (${error.signal ?? error.code}): ${stderr}`))
        else resolve(JSON.parse(stdout) as ChildOutcome)
      },
    )
  })
}
