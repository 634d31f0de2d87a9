// The DeepSeek Harness's CodeRuntime seam (`@deepseek-ai/dsh-code-runtime`, `ctx.codeRuntime` on
// `@deepseek-ai/cordis` 4), as its class doc, src/types.ts, the worker backend's README and
// docs/subsystems/code-runtime.md state it, held against BoaCodeRuntime line by line. Runs on a
// Node the harness supports (scripts/test-dsh.js), on each substrate (vitest.config.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { inspect } from 'node:util'
import { Context } from '@deepseek-ai/cordis'
import Include from '@deepseek-ai/cordis-plugin-include'
import Loader from '@deepseek-ai/cordis-plugin-loader'
import {
  CodeRuntime,
  DUNDER_MEMBER,
  PORTABLE_RESERVED_WORDS,
  RESERVED_BINDING_GLOBALS,
  RESERVED_ERROR_MEMBERS,
} from '@deepseek-ai/dsh-code-runtime'
import type { CodeBindingNamespace, CodeRunResult } from '@deepseek-ai/dsh-code-runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { BoaCodeRuntime } from '../lib/adapters/dsh.js'
import type { Config } from '../lib/adapters/dsh.js'
import { deferred, sleep } from './helpers.js'

const substrate = process.env.TEST_SUBSTRATE === 'process' ? 'process' : 'thread'
const contexts: Context[] = []
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((ctx) => ctx.fiber.dispose()))
})

async function setup(config: Config = {}) {
  const ctx = new Context()
  contexts.push(ctx)
  const fiber = await ctx.plugin(BoaCodeRuntime, { substrate, ...config })
  return { ctx, fiber, runtime: ctx.codeRuntime as BoaCodeRuntime }
}

/** One namespace `tools` whose failures are `ToolCallError`s naming the tool, as Code Mode declares it. */
function tools(functions: Record<string, (args: unknown) => unknown>): CodeBindingNamespace[] {
  const record = Object.create(null)
  for (const [name, fn] of Object.entries(functions)) Object.defineProperty(record, name, { value: fn, enumerable: true })
  return [{ global: 'tools', functions: record, errorClass: { name: 'ToolCallError', memberNameProperty: 'toolName' } }]
}

/** The ledger's count: serialized UTF-8 JSON of the logs plus the value or the failure message. */
const ledgerBytes = (result: CodeRunResult) =>
  Buffer.byteLength(JSON.stringify(result.logs)) + Buffer.byteLength(JSON.stringify(result.error ? result.error.message : result.value ?? ''))

