// Property-based tests: every public entry, fed arbitrary host values, gives a result or a clear
// TypeError/RangeError naming the option; never a crash, a hang, an unhandled rejection or a
// program started from options that were rejected.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, describeBindings, pause, registerCodeRuntime, type CodeRuntime } from '../index.js'
import { BoaExecutor } from '../lib/adapters/codemode.js'
import CodeRuntimePlugin from '../lib/adapters/cordis.js'
import { ROOT, runInChild, within } from './helpers'

/** What a hostile value throws from its traps, getters and conversions. */
class Hostile extends Error {}
const hostile = () => {
  throw new Hostile('a hostile value was touched')
}

// fast-check looks up its clone marker on every generated value; only that look-up is let through.
const throwingProxy = () =>
  new Proxy(function () {}, {
    get: (_, key) => (key === fc.cloneMethod ? undefined : hostile()),
    has: (_, key) => (key === fc.cloneMethod ? false : hostile()),
    set: hostile, ownKeys: hostile, getPrototypeOf: hostile, setPrototypeOf: hostile,
    getOwnPropertyDescriptor: hostile, defineProperty: hostile, deleteProperty: hostile, isExtensible: hostile,
    preventExtensions: hostile, apply: hostile, construct: hostile,
  })

/** Numbers at every edge an option can meet. */
const edgeNumber = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 1, -1, 0.5, 1e300, -1e300, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.double(),
  fc.integer(),
)

/** Anything a host could pass: JSON-ish data, edge numbers, symbols, huge strings and values that throw when touched. */
const arbitraryValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true }),
  edgeNumber,
  fc.constant(undefined),
  fc.string(),
  fc.constantFrom('typescript', 'javascript', 'x'.repeat(1 << 20)),
  fc.constant(null).map(() => Symbol('option')),
  fc.constant(null).map(throwingProxy),
  fc.constant(null).map(() => Object.defineProperty({}, 'computeMs', { enumerable: true, get: hostile })),
  fc.constant(null).map(() => ({ toString: hostile, valueOf: hostile, [Symbol.toPrimitive]: hostile, toJSON: hostile })),
  fc.constant(null).map(() => new AbortController().signal),
  fc.constant(null).map(() => ({ aborted: false, addEventListener: hostile, removeEventListener: hostile })),
)

/** A limits object: mostly real keys, with any values. */
const arbitraryLimits = fc.oneof(
  arbitraryValue,
  fc.record(
    { computeMs: arbitraryValue, maxWallMs: arbitraryValue, maxLogBytes: arbitraryValue, maxResultBytes: arbitraryValue, maxMemoryBytes: arbitraryValue, [fc.string() as never]: arbitraryValue },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.constantFrom('computeMs', 'maxWallMs', 'maxMemoryBytes', 'maxLogBytes', 'maxResultBytes', 'other'), edgeNumber),
)

/**
 * A rejection is acceptable when it is a TypeError/RangeError naming one of `names`, or the very
 * error a hostile value threw (the caller's own error, passed through unchanged).
 */
function expectClearError(error: unknown, names: string[]) {
  if (error instanceof Hostile) return
  expect(error, String(error)).toSatisfy((e: unknown) => e instanceof TypeError || e instanceof RangeError)
  const message = (error as Error).message
  expect(names.some((name) => message.includes(name)), `"${message}" names none of ${names.join(', ')}`).toBe(true)
}

/** Settles `call` within a bound; resolves to ['ok', value] or ['error', error]. */
async function settle<T>(call: () => Promise<T> | T, what: string): Promise<['ok', T] | ['error', unknown]> {
  try {
    return ['ok', await within(Promise.resolve().then(call), 10_000, what)]
  } catch (error) {
    if (error instanceof Error && error.message.includes('did not resolve within')) throw error
    return ['error', error]
  }
}

// An unhandled rejection anywhere in this file fails it.
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeAll(() => process.on('unhandledRejection', onUnhandled))
afterAll(() => process.off('unhandledRejection', onUnhandled))
afterEach(() => expect(unhandled).toEqual([]))

const RUNS = { numRuns: 60 }

/** A binding that must not be called unless the options it was passed with were accepted. */
function spyBinding() {
  const spy = { calls: 0, probe: () => void spy.calls++ }
  return spy
}
/** The spy of the property being checked now, reset by each check. */
let currentSpy = spyBinding()
const spyBindings = { probe: () => currentSpy.probe() }

