import { register, createRequire } from 'node:module'
import { tool } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

const require = createRequire(import.meta.url)
const { BoaExecutor } = require('../lib/adapters/codemode.js') as typeof import('../lib/adapters/codemode')
const { createCodeRuntime } = require('../index.js') as typeof import('../index')

// @cloudflare/codemode 0.5 imports the Workers-only module `cloudflare:workers` when loaded, even from
// its `/ai` entry; on Node a resolve hook stands it in with the few classes it extends.
const workersStub = 'export class WorkerEntrypoint {}; export class RpcTarget {}; export class DurableObject {}'
const hooks = `export async function resolve(specifier, context, next) {
  if (specifier !== 'cloudflare:workers') return next(specifier, context)
  return { url: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(workersStub)}), shortCircuit: true }
}`
register(`data:text/javascript,${encodeURIComponent(hooks)}`)

let createCodeTool: typeof import('@cloudflare/codemode/ai').createCodeTool
beforeAll(async () => {
  ;({ createCodeTool } = await import('@cloudflare/codemode/ai'))
})

const executor = new BoaExecutor()
afterAll(() => executor.dispose())

const weather = tool({
  description: 'Current weather of a city',
  inputSchema: z.object({ city: z.string().describe('City name') }),
  execute: async ({ city }) => ({ city, tempC: city.length * 3 }),
})
const convert = tool({
  description: 'Celsius to Fahrenheit',
  inputSchema: z.object({ celsius: z.number() }),
  execute: async ({ celsius }) => celsius * 1.8 + 32,
})

/** Calls a codemode tool the way the AI SDK would after the model asked for it. */
function callTool(codeTool: ReturnType<typeof createCodeTool>, code: string) {
  return codeTool.execute!({ code }, { toolCallId: 'call-1', messages: [] }) as Promise<{ result: unknown; logs?: string[] }>
}

describe('BoaExecutor with createCodeTool', () => {
  it('runs a multi-tool JavaScript program end to end', async () => {
    const codeTool = createCodeTool({ tools: { weather, convert }, executor })
    expect(codeTool.description).toContain('weather: (input: WeatherInput) => Promise<WeatherOutput>')
    const output = await callTool(
      codeTool,
      `async () => {
        const cities = ['Oslo', 'Lisbon']
        const reports = await Promise.all(cities.map((city) => codemode.weather({ city })))
        console.log('fetched', reports.length)
        const hottest = reports.reduce((a, b) => (a.tempC > b.tempC ? a : b))
        return { city: hottest.city, fahrenheit: await codemode.convert({ celsius: hottest.tempC }) }
      }`,
    )
    expect(output).toEqual({ result: { city: 'Lisbon', fahrenheit: 18 * 1.8 + 32 }, logs: ['fetched 2'] })
  })

  it('runs a TypeScript-annotated arrow function', async () => {
    const codeTool = createCodeTool({ tools: { weather, convert }, executor })
    const output = await callTool(
      codeTool,
      `async (): Promise<string[]> => {
        interface Report { city: string; tempC: number }
        const cities: string[] = ['Oslo', 'Rome']
        const reports: Report[] = []
        for (const city of cities) reports.push(await codemode.weather({ city }) as Report)
        return reports.map((r: Report) => \`\${r.city}: \${r.tempC}C\`)
      }`,
    )
    expect(output).toEqual({ result: ['Oslo: 12C', 'Rome: 12C'] })
  })

  it('exposes named providers as their own namespaces', async () => {
    const listIssues = tool({
      description: 'Open issues',
      inputSchema: z.object({ repo: z.string() }),
      execute: async ({ repo }) => [{ repo, number: 1 }, { repo, number: 2 }],
    })
    const codeTool = createCodeTool({ tools: [{ name: 'github', tools: { listIssues } }, { tools: { weather } }], executor })
    expect(codeTool.description).toContain('declare const github')
    const output = await callTool(
      codeTool,
      'async () => { const issues = await github.listIssues({ repo: "a/b" }); const w = await codemode.weather({ city: "Bergen" }); return { issues: issues.length, tempC: w.tempC } }',
    )
    expect(output.result).toEqual({ issues: 2, tempC: 18 })
  })

  it('turns a tool input the zod schema rejects into an error the program can catch', async () => {
    const codeTool = createCodeTool({ tools: { weather }, executor })
    const output = await callTool(
      codeTool,
      'async () => { try { await codemode.weather({ city: 42 }) } catch (e) { return "caught: " + e.message } }',
    )
    expect(output.result).toMatch(/^caught: .*city/s)
  })

  it('reports a failing program as a failed tool call, with its logs', async () => {
    const codeTool = createCodeTool({ tools: { weather }, executor })
    await expect(callTool(codeTool, 'async () => { console.log("step 1"); throw new Error("no forecast today") }')).rejects.toThrow(
      /Code execution failed: no forecast today[\s\S]*Console output:\nstep 1\n\[error\] Error: no forecast today \(line 1, column \d+\)/,
    )
  })
})

