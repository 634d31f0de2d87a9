// Conformance of BoaExecutor with the contract @cloudflare/codemode's own executors are tested
// against, in github.com/cloudflare/agents at commit a0e134bbc327fc8a519b5aa66cb8ce4038815d05
// (packages/codemode). Each case below names the upstream file (and test) whose behaviour it checks;
// the tests are written here, against an in-process executor.
//
// Upstream files read: src/tests/executor.test.ts (DynamicWorkerExecutor), src/tests/
// iframe-executor.browser.test.ts (IframeSandboxExecutor), src/tests/mcp.test.ts (codeMcpServer,
// openApiMcpServer), e2e/executor.spec.ts (the Worker pipeline over HTTP), src/tests/normalize.test.ts.
//
// What cannot apply to an in-process executor, and why:
// - ToolDispatcher (executor.test.ts): a Workers RpcTarget, not part of the Executor interface; its
//   behaviours (unknown tool, a throwing tool, no arguments, bytes) are checked here through execute().
// - connectors and the `bindings`/`globalOutbound` options (executor.ts): Workers RPC service
//   bindings and a Worker Fetcher; BoaExecutor refuses connectors with an error and has no network.
// - forged execution-result messages, the iframe's sandbox attributes and its removal
//   (iframe-executor.browser.test.ts): DOM iframes and postMessage; a Boa program has no channel
//   to the host but its tool calls.
// - createBrowserCodeTool (iframe-executor.browser.test.ts): builds its own iframe executor; its
//   approval filtering is the tool layer's, not the executor's. Its error wrapping is checked here
//   through createCodeTool.
// - codeMcpServer's tool listing and descriptions, and openApiMcpServer's spec search, $ref
//   resolution, request contexts and elicitation (mcp.test.ts): properties of those servers, which
//   need @modelcontextprotocol/sdk (not installed here). What they rely on from the executor (the
//   bare error text they prefix with `Error: `, values, isolation of concurrent executions) is
//   checked below through a stand-in for the server's text.
// - the deprecation warning when a plain function map is passed: BoaExecutor accepts both forms
//   without warning, by design.
import { register, createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const require = createRequire(import.meta.url)
const { BoaExecutor } = require('../lib/adapters/codemode.js') as typeof import('../lib/adapters/codemode')

type Fns = Record<string, (...args: unknown[]) => Promise<unknown>>
const inCodemode = (fns: Fns) => [{ name: 'codemode', fns }]

const executor = new BoaExecutor({ language: 'javascript' })
afterAll(() => executor.dispose())
const run = (code: string, providers: Parameters<typeof executor.execute>[1] = inCodemode({})) => executor.execute(code, providers)

describe('results and errors (executor.test.ts, iframe-executor.browser.test.ts, e2e/executor.spec.ts)', () => {
  it('returns the value of an async arrow function', async () => {
    // executor.test.ts "should execute simple code that returns a value"; iframe "should execute simple code and return the result"
    expect(await run('async () => 42')).toMatchObject({ result: 42 })
    expect((await run('async () => { return 42; }')).error).toBeUndefined()
  })

  it('returns undefined and no error for a function that returns nothing', async () => {
    // iframe-executor.browser.test.ts "should return undefined for void code"
    const result = await run('async () => {}')
    expect(result.result).toBeUndefined()
    expect(result.error).toBeUndefined()
  })

  it('reports a thrown error as its bare message', async () => {
    // executor.test.ts, iframe-executor.browser.test.ts, e2e "code that throws returns error"
    const result = await run('async () => { throw new Error("boom"); }')
    expect(result).toMatchObject({ result: undefined, error: 'boom' })
  })

  it('keeps the error name and position in the logs', async () => {
    // our addition: codemode's contract has only the message, so what Boa knows more goes to the logs
    const result = await run('async () => {\n  throw new RangeError("far")\n}')
    expect(result.error).toBe('far')
    expect(result.logs?.at(-1)).toMatch(/^\[error\] RangeError: far \(line 2, column \d+\)$/)
  })

  it('evaluates template literals in the code', async () => {
    // executor.test.ts "should handle code containing backticks and template literals"; iframe "should handle template literals in code"
    expect(await run('async () => { return `hello ${"world"}`; }')).toMatchObject({ result: 'hello world' })
  })

  it('reports "Execution timed out" when the timeout passes', async () => {
    // executor.test.ts "should include timeout in execution"; iframe "should enforce timeout for long-running code"; e2e "execution timeout returns error"
    const timed = new BoaExecutor({ timeout: 200 })
    try {
      const sleeping = await timed.execute("async () => { await new Promise(r => setTimeout(r, 5000)); return 'done'; }", inCodemode({}))
      expect(sleeping.error).toBe('Execution timed out')
      const forever = await timed.execute('async () => { await new Promise(function() {}); }', inCodemode({}))
      expect(forever.error).toBe('Execution timed out')
    } finally {
      await timed.dispose()
    }
  })

  it('has no network: fetch fails inside the program', async () => {
    // executor.test.ts "should block external fetch by default"; iframe "should block network access via CSP"; e2e "fetch is blocked"
    expect((await run('async () => { const r = await fetch("https://example.com"); return r.status; }')).error).toBeDefined()
    const caught = await run('async () => { try { await fetch("https://example.com"); return "leaked"; } catch (e) { return "blocked: " + e.message; } }')
    expect(caught.result).toMatch(/^blocked: /)
  })
})

describe('console capture (executor.test.ts, iframe-executor.browser.test.ts, e2e/executor.spec.ts)', () => {
  it('keeps console.log as written and prefixes warn and error', async () => {
    // executor.test.ts "should capture console.log output"; iframe "should capture console.log, warn, and error output"; e2e "console.log output is captured in logs"
    const result = await run('async () => { console.log("hello", "world"); console.warn("careful"); console.error("bad"); return "done"; }')
    expect(result.result).toBe('done')
    expect(result.logs).toEqual(['hello world', '[warn] careful', '[error] bad'])
  })
})

describe('tools (executor.test.ts, iframe-executor.browser.test.ts, e2e/executor.spec.ts)', () => {
  it('calls a tool with the object it was given and returns its value', async () => {
    // executor.test.ts "should call tool functions via codemode proxy"; iframe, e2e "tool call via default codemode namespace"
    const add = vi.fn(async (input: unknown) => (input as { a: number; b: number }).a + (input as { a: number; b: number }).b)
    expect(await run('async () => await codemode.add({ a: 3, b: 4 })', inCodemode({ add: add as never }))).toMatchObject({ result: 7 })
    expect(add).toHaveBeenCalledWith({ a: 3, b: 4 })
  })

  it('runs sequential tool calls, each once', async () => {
    // executor.test.ts, iframe, e2e "multiple sequential tool calls"
    const getWeather = vi.fn(async () => ({ temp: 72 }))
    const searchWeb = vi.fn(async (input: unknown) => ({ results: [`news about ${(input as { query: string }).query}`] }))
    const result = await run(
      'async () => { const weather = await codemode.getWeather({}); const news = await codemode.searchWeb({ query: "temp " + weather.temp }); return { weather, news }; }',
      inCodemode({ getWeather, searchWeb: searchWeb as never }),
    )
    expect(result.result).toEqual({ weather: { temp: 72 }, news: { results: ['news about temp 72'] } })
    expect(getWeather).toHaveBeenCalledTimes(1)
    expect(searchWeb).toHaveBeenCalledTimes(1)
  })

  it('runs concurrent tool calls with Promise.all', async () => {
    // executor.test.ts "should handle concurrent tool calls via Promise.all"
    const echo = async (input: unknown) => ({ id: (input as { id: number }).id })
    const result = await run('async () => Promise.all([1, 2, 3].map((id) => codemode.echo({ id })))', inCodemode({ echo }))
    expect(result.result).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
  })

  it('keeps concurrent executions apart', async () => {
    // iframe "should handle concurrent tool calls via Promise.all" (three executions at once); mcp.test.ts "keeps request contexts isolated across concurrent executions"
    const identity = async (input: unknown) => input
    const results = await Promise.all([1, 2, 3].map((v) => run(`async () => await codemode.identity({ v: ${v} })`, inCodemode({ identity }))))
    expect(results.map((r) => r.result)).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }])
  })

  it('passes positional arguments as they were written', async () => {
    // iframe "supports positional tool arguments"; e2e "tool receives individual positional arguments"
    const join = async (...parts: unknown[]) => parts.join('/')
    expect(await run('async () => await state.join("a", "b", "c")', [{ name: 'state', fns: { join } }])).toMatchObject({ result: 'a/b/c' })
  })

  it('calls a tool given no arguments with none', async () => {
    // executor.test.ts ToolDispatcher "should dispatch omitted args as no arguments"
    const noArgs = vi.fn(async (...args: unknown[]) => args.length)
    expect(await run('async () => codemode.noArgs()', inCodemode({ noArgs }))).toMatchObject({ result: 0 })
    expect(noArgs).toHaveBeenCalledWith()
  })

  it('reports a tool that throws as the bare message of its error', async () => {
    // executor.test.ts "should return error when tool function throws"; "provider errors propagate as sandbox errors"
    const fail = async () => {
      throw new Error('tool error')
    }
    expect(await run('async () => await codemode.fail({})', inCodemode({ fail }))).toMatchObject({ error: 'tool error' })
    expect(await run('async () => await broken.doSomething({})', [{ name: 'broken', fns: { doSomething: fail } }])).toMatchObject({ error: 'tool error' })
  })

  it("lets the program catch a tool's error", async () => {
    // iframe "should propagate tool call errors back to sandbox code"; e2e "error in one namespace does not break the other"
    const failTool = async () => {
      throw new Error('Tool failed')
    }
    const result = await run(
      'async () => { try { await codemode.failTool(); return "should not reach"; } catch (e) { return "caught: " + e.message; } }',
      inCodemode({ failTool }),
    )
    expect(result.result).toBe('caught: Tool failed')
  })

  it('rejects a call to a tool the provider lacks with Tool "name" not found', async () => {
    // iframe "should return error for unknown tool"; executor.test.ts ToolDispatcher "should return error for unknown tool"; e2e "calling non-existent tool returns error"
    const caught = await run('async () => { try { await codemode.nonexistent(); return "no"; } catch (e) { return "caught: " + e.message; } }')
    expect(caught.result).toBe('caught: Tool "nonexistent" not found')
    expect((await run('async () => await codemode.nonexistent({})')).error).toBe('Tool "nonexistent" not found')
  })

  it('keeps the closures of tool functions', async () => {
    // executor.test.ts, iframe "should preserve closures in tool functions"
    const secret = 'api-key-123'
    expect(await run('async () => await codemode.getSecret({})', inCodemode({ getSecret: async () => ({ key: secret }) }))).toMatchObject({
      result: { key: 'api-key-123' },
    })
  })

  it('exposes tools under sanitized names', async () => {
    // executor.test.ts, iframe "should sanitize tool names with hyphens and dots"
    const listIssues = vi.fn(async () => [{ id: 1, title: 'bug' }])
    const result = await run('async () => [await codemode.github_list_issues({}), await codemode.list_repos()]', inCodemode({ github_list_issues: listIssues, 'list-repos': async () => 'repos' }))
    expect(result.result).toEqual([[{ id: 1, title: 'bug' }], 'repos'])
    expect(listIssues).toHaveBeenCalledWith({})
  })

  it('refuses tool names that sanitize to the same name', async () => {
    // executor.test.ts "rejects sanitized tool name collisions"; iframe "should reject sanitized tool name collisions"
    const result = await run('async () => 1', inCodemode({ 'foo-bar': async () => 'hyphen', foo_bar: async () => 'underscore' }))
    expect(result.error).toContain('both sanitize to')
  })
})