const SPY_PROGRAM = 'await probe(); return 1'

describe('createCodeRuntime', () => {
  it('takes any options, or throws a TypeError naming limits or maxConcurrency', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(arbitraryValue, fc.record({ limits: arbitraryLimits, maxConcurrency: fc.oneof(arbitraryValue, fc.integer({ min: 1, max: 64 })) }, { requiredKeys: [] })), async (options) => {
        let runtime: CodeRuntime
        try {
          runtime = createCodeRuntime(options as never)
        } catch (error) {
          return expectClearError(error, ['createCodeRuntime', 'limits', 'maxConcurrency'])
        }
        const spy = spyBinding()
        const [how, result] = await settle(() => runtime.run({ source: SPY_PROGRAM, bindings: { probe: spy.probe } }), 'run on a runtime made from arbitrary options')
        await within(runtime.dispose(), 10_000, 'dispose')
        // Accepted options give a working runtime: the run completes, or stops on a budget as small as asked.
        expect(how).toBe('ok')
        const run = result as Awaited<ReturnType<CodeRuntime['run']>>
        if (run.ok) expect([run.value, spy.calls]).toEqual([1, 1])
        else expect(['compute_budget', 'wall_budget', 'memory_budget', 'result']).toContain(run.error.kind)
      }),
      { numRuns: 40 },
    )
  })
})

describe('run', () => {
  let runtime: CodeRuntime
  beforeAll(() => (runtime = createCodeRuntime({ limits: { computeMs: 2000, maxWallMs: 5000 } })))
  afterAll(() => runtime.dispose())

  it('takes any options, or rejects with a TypeError naming the option, before the program starts', async () => {
    const options = fc.record(
      {
        source: fc.oneof(fc.constant(SPY_PROGRAM), arbitraryValue),
        language: fc.oneof(fc.constantFrom('typescript', 'javascript'), arbitraryValue),
        limits: arbitraryLimits,
        signal: arbitraryValue,
        onLog: fc.oneof(fc.constant(() => {}), fc.constant(hostile), arbitraryValue),
        bindings: fc.constant(spyBindings),
      },
      { requiredKeys: ['bindings'] },
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(options, arbitraryValue), async (raw) => {
        const spy = (currentSpy = spyBinding())
        const [how, outcome] = await settle(() => runtime.run(raw as never), 'run with arbitrary options')
        if (how === 'error') {
          expectClearError(outcome, ['run(', 'source', 'language', 'limits', 'signal', 'onLog', 'bindings'])
          // a rejected run never started: let a started program reach its binding, then look
          await runtime.run({ source: 'return 0' })
          expect(spy.calls).toBe(0)
        } else {
          expect(typeof (outcome as { ok: unknown }).ok).toBe('boolean')
        }
      }),
      RUNS,
    )
  })

  it('takes any bindings object, or rejects naming bindings', async () => {
    const bindings = fc.oneof(arbitraryValue, fc.dictionary(fc.string(), fc.oneof(fc.constant(() => 1), arbitraryValue)))
    await fc.assert(
      fc.asyncProperty(bindings, async (value) => {
        const [how, outcome] = await settle(() => runtime.run({ source: 'return 1', bindings: value as never }), 'run with arbitrary bindings')
        if (how === 'error') expectClearError(outcome, ['bindings', 'binding name'])
        else expect(outcome).toMatchObject({ ok: true, value: 1 })
      }),
      RUNS,
    )
  })

  it('resume takes any token, answer and options, or rejects naming what is wrong, before the program starts', async () => {
    const paused = await runtime.run({ source: `await hold(); ${SPY_PROGRAM}`, bindings: { ...spyBindings, hold: () => pause() } })
    const token = (paused as { paused: { token: string } }).paused.token
    const tokens = fc.oneof(fc.constant(token), fc.constant(token.slice(0, -3)), fc.constant(`${token}x`), fc.constant(token.replace('crb1', 'crb9')), arbitraryValue)
    const answers = fc.oneof(fc.record({ reply: arbitraryValue }), fc.record({ error: fc.oneof(fc.record({ name: arbitraryValue, message: arbitraryValue }, { requiredKeys: [] }), arbitraryValue) }), arbitraryValue)
    const options = fc.oneof(fc.record({ limits: arbitraryLimits, signal: arbitraryValue, onLog: arbitraryValue, bindings: fc.constant({ ...spyBindings, hold: () => 0 }) }, { requiredKeys: ['bindings'] }), arbitraryValue)
    await fc.assert(
      fc.asyncProperty(tokens, answers, options, async (value, answer, resumeOptions) => {
        const spy = (currentSpy = spyBinding())
        const [how, outcome] = await settle(() => runtime.resume(value as never, answer as never, resumeOptions as never), 'resume with arbitrary arguments')
        if (how === 'error') {
          expectClearError(outcome, ['resume(', 'token', 'reply', 'error', 'limits', 'signal', 'onLog', 'bindings'])
          expect(spy.calls).toBe(0)
        } else {
          const result = outcome as { ok: boolean; error?: { kind: string } }
          expect(typeof result.ok).toBe('boolean')
          if (!result.ok && result.error?.kind === 'token') expect(spy.calls).toBe(0)
        }
      }),
      RUNS,
    )
  })

  it('gives the program whatever a binding returns or throws as a value or an error', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryValue, fc.boolean(), fc.boolean(), async (value, throws, async) => {
        const tool = () => {
          if (throws) throw value
          return async ? Promise.resolve(value) : value
        }
        const [how, outcome] = await settle(
          () => runtime.run({ source: 'try { await tool(); return "returned" } catch (e) { return "threw" }', bindings: { tool } }),
          'run whose binding returns an arbitrary value',
        )
        expect(how).toBe('ok')
        expect(outcome).toMatchObject({ ok: true })
        if (throws) expect((outcome as { value: unknown }).value).toBe('threw')
      }),
      RUNS,
    )
  })
})

