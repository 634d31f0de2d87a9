// The DeepSeek Harness's tool registry in Code Mode (`@deepseek-ai/dsh-tools`, `mode: 'code'`)
// over BoaCodeRuntime as its ctx.codeRuntime: `run_code` executed through `ctx.tools.execute`,
// as the agent loop executes a model's call, with real tools registered by `defineTool`. Runs on
// a Node the harness supports (scripts/test-dsh.js), on each substrate (vitest.config.ts).
import { Context } from '@deepseek-ai/cordis'
import { CallId, HarnessError } from '@deepseek-ai/dsh-llm'
import SystemPrompt, { renderPrompt } from '@deepseek-ai/dsh-system-prompt'
import ToolRuntime, { RUN_CODE_NAME, defineTool } from '@deepseek-ai/dsh-tools'
import type { ToolExecutionResult } from '@deepseek-ai/dsh-tools'
import { afterEach, describe, expect, it } from 'vitest'
import { BoaCodeRuntime } from '../lib/adapters/dsh.js'
import { deferred } from './helpers.js'

const substrate = process.env.TEST_SUBSTRATE === 'process' ? 'process' : 'thread'
let ctx: Context | undefined
afterEach(async () => {
  await ctx?.fiber.dispose()
  ctx = undefined
})

/** A harness as a DSH app composes Code Mode: the prompt assembly, the registry, and our runtime. */
async function codeMode(config: Record<string, unknown> = {}): Promise<Context> {
  const harness = new Context()
  await harness.plugin(SystemPrompt)
  await harness.plugin(ToolRuntime, { mode: 'code' })
  await harness.plugin(BoaCodeRuntime, { substrate, ...config })
  return harness
}

let calls = 0
const idle = new AbortController().signal

/** One outer `run_code` call, as the model makes it. */
function runCode(harness: Context, code: string, signal: AbortSignal = idle): Promise<ToolExecutionResult> {
  return harness.tools.execute({
    callId: CallId(`boa-code-${++calls}`),
    name: RUN_CODE_NAME,
    arguments: { code, description: 'Run the test program' },
    signal,
  })
}

/** What a successful run_code returned: `{ logs, result? }`. */
function output(result: ToolExecutionResult): { logs: string[]; result?: unknown } {
  if (result.isError) throw new Error(`run_code failed: ${result.error.message}`)
  return result.value as { logs: string[]; result?: unknown }
}

/** A catalog of issue-tracker tools such as a model would be given. */
function registerTracker(harness: Context, log: string[] = []) {
  const issues = [
    { id: 1, title: 'Login loop on Safari', labels: ['bug', 'p0'], body: 'x'.repeat(50_000) },
    { id: 2, title: 'Dark mode', labels: ['feature'], body: 'y'.repeat(50_000) },
    { id: 3, title: 'Crash on empty config', labels: ['bug'], body: 'z'.repeat(50_000) },
  ]
  harness.tools.register(defineTool({
    name: 'search_issues',
    description: 'Search issues by label.',
    parameters: { label: { type: 'string', required: true, description: 'A label' } },
    output: {
      schema: {
        type: 'array',
        items: { type: 'object', properties: { id: { type: 'number', required: true }, title: { type: 'string', required: true } }, additionalProperties: false },
      },
      render: (_args, value) => [{ type: 'text', text: JSON.stringify(value) }],
    },
    isConcurrencySafe: () => true,
    execute: async ({ label }) => {
      log.push(`search:${label}`)
      return issues.filter((issue) => issue.labels.includes(label)).map(({ id, title }) => ({ id, title }))
    },
  }))
  harness.tools.register(defineTool({
    name: 'get_issue',
    description: 'Read one issue with its body.',
    parameters: { id: { type: 'number', required: true } },
    output: {
      schema: {
        type: 'object',
        properties: {
          id: { type: 'number', required: true },
          title: { type: 'string', required: true },
          body: { type: 'string', required: true },
          labels: { type: 'array', items: { type: 'string' }, required: true },
        },
        additionalProperties: false,
      },
      render: (_args, value) => [{ type: 'text', text: value.title }],
    },
    isConcurrencySafe: () => true,
    execute: async ({ id }) => {
      log.push(`get:${id}`)
      const issue = issues.find((candidate) => candidate.id === id)
      if (!issue) throw new HarnessError(`issue ${id} does not exist`, 'NOT_FOUND')
      return issue
    },
  }))
}