describe('binary data (executor.test.ts)', () => {
  it('carries a Uint8Array argument to the tool and its Uint8Array result back', async () => {
    // executor.test.ts "should preserve Uint8Array tool arguments and results"
    const accept = vi.fn(async (input: unknown) => {
      expect((input as { bytes: unknown }).bytes).toBeInstanceOf(Uint8Array)
      return (input as { bytes: Uint8Array }).bytes
    })
    const result = await run(
      'async () => { const bytes = await codemode.accept({ bytes: new Uint8Array([1, 2, 3]) }); return { isBytes: bytes instanceof Uint8Array, values: Array.from(bytes) }; }',
      inCodemode({ accept }),
    )
    expect(result).toMatchObject({ result: { isBytes: true, values: [1, 2, 3] } })
    expect(result.error).toBeUndefined()
  })

  it('carries a Uint8Array as a positional argument', async () => {
    // executor.test.ts "should preserve Uint8Array positional tool arguments and results"
    const accept = vi.fn(async (path: unknown, bytes: unknown) => {
      expect(path).toBe('/x.bin')
      expect(Array.from(bytes as Uint8Array)).toEqual([1, 2, 3])
      return bytes
    })
    const result = await run(
      'async () => { const bytes = await state.accept("/x.bin", new Uint8Array([1, 2, 3])); return { isBytes: bytes instanceof Uint8Array, values: Array.from(bytes) }; }',
      [{ name: 'state', fns: { accept: accept as never } }],
    )
    expect(result).toMatchObject({ result: { isBytes: true, values: [1, 2, 3] } })
  })

  it('carries an ArrayBuffer both ways', async () => {
    // executor.test.ts "should preserve ArrayBuffer tool arguments and results"
    const accept = vi.fn(async (input: unknown) => {
      const buffer = (input as { buffer: ArrayBuffer }).buffer
      expect(buffer).toBeInstanceOf(ArrayBuffer)
      expect(Array.from(new Uint8Array(buffer))).toEqual([4, 5, 6])
      return buffer
    })
    const result = await run(
      'async () => { const buffer = await codemode.accept({ buffer: new Uint8Array([4, 5, 6]).buffer }); return { isBuffer: buffer instanceof ArrayBuffer, values: Array.from(new Uint8Array(buffer)) }; }',
      inCodemode({ accept }),
    )
    expect(result).toMatchObject({ result: { isBuffer: true, values: [4, 5, 6] } })
  })

  it('sends only the bytes a view shows', async () => {
    // executor.test.ts "should preserve only visible bytes from ArrayBuffer views"
    const accept = vi.fn(async (input: unknown) => {
      expect(Array.from((input as { bytes: Uint8Array }).bytes)).toEqual([20, 30])
      return (input as { bytes: Uint8Array }).bytes
    })
    const result = await run(
      'async () => { const view = new Uint8Array([10, 20, 30, 40]).subarray(1, 3); return Array.from(await codemode.accept({ bytes: view })); }',
      inCodemode({ accept }),
    )
    expect(result).toMatchObject({ result: [20, 30] })
  })

  it('returns bytes the program produced as a Uint8Array', async () => {
    // executor.test.ts ToolDispatcher "should preserve Uint8Array results", for the program's own result
    const result = await run('async () => ({ payload: new TextEncoder().encode("hi") })')
    expect(result.result).toEqual({ payload: new Uint8Array([104, 105]) })
  })
})