describe('sessions', () => {
  let runtime: CodeRuntime
  beforeAll(() => (runtime = createCodeRuntime({ limits: { computeMs: 2000, maxWallMs: 5000 } })))
  afterAll(() => runtime.dispose())

  const SESSION_NAMES = ['createSession', 'bindings', 'binding name', 'limits', 'frame', 'observeMs', 'idleMs']

  it('createSession takes any options, or rejects naming the option, without opening a session', async () => {
    const options = fc.record(
      { bindings: arbitraryValue, limits: arbitraryLimits, frame: arbitraryValue, observeMs: fc.oneof(edgeNumber, arbitraryValue), idleMs: fc.oneof(edgeNumber, arbitraryValue) },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(options, arbitraryValue), async (value) => {
        const before = (runtime as unknown as { liveThreads: number }).liveThreads
        const [how, outcome] = await settle(() => runtime.createSession(value as never), 'createSession with arbitrary options')
        if (how === 'error') {
          expectClearError(outcome, SESSION_NAMES)
          expect((runtime as unknown as { liveThreads: number }).liveThreads).toBeLessThanOrEqual(before)
        } else {
          await within((outcome as { stop(): Promise<void> }).stop(), 10_000, 'session stop')
        }
      }),
      RUNS,
    )
  })

  it('execute, wait, stageInputs and terminate take any arguments, or reject naming the option, and the session goes on', async () => {
    const spy = spyBinding()
    const session = await runtime.createSession({ bindings: { probe: spy.probe }, observeMs: 5000 })
    const executeOptions = fc.record(
      {
        code: fc.oneof(fc.constant('await probe(); return 2'), arbitraryValue),
        language: fc.oneof(fc.constantFrom('typescript', 'javascript'), arbitraryValue),
        timeoutMs: fc.oneof(edgeNumber, arbitraryValue),
        signal: arbitraryValue,
        observeMs: fc.oneof(edgeNumber, arbitraryValue),
        maxOutputBytes: fc.oneof(edgeNumber, arbitraryValue),
      },
      { requiredKeys: [] },
    )
    const call = fc.oneof(
      fc.record({ op: fc.constant('execute' as const), arg: fc.oneof(executeOptions, arbitraryValue) }),
      fc.record({ op: fc.constant('wait' as const), arg: fc.oneof(fc.record({ observeMs: fc.oneof(edgeNumber, arbitraryValue), maxOutputBytes: fc.oneof(edgeNumber, arbitraryValue) }, { requiredKeys: [] }), arbitraryValue) }),
      fc.record({
        op: fc.constant('stageInputs' as const),
        arg: fc.oneof(arbitraryValue, fc.array(fc.oneof(arbitraryValue, fc.record({ name: fc.oneof(fc.constantFrom('a.txt', 'data'), arbitraryValue), data: fc.oneof(fc.string(), fc.uint8Array(), arbitraryValue) })), { maxLength: 3 })),
      }),
      fc.record({ op: fc.constant('terminate' as const), arg: fc.constant(undefined) }),
    )
    try {
      await fc.assert(
        fc.asyncProperty(call, async ({ op, arg }) => {
          const callsBefore = spy.calls
          const [how, outcome] = await settle(() => (session as any)[op](arg), `session.${op} with arbitrary arguments`)
          if (how === 'ok') {
            if (op === 'execute' || op === 'wait' || op === 'terminate') expect(['completed', 'still_working', 'terminated', 'error']).toContain((outcome as { status: string }).status)
            return
          }
          const message = (outcome as Error)?.message ?? ''
          // Calls out of order ("no program is running", "still running") are plain Errors by design.
          if (/no program is running|still running/.test(message)) return
          expectClearError(outcome, ['execute({ code })', 'language', 'timeoutMs', 'signal', 'observeMs', 'maxOutputBytes', 'wait(options)', 'stageInputs'])
          if (op === 'execute') expect(spy.calls).toBe(callsBefore)
        }),
        RUNS,
      )
      // after all that the session still runs programs
      await session.terminate()
      const final = await within(session.execute({ code: 'return 40 + 2' }), 10_000, 'final execute')
      expect(final).toMatchObject({ status: 'completed', value: 42 })
    } finally {
      await session.stop()
    }
  })
})

