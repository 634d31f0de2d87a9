import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { deferred, errorOf, liveThreads, runInChild, sleep, until, valueOf, within } from './helpers.js'
import { threadCount } from './thread-count.cjs'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

async function timed<T>(promise: Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const value = await promise
  return [value, performance.now() - started]
}


describe('compute budget', () => {
  // Each shape spins forever somewhere the engine might not look; each must end by the compute budget.
  const shapes: [string, string][] = [
    ['a bare loop', `while (true) {}`],
    ['a loop in try/finally', `try { while (true) {} } finally { console.log('finally ran') }`],
    ['a loop under a catch-all', `try { while (true) {} } catch { console.log('swallowed') }\nreturn 'swallowed'`],
    ['a loop under catch (e)', `try { while (true) {} } catch (e) { console.log('caught', e) }\nreturn 'swallowed'`],
    ['a forEach callback', `[1, 2, 3].forEach(() => { while (true) {} })`],
    ['a sort comparator', `[3, 1, 2].sort(() => { while (true) {} return 0 })`],
    ['a getter', `const o = { get x() { while (true) {} return 1 } }\no.x`],
    ['a Proxy trap', `const p = new Proxy({}, { get() { while (true) {} } })\n;(p as any).x`],
    ['a toString hook', `'' + { toString() { while (true) {} } }`],
    ['a valueOf hook', `const n = 1 + ({ valueOf() { while (true) {} } } as any)`],
    ['toJSON on the returned value', `return { toJSON() { while (true) {} } }`],
    ['code after an await', `await null\nwhile (true) {}`],
    ['a promise reaction', `await Promise.resolve().then(() => { while (true) {} })`],
    ['a .catch after the stop', `await Promise.resolve().then(() => { while (true) {} }).catch(() => 'caught')\nreturn 'swallowed'`],
    ['a generator body', `function* g() { while (true) {} }\ng().next()`],
    ['an async generator body', `async function* g() { while (true) {} }\nawait g().next()`],
    ['fib(60) recursion', `function fib(n: number): number { return n < 2 ? n : fib(n - 1) + fib(n - 2) }\nreturn fib(60)`],
    ['a setTimeout callback', `await new Promise(() => setTimeout(() => { while (true) {} }, 5))`],
    ['a tight setInterval', `setInterval(() => {}, 0)\nawait new Promise(() => {})`],
    ['queueMicrotask re-queueing itself', `const again = () => queueMicrotask(again)\nagain()\nawait new Promise(() => {})`],
    ['an endless .then chain', `const next = (): Promise<void> => Promise.resolve().then(next)\nnext()\nawait new Promise(() => {})`],
    // Inside built-ins, where no instruction of the program runs for a long time.
    ['catastrophic regex backtracking', `try { /(a+)+$/.test('a'.repeat(40) + 'b') } catch { console.log('swallowed') }\nreturn 'swallowed'`],
    ['a built-in walking a huge array-like', `try { Array.prototype.forEach.call({ length: 1e15 }, () => {}) } catch { console.log('swallowed') }\nreturn 'swallowed'`],
    ['a sort of a huge array-like', `Array.prototype.sort.call({ length: 2 ** 32 - 1 })`],
    ['toLocaleString of a huge array-like', `Array.prototype.toLocaleString.call({ length: 2 ** 32 - 1 })`],
    ['JSON.stringify of a huge array proxy', `JSON.stringify(new Proxy([], { get: (_, key) => (key === 'length' ? 2 ** 32 - 1 : undefined) }))`],
  ]

  it.each(shapes)('stops %s', async (_name, source) => {
    const [result, ms] = await timed(runtime.run({ source, limits: { computeMs: 150, maxWallMs: 10_000 } }))
    const error = errorOf(result)
    expect(error.kind).toBe('compute_budget')
    expect(error.message).toMatch(/150 ms/)
    expect(result.logs.map((entry) => entry.text)).not.toContain('swallowed')
    expect(result.logs.some((entry) => entry.text.startsWith('caught'))).toBe(false)
    expect(ms).toBeLessThan(5_000)
  })

  it('does not count time spent waiting on a binding', async () => {
    const result = await runtime.run({
      source: `return await slow()`,
      bindings: { slow: () => new Promise((resolve) => setTimeout(() => resolve('late'), 400)) },
      limits: { computeMs: 100 },
    })
    expect(valueOf(result)).toBe('late')
    expect(result.stats.computeMs).toBeLessThan(100)
    expect(result.stats.wallMs).toBeGreaterThanOrEqual(300)
  })
})