describe('BoaExecutor.execute', () => {
  const fns = { twice: async (n: unknown) => (n as number) * 2 }

  it('exposes a plain function map as codemode.*, named as codemode types name them', async () => {
    const result = await executor.execute('async () => [await codemode.twice(4), await codemode.get_time(), await codemode.delete_()]', {
      ...fns,
      'get-time': async () => 'noon',
      delete: async () => 'gone',
    })
    expect(result).toEqual({ result: [8, 'noon', 'gone'], logs: [] })
  })

  it('accepts statements and plain expressions, not only arrow functions', async () => {
    expect(await executor.execute('const a: number = await codemode.twice(1)\nreturn a + 1', fns)).toMatchObject({ result: 3 })
    expect(await executor.execute('codemode.twice(21)', fns)).toMatchObject({ result: 42 })
  })

  it('meets codemode\'s tagged base64 form only at its edge, and gives views as codemode\'s codec does', async () => {
    const seen: unknown[] = []
    const result = await executor.execute(
      `async () => {
        const tagged = await codemode.tagged()
        await codemode.see(new Int16Array([-1]), { __codemode_binary_v1__: 'ArrayBuffer', data: 'BQY=' })
        return { tagged: [tagged instanceof Uint8Array, Array.from(tagged)], view: new Uint16Array([258]) }
      }`,
      {
        tagged: async () => ({ __codemode_binary_v1__: 'Uint8Array', data: Buffer.from([1, 2, 3]).toString('base64') }),
        see: async (...args: unknown[]) => void seen.push(...args),
      },
    )
    expect(result.error).toBeUndefined()
    expect(result.result.tagged).toEqual([true, [1, 2, 3]])
    expect(result.result.view).toEqual(new Uint8Array([2, 1]))
    expect(seen[0]).toEqual(new Uint8Array([255, 255]))
    expect(seen[1]).toBeInstanceOf(ArrayBuffer)
    expect([...new Uint8Array(seen[1] as ArrayBuffer)]).toEqual([5, 6])
  })

  it('formats console levels as codemode does', async () => {
    const result = await executor.execute('async () => { console.log("a", 1); console.warn("b"); console.error("c") }', fns)
    expect(result).toEqual({ result: undefined, logs: ['a 1', '[warn] b', '[error] c'] })
  })

  it('reports a syntax error with its line in the given code, running nothing', async () => {
    let calls = 0
    const result = await executor.execute('async () => {\n  await codemode.count()\n  const = 5\n}', { count: async () => calls++ })
    expect(result.result).toBeUndefined()
    expect(result.error).toMatch(/^Unexpected token/)
    expect(result.logs).toEqual([expect.stringMatching(/^\[error\] SyntaxError: .*\(line 3, column \d+\)$/)])
    expect(calls).toBe(0)
  })

  it('reports a thrown error without throwing itself', async () => {
    const result = await executor.execute('async () => { null.x }', fns)
    expect(result.error).toBe("Cannot read properties of null (reading 'x')")
    expect(result.logs).toEqual([expect.stringMatching(/^\[error\] TypeError: /)])
  })

  it('returns errors for providers it cannot expose', async () => {
    const cases: [unknown, string][] = [
      [[{ name: 'my-tools', fns }], 'Provider name "my-tools" is not a valid JavaScript identifier'],
      [[{ name: 'a', fns }, { name: 'a', fns }], 'Duplicate provider name "a"'],
      [{ 'a-b': fns.twice, a_b: fns.twice }, 'Tool names "a-b" and "a_b" both sanitize to "a_b" in provider "codemode"'],
    ]
    for (const [providers, error] of cases) {
      expect(await executor.execute('async () => 1', providers as never)).toEqual({ result: undefined, error })
    }
    const withConnector = await executor.execute('async () => 1', fns, { connectors: [{ name: 'x' }] })
    expect(withConnector.error).toContain('does not support connectors')
  })

  it('runs a provider prelude that adds to its namespace before the program', async () => {
    const result = await executor.execute('async () => {\n  return helpers.twice(await helpers.base())\n}', [
      { name: 'helpers', fns: { base: async () => 5 }, prelude: 'helpers.twice = (n) => n * 2' },
    ])
    expect(result).toMatchObject({ result: 10 })
    const failing = await executor.execute('async () => {\n  return helpers.base().x.y\n}', [{ name: 'helpers', fns: { base: async () => 5 }, prelude: '// two\n// lines' }])
    expect(failing.logs).toEqual([expect.stringMatching(/^\[error\] TypeError: .*\(line 2, column \d+\)$/)])
  })

  it('leaves a runtime passed in options running when disposed', async () => {
    const runtime = createCodeRuntime()
    try {
      const shared = new BoaExecutor({ runtime, limits: { computeMs: 100 } })
      const looping = await shared.execute('async () => { while (true) {} }', {})
      expect(looping).toMatchObject({ error: 'Execution timed out', logs: [expect.stringMatching(/^\[error\] BudgetExceeded: /)] })
      await shared.dispose()
      expect(await runtime.run({ source: 'return 1' })).toMatchObject({ ok: true, value: 1 })
    } finally {
      await runtime.dispose()
    }
  })

  it('explains bad options', () => {
    expect(() => new BoaExecutor({ runtime: {} as never })).toThrow('options.runtime must be a runtime from createCodeRuntime()')
    expect(() => new BoaExecutor({ language: 'python' as never })).toThrow("options.language must be 'typescript' or 'javascript'")
  })
})