describe('describeBindings', () => {
  it('takes any catalog and options, or throws a TypeError naming describeBindings', () => {
    const tool = fc.record({ inputSchema: fc.oneof(fc.constant({ type: 'object' }), arbitraryValue), execute: fc.oneof(fc.constant(() => 1), arbitraryValue), name: arbitraryValue }, { requiredKeys: [] })
    const catalog = fc.oneof(arbitraryValue, fc.array(tool, { maxLength: 3 }), fc.dictionary(fc.string(), fc.oneof(tool, arbitraryValue), { maxKeys: 3 }))
    fc.assert(
      fc.property(catalog, fc.oneof(fc.constant(undefined), fc.record({ namespace: arbitraryValue }, { requiredKeys: [] })), (value, options) => {
        try {
          const described = describeBindings(value as never, options as never)
          expect(typeof described.declarations).toBe('string')
        } catch (error) {
          expectClearError(error, ['describeBindings'])
        }
      }),
      { numRuns: 200 },
    )
  })
})

describe('BoaExecutor', () => {
  let runtime: CodeRuntime
  beforeAll(() => (runtime = createCodeRuntime()))
  afterAll(() => runtime.dispose())

  it('constructor takes any options, or throws a TypeError naming BoaExecutor', () => {
    fc.assert(
      fc.property(fc.oneof(arbitraryValue, fc.record({ runtime: arbitraryValue, limits: arbitraryLimits, language: arbitraryValue }, { requiredKeys: [] })), (options) => {
        try {
          new BoaExecutor(options as never)
        } catch (error) {
          expectClearError(error, ['BoaExecutor'])
        }
      }),
      { numRuns: 200 },
    )
  })

  it('execute never rejects, whatever its code, providers and options', async () => {
    const executor = new BoaExecutor({ runtime })
    const spy = spyBinding()
    const providers = fc.oneof(
      arbitraryValue,
      fc.constant({ probe: spy.probe }),
      fc.array(fc.record({ name: fc.oneof(fc.constantFrom('codemode', 'tools'), arbitraryValue), fns: fc.oneof(fc.constant({ probe: spy.probe }), arbitraryValue), prelude: fc.oneof(fc.constant(undefined), arbitraryValue) }, { requiredKeys: [] }), { maxLength: 2 }),
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant('async () => 7'), arbitraryValue), providers, arbitraryValue, async (code, fns, options) => {
        const [how, outcome] = await settle(() => executor.execute(code as never, fns as never, options as never), 'BoaExecutor.execute')
        expect(how).toBe('ok')
        const { error } = outcome as { result: unknown; error?: unknown }
        expect(error === undefined || typeof error === 'string').toBe(true)
      }),
      RUNS,
    )
    await executor.dispose()
  })

  it('resume never rejects, whatever its token, answer and providers', async () => {
    const executor = new BoaExecutor({ runtime })
    const first = await executor.execute('async () => codemode.hold()', { hold: () => pause() })
    const token = first.paused?.token
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(token), arbitraryValue), fc.oneof(fc.record({ reply: arbitraryValue }), arbitraryValue), fc.oneof(fc.constant({ hold: () => 1 }), arbitraryValue), async (value, answer, fns) => {
        const [how, outcome] = await settle(() => executor.resume(value as never, answer as never, fns as never), 'BoaExecutor.resume')
        expect(how).toBe('ok')
        const { error } = outcome as { result: unknown; error?: unknown }
        expect(error === undefined || typeof error === 'string').toBe(true)
      }),
      RUNS,
    )
    await executor.dispose()
  })
})