describe('modules (executor.test.ts, e2e/executor.spec.ts)', () => {
  it('lets the code import the modules given in options', async () => {
    // executor.test.ts "should make custom modules importable in sandbox code"; e2e "sandbox can import custom module"
    const withModules = new BoaExecutor({ modules: { 'helpers.js': 'export function greet(name) { return "hello " + name } export const double = (n) => n * 2' } })
    try {
      const result = await withModules.execute('async () => { const { greet, double } = await import("helpers.js"); return { greeting: greet("world"), doubled: double(21) }; }', [])
      expect(result).toMatchObject({ result: { greeting: 'hello world', doubled: 42 } })
      expect(result.error).toBeUndefined()
    } finally {
      await withModules.dispose()
    }
  })

  it('ignores a module named executor.js', async () => {
    // executor.test.ts "should not allow custom modules to override executor.js"
    const withHarnessName = new BoaExecutor({ modules: { 'executor.js': 'export default class Evil {}' } })
    try {
      expect(await withHarnessName.execute('async () => 1 + 1', [])).toMatchObject({ result: 2 })
      expect((await withHarnessName.execute('async () => import("executor.js")', [])).error).toBeDefined()
    } finally {
      await withHarnessName.dispose()
    }
  })
})

describe('providers (executor.test.ts, iframe-executor.browser.test.ts, e2e/executor.spec.ts)', () => {
  it('exposes a named provider as its own namespace', async () => {
    // executor.test.ts, iframe "exposes tools under a named provider namespace"
    const echo = vi.fn(async (input: unknown) => ({ echoed: (input as { msg: string }).msg }))
    expect(await run('async () => await myns.echo({ msg: "hello" })', [{ name: 'myns', fns: { echo } }])).toMatchObject({ result: { echoed: 'hello' } })
    expect(echo).toHaveBeenCalledWith({ msg: 'hello' })
  })

  it('gives every provider its own namespace, codemode among them', async () => {
    // executor.test.ts "multiple providers each get their own namespace", "named provider and codemode.* coexist"; e2e "code can call tools from two different namespaces"
    const result = await run('async () => { const sum = await codemode.add({ a: 3, b: 4 }); return { a: await store.get({}), b: await cache.get({}), pong: await echo.ping({ msg: sum }) }; }', [
      { name: 'codemode', fns: { add: (async (i: { a: number; b: number }) => i.a + i.b) as never } },
      { name: 'store', fns: { get: async () => ({ from: 'store' }) } },
      { name: 'cache', fns: { get: async () => ({ from: 'cache' }) } },
      { name: 'echo', fns: { ping: (async (i: { msg: unknown }) => ({ echoed: i.msg })) as never } },
    ])
    expect(result.result).toEqual({ a: { from: 'store' }, b: { from: 'cache' }, pong: { echoed: 7 } })
  })

  it('runs with no providers at all', async () => {
    // executor.test.ts, iframe "should work with empty providers array"
    expect(await run('async () => 42', [])).toMatchObject({ result: 42 })
  })

  it('declares the namespace of a provider with no tools', async () => {
    // executor.test.ts passes `codemodeProvider({})` to most of its tests; the namespace must exist
    expect(await run('async () => typeof codemode')).toMatchObject({ result: 'object' })
  })

  it('lets the code declare a name a provider has', async () => {
    // normalize.test.ts: statements are wrapped in a function of their own, so they may shadow a namespace
    expect(await run('const codemode = { n: 2 };\ncodemode.n * 21', inCodemode({}))).toMatchObject({ result: 42 })
  })

  it('refuses duplicate provider names', async () => {
    // executor.test.ts, iframe "rejects duplicate provider names"
    expect((await run('async () => 1', [{ name: 'dup', fns: {} }, { name: 'dup', fns: {} }])).error).toContain('Duplicate')
  })

  it('refuses provider names that would hide a global or the harness', async () => {
    // executor.test.ts "should return a clear error for provider names that shadow harness globals", "... reserved by the sandbox codec", "rejects reserved provider names", "rejects a provider named __connectors"; iframe "rejects reserved provider names"
    for (const name of ['Promise', 'setTimeout', 'Error', 'console', '__stringifyForCodemode', '__dispatchers', '__connectors']) {
      expect(await run('async () => 42', [{ name, fns: {} }])).toEqual({ result: undefined, error: `Provider name "${name}" is reserved` })
    }
  })

  it('lets a prelude define a function on its namespace that wins over the tools', async () => {
    // executor.test.ts "provider prelude": "lets a prelude define an own-property fn that shadows the dispatch proxy", "replays a step result without running the closure"
    const step = 'codemode.step = async (seq, fn) => { const d = await codemode.decide(seq); if (d.kind === "replay") return d.result; const value = await fn(); await codemode.record(value); return value; };'
    const program = 'async () => { let ran = 0; const v = await codemode.step(0, async () => { ran++; return 21 * 2; }); return { v, ran }; }'
    const decide = vi.fn(async (seq: unknown) => ({ kind: 'execute', seq }))
    const record = vi.fn(async () => true)
    expect(await run(program, [{ name: 'codemode', fns: { decide, record }, prelude: step }])).toMatchObject({ result: { v: 42, ran: 1 } })
    expect(decide).toHaveBeenCalledWith(0)
    expect(record).toHaveBeenCalledWith(42)
    const replaying = { decide: async () => ({ kind: 'replay', result: 'cached' }), record: async () => true }
    expect(await run(program, [{ name: 'codemode', fns: replaying, prelude: step }])).toMatchObject({ result: { v: 'cached', ran: 0 } })
  })
})