describe('Code Mode over BoaCodeRuntime', () => {
  it("shows the model run_code alone, in TypeScript, with an SDK naming the tools and ToolCallError", async () => {
    ctx = await codeMode()
    registerTracker(ctx)
    const assembly = await ctx.systemPrompt.assemble()
    expect(assembly.tools.map((tool) => tool.name)).toEqual([RUN_CODE_NAME])
    expect(assembly.tools[0].description).toMatch(/TypeScript program/)
    const prompt = renderPrompt(assembly)
    expect(prompt).toContain('search_issues')
    expect(prompt).toContain('get_issue')
    expect(prompt).toContain('ToolCallError')
  })

  it('runs a model-style program: parallel tool calls, large intermediate values that never reach the output, a typed tool failure caught', async () => {
    ctx = await codeMode()
    const log: string[] = []
    registerTracker(ctx, log)
    const result = output(await runCode(ctx, `
      const bugs = await tools.search_issues({ label: 'bug' })
      const full = await Promise.all(bugs.map((bug) => tools.get_issue({ id: bug.id })))
      let missing = null
      try {
        await tools.get_issue({ id: 99 })
      } catch (error) {
        if (!(error instanceof ToolCallError)) throw error
        missing = { tool: error.toolName, message: error.message, leaks: ['code', 'content', 'info'].filter((key) => key in error) }
      }
      console.log(\`\${full.length} bugs, \${full.reduce((sum, issue) => sum + issue.body.length, 0)} characters read\`)
      return { titles: full.map((issue) => issue.title), p0: full.filter((issue) => issue.labels.includes('p0')).map((issue) => issue.id), missing }
    `))
    expect(result).toEqual({
      logs: ['2 bugs, 100000 characters read'],
      result: {
        titles: ['Login loop on Safari', 'Crash on empty config'],
        p0: [1],
        missing: { tool: 'get_issue', message: 'issue 99 does not exist', leaks: [] },
      },
    })
    expect(log.sort()).toEqual(['get:1', 'get:3', 'get:99', 'search:bug'])
  })

  it('fails run_code with the kind and the captured output when the program does not catch a tool failure', async () => {
    ctx = await codeMode()
    registerTracker(ctx)
    const result = await runCode(ctx, `console.log('looking'); const issue = await tools.get_issue({ id: 42 }); return issue.title`)
    expect(result.isError).toBe(true)
    if (!result.isError) return
    expect(result.error.message).toMatch(/^code run failed \(exception\): ToolCallError: issue 42 does not exist/)
    expect(result.error.message).toContain('Captured output:\nlooking')
  })

  it('refuses a tool call with arguments that are not JSON before any tool runs', async () => {
    ctx = await codeMode()
    const log: string[] = []
    registerTracker(ctx, log)
    const result = output(await runCode(ctx, `
      try { await tools.get_issue({ id: 1, when: new Date() }) } catch (error) { return [error.name, error.toolName, error.message] }
    `))
    expect(result.result).toEqual(['ToolCallError', 'get_issue', 'binding arguments must be lossless JSON'])
    expect(log).toEqual([])
  })

  it('aborts the program and its tool call when the outer call is cancelled', async () => {
    ctx = await codeMode()
    const started = deferred()
    const toolSignal = deferred<AbortSignal>()
    ctx.tools.register(defineTool({
      name: 'slow_scan',
      description: 'A scan that takes a long time.',
      parameters: {},
      output: { schema: { type: 'null' }, render: () => [] },
      // as a well-behaved tool does: it stops when its signal aborts
      execute: (_args, exec) => {
        toolSignal.resolve(exec.signal)
        started.resolve()
        return new Promise((_, reject) => exec.signal.addEventListener('abort', () => reject(new Error('scan cancelled')), { once: true }))
      },
    }))
    const controller = new AbortController()
    const pending = runCode(ctx, 'console.log("scanning"); await tools.slow_scan({}); return "never"', controller.signal)
    await started.promise
    controller.abort('the user stopped it')
    const result = await pending
    expect(result.isError).toBe(true)
    expect((await toolSignal.promise).aborted).toBe(true)
  })

  it('reports a runaway program as a timeout, and the registry and runtime go on', async () => {
    ctx = await codeMode({ computeMs: 200 })
    registerTracker(ctx)
    const spun = await runCode(ctx, 'let n = 0; for (;;) n++')
    expect(spun.isError).toBe(true)
    if (spun.isError) expect(spun.error.message).toMatch(/^code run failed \(timeout\): compute budget exhausted \(200ms of CPU time\)/)
    expect(output(await runCode(ctx, 'return (await tools.search_issues({ label: "feature" })).length')).result).toBe(1)
  })

  it('fails a completion that is not JSON as invalid-output rather than printing it', async () => {
    ctx = await codeMode()
    const result = await runCode(ctx, 'return { when: new Date(0) }')
    expect(result.isError).toBe(true)
    if (result.isError) expect(result.error.message).toBe('code run failed (invalid-output): program completion must be lossless JSON')
  })
})