describe('built-ins over large strings', () => {
  // Each was quadratic in Boa (StringIndexOf stepped to its start index): minutes, not milliseconds.
  it.each([
    ['split', `return 'ab,'.repeat(1e6).split(',').length`, 1_000_001],
    ['replaceAll', `return 'a'.repeat(1e6).replaceAll('a', 'bb').length`, 2_000_000],
    ['an indexOf loop', `const s = 'ab,'.repeat(1e6)\nlet n = 0\nfor (let i = s.indexOf(','); i >= 0; i = s.indexOf(',', i + 1)) n++\nreturn n`, 1_000_000],
  ])('%s finishes well within the default compute budget', async (_name, source, expected) => {
    expect(valueOf(await runtime.run({ source }))).toBe(expected)
  })
})

describe('timers and host replies', () => {
  // A timer that is always due must not keep the program thread from a binding's reply or from
  // ending: each program here ends with its value, not with a budget.
  const tool = async () => 'replied'
  it.each([
    ['a 0 ms interval', `setInterval(() => {}, 0)\nreturn await tool()`],
    ['an interval of 2 ** 62 ms', `setInterval(() => {}, 2 ** 62)\nreturn await tool()`],
    ['an interval of Infinity', `setInterval(() => {}, Infinity)\nreturn await tool()`],
    ['a timeout rescheduling itself', `const again = () => setTimeout(again, 0)\nagain()\nreturn await tool()`],
    ['intervals replying to each other', `for (let i = 0; i < 50; i++) setInterval(() => Promise.resolve(), 0)\nawait tool()\nreturn await tool()`],
  ])('%s yields to a binding reply', async (_name, source) => {
    const result = await within(runtime.run({ source, bindings: { tool }, limits: { computeMs: 2_000, maxWallMs: 10_000 } }), 15_000, 'the run')
    expect(valueOf(result)).toBe('replied')
  })

  it('a program with a live 0 ms interval ends when its body returns', async () => {
    const result = await within(runtime.run({ source: `setInterval(() => {}, 0)\nreturn 'done'`, limits: { computeMs: 2_000 } }), 15_000, 'the run')
    expect(valueOf(result)).toBe('done')
  })

  it('a delay past 2 ** 31 - 1 ms fires at once, as in Node', async () => {
    const source = `return await new Promise((resolve) => setTimeout(() => resolve('fired'), 2 ** 31))`
    expect(valueOf(await within(runtime.run({ source, limits: { maxWallMs: 10_000 } }), 15_000, 'the run'))).toBe('fired')
  })
})

describe('wall budget', () => {
  it('ends a never-settling promise', async () => {
    const [result, ms] = await timed(runtime.run({ source: `await new Promise(() => {})`, limits: { maxWallMs: 300 } }))
    const error = errorOf(result)
    expect(error.kind).toBe('wall_budget')
    expect(ms).toBeGreaterThanOrEqual(250)
    expect(ms).toBeLessThan(5_000)
  })

  it('ends a wait on a binding that never answers', async () => {
    const [result, ms] = await timed(runtime.run({
      source: `await never()`,
      bindings: { never: () => new Promise(() => {}) },
      limits: { maxWallMs: 300 },
    }))
    expect(errorOf(result).kind).toBe('wall_budget')
    expect(ms).toBeLessThan(5_000)
  })

  // The budget starts when the program does: a run queued behind maxConcurrency (thread), or for
  // a child while every child is busy (process: one child, two slots), has not started.
  it('does not count the time a run waits for a slot or a child', async () => {
    const onProcess = process.env.TEST_SUBSTRATE === 'process'
    const queued = onProcess ? { maxConcurrency: 2, pool: { maxChildren: 1 } } : { maxConcurrency: 1 }
    const busy = createCodeRuntime(queued)
    const held = deferred<number>()
    const entered = deferred()
    const holder = busy.run({ source: `return await tools.hold()`, bindings: { tools: { hold: () => (entered.resolve(), held.promise) } } })
    await within(entered.promise, 20_000, 'the first run reaching its binding')
    const waiting = busy.run({ source: `return 2`, limits: { maxWallMs: 1_000 } })
    // Queued for twice its wall budget before a slot frees; on the process substrate past the
    // host's own deadline too (the wall budget and 5 s of grace, after which it kills a child).
    await sleep(onProcess ? 7_000 : 2_000)
    held.resolve(1)
    expect(valueOf(await holder)).toBe(1)
    expect(valueOf(await waiting)).toBe(2)
    await busy.dispose()
  }, 30_000)
})