describe('code normalization (normalize.test.ts, executor.test.ts, e2e/executor.spec.ts)', () => {
  // normalize.test.ts checks the text normalizeCode produces; for an executor the same cases show in
  // what execute() returns for the code.
  const cases: [behaviour: string, code: string, result: unknown][] = [
    ['empty code returns undefined', '', undefined],
    ['whitespace-only code returns undefined', '   \n\t  ', undefined],
    ['an async arrow function is called', 'async () => { return 1; }', 1],
    ['a sync arrow function is called', '() => { return 1; }', 1],
    ['a concise arrow function is called', '() => 42', 42],
    ['an arrow function with a trailing semicolon is called', 'async () => { return 1; };', 1],
    ['an arrow function with parameters is called with none', 'async (a, b) => String(a) + String(b)', 'undefinedundefined'],
    ['a bare expression is its result', '1 + 2', 3],
    ['the last expression after statements is the result', 'const x = 10;\nx * 2', 20],
    ['the result of a call in last place is returned', 'console.log("hello")', undefined],
    ['an awaited last expression is returned', 'await Promise.resolve(7)', 7],
    ['a declaration in last place returns undefined', 'const x = 42', undefined],
    ['a loop in last place returns undefined', 'let n = 0; for (let i = 0; i < 10; i++) { n += i }', undefined],
    ['an if statement in last place returns undefined', 'if (true) { 1 }', undefined],
    ['a trailing declaration after others returns undefined', 'const a = 1;\nconst b = 2;', undefined],
    ['surrounding whitespace is ignored', '  () => 42  ', 42],
    ['```js fences are stripped', '```js\nasync () => { return 1; }\n```', 1],
    ['```javascript fences are stripped before the last expression is returned', '```javascript\nconst x = 1;\nx + 2\n```', 3],
    ['```typescript fences are stripped', '```typescript\n() => 42\n```', 42],
    ['```ts fences are stripped', '```ts\n() => 42\n```', 42],
    ['```tsx fences are stripped', '```tsx\n() => 42\n```', 42],
    ['```jsx fences are stripped', '```jsx\n() => 42\n```', 42],
    ['bare ``` fences are stripped', '```\nasync () => { return 1; }\n```', 1],
    ['fences followed by whitespace are stripped', '```js\nasync () => { return 1; }\n```  ', 1],
    ['fenced expressions run (executor.test.ts)', '```js\n1 + 1\n```', 2],
    ['fenced arrow functions run (e2e)', '```js\nasync () => 99\n```', 99],
    ['export default of an arrow function calls it', 'export default async () => { return 1; }', 1],
    ['export default of a sync arrow function calls it', 'export default () => { return 1; }', 1],
    ['export default of an expression returns it', 'export default 42', 42],
    ['export default of an anonymous function calls it', 'export default function() { return 42; }', 42],
    ['a single named async function is called', 'async function doStuff() { return 42; }', 42],
    ['a single named function is called', 'function compute() { return 1 + 2; }', 3],
    ['a function followed by a call returns the call', 'function helper() { return 1; }\nhelper()', 1],
    ['an IIFE in last place returns its value', '(async () => { return 42; })()', 42],
    ['a top-level return returns', 'return 42', 42],
    ['fences around export default are stripped', '```js\nexport default async () => { return 1; }\n```', 1],
    ['fences around a named function are stripped', "```js\nasync function run() { return await codemode.searchWeb({ query: 'test' }); }\n```", 'results for test'],
  ]
  const searchWeb = async (input: unknown) => `results for ${(input as { query: string }).query}`
  for (const [behaviour, code, expected] of cases) {
    it(behaviour, async () => {
      const result = await run(code, inCodemode({ searchWeb }))
      expect(result.error).toBeUndefined()
      expect(result.result).toEqual(expected)
    })
  }

  it('export default of an anonymous class returns the class', async () => {
    // normalize.test.ts "wraps anonymous export default class as expression": the class is the
    // result, and a class (a function) cannot cross to the host
    expect((await run('export default class { constructor() {} }')).error).toMatch(/function/)
  })

  it('reports syntax errors, fenced or not, without running anything', async () => {
    // normalize.test.ts "wraps syntactically invalid code as-is", "does not strip fences if code is not fully wrapped"
    const calls = vi.fn(async () => 1)
    for (const code of ['const = oops {{{', '```js\nasync () => { return 1; }', 'await codemode.calls()\nconst = 5']) {
      const result = await run(code, inCodemode({ calls }))
      expect(result.result).toBeUndefined()
      expect(result.error).toBeTruthy()
    }
    expect(calls).not.toHaveBeenCalled()
  })

  it('runs TypeScript that acorn cannot parse as written', async () => {
    // our addition: normalizeCode gives up on TypeScript; BoaExecutor strips it and still calls the function
    const typed = new BoaExecutor()
    try {
      expect(await typed.execute('async (): Promise<number> => { const a: number = 41; return a + 1 }', [])).toMatchObject({ result: 42 })
    } finally {
      await typed.dispose()
    }
  })
})