describe('cordis plugin and registerCodeRuntime', () => {
  it('apply and registerCodeRuntime take any ctx and options, or throw a clear TypeError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(arbitraryValue, fc.constant(null).map(() => ({}))), fc.oneof(arbitraryValue, fc.record({ limits: arbitraryLimits, maxConcurrency: arbitraryValue }, { requiredKeys: [] })), fc.boolean(), async (ctx, options, viaPlugin) => {
        try {
          if (viaPlugin) CodeRuntimePlugin.apply(ctx as never, options as never)
          else registerCodeRuntime(ctx as never, options as never)
        } catch (error) {
          if (error instanceof Error && error.message.includes('already set')) return
          return expectClearError(error, ['registerCodeRuntime', 'createCodeRuntime', 'limits', 'maxConcurrency'])
        }
        const runtime = (ctx as { codeRuntime: CodeRuntime }).codeRuntime
        await within(runtime.dispose(), 10_000, 'dispose')
      }),
      { numRuns: 100 },
    )
  })
})

describe('the CLI', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-runtime-boa-properties-'))
  const marker = path.join(dir, 'started')
  const program = path.join(dir, 'program.ts')
  const bindings = path.join(dir, 'bindings.js')
  fs.writeFileSync(program, 'await probe()\nreturn 1\n')
  fs.writeFileSync(bindings, `module.exports = { probe: () => require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x') }\n`)
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  const cli = (args: string[]) =>
    new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [path.join(ROOT, 'lib', 'cli.js'), ...args], { cwd: dir, timeout: 20_000 }, (error, _stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, signal: (error?.signal as string) ?? null, stderr })
      })
    })

  const flagValue = fc.oneof(
    fc.constantFrom('0', '1', '-1', '1e3', 'NaN', 'Infinity', '2147483647', '2147483648', '9007199254740993', '99999999999999999999', '', ' 5', '0x10', '1.5'),
    fc.string({ maxLength: 12 }),
  )
  const flag = fc.oneof(
    fc.tuple(fc.constantFrom('--compute-ms', '--wall-ms'), flagValue).map(([f, v]) => [f, v]),
    fc.tuple(fc.constantFrom('--compute-ms', '--wall-ms'), flagValue).map(([f, v]) => [`${f}=${v}`]),
    fc.constantFrom(['--json'], ['--bindings', 'bindings.js'], ['--bindings'], ['-h'], ['--unknown'], ['extra.ts']),
    fc.string({ maxLength: 8 }).map((s) => [s]),
  )

  it('exits 0, 1 or 2 on any flags, and a usage error (2) names the problem without starting the program', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(flag, { maxLength: 4 }), fc.boolean(), async (flags, withProgram) => {
        fs.rmSync(marker, { force: true })
        const args = [...(withProgram ? ['run', 'program.ts', '--bindings', 'bindings.js'] : []), ...flags.flat()]
        const { code, signal, stderr } = await cli(args)
        expect(signal).toBe(null)
        expect([0, 1, 2]).toContain(code)
        if (code === 2) {
          expect(stderr).toMatch(/^code-runtime-boa: [^\n]+\n(.+\n)*Usage: /)
          expect(fs.existsSync(marker)).toBe(false)
        }
        if (code === 1) expect(stderr).not.toMatch(/^\s+at /m)
      }),
      { numRuns: 25 },
    )
  }, 120_000)
})