describe('abort', () => {
  it('stops a running program', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const [result, ms] = await timed(runtime.run({ source: `while (true) {}`, signal: controller.signal, limits: { computeMs: 20_000 } }))
    expect(errorOf(result).kind).toBe('aborted')
    expect(ms).toBeLessThan(5_000)
  })

  it('stops a program waiting on a binding', async () => {
    const controller = new AbortController()
    const result = runtime.run({
      source: `await never()`,
      signal: controller.signal,
      bindings: { never: () => { setTimeout(() => controller.abort(), 20); return new Promise(() => {}) } },
      limits: { maxWallMs: 20_000 },
    })
    const [settled, ms] = await timed(result)
    expect(errorOf(settled).kind).toBe('aborted')
    expect(ms).toBeLessThan(5_000)
  })

  it('never starts a program whose signal is already aborted', async () => {
    let calls = 0
    const result = await runtime.run({ source: `await touch()\nreturn 1`, signal: AbortSignal.abort(), bindings: { touch: () => { calls++ } } })
    expect(errorOf(result).kind).toBe('aborted')
    expect(calls).toBe(0)
  })
})

describe('memory budget', () => {
  const limits = { maxMemoryBytes: 32 * 1024 * 1024, computeMs: 4_000, maxWallMs: 10_000 }

  it('stops a push loop', async () => {
    const run = runtime.run({ source: `const rows: unknown[] = []\nwhile (true) rows.push({ i: rows.length, tag: 'row' })`, limits })
    const error = errorOf(await within(run, 15_000, 'the push-loop run'))
    expect(error.kind).toBe('memory_budget')
  })

  it('stops string doubling', async () => {
    const run = runtime.run({ source: `let s = 'x'\nwhile (true) s = s + s`, limits })
    const error = errorOf(await within(run, 15_000, 'the string-doubling run'))
    expect(error.kind).toBe('memory_budget')
  })

  it('stops a regular expression whose backtracking outgrows the budget', async () => {
    const source = `let s = 'ab'\nfor (let i = 0; i < 20; i++) s += s\nreturn /(?:a|b)*c/.test(s)`
    const run = runtime.run({ source, limits })
    const error = errorOf(await within(run, 15_000, 'the regular-expression run'))
    expect(error.kind).toBe('memory_budget')
  })

  it.each([
    ['new ArrayBuffer(2 ** 33)', `new ArrayBuffer(2 ** 33)`],
    ['new Uint8Array(2 ** 32)', `new Uint8Array(2 ** 32)`],
  ])('makes %s a RangeError inside the program', async (_name, expression) => {
    expect(valueOf(await runtime.run({ source: `try { ${expression}; return 'allocated' } catch (e) { return [e instanceof RangeError, e.name] }`, limits })))
      .toEqual([true, 'RangeError'])
    const error = errorOf(await runtime.run({ source: expression, limits }))
    expect(error).toMatchObject({ kind: 'runtime', name: 'RangeError' })
  })

  it('turns unbounded recursion into a RangeError, not a crash', async () => {
    const error = errorOf(await runtime.run({ source: `function r(): unknown { return r() }\nr()`, limits }))
    expect(error.kind).toBe('runtime')
    expect(error.name).toBe('RangeError')
    expect(error.message.length).toBeLessThan(1_000)
  })

  it('lets the program catch unbounded recursion', async () => {
    const value = valueOf(await runtime.run({ source: `function r(): unknown { return r() }\ntry { r() } catch (e) { return [e instanceof RangeError, e.name] }`, limits }))
    expect(value).toEqual([true, 'RangeError'])
  })

  it('refuses a program too large to parse within it as a memory_budget error, naming both fixes', async () => {
    // Parsing allocates up to 256 bytes per byte of source before any check counts it.
    const source = `return [${'1,'.repeat(50_000)}].length`
    expect(valueOf(await runtime.run({ source, limits }))).toBe(50_000)
    const tooSmall = errorOf(await runtime.run({ source, limits: { ...limits, maxMemoryBytes: 16 * 1024 * 1024 } }))
    expect(tooSmall).toMatchObject({ kind: 'memory_budget', name: 'BudgetExceeded' })
    expect(tooSmall.message).toMatch(/maxMemoryBytes.*bindings/)
    expect(errorOf(await runtime.run({ source: 'return 1', limits: { maxMemoryBytes: 0 } })).kind).toBe('memory_budget')
  })

  it('reports a deeply nested literal as a syntax error', async () => {
    const error = errorOf(await runtime.run({ source: `return ${'['.repeat(5_000)}${']'.repeat(5_000)}`, limits }))
    expect(error.kind).toBe('syntax')
    expect(error.line).toBe(1)
  })
})

describe('after a budget trip', () => {
  it('the runtime still runs a normal program', async () => {
    const trips = await Promise.all([
      runtime.run({ source: `while (true) {}`, limits: { computeMs: 50 } }),
      runtime.run({ source: `await new Promise(() => {})`, limits: { maxWallMs: 50 } }),
      runtime.run({ source: `let s = 'x'\nwhile (true) s += s`, limits: { maxMemoryBytes: 4 * 1024 * 1024 } }),
    ].map((run, i) => within(run, 15_000, `trip ${i}`)))
    expect(trips.map((result) => errorOf(result).kind)).toEqual(['compute_budget', 'wall_budget', 'memory_budget'])
    const result = await runtime.run({ source: `const xs = [1, 2, 3]\nconsole.log('fine')\nreturn xs.map((x) => x * 2)` })
    expect(valueOf(result)).toEqual([2, 4, 6])
    expect(result.logs).toEqual([{ level: 'log', text: 'fine' }])
  })
})