describe('as codeMcpServer and createCodeTool use it (mcp.test.ts, iframe-executor.browser.test.ts)', () => {
  // codeMcpServer answers with `Error: ${error}` on failure and the result (strings as they are,
  // other values as JSON) otherwise; this stands in for that text, the server itself needing
  // @modelcontextprotocol/sdk.
  const serverText = ({ result, error }: { result: unknown; error?: string }) =>
    error ? `Error: ${error}` : typeof result === 'string' ? result : (JSON.stringify(result, null, 2) ?? 'undefined')
  const upstream: Fns = {
    add: (async ({ a, b }: { a: number; b: number }) => a + b) as never,
    greet: (async ({ name }: { name: string }) => `Hello, ${name}!`) as never,
    get_items: async () => [{ id: 1, name: 'a' }, { id: 2, name: 'b' }],
    fail: async () => {
      throw new Error('something went wrong')
    },
  }
  const viaServer = async (code: string) => serverText(await run(code, inCodemode(upstream)))

  it('returns a tool value', async () => {
    // mcp.test.ts "code tool should call upstream add(10, 32) and return 42"; e2e "code tool calls upstream MCP tool"
    expect(JSON.parse(await viaServer('async () => { const r = await codemode.add({ a: 10, b: 32 }); return r; }'))).toBe(42)
  })

  it('chains tool calls', async () => {
    // mcp.test.ts "code tool should chain add then greet"; e2e "code tool chains multiple upstream calls"
    expect(await viaServer('async () => { const sum = await codemode.add({ a: 5, b: 3 }); return await codemode.greet({ name: "Result is " + sum }); }')).toBe('Hello, Result is 8!')
  })

  it('gives a thrown error once prefixed, not twice', async () => {
    // mcp.test.ts "code tool should return error on throw"
    expect(await viaServer("async () => { throw new Error('test error'); }")).toBe('Error: test error')
  })

  it('returns undefined and null as themselves', async () => {
    // mcp.test.ts "code tool should handle undefined return value", "... null return value"
    expect(await viaServer('async () => { return undefined; }')).toBe('undefined')
    expect(await viaServer('async () => { return null; }')).toBe('null')
  })

  it('lets the program work on structured tool values', async () => {
    // mcp.test.ts "code tool should unwrap JSON array from single text content"
    expect(JSON.parse(await viaServer('async () => { const items = await codemode.get_items({}); return items.filter(i => i.id === 2); }'))).toEqual([{ id: 2, name: 'b' }])
  })

  it('surfaces a failing tool as the error, or as an exception the program can catch', async () => {
    // mcp.test.ts "code tool should surface upstream isError as a sandbox exception", "sandbox code should be able to try/catch upstream isError"; e2e "upstream error ..."
    expect(await viaServer('async () => { return await codemode.fail({}); }')).toBe('Error: something went wrong')
    expect(await viaServer('async () => { try { await codemode.fail({}); return "should not reach"; } catch (e) { return "caught: " + e.message; } }')).toBe('caught: something went wrong')
  })

  it('names the missing tool', async () => {
    // mcp.test.ts "code tool should handle non-existent upstream tool"; e2e "non-existent tool returns error"
    expect(await viaServer('async () => { return await codemode.nonexistent({}); }')).toBe('Error: Tool "nonexistent" not found')
  })
})

