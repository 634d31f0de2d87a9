// What a run offers its program besides its source (lib/surface.js, src/realm/surface.rs):
// binding names and namespaces, error classes, `crossing: 'lossless-json'`, `process` (`env`)
// and the console's style. vitest.config.ts runs this suite on each substrate.
import { format, inspect } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { RunOptions, RunResult } from '../index.js'
import { errorOf, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

function run(source: string, options: Partial<RunOptions> = {}): Promise<RunResult> {
  return runtime.run({ source, ...options, limits: { maxWallMs: 10_000, ...options.limits } })
}

const toolErrors = { tools: { name: 'ToolCallError', memberNameProperty: 'toolName' } }
const lossless = { crossing: 'lossless-json' } as const

describe('binding names and namespaces', () => {
  it('takes any string as a name: dots, backslashes, the empty string and Object.prototype names are ordinary keys', async () => {
    const seen: string[] = []
    const bindings = { tools: Object.create(null) }
    for (const name of ['get.sum', 'a\\b', '', '__proto__', 'constructor', 'x.y\\.z']) {
      Object.defineProperty(bindings.tools, name, { enumerable: true, value: () => (seen.push(name), name) })
    }
    const result = await run(
      `const names = Object.keys(tools)
       const answers = []
       for (const name of names) answers.push(await tools[name]())
       return { names, answers, proto: Object.getPrototypeOf(tools), has: typeof tools.hasOwnProperty }`,
      { bindings },
    )
    expect(valueOf(result)).toEqual({
      names: ['get.sum', 'a\\b', '', '__proto__', 'constructor', 'x.y\\.z'],
      answers: ['get.sum', 'a\\b', '', '__proto__', 'constructor', 'x.y\\.z'],
      proto: null,
      has: 'undefined',
    })
    expect(seen).toHaveLength(6)
  })

  it('shows a namespace with no function in it, as an empty frozen object, at any depth', async () => {
    const result = await run('return [typeof empty, Object.keys(empty), Object.isFrozen(empty), typeof deep.er, Object.keys(deep)]', {
      bindings: { empty: {}, deep: { er: {} } },
    })
    expect(valueOf(result)).toEqual(['object', [], true, 'object', ['er']])
  })
})

describe('error classes', () => {
  const bindings = {
    tools: { fail: async () => Promise.reject(new TypeError('nope')), failRaw: async () => Promise.reject('raw-nope'), ok: () => 1 },
    other: { fail: async () => Promise.reject(new Error('plain')) },
  }

  it("rejects a namespace's failed calls with its class: a global Error subclass naming the function", async () => {
    const result = await run(
      `const seen = {}
       try { await tools.fail({}) } catch (e) {
         seen.typed = [e instanceof ToolCallError, e instanceof Error, e.name, e.toolName, e.message, Object.keys(e), String(e)]
       }
       try { await tools.failRaw({}) } catch (e) { seen.raw = [e.name, e.toolName, e.message] }
       try { await other.fail({}) } catch (e) { seen.other = [e instanceof ToolCallError, e.name, e.message] }
       seen.global = [typeof ToolCallError, ToolCallError.name, Object.keys(globalThis).includes('ToolCallError')]
       return seen`,
      { bindings, errorClasses: toolErrors },
    )
    expect(valueOf(result)).toEqual({
      typed: [true, true, 'ToolCallError', 'fail', 'nope', ['name', 'toolName'], 'ToolCallError: nope'],
      raw: ['ToolCallError', 'failRaw', 'raw-nope'],
      other: [false, 'Error', 'plain'],
      global: ['function', 'ToolCallError', false],
    })
  })

  it('names the function in the failures the bridge makes itself: arguments that cannot cross, a reply too large', async () => {
    const result = await run(
      `const failures = []
       for (const call of [() => tools.ok(() => 1), () => tools.ok('x'.repeat(2000))]) {
         try { await call() } catch (e) { failures.push([e instanceof ToolCallError, e.toolName, e.message.slice(0, 22)]) }
       }
       return failures`,
      { bindings, errorClasses: toolErrors, limits: { maxResultBytes: 1_000 } },
    )
    expect(valueOf(result)).toEqual([
      [true, 'ok', 'tools.ok() argument 1:'],
      [true, 'ok', 'tools.ok() argument 1:'],
    ])
  })

  it('keeps working after the program replaced Error, Object.defineProperty and gave Object.prototype a get', async () => {
    const result = await run(
      `Object.defineProperty = () => { throw new Error('replaced') }
       Object.prototype.get = () => 'trap'
       globalThis.Error = undefined
       try { await tools.fail({}) } catch (e) { return [e instanceof ToolCallError, e.toolName, e.message] }`,
      { bindings, errorClasses: toolErrors },
    )
    expect(valueOf(result)).toEqual([true, 'fail', 'nope'])
  })

  it('refuses a class the host cannot give: no such namespace, not an identifier, a taken name, a member every Error has', async () => {
    const cases: [RunOptions['errorClasses'], RegExp][] = [
      [{ nowhere: { name: 'E', memberNameProperty: 'm' } }, /no binding namespace "nowhere"/],
      [{ tools: { name: 'not valid', memberNameProperty: 'm' } }, /must be an identifier/],
      [{ tools: { name: 'other', memberNameProperty: 'm' } }, /already a global/],
      [{ tools: { name: 'E', memberNameProperty: 'message' } }, /memberNameProperty must be a non-empty string other than/],
      [{ tools: { name: 'E', memberNameProperty: '' } }, /memberNameProperty/],
    ]
    for (const [errorClasses, message] of cases) {
      await expect(run('return 1', { bindings, errorClasses })).rejects.toThrow(message)
    }
  })
})

describe("crossing: 'lossless-json'", () => {
  const echo = { tools: { echo: async (value: unknown) => value } }

  it('round-trips JSON data at any depth, both ways, and returns it', async () => {
    const result = await run(
      `let deep = 'leaf'
       for (let i = 0; i < 20_000; i++) deep = i % 2 ? [deep] : { d: deep }
       const back = await tools.echo({ deep, list: new Array(1000).fill(7), text: 'é\\u{1F600}', ['__proto__']: 1 })
       let depth = 0
       for (let v = back.deep; typeof v !== 'string'; v = Array.isArray(v) ? v[0] : v.d) depth++
       return { depth, list: back.list.length, text: back.text, proto: Object.keys(back).includes('__proto__'), deep }`,
      { bindings: echo, ...lossless },
    )
    const value = valueOf(result)
    expect(value).toMatchObject({ depth: 20_000, list: 1000, text: 'é😀', proto: true })
    let depth = 0
    for (let v = value.deep; typeof v !== 'string'; v = Array.isArray(v) ? v[0] : v.d) depth++
    expect(depth).toBe(20_000)
  })

  it('refuses every argument JSON would change before any host function sees it', async () => {
    let calls = 0
    const result = await run(
      `const lossy = [undefined, NaN, -0, Infinity, 1n, Symbol('s'), () => 1, new Date(0), new Map(), new Uint8Array(1),
         [1, , 3], Object.assign([1], { extra: 1 }), { a: undefined }, new (class Point {})(), new String('x'),
         { get g() { return 1 } }, Object.defineProperty({}, 'hidden', { value: 1 }), { [Symbol('k')]: 1 },
         new Proxy({}, {}), new Proxy([], {}), Object.create(Object.create(null))]
       const cyclic = {}; cyclic.self = cyclic; lossy.push(cyclic)
       const messages = new Set()
       let refused = 0
       for (const value of lossy) {
         try { await tools.count(value) } catch (e) { refused++; messages.add(e.toolName + ': ' + e.message) }
       }
       return { refused, of: lossy.length, messages: [...messages] }`,
      { bindings: { tools: { count: () => calls++ } }, errorClasses: toolErrors, ...lossless },
    )
    expect(valueOf(result)).toEqual({ refused: 22, of: 22, messages: ['count: binding arguments must be lossless JSON'] })
    expect(calls).toBe(0)
  })

  it('refuses a value whose prototype only looks like Object.prototype, whatever Function.prototype.toString says', async () => {
    const forged = `const fake = Object.create(null)
      const Impostor = function Object() {}
      Impostor.prototype = fake
      Object.defineProperty(fake, 'constructor', { value: Impostor })
      Function.prototype.toString = () => 'function Object() { [native code] }'
      const forged = Object.assign(Object.create(fake), { v: 1 })`
    let calls = 0
    const argument = await run(`${forged}\ntry { await tools.count(forged) } catch (e) { return e.message }`, {
      bindings: { tools: { count: () => calls++ } },
      ...lossless,
    })
    expect(valueOf(argument)).toBe('binding arguments must be lossless JSON')
    expect(calls).toBe(0)
    const completion = errorOf(await run(`${forged}\nreturn forged`, lossless))
    expect(completion).toMatchObject({ kind: 'result', message: 'program completion must be lossless JSON' })
  })

  it('gives the program a typed failure for a host reply that is not lossless JSON, and takes a null-prototype reply', async () => {
    const replies: Record<string, () => unknown> = {
      fn: () => () => 1,
      date: () => new Date(0),
      nan: () => NaN,
      negativeZero: () => -0,
      undef: () => undefined,
      sparse: () => [1, , 3],
      getter: () => Object.defineProperty({}, 'bad', { enumerable: true, get: () => { throw new Error('getter ran') } }),
      cyclic: () => { const o: Record<string, unknown> = {}; o.o = o; return o },
      proxy: () => new Proxy({}, {}),
      bytes: () => new Uint8Array(1),
      instance: () => new (class Point {})(),
      nullProto: () => Object.defineProperty(Object.assign(Object.create(null), { ok: true }), '__proto__', { value: 2, enumerable: true }),
    }
    const result = await run(
      `const out = {}
       for (const name of Object.keys(tools)) {
         try { out[name] = await tools[name]() } catch (e) { out[name] = e.toolName + ': ' + e.message }
       }
       return out`,
      { bindings: { tools: replies }, errorClasses: toolErrors, ...lossless },
    )
    const value = valueOf(result)
    expect(value.nullProto).toEqual({ ok: true, ['__proto__']: 2 })
    for (const name of Object.keys(replies).filter((name) => name !== 'nullProto')) {
      expect(value[name], name).toBe(`${name}: binding resolution must be lossless JSON`)
    }
  })

  it('refuses a completion JSON would change, and leaves value out for undefined', async () => {
    for (const source of ['return { f: () => 1 }', 'return new Date(0)', 'return [NaN]', 'return -0', 'return { a: undefined }', 'return [1, , 2]']) {
      expect(errorOf(await run(source, lossless)), source).toMatchObject({ kind: 'result', message: 'program completion must be lossless JSON' })
    }
    const nothing = await run('const x = 1', lossless)
    expect(nothing.ok && 'value' in nothing && nothing.value).toBeUndefined()
  })

  it("charges a value's tokens to the memory budget before building them: a program cannot cross what it could not hold", async () => {
    const limits = { maxMemoryBytes: 64 << 20, maxResultBytes: Number.MAX_SAFE_INTEGER }
    const completion = errorOf(await run('return new Array(2_000_000).fill(1)', { limits, ...lossless }))
    expect(completion.kind).toBe('memory_budget')
    let calls = 0
    const argument = errorOf(await run('await tools.take(new Array(2_000_000).fill(1))', { limits, bindings: { tools: { take: () => calls++ } }, ...lossless }))
    expect(argument.kind).toBe('memory_budget')
    expect(calls).toBe(0)
    expect(valueOf(await run('return new Array(20_000).fill(1).length', { limits, ...lossless }))).toBe(20_000)
  })

  it('counts a value against maxResultBytes, without building what does not fit', async () => {
    const argument = await run(`try { await tools.echo(new Array(100_000).fill('abc')) } catch (e) { return e.message }`, {
      bindings: echo,
      limits: { maxResultBytes: 100_000 },
      ...lossless,
    })
    expect(valueOf(argument)).toMatch(/^tools\.echo\(\) argument 1: the value is larger than 100000 bytes/)
    const completion = errorOf(await run(`return new Array(100_000).fill('abc')`, { limits: { maxResultBytes: 100_000 }, ...lossless }))
    expect(completion).toMatchObject({ kind: 'result', message: expect.stringMatching(/larger than 100000 bytes/) })
  })
})

describe('process (a run given env)', () => {
  it('is absent unless the run gives env', async () => {
    expect(valueOf(await run('return typeof process'))).toBe('undefined')
    expect(valueOf(await run('return [typeof process, JSON.stringify(process.env), process.execArgv, process.argv]', { env: {} }))).toEqual([
      'object',
      '{}',
      [],
      ['node'],
    ])
  })

  it('holds exactly the env given, as a mutable object of strings', async () => {
    const result = await run('process.env.ADDED = "x"; return Object.entries(process.env)', { env: { REGION: 'eu', EMPTY: '' } })
    expect(valueOf(result)).toEqual([['REGION', 'eu'], ['EMPTY', ''], ['ADDED', 'x']])
    await expect(run('return 1', { env: { N: 1 as unknown as string } })).rejects.toThrow(/env\.N must be a string/)
  })

  it('writes stdout and stderr as log entries of their own, in order with console, chunks as they were written', async () => {
    const streamed: string[] = []
    const result = await run(
      `process.stdout.write('no newline')
       console.log('line')
       process.stderr.write(new Uint8Array([0xe2, 0x82, 0xac, 10]))
       const write = Object.getPrototypeOf(process.stdout).write
       write.call(process.stdout, 'from the prototype\\n')
       await new Promise((resolve) => process.stdout.write('with a callback', 'utf8', resolve))
       try { process.stdout.write(5) } catch (e) { return [e.name, e.code, e.message] }`,
      { env: {}, onLog: (entry) => streamed.push(`${entry.level}:${entry.text}`) },
    )
    expect(valueOf(result)).toEqual(['TypeError', 'ERR_INVALID_ARG_TYPE', 'The "chunk" argument must be of type string or an instance of Buffer or Uint8Array. Received type number (5)'])
    expect(streamed).toEqual(['stdout:no newline', 'log:line', 'stderr:€\n', 'stdout:from the prototype\n', 'stdout:with a callback'])
    expect(result.logs.map((entry) => entry.level)).toEqual(['stdout', 'log', 'stderr', 'stdout', 'stdout'])
  })

  it('ends the program at process.exit, past catch and finally, with its code', async () => {
    const after: string[] = []
    const result = await run(
      `setTimeout(() => done('timer ran'), 0)
       try { console.log('before'); process.exit(3) } catch { done('caught') } finally { done('finally ran') }
       done('after')`,
      { env: {}, bindings: { done: (what: string) => after.push(what) } },
    )
    expect(errorOf(result)).toMatchObject({ kind: 'exit', exitCode: 3, message: 'the program called process.exit(3) before it completed' })
    expect(result.logs.map((entry) => entry.text)).toEqual(['before'])
    expect(after).toEqual([])
  })

  it('takes exit codes as Node does: process.exitCode, a string of an integer, and refuses what is not one', async () => {
    expect(errorOf(await run('process.exitCode = 9; process.exit()', { env: {} }))).toMatchObject({ exitCode: 9 })
    expect(errorOf(await run("process.exit('4')", { env: {} }))).toMatchObject({ exitCode: 4 })
    expect(errorOf(await run('await null; process.exit(0)', { env: {} }))).toMatchObject({ kind: 'exit', exitCode: 0 })
    expect(valueOf(await run("try { process.exit('x') } catch (e) { return e.code }", { env: {} }))).toBe('ERR_INVALID_ARG_TYPE')
    // detached, as `const { exit } = process` takes it
    expect(errorOf(await run('const { exit } = process; exit(2)', { env: {} }))).toMatchObject({ exitCode: 2 })
  })

  it('runs nextTick callbacks with their arguments after the current code, and keeps hrtime and uptime moving forward', async () => {
    const result = await run(
      `const order = []
       process.nextTick((a, b) => order.push(a + b), 'tick', '!')
       order.push('sync')
       await new Promise((resolve) => setTimeout(resolve, 20))
       const [s, ns] = process.hrtime()
       const since = process.hrtime([s, ns])
       const big = process.hrtime.bigint()
       return { order, shape: [Number.isInteger(s), ns >= 0 && ns < 1e9, since[0] >= 0], big: typeof big, uptime: process.uptime() >= 0.02 }`,
      { env: {} },
    )
    expect(valueOf(result)).toEqual({ order: ['sync', 'tick!'], shape: [true, true, true], big: 'bigint', uptime: true })
  })

  it('is what a namespace named process shadows: the bindings win', async () => {
    const result = await run('return [typeof process.exit, await process.ping()]', { env: {}, bindings: { process: { ping: () => 'pong' } } })
    expect(valueOf(result)).toEqual(['undefined', 'pong'])
  })
})

describe('console style', () => {
  it('renders as a console joining util.inspect 4 levels deep would, with no % directives, when asked', async () => {
    const value = { a: { b: { c: { d: { e: 1 } } } } }
    const source = `console.log('%s is', ${JSON.stringify(value)}); return 1`
    const node = await run(source)
    const worker = await run(source, { console: { depth: 4, format: false } })
    expect(node.logs[0].text).toBe(format('%s is', value))
    expect(worker.logs[0].text).toBe(['%s is', inspect(value, { depth: 4 })].join(' '))
    await expect(run('return 1', { console: { depth: -1 } })).rejects.toThrow(/console\.depth must be a number/)
    await expect(run('return 1', { console: { colors: true } as never })).rejects.toThrow(/console\.colors is not a console option/)
  })
})

describe('thrown values', () => {
  it("report a primitive's String() beside Node's message, and nothing extra for an Error", async () => {
    expect(errorOf(await run("throw 'xy'"))).toMatchObject({ message: "Uncaught 'xy'", thrown: 'xy' })
    expect(errorOf(await run('throw 42'))).toMatchObject({ thrown: '42' })
    expect(errorOf(await run("throw Symbol('s')"))).toMatchObject({ thrown: 'Symbol(s)' })
    expect(errorOf(await run("throw new Error('e')"))).not.toHaveProperty('thrown')
  })
})

describe('log truncation', () => {
  it('keeps the part of the entry that crosses maxLogBytes that fits, on a character boundary', async () => {
    const result = await run("console.log('x'.repeat(90)); console.log('é'.repeat(20)); console.log('gone'); return 1", { limits: { maxLogBytes: 100 } })
    expect(result.logs.map((entry) => entry.text)).toEqual(['x'.repeat(90), 'é'.repeat(5), expect.stringMatching(/^\[output truncated: 2 more entries/)])
  })
})