describe('dispose', () => {
  it('ends runs in flight, is idempotent and refuses new runs', async () => {
    const rt = createCodeRuntime()
    const spinning = rt.run({ source: `while (true) {}`, limits: { computeMs: 20_000 } })
    const waiting = rt.run({ source: `await never()`, bindings: { never: () => new Promise(() => {}) }, limits: { maxWallMs: 20_000 } })
    await sleep(100)
    const [both, ms] = await timed(Promise.all([rt.dispose(), rt.dispose()]).then(() => Promise.all([spinning, waiting])))
    expect(both.map((result) => errorOf(result).kind)).toEqual(['disposed', 'disposed'])
    expect(ms).toBeLessThan(5_000)
    await rt.dispose()
    expect(errorOf(await rt.run({ source: `return 1` })).kind).toBe('disposed')
    expect(liveThreads(rt)).toBe(0)
  })
})

describe('leaks', () => {
  it('200 budget trips leave no program threads behind', async () => {
    const rt = createCodeRuntime()
    try {
      valueOf(await rt.run({ source: `return 1` }))
      await until(() => liveThreads(rt) === 0, 2_000)
      const before = threadCount()
      const compute = () => rt.run({ source: `while (true) {}`, limits: { computeMs: 5 } })
      const wall = () => rt.run({ source: `await new Promise(() => {})`, limits: { maxWallMs: 5 } })
      const memory = () => rt.run({ source: `let s = 'x'\nwhile (true) s += s`, limits: { maxMemoryBytes: 1024 * 1024, maxWallMs: 5_000 } })
      const abort = () => {
        const controller = new AbortController()
        setTimeout(() => controller.abort(), 5)
        return rt.run({ source: `while (true) {}`, signal: controller.signal })
      }
      const kinds = new Set<string>()
      // 50 batches of 4 concurrent runs; memory trips are slower, so only every tenth batch has one.
      for (let batch = 0; batch < 50; batch++) {
        const trips = [compute, wall, abort, batch % 10 === 0 ? memory : compute]
        const results = await within(Promise.all(trips.map((trip) => trip())), 8_000, `batch ${batch} (${trips.map((trip) => trip.name).join(', ')})`)
        for (const result of results) kinds.add(errorOf(result).kind)
      }
      expect([...kinds].sort()).toEqual(['aborted', 'compute_budget', 'memory_budget', 'wall_budget'])
      await until(() => liveThreads(rt) === 0, 5_000)
      expect(liveThreads(rt)).toBe(0)
      // On the process substrate each child alive has a reader and a writer thread in the host;
      // the pool keeps at most one child per concurrent run (4) and its warm ones (2), once the
      // children killed for a budget are reaped (their replacements may start first).
      const children = () => (rt as unknown as { childPids: number[] }).childPids.length
      await until(() => children() <= 6, 5_000)
      expect(children()).toBeLessThanOrEqual(6)
      await until(() => threadCount() <= before + 4 + 2 * children(), 5_000)
      expect(threadCount()).toBeLessThanOrEqual(before + 4 + 2 * children())
      expect(valueOf(await rt.run({ source: `return 'still fine'` }))).toBe('still fine')
      await within(rt.dispose(), 5_000, 'dispose()')
      expect(liveThreads(rt)).toBe(0)
    } finally {
      // Bounded, so a failure above is reported rather than a hang of dispose() on a stuck thread.
      await within(rt.dispose(), 5_000, 'dispose()').catch(() => {})
    }
  }, 30_000)
})

describe('a stop while an error object is made', () => {
  // The engine defined an error's `message` and `cause` through a path that counts steps and
  // expected it never to fail; a budget landing there panicked the engine (5 runs in 20 here).
  it('ends the run with the budget and panics nothing', async () => {
    const child = await runInChild(`
      ;(async () => {
        const rt = runtime.createCodeRuntime({ limits: { computeMs: 20 } })
        const kinds = new Set()
        for (let i = 0; i < 20; i++) {
          const r = await rt.run({ source: "for (;;) { try { null.x } catch {} new RangeError('m', { cause: 1 }) }" })
          kinds.add(r.error?.kind)
        }
        await rt.dispose()
        console.log(JSON.stringify([...kinds]))
      })()`)
    expect(child.stderr).not.toContain('panicked')
    expect(JSON.parse(child.stdout)).toEqual(['compute_budget'])
  })
})