describe('through createCodeTool (iframe-executor.browser.test.ts, e2e/executor.spec.ts)', () => {
  // @cloudflare/codemode imports the Workers-only `cloudflare:workers` when loaded; a resolve hook
  // stands it in on Node (see README).
  const stub = 'export class WorkerEntrypoint {}; export class RpcTarget {}; export class DurableObject {}'
  let createCodeTool: typeof import('@cloudflare/codemode/ai').createCodeTool
  beforeAll(async () => {
    register(
      `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
        if (specifier !== 'cloudflare:workers') return next(specifier, context)
        return { url: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(stub)}), shortCircuit: true }
      }`)}`,
    )
    ;({ createCodeTool } = await import('@cloudflare/codemode/ai'))
  })
  const { z } = require('zod') as typeof import('zod')
  const { tool } = require('ai') as typeof import('ai')
  const strictAdd = tool({
    description: 'Adds two numbers',
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => ({ result: a + b }),
  })
  const call = (code: string) => {
    const codeTool = createCodeTool({ tools: { strictAdd }, executor })
    return codeTool.execute!({ code }, { toolCallId: 'c', messages: [] }) as Promise<{ result: unknown }>
  }

  it('fails the tool call with "Code execution failed: " and the bare message', async () => {
    // iframe-executor.browser.test.ts createBrowserCodeTool "should throw on executor error"
    await expect(call('async () => { throw new Error("fail"); }')).rejects.toThrow(/^Code execution failed: fail/)
  })

  it('accepts input the schema allows and refuses what it does not', async () => {
    // e2e "valid input passes schema validation", "invalid input is rejected by schema validation"
    expect(await call('async () => await codemode.strictAdd({ a: 10, b: 20 })')).toMatchObject({ result: { result: 30 } })
    await expect(call('async () => await codemode.strictAdd({ a: "not-a-number", b: 20 })')).rejects.toThrow(/Code execution failed/)
  })
})