describe('the service', () => {
  it('registers as ctx.codeRuntime, a CodeRuntime of the seam, for TypeScript, labelled with its substrate', async () => {
    const { ctx, runtime } = await setup()
    expect(ctx.get('codeRuntime')).toBeInstanceOf(BoaCodeRuntime)
    expect(runtime).toBeInstanceOf(CodeRuntime)
    expect(runtime.language).toBe('typescript')
    expect(runtime.isolation).toBe(substrate)
    expect(runtime.isolation).not.toBe('worker-thread')
  })

  it("loads by its package name from a cordis.yml holding the worker backend's config block, and runs", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dsh-cordis-yml-'))
    try {
      const file = path.join(dir, 'cordis.yml')
      await writeFile(file, [
        '- id: code-runtime',
        "  name: 'code-runtime-boa/dsh'",
        '  config:',
        '    computeMs: 250',
        '    maxWallMs: 30000',
        '    maxOutputBytes: 67108864',
        '    maxOldGenerationSizeMb: 256',
        `    substrate: ${substrate}`,
        '',
      ].join('\n'))
      const ctx = new Context()
      contexts.push(ctx)
      ctx.baseUrl = pathToFileURL(`${dir}/`).href
      await ctx.plugin(Loader)
      ctx.loader.builtins.include = Include
      // import() of the name, as an app's loader imports it (resolved here from this package,
      // which refers to itself by its name through its exports, as an app resolves it from its
      // node_modules).
      ctx.loader.internal = {
        version: 'v2',
        import: (specifier: string) => import(/* @vite-ignore */ specifier),
      } as unknown as NonNullable<typeof ctx.loader.internal>
      await ctx.loader.create({ name: 'cordis:include', config: { path: pathToFileURL(file).href } })
      await ctx.loader.await()
      const runtime = ctx.get('codeRuntime') as BoaCodeRuntime
      expect(runtime).toBeInstanceOf(BoaCodeRuntime)
      expect(await runtime.run({ program: 'const n: number = 41; return n + 1', bindings: [] })).toEqual({ logs: [], value: 42 })
      const spin = await runtime.run({ program: 'for (;;) {}', bindings: [] })
      expect(spin.error).toEqual({ kind: 'timeout', message: 'compute budget exhausted (250ms of CPU time)' })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('config', () => {
  it("takes the worker's defaults (60 s of compute, a 600 s ceiling, 64 MiB of output, 512 MiB of memory) and holds the output one exactly", async () => {
    expect(BoaCodeRuntime.Config({})).toMatchObject({ computeMs: 60_000, maxWallMs: 600_000, maxOutputBytes: 67_108_864, maxOldGenerationSizeMb: 512, substrate: 'thread' })
    const { runtime } = await setup()
    // [] and the string's quotes leave exactly this many bytes under 64 MiB
    const exactly = await runtime.run({ program: 'return "x".repeat(67_108_860)', bindings: [] })
    expect(exactly.error).toBeUndefined()
    expect((exactly.value as string).length).toBe(67_108_860)
    const over = await runtime.run({ program: 'return "x".repeat(67_108_861)', bindings: [] })
    expect(over).toEqual({ logs: [], error: { kind: 'output-limit', message: 'outer output exceeded 67108864 bytes' } })
  }, 120_000)

  it.each([
    [{ computeMs: -1 }, /config\.computeMs must be a positive number, got -1/],
    [{ computeMs: 0 }, /config\.computeMs must be a positive number/],
    [{ maxWallMs: Number.NaN }, /config\.maxWallMs must be a positive number/],
    [{ maxOldGenerationSizeMb: -5 }, /config\.maxOldGenerationSizeMb must be a positive number/],
    [{ maxWallMs: 2_147_483_648 }, /maxWallMs must be at most 2147483647/],
    [{ computeMs: 2_147_483_648 }, /computeMs must be at most 2147483647/],
    [{ maxOutputBytes: 3 }, /safe integer of at least 4/],
    [{ maxOutputBytes: 4.5 }, /safe integer of at least 4/],
    [{ substrate: 'thread', pool: { minWarm: 1 } }, /config\.pool configures the process substrate/],
    [{ substrate: 'container' }, /substrate/],
    [{ computeMs: 'fast' }, /computeMs/],
  ] as [Config, RegExp][])('refuses %j, saying what is wrong', async (config, message) => {
    const ctx = new Context()
    contexts.push(ctx)
    await expect(ctx.plugin(BoaCodeRuntime, { substrate, ...config })).rejects.toThrow(message)
    expect(ctx.get('codeRuntime')).toBeUndefined()
  })

  it('accepts the largest timer delay as its wall ceiling and the smallest ledger', async () => {
    const { runtime } = await setup({ maxWallMs: 2_147_483_647, maxOutputBytes: 4 })
    expect(await runtime.run({ program: 'return 1', bindings: [] })).toEqual({ logs: [], value: 1 })
  })

  it('lets programs fetch only the URLs fetchAllow lists, and gives no fetch without it', async () => {
    const { runtime } = await setup({ fetchAllow: ['https://allowed.example/*'] })
    const refused = await runtime.run({ program: 'try { await fetch("https://elsewhere.example/") } catch (e) { return e.message }', bindings: [] })
    expect(refused.value).toMatch(/not allowed by the host's network policy/)
    const { runtime: closed } = await setup()
    expect(await closed.run({ program: 'return typeof fetch', bindings: [] })).toEqual({ logs: [], value: 'undefined' })
  })
})

describe('misuse rejects, every program outcome resolves', () => {
  it("refuses every name of the seam's shared sets, imported from the seam, as binding globals and error classes", async () => {
    const { runtime } = await setup()
    for (const word of PORTABLE_RESERVED_WORDS) {
      await expect(runtime.run({ program: 'return 1', bindings: [{ global: word, functions: {} }] })).rejects.toThrow(/is not a usable identifier/)
      await expect(runtime.run({ program: 'return 1', bindings: [{ global: 'tools', functions: {}, errorClass: { name: word, memberNameProperty: 'm' } }] }))
        .rejects.toThrow(/binding error class .* is not a usable identifier/)
    }
    for (const name of RESERVED_BINDING_GLOBALS) {
      await expect(runtime.run({ program: 'return 1', bindings: [{ global: name, functions: {} }] })).rejects.toThrow(/reserved binding global/)
    }
    for (const member of [...RESERVED_ERROR_MEMBERS, '', '__dict__', '__x__']) {
      expect(member === '' || RESERVED_ERROR_MEMBERS.has(member) || DUNDER_MEMBER.test(member)).toBe(true)
      await expect(runtime.run({ program: 'return 1', bindings: [{ global: 'tools', functions: {}, errorClass: { name: 'E', memberNameProperty: member } }] }))
        .rejects.toThrow(/member property .* is not usable/)
    }
  })

  it('refuses names outside the portable identifiers, duplicates and collisions, with what is wrong', async () => {
    const { runtime } = await setup()
    const cases: [CodeBindingNamespace[], RegExp][] = [
      [[{ global: '$tools', functions: {} }], /binding global "\$tools" is not a usable identifier/],
      [[{ global: 'a$b', functions: {} }], /is not a usable identifier/],
      [[{ global: 'not valid', functions: {} }], /is not a usable identifier/],
      [[{ global: '9lives', functions: {} }], /is not a usable identifier/],
      [[{ global: 'tools', functions: {} }, { global: 'tools', functions: {} }], /duplicate binding global "tools"/],
      [[{ global: 'tools', functions: {}, errorClass: { name: 'tools', memberNameProperty: 'm' } }], /duplicate injected global "tools"/],
      [[{ global: 'a', functions: {}, errorClass: { name: 'E', memberNameProperty: 'm' } }, { global: 'b', functions: {}, errorClass: { name: 'E', memberNameProperty: 'm' } }], /duplicate injected global "E"/],
      [[{ global: 'undefined', functions: {} }], /names a global every program relies on/],
      [[{ global: 'tools', functions: { f: 'not a function' as never } }], /binding tools\.f must be a function/],
    ]
    for (const [bindings, message] of cases) await expect(runtime.run({ program: 'return 1', bindings })).rejects.toThrow(message)
    await expect(runtime.run({ program: 42 as never, bindings: [] })).rejects.toThrow(/request\.program must be the program's source text/)
    await expect(runtime.run({ program: 'return 1', bindings: {} as never })).rejects.toThrow(/request\.bindings must be an array/)
  })

  it('rejects a run after disposal, and resolves whatever the program does before that', async () => {
    const { fiber, runtime } = await setup()
    for (const program of ['throw new Error("x")', 'return { f() {} }', 'syntax error here', 'enum E { A }', 'process.exit(1)']) {
      await expect(runtime.run({ program, bindings: [] })).resolves.toHaveProperty('error')
    }
    await fiber.dispose()
    await expect(runtime.run({ program: 'return 1', bindings: [] })).rejects.toThrow(/run\(\) after disposal/)
  })
})

describe('programs', () => {
  it('runs TypeScript as the body of a strict async function: top-level await and return, no `this`', async () => {
    const { runtime } = await setup()
    const result = await runtime.run({
      program: `interface Row { n: number }
        const rows: Row[] = await Promise.all([1, 2].map(async (n) => ({ n })))
        let strict = false
        try { undeclared = 1 } catch { strict = true }
        return { total: rows.reduce((sum, row) => sum + row.n, 0), strict }`,
      bindings: [],
    })
    expect(result).toEqual({ logs: [], value: { total: 3, strict: true } })
  })

  it('reports a throw, a syntax error and non-erasable TypeScript as exceptions a model can fix from', async () => {
    const { runtime } = await setup()
    const thrown = await runtime.run({ program: 'const x = 1\nthrow new TypeError(`bad ${x}`)', bindings: [] })
    expect(thrown.error?.kind).toBe('exception')
    expect(thrown.error?.message).toMatch(/^TypeError: bad 1\n\s+at .*:2:7/)
    expect((await runtime.run({ program: 'throw "just text"', bindings: [] })).error).toEqual({ kind: 'exception', message: 'just text' })
    expect((await runtime.run({ program: 'throw { code: 7 }', bindings: [] })).error?.kind).toBe('exception')
    const syntax = await runtime.run({ program: 'const a = 1\nconst = 2', bindings: [] })
    expect(syntax.error?.kind).toBe('exception')
    expect(syntax.error?.message).toMatch(/SyntaxError/)
    expect(syntax.error?.message).toContain('> 2 | const = 2')
    const enumProgram = await runtime.run({ program: 'enum Color { Red }\nreturn Color.Red', bindings: [] })
    expect(enumProgram.error?.kind).toBe('exception')
    expect(enumProgram.error?.message).toMatch(/enum/)
  })

  it('leaves value out when the program returns nothing, and keeps logs written before a failure', async () => {
    const { runtime } = await setup()
    const nothing = await runtime.run({ program: 'const x = 1', bindings: [] })
    expect(nothing).toEqual({ logs: [] })
    expect('value' in nothing).toBe(false)
    expect(await runtime.run({ program: 'console.log("first"); throw "then"', bindings: [] })).toEqual({ logs: ['first'], error: { kind: 'exception', message: 'then' } })
  })

  it('keeps runs apart: nothing a program leaves behind reaches the next one, even runs at once', async () => {
    const { runtime } = await setup()
    await runtime.run({ program: 'globalThis.leak = 1; Array.prototype.sum = () => 0; return 1', bindings: [] })
    expect(await runtime.run({ program: 'return [typeof globalThis.leak, typeof [].sum]', bindings: [] })).toEqual({ logs: [], value: ['undefined', 'undefined'] })
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => runtime.run({ program: `globalThis.n = ${i}; await null; return globalThis.n`, bindings: [] })))
    expect(many.map((result) => result.value)).toEqual(Array.from({ length: 20 }, (_, i) => i))
  })
})

describe('logs', () => {
  it("are the console's methods and process.stdout/stderr writes, in order, as plain strings rendered as the worker renders them", async () => {
    const { runtime } = await setup()
    const point = { x: 1, y: { z: { w: { v: 2 } } } }
    const result = await runtime.run({
      program: `console.log('point', ${JSON.stringify(point)})
        process.stdout.write('raw\\n')
        console.warn('careful %s', 'here')
        process.stderr.write('err')
        console.info(1, null, undefined, [1, 'a'])
        console.error(new Error('boom').message)
        console.debug('dbg')
        await new Promise((resolve) => process.stdout.write('flushed', resolve))
        Object.getPrototypeOf(process.stdout).write.call(process.stdout, 'via the prototype')
        return 'done'`,
      bindings: [],
    })
    expect(result).toEqual({
      // the worker's rendering: strings as they are, the rest util.inspect 4 levels deep, joined by a space
      logs: [`point ${inspect(point, { depth: 4 })}`, 'raw\n', 'careful %s here', 'err', "1 null undefined [ 1, 'a' ]", 'boom', 'dbg', 'flushed', 'via the prototype'],
      value: 'done',
    })
  })

  it('see an empty process.env and no execArgv', async () => {
    const { runtime } = await setup()
    expect(await runtime.run({ program: 'return [JSON.stringify(process.env), process.execArgv.length]', bindings: [] })).toEqual({ logs: [], value: ['{}', 0] })
  })
})

describe('the outer output ledger', () => {
  it('counts logs and the value together as serialized UTF-8 JSON, exactly at the cap', async () => {
    // ["abc"] is 7 bytes, "xy" 4, "€" 5 ([] 2)
    expect(await (await setup({ maxOutputBytes: 11 })).runtime.run({ program: 'console.log("abc"); return "xy"', bindings: [] })).toEqual({ logs: ['abc'], value: 'xy' })
    const over = await (await setup({ maxOutputBytes: 10 })).runtime.run({ program: 'console.log("abc"); return "xy"', bindings: [] })
    // the diagnostic itself is cut to what the cap leaves
    expect(over.error).toEqual({ kind: 'output-limit', message: 'outer ' })
    expect(over.value).toBeUndefined()
    expect(ledgerBytes(over)).toBeLessThanOrEqual(10)
    expect(await (await setup({ maxOutputBytes: 7 })).runtime.run({ program: 'return "€"', bindings: [] })).toEqual({ logs: [], value: '€' })
    expect((await (await setup({ maxOutputBytes: 6 })).runtime.run({ program: 'return "€"', bindings: [] })).error?.kind).toBe('output-limit')
    const nested = await (await setup({ maxOutputBytes: 2 + 26 })).runtime.run({ program: 'return { a: [1, true, null, "é"] }', bindings: [] })
    expect(nested).toEqual({ logs: [], value: { a: [1, true, null, 'é'] } })
  })

  it('counts a failure message with the logs, and a message too long for the cap is an output-limit', async () => {
    const exact = await (await setup({ maxOutputBytes: 11 })).runtime.run({ program: 'console.log("abc"); throw "xy"', bindings: [] })
    expect(exact).toEqual({ logs: ['abc'], error: { kind: 'exception', message: 'xy' } })
    const huge = await (await setup({ maxOutputBytes: 64 })).runtime.run({ program: 'throw new Error("x".repeat(1_000_000))', bindings: [] })
    expect(huge).toEqual({ logs: [], error: { kind: 'output-limit', message: 'outer output exceeded 64 bytes' } })
    const aborted = new AbortController()
    aborted.abort('A'.repeat(1000))
    const early = await (await setup({ maxOutputBytes: 64 })).runtime.run({ program: 'return 1', bindings: [], signal: aborted.signal })
    expect(early).toEqual({ logs: [], error: { kind: 'output-limit', message: 'outer output exceeded 64 bytes' } })
    const smallest = await (await setup({ maxOutputBytes: 4 })).runtime.run({ program: 'enum E { A }', bindings: [] })
    expect(smallest.error?.kind).toBe('output-limit')
    expect(ledgerBytes(smallest)).toBeLessThanOrEqual(4)
  })

  it('stops a program that keeps writing past the cap, keeping the escaped prefix that fits', async () => {
    const { runtime } = await setup({ maxOutputBytes: 96 })
    let afterwards = 0
    const result = await runtime.run({
      program: `console.log('start-' + '😀"\\\\\\n'.repeat(100))
        for (let i = 0; ; i++) { console.log('more', i); if (i % 1000 === 0) await tools.tick({}) }`,
      bindings: tools({ tick: () => ++afterwards }),
    })
    expect(result.error).toEqual({ kind: 'output-limit', message: 'outer output exceeded 96 bytes' })
    expect(result.logs).toHaveLength(1)
    expect(result.logs[0].startsWith('start-😀"\\\n')).toBe(true)
    expect(ledgerBytes(result)).toBeLessThanOrEqual(96)
    expect(afterwards).toBeLessThan(3)
  })

  it('keeps whole entries and a prefix of the one that crossed, writes that bypass console included', async () => {
    const { runtime } = await setup({ maxOutputBytes: 80 })
    const result = await runtime.run({
      program: `const write = (text) => Object.getPrototypeOf(process.stdout).write.call(process.stdout, text)
        write('a'.repeat(20)); write('b'.repeat(100)); return 1`,
      bindings: [],
    })
    expect(result.error?.kind).toBe('output-limit')
    expect(result.logs[0]).toBe('a'.repeat(20))
    expect(result.logs[1]).toMatch(/^b+$/)
    expect(ledgerBytes(result)).toBe(80)
  })

  it('fails a value too large for what the logs left, without substituting text for it, keeping the logs that fit beside the diagnostic', async () => {
    const { runtime } = await setup({ maxOutputBytes: 64 })
    // 64 bytes: the diagnostic's 32, [""] and 28 x's
    expect(await runtime.run({ program: 'console.log("x".repeat(40)); return "y".repeat(30)', bindings: [] })).toEqual({
      logs: ['x'.repeat(28)],
      error: { kind: 'output-limit', message: 'outer output exceeded 64 bytes' },
    })
  })
})

describe('values cross as lossless JSON', () => {
  it('bridges a value 3,000 levels deep as argument, resolution and completion', async () => {
    const { runtime } = await setup()
    const result = await runtime.run({
      program: `let value: unknown = 'leaf'
        for (let depth = 0; depth < 3_000; depth++) value = depth % 2 ? [value] : { inner: value }
        return await tools.echo(value)`,
      bindings: tools({ echo: async (args) => args }),
    })
    let cursor = result.value as unknown
    for (let depth = 2_999; depth >= 0; depth--) cursor = depth % 2 ? (cursor as unknown[])[0] : (cursor as { inner: unknown }).inner
    expect(cursor).toBe('leaf')
  })

  it('refuses lossy arguments in the realm: the host function never sees them', async () => {
    const { runtime } = await setup()
    let calls = 0
    const result = await runtime.run({
      program: `const lossy = [new Date(), Object.defineProperty([1], 'extra', { value: 1 }), () => 1, NaN, -0, [1, , 2], { a: undefined }, new Map(), new Uint8Array(2), undefined]
        const seen = []
        for (const value of lossy) {
          try { await tools.never(value) } catch (error) { seen.push([error instanceof ToolCallError, error.toolName, error.message]) }
        }
        try { await tools.never() } catch (error) { seen.push([error instanceof ToolCallError, error.toolName, error.message]) }
        return seen`,
      bindings: tools({ never: () => ++calls }),
    })
    expect(calls).toBe(0)
    expect(result.value).toEqual(new Array(11).fill([true, 'never', 'binding arguments must be lossless JSON']))
  })

  it('turns a resolution that is not lossless JSON into a typed failure in the program', async () => {
    const { runtime } = await setup()
    const lossy: Record<string, () => unknown> = {
      fn: () => () => 1,
      date: () => new Date(),
      nan: () => NaN,
      getter: () => Object.defineProperty({}, 'bad', { enumerable: true, get: () => { throw new Error('getter ran') } }),
      undef: () => undefined,
    }
    const result = await runtime.run({
      program: `const failures = {}
        for (const name of Object.keys(tools)) {
          try { await tools[name]({}) } catch (error) { failures[name] = [error.name, error.toolName, error.message] }
        }
        return failures`,
      bindings: tools(lossy),
    })
    expect(result.value).toEqual(Object.fromEntries(Object.keys(lossy).map((name) => [name, ['ToolCallError', name, 'binding resolution must be lossless JSON']])))
  })

  it('fails a lossy completion as invalid-output, never as rendered text', async () => {
    const { runtime } = await setup()
    for (const program of ['return { f: () => 1 }', 'return new Date()', 'return -0', 'return [1, , 3]', 'class P {}; return new P()']) {
      expect(await runtime.run({ program, bindings: [] }), program).toEqual({ logs: [], error: { kind: 'invalid-output', message: 'program completion must be lossless JSON' } })
    }
  })

  it('keeps the boundary after a program replaces the intrinsics a JS-side checker would use', async () => {
    const { runtime } = await setup()
    const result = await runtime.run({
      program: `Array.isArray = () => false
        Array.prototype.push = () => { throw new Error('mutated') }
        Object.keys = Object.defineProperty = Object.getPrototypeOf = () => { throw new Error('mutated') }
        Object.prototype.get = () => undefined
        Object.prototype.constructor = null
        Reflect.ownKeys = () => { throw new Error('mutated') }
        Number.isFinite = () => false
        Function.prototype.toString = () => 'mutated'
        Buffer.byteLength = () => 0
        globalThis.Object = globalThis.Array = globalThis.Error = globalThis.JSON = globalThis.Buffer = undefined
        const echoed = await tools.echo({ request: ['€', 1] })
        let failure
        try { await tools.fail({}) } catch (error) { failure = [error instanceof ToolCallError, error.toolName, error.message] }
        return { echoed, failure }`,
      bindings: tools({ echo: async (args) => args, fail: async () => { throw new Error('nope') } }),
    })
    expect(result).toEqual({ logs: [], value: { echoed: { request: ['€', 1] }, failure: [true, 'fail', 'nope'] } })
  })
})

describe('bindings', () => {
  it('inject each namespace and its error class as real globals, even with no functions', async () => {
    const { runtime } = await setup()
    const result = await runtime.run({
      program: `let failure
        try { await helpers.fail({}) } catch (error) { failure = [error instanceof HelperCallError, error instanceof Error, error.name, error.helper, error.message] }
        return { failure, empty: [typeof empty, Object.keys(empty)], emptyClass: typeof EmptyError, plain: await plain.ok({}) }`,
      bindings: [
        { global: 'helpers', functions: { fail: async () => { throw 'raw' } }, errorClass: { name: 'HelperCallError', memberNameProperty: 'helper' } },
        { global: 'empty', functions: {}, errorClass: { name: 'EmptyError', memberNameProperty: 'm' } },
        { global: 'plain', functions: { ok: async () => 'ok' } },
      ],
    })
    expect(result.value).toEqual({ failure: [true, true, 'HelperCallError', 'fail', 'raw'], empty: ['object', []], emptyClass: 'function', plain: 'ok' })
  })

  it('reject without an error class as a plain Error carrying only the message', async () => {
    const { runtime } = await setup()
    const result = await runtime.run({
      program: 'try { await plain.fail({}) } catch (error) { return [error.constructor === Error, error.name, error.message, Object.keys(error)] }',
      bindings: [{ global: 'plain', functions: { fail: async () => { throw Object.assign(new RangeError('tool says no'), { code: 'E_SECRET' }) } } }],
    })
    expect(result.value).toEqual([true, 'Error', 'tool says no', []])
  })

  it('treat names like __proto__ and constructor as ordinary members', async () => {
    const { runtime } = await setup()
    const result = await runtime.run({
      program: 'return [await tools["__proto__"]({}), await tools.constructor({}), typeof tools.hasOwnProperty, Object.getPrototypeOf(tools)]',
      bindings: tools({ ['__proto__']: async () => 'proto', constructor: async () => 'ctor' }),
    })
    expect(result.value).toEqual(['proto', 'ctor', 'undefined', null])
  })

  it('give each call its own copy: a tool that mutates its arguments or its result changes nothing on the other side', async () => {
    const { runtime } = await setup()
    const kept: unknown[] = []
    const result = await runtime.run({
      program: 'const args = { list: [1] }; const back = await tools.keep(args); back.list.push(3); return [args, back]',
      bindings: tools({ keep: async (args) => { (args as { list: number[] }).list.push(2); kept.push(args); return args } }),
    })
    expect(result.value).toEqual([{ list: [1] }, { list: [1, 2, 3] }])
    expect(kept).toEqual([{ list: [1, 2] }])
  })
})

describe('budgets', () => {
  it('ends a hot loop at the compute budget even with a call in flight, naming the budget', async () => {
    const { runtime } = await setup({ computeMs: 300 })
    const result = await runtime.run({ program: 'void tools.slow({}); for (;;) {}', bindings: tools({ slow: () => new Promise(() => {}) }) })
    expect(result.error).toEqual({ kind: 'timeout', message: 'compute budget exhausted (300ms of CPU time)' })
  })

  it('does not count time spent waiting on a binding as compute', async () => {
    const { runtime } = await setup({ computeMs: 500 })
    const result = await runtime.run({ program: 'return await tools.slow({})', bindings: tools({ slow: () => sleep(1_000).then(() => 'waited') }) })
    expect(result).toEqual({ logs: [], value: 'waited' })
  })

  it('ends a program waiting forever at the wall-clock ceiling, naming it', async () => {
    const { runtime } = await setup({ maxWallMs: 400 })
    const result = await runtime.run({ program: 'console.log("waiting"); await tools.never({})', bindings: tools({ never: () => new Promise(() => {}) }) })
    expect(result).toEqual({ logs: ['waiting'], error: { kind: 'timeout', message: 'wall-clock ceiling reached (400ms)' } })
  })

  it('stops a program past its memory budget as worker-exit, and the next run is fine', async () => {
    const { runtime } = await setup({ maxOldGenerationSizeMb: 32 })
    const result = await runtime.run({ program: 'const hog = []; for (;;) hog.push(new Array(1e6).fill(1))', bindings: [] })
    expect(result.error?.kind).toBe('worker-exit')
    expect(result.error?.message).toMatch(/out of memory.*32 MiB/)
    expect(await runtime.run({ program: 'return "alive"', bindings: [] })).toEqual({ logs: [], value: 'alive' })
  }, 60_000)

  it('reports process.exit as the worker does', async () => {
    const { runtime } = await setup()
    expect(await runtime.run({ program: 'console.log("bye"); process.exit(7)', bindings: [] })).toEqual({
      logs: ['bye'],
      error: { kind: 'worker-exit', message: 'worker exited with code 7 before completing' },
    })
  })
})

describe('abort', () => {
  it('stops the program hard, mid-loop, with the signal\'s reason as the message', async () => {
    const { runtime } = await setup()
    const controller = new AbortController()
    setTimeout(() => controller.abort('user-cancel'), 150)
    expect((await runtime.run({ program: 'for (;;) {}', bindings: [], signal: controller.signal })).error).toEqual({ kind: 'abort', message: 'user-cancel' })
    const withError = new AbortController()
    setTimeout(() => withError.abort(new Error('stop now')), 50)
    expect((await runtime.run({ program: 'while (true) { try { for (;;) {} } finally { continue } }', bindings: [], signal: withError.signal })).error).toEqual({
      kind: 'abort',
      message: 'Error: stop now',
    })
  })

  it('runs nothing for a signal aborted already', async () => {
    const { runtime } = await setup()
    let calls = 0
    const controller = new AbortController()
    controller.abort('too-late')
    const result = await runtime.run({ program: 'await tools.count({})', bindings: tools({ count: () => ++calls }), signal: controller.signal })
    expect(result).toEqual({ logs: [], error: { kind: 'abort', message: 'too-late' } })
    expect(calls).toBe(0)
  })

  it('drops a binding resolution that lands after the run settled, and the caller settles its own call', async () => {
    const { runtime } = await setup()
    const controller = new AbortController()
    const late = deferred<string>()
    let called!: () => void
    const reached = new Promise<void>((resolve) => (called = resolve))
    const pending = runtime.run({ program: 'void tools.late({}); for (;;) {}', bindings: tools({ late: () => (called(), late.promise) }), signal: controller.signal })
    await reached
    controller.abort('cancel-now')
    expect((await pending).error).toEqual({ kind: 'abort', message: 'cancel-now' })
    late.resolve('too late')
    expect(await runtime.run({ program: 'return 1', bindings: [] })).toEqual({ logs: [], value: 1 })
  })
})

describe('disposal', () => {
  it('aborts runs in flight as "runtime disposed", waits for them to end, removes ctx.codeRuntime, and refuses later runs', async () => {
    const { ctx, fiber, runtime } = await setup()
    const started = deferred()
    const ended: string[] = []
    const spinning = runtime.run({ program: 'await tools.started({}); for (;;) {}', bindings: tools({ started: () => (started.resolve(), null) }) })
    const waiting = runtime.run({ program: 'await tools.never({})', bindings: tools({ never: () => new Promise(() => {}) }) })
    void spinning.then(() => ended.push('spinning'))
    void waiting.then(() => ended.push('waiting'))
    await started.promise
    await fiber.dispose()
    expect(ended.sort()).toEqual(['spinning', 'waiting'])
    expect(await spinning).toEqual({ logs: [], error: { kind: 'abort', message: 'runtime disposed' } })
    expect(await waiting).toEqual({ logs: [], error: { kind: 'abort', message: 'runtime disposed' } })
    expect(ctx.get('codeRuntime')).toBeUndefined()
    await expect(runtime.run({ program: 'return 1', bindings: [] })).rejects.toThrow(/after disposal/)
  })

  it('can be mounted again in the same context after its fiber is disposed (HMR)', async () => {
    const ctx = new Context()
    contexts.push(ctx)
    const first = await ctx.plugin(BoaCodeRuntime, { substrate })
    await first.dispose()
    await ctx.plugin(BoaCodeRuntime, { substrate })
    const again = ctx.get('codeRuntime') as BoaCodeRuntime
    expect(await again.run({ program: 'return 2', bindings: [] })).toEqual({ logs: [], value: 2 })
  })
})