// The cases the properties above found, kept as examples so they fail the same way every time.
describe('values the properties found', () => {
  it('a look-alike signal is a TypeError before anything starts, even queued behind another run', async () => {
    // before: its removeEventListener threw inside the addon's callback when the queued run started, killing Node
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime({ maxConcurrency: 1 })
      let release; const gate = new Promise((r) => (release = r))
      let probes = 0
      const first = rt.run({ source: 'await hold(); return 1', bindings: { hold: () => gate } })
      const fake = { aborted: false, addEventListener() {}, removeEventListener() { throw new Error('fake') } }
      rt.run({ source: 'await probe()', bindings: { probe: () => probes++ }, signal: fake }).then(
        () => console.log('accepted'), (e) => console.log(e.constructor.name, e.message))
      release()
      first.then((r) => rt.run({ source: 'return 0' })).then(() => { console.log('probes', probes); return rt.dispose() })
    `)
    expect(child).toMatchObject({ status: 0, signal: null })
    expect(child.stdout).toContain('TypeError signal must be an AbortSignal')
    expect(child.stdout).toContain('probes 0')
  })

  it('a real AbortSignal with overridden listener methods still stops the run', async () => {
    const runtime = createCodeRuntime()
    try {
      const controller = new AbortController()
      Object.assign(controller.signal, { addEventListener: hostile, removeEventListener: hostile })
      const run = runtime.run({ source: 'while (true) {}', signal: controller.signal })
      setTimeout(() => controller.abort(), 20)
      const result = await within(run, 10_000, 'the aborted run')
      expect(!result.ok && result.error.kind).toBe('aborted')
    } finally {
      await runtime.dispose()
    }
  })

  it('a session keeps the caller\'s signal working after execute returns and a GC ran', async () => {
    const child = await runInChild(`
      (async () => {
        const rt = runtime.createCodeRuntime()
        const session = await rt.createSession()
        const controller = new AbortController()
        const first = await session.execute({ code: 'while (true) {}', signal: controller.signal, observeMs: 50 })
        global.gc(); await new Promise((r) => setTimeout(r, 50)); global.gc()
        controller.abort()
        const done = await session.wait({ observeMs: 10000 })
        console.log(first.status, done.status)
        await rt.dispose()
      })()
    `, { nodeArgs: ['--expose-gc'] })
    expect(child.stdout.trim()).toBe('still_working terminated')
  })

  it('values that break String() or JSON.stringify give a TypeError naming the option', async () => {
    expect(() => createCodeRuntime({ maxConcurrency: Object.create(null) })).toThrow(/maxConcurrency must be .* got an object/)
    expect(() => describeBindings({}, { namespace: 0n as never })).toThrow(/namespace must be a JavaScript identifier .* got 0n/)
    expect(() => describeBindings({ tool: 0n } as never)).toThrow(/'tool' must be a tool .* got bigint 0n/)
    expect(() => new BoaExecutor({ language: 0n as never })).toThrow(/options.language must be .* got 0n/)
    expect(() => new BoaExecutor(null as never)).toThrow(/BoaExecutor: options must be an object .* got null/)
    expect(() => new BoaExecutor(7 as never)).toThrow(/BoaExecutor: options must be an object .* got 7/)
    const runtime = createCodeRuntime()
    try {
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      await expect(runtime.createSession({ frame: cyclic })).rejects.toThrow(/frame must be JSON data .*: Converting circular/)
      await expect(runtime.createSession({ frame: { n: 1n } })).rejects.toThrow(/frame must be JSON data .*: Do not know how to serialize a BigInt/)
      const session = await runtime.createSession()
      await expect(session.stageInputs([{ name: 1n as never, data: 'x' }])).rejects.toThrow(/input 0: name 1n must be/)
      await session.stop()
    } finally {
      await runtime.dispose()
    }
  })

  it('a CLI budget past the longest timer is a usage error, not a stack trace', async () => {
    const child = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [path.join(ROOT, 'lib', 'cli.js'), 'run', 'examples/agent.ts', '--compute-ms', '2147483648'], { cwd: ROOT }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
      )
    })
    expect(child.code).toBe(2)
    expect(child.stderr).toContain("--compute-ms expects a whole number of milliseconds from 1 to 2147483647, got '2147483648'")
  })
})
