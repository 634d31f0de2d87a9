// The runtime as an agent uses it over time: minutes between runs, options from config files,
// sessions awaited to the end, runtimes dropped without dispose, many runs at once. Whatever
// could end a process runs in a child process (runInChild), so this suite survives to report it.
import { describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { BoaExecutor } from '../lib/adapters/codemode.js'
import { THREAD_COUNT, errorOf, runInChild, sleep, valueOf } from './helpers.js'

describe('idle gaps longer than the wall budget', () => {
  it('a run with bindings starts normally after a gap past maxWallMs', async () => {
    // A budget a loaded machine's run fits in, and a gap past it.
    const rt = createCodeRuntime({ limits: { maxWallMs: 1_500 } })
    try {
      const bindings = { echo: async (x: number) => x }
      expect(valueOf(await rt.run({ source: `return await echo(1)`, bindings }))).toBe(1)
      await sleep(2_000)
      expect(valueOf(await rt.run({ source: `return await echo(2)`, bindings }))).toBe(2)
    } finally {
      await rt.dispose()
    }
  })

  it('a session executes normally after a gap past maxWallMs', async () => {
    const rt = createCodeRuntime()
    try {
      const s = await rt.createSession({ limits: { maxWallMs: 1_500 }, bindings: { echo: async (x: number) => x } })
      expect((await s.execute({ code: `return await echo(1)` })).value).toBe(1)
      await sleep(2_000)
      expect(await s.execute({ code: `return await echo(2)` })).toMatchObject({ status: 'completed', value: 2 })
    } finally {
      await rt.dispose()
    }
  })
})

describe('host input is checked before anything starts', () => {
  it.each([
    ['an infinite session timeout', `await s.execute({ code: 'return 1', timeoutMs: Infinity })`, /timeoutMs must be a number from 0 to 2147483647/],
    ['a limit of 1e300', `await rt.run({ source: 'return 1', limits: { computeMs: 1e300 } })`, /limits.computeMs must be a number from 0 to 2147483647/],
    ['an idle time past setTimeout\'s range', `await rt.createSession({ idleMs: 2 ** 31 })`, /idleMs must be a number from 0 to 2147483647 or Infinity/],
    ['a NaN observation', `await s.wait({ observeMs: NaN })`, /observeMs must be a number/],
  ])('%s is a TypeError naming the option, and the process lives on', async (_, statement, message) => {
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime()
      ;(async () => {
        const s = await rt.createSession()
        try { ${statement}; console.log('accepted') } catch (error) { console.log(error.name + ': ' + error.message) }
        await rt.dispose()
      })()
    `)
    expect(child.signal, child.stderr).toBeNull()
    expect(child.status, child.stderr).toBe(0)
    expect(child.stdout).toMatch(/^TypeError: /)
    expect(child.stdout).toMatch(message)
  })

  it('a signal that is not an AbortSignal rejects run() before the program starts', async () => {
    const rt = createCodeRuntime()
    try {
      let called = 0
      const run = rt.run({ source: `await tool(); return 1`, bindings: { tool: () => void called++ }, signal: { aborted: false } as never })
      await expect(run).rejects.toThrow(/signal must be an AbortSignal/)
      await sleep(100)
      expect(called).toBe(0)
    } finally {
      await rt.dispose()
    }
  })

  it('a session execute with a bad option does not start its program', async () => {
    const rt = createCodeRuntime()
    try {
      let called = 0
      const s = await rt.createSession({ bindings: { tool: () => void called++ } })
      await expect(s.execute({ code: `await tool()`, maxOutputBytes: -1 })).rejects.toThrow(/maxOutputBytes must be a number/)
      await expect(s.execute({ code: `await tool()`, signal: 'stop' as never })).rejects.toThrow(/signal must be an AbortSignal/)
      await sleep(100)
      expect(called).toBe(0)
      expect(await s.execute({ code: `return 'still usable'` })).toMatchObject({ status: 'completed', value: 'still usable' })
    } finally {
      await rt.dispose()
    }
  })

  it('idleMs: Infinity never reaps the session', async () => {
    const rt = createCodeRuntime()
    try {
      const s = await rt.createSession({ idleMs: Infinity })
      await sleep(200)
      expect(await s.execute({ code: `return 1` })).toMatchObject({ status: 'completed', value: 1 })
    } finally {
      await rt.dispose()
    }
  })
})

describe('memory is counted on the side that holds it', () => {
  it('arguments sent to the host stop counting once sent', async () => {
    const rt = createCodeRuntime()
    try {
      const result = await rt.run({
        source: `const big = 'x'.repeat(512 * 1024)\nfor (let i = 0; i < 200; i++) await sink(big)\nreturn 'sent'`,
        bindings: { sink: () => undefined },
        limits: { maxMemoryBytes: 32 * 1024 * 1024, maxWallMs: 20_000 },
      })
      expect(valueOf(result)).toBe('sent')
    } finally {
      await rt.dispose()
    }
  })

  it('replies received and dropped do not raise the program\'s budget', async () => {
    const rt = createCodeRuntime()
    try {
      const reply = 'y'.repeat(512 * 1024)
      const result = await rt.run({
        source: `for (let i = 0; i < 128; i++) await big()\nconst kept = []\nfor (let i = 0; i < 40; i++) kept.push('z'.repeat(1024 * 1024) + i)\nreturn kept.length`,
        bindings: { big: () => reply },
        limits: { maxMemoryBytes: 32 * 1024 * 1024, maxWallMs: 20_000 },
      })
      expect(errorOf(result).kind).toBe('memory_budget')
    } finally {
      await rt.dispose()
    }
  })
})

describe('sessions and the life of the Node process', () => {
  const settlesBeforeExit = (operation: string) => `
    const rt = runtime.createCodeRuntime()
    ;(async () => {
      const s = await rt.createSession()
      await s.execute({ code: 'await new Promise((r) => setTimeout(r, 300)); return 7', observeMs: 0 })
      const observation = await ${operation}
      console.log(JSON.stringify(observation))
      await rt.dispose()
    })()
  `
  it.each([
    ['wait({ observeMs: Infinity })', 's.wait({ observeMs: Infinity })', 'completed'],
    ['terminate()', 's.terminate()', 'terminated'],
  ])('%s settles before Node exits', async (_, operation, status) => {
    const child = await runInChild(settlesBeforeExit(operation))
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout.trim() || 'null')).toMatchObject({ status })
  })

  it('execute({ observeMs: Infinity }) settles before Node exits', async () => {
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime()
      ;(async () => {
        const s = await rt.createSession()
        console.log(JSON.stringify(await s.execute({ code: 'await new Promise((r) => setTimeout(r, 300)); return 7', observeMs: Infinity })))
        await rt.dispose()
      })()
    `)
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout.trim() || 'null')).toMatchObject({ status: 'completed', value: 7 })
  })

  it('an idle session with an open session exits Node at once', async () => {
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime()
      rt.createSession().then(() => console.log('opened'))
    `, { timeoutMs: 10_000 })
    expect(child.status, child.stderr).toBe(0)
    expect(child.stdout.trim()).toBe('opened')
  })

  it('the idle reaper stops a session whose finished program was never observed', async () => {
    const rt = createCodeRuntime()
    try {
      const s = await rt.createSession({ idleMs: 300 })
      expect((await s.execute({ code: `await new Promise((r) => setTimeout(r, 50)); return 1`, observeMs: 0 })).status).toBe('still_working')
      await sleep(1_200)
      await expect(s.wait()).rejects.toThrow(/idle/)
    } finally {
      await rt.dispose()
    }
  })

  it('staging a name again replaces its bytes in the 64 MiB cap', async () => {
    const rt = createCodeRuntime()
    try {
      const s = await rt.createSession()
      const data = new Uint8Array(40 * 1024 * 1024)
      await s.stageInputs([{ name: 'a.bin', data }])
      await expect(s.stageInputs([{ name: 'a.bin', data }])).resolves.toHaveLength(1)
      await expect(s.stageInputs([{ name: 'b.bin', data }])).rejects.toThrow(/at most 67108864 bytes/)
    } finally {
      await rt.dispose()
    }
  })
})

describe('runtimes dropped without dispose', () => {
  it('end their threads once garbage-collected', async () => {
    const child = await runInChild(`
      const { threadCount: threads } = require(${JSON.stringify(THREAD_COUNT)})
      ;(async () => {
        await runtime.createCodeRuntime().run({ source: 'return 0' }) // the spawner thread, once per process
        global.gc()
        await new Promise((r) => setTimeout(r, 500))
        const before = threads()
        for (let i = 0; i < 30; i++) await runtime.createCodeRuntime().run({ source: 'return 1' })
        const during = threads()
        for (let i = 0; i < 20 && threads() > before + 4; i++) {
          global.gc()
          await new Promise((r) => setTimeout(r, 250))
        }
        console.log(JSON.stringify({ before, during, after: threads() }))
      })()
    `, { nodeArgs: ['--expose-gc'], timeoutMs: 30_000 })
    expect(child.status, child.stderr).toBe(0)
    const { before, during, after } = JSON.parse(child.stdout)
    expect(during).toBeGreaterThan(before + 20)
    expect(after).toBeLessThanOrEqual(before + 4)
  }, 40_000)
})

describe("one event channel per runtime, and Node's life", () => {
  // The substrate this project tests, for runtimes made in a child process.
  const substrate = JSON.stringify(process.env.TEST_SUBSTRATE ?? 'thread')

  it.each([
    ['waiting on a binding whose timer does not hold Node', 'return (await slow()) + 1'],
    ['computing', 'const end = Date.now() + 300; let spins = 0; while (Date.now() < end) spins++; return 42'],
  ])('a script whose only work is one run %s exits once the run has ended, not before', async (_, source) => {
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime({ substrate: ${substrate} })
      const slow = () => new Promise((resolve) => setTimeout(() => resolve(41), 300).unref())
      rt.run({ source: ${JSON.stringify(source)}, bindings: { slow } }).then((result) => console.log(JSON.stringify(result.ok ? result.value : result.error)))
      process.on('exit', () => console.log('exit'))
    `)
    expect(child.status, child.stderr).toBe(0)
    expect(child.stdout.trim().split('\n')).toEqual(['42', 'exit'])
  })

  it('a runtime and a session left idle after their work do not keep Node alive', async () => {
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime({ substrate: ${substrate} })
      ;(async () => {
        const echo = async (x) => x
        console.log(JSON.stringify((await rt.run({ source: 'console.log(0); return await echo(1)', bindings: { echo }, onLog: () => {} })).value))
        const s = await rt.createSession({ bindings: { echo } })
        console.log(JSON.stringify((await s.execute({ code: 'console.log(1); return await echo(2)' })).value))
      })()
    `)
    expect(child.status, child.stderr).toBe(0)
    expect(child.stdout.trim().split('\n')).toEqual(['1', '2'])
  })

  it('runtimes created, used and disposed one after another leave nothing that keeps Node alive', async () => {
    // A process-substrate runtime starts a child process: fewer of them, for the same check.
    const count = process.env.TEST_SUBSTRATE === 'process' ? 100 : 1_000
    const child = await runInChild(`
      ;(async () => {
        const echo = async (x) => x
        let logs = 0
        for (let i = 0; i < ${count}; i++) {
          const rt = runtime.createCodeRuntime({ substrate: ${substrate}, ...(${substrate} === 'process' ? { pool: { minWarm: 0 } } : {}) })
          const result = await rt.run({ source: 'console.log("x"); return await echo(' + i + ')', bindings: { echo }, onLog: () => logs++ })
          if (!result.ok || result.value !== i) throw new Error(JSON.stringify(result))
          const s = await rt.createSession()
          await s.execute({ code: '1' })
          await rt.dispose()
        }
        console.log(JSON.stringify({ logs }))
      })().catch((error) => { console.error(error); process.exit(1) })
    `, { timeoutMs: 120_000 })
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout)).toEqual({ logs: count })
  }, 150_000)

  it("dispose while runs send events: each run's outcome arrives after all its earlier events, and nothing throws", async () => {
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime({ substrate: ${substrate} })
      const seen = Array.from({ length: 20 }, () => [])
      let called = 0
      const pending = () => {
        if (++called === 20) rt.dispose().then(() => console.log('disposed'))
        return new Promise(() => {})
      }
      Promise.all(seen.map((lines, i) => rt.run({
        source: 'for (let k = 0; k < 50; k++) console.log(k); await pending()',
        bindings: { pending },
        onLog: (entry) => lines.push(Number(entry.text)),
      }).then((result) => ({ kind: result.ok ? 'ok' : result.error.kind, lines: lines.length, inOrder: lines.every((line, k) => line === k) }))))
        .then((outcomes) => console.log(JSON.stringify(outcomes)))
      process.on('uncaughtException', (error) => { console.error('uncaught', error); process.exit(1) })
    `)
    expect(child.status, child.stderr).toBe(0)
    const lines = child.stdout.trim().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines).toContain('disposed')
    expect(JSON.parse(lines.find((line) => line !== 'disposed')!)).toEqual(Array.from({ length: 20 }, () => ({ kind: 'disposed', lines: 50, inOrder: true })))
  })

  it("concurrent runs' calls and logs reach their own run, in order", async () => {
    const rt = createCodeRuntime()
    try {
      const runs = Array.from({ length: 24 }, (_, i) => {
        const calls: [number, number][] = []
        const logs: string[] = []
        // Replies after 0-4 ms, different for each run and step, so the runs' events interleave.
        const note = (run: number, step: number) => {
          calls.push([run, step])
          return new Promise((resolve) => setTimeout(() => resolve(step), (run * 7 + step) % 5))
        }
        return rt.run({
          source: `let sum = 0; for (let k = 0; k < 6; k++) { console.log('run ${i} step ' + k); sum += await tools.note(${i}, k) } return [${i}, sum]`,
          bindings: { tools: { note } },
          onLog: (entry) => logs.push(entry.text),
        }).then((result) => ({ value: valueOf(result), calls, logs }))
      })
      const outcomes = await Promise.all(runs)
      outcomes.forEach(({ value, calls, logs }, i) => {
        const steps = [0, 1, 2, 3, 4, 5]
        expect({ value, calls, logs }).toEqual({ value: [i, 15], calls: steps.map((k) => [i, k]), logs: steps.map((k) => `run ${i} step ${k}`) })
      })
    } finally {
      await rt.dispose()
    }
  })
})

describe('error kinds follow the phase, not the name', () => {
  it('a SyntaxError thrown by a tool is a runtime failure', async () => {
    const rt = createCodeRuntime()
    try {
      const result = await rt.run({ source: `return await parse('{')`, bindings: { parse: (text: string) => JSON.parse(text) } })
      expect(errorOf(result)).toMatchObject({ kind: 'runtime', name: 'SyntaxError' })
      expect(errorOf(await rt.run({ source: `throw new SyntaxError('mine')` })).kind).toBe('runtime')
      expect(errorOf(await rt.run({ source: `return (` })).kind).toBe('syntax')
    } finally {
      await rt.dispose()
    }
  })

  it('BoaExecutor calls a tool that throws SyntaxError once', async () => {
    const executor = new BoaExecutor()
    try {
      let calls = 0
      const fns = { parse: async () => { calls++; throw new SyntaxError('bad json') } }
      const result = await executor.execute(`async () => { return await codemode.parse() }`, fns)
      expect(result.error).toMatch(/bad json/)
      expect(calls).toBe(1)
    } finally {
      await executor.dispose()
    }
  })
})

describe('many programs and sessions at once', () => {
  it('an open session holds a slot of maxConcurrency until it closes', async () => {
    const rt = createCodeRuntime({ maxConcurrency: 1 })
    try {
      const s = await rt.createSession()
      let ran = false
      const run = rt.run({ source: `return 1` }).then((result) => { ran = true; return result })
      await sleep(200)
      expect(ran).toBe(false)
      await s.close()
      expect(valueOf(await run)).toBe(1)
    } finally {
      await rt.dispose()
    }
  })

  it('1,000 runs started at once all finish, on a bounded number of threads', async () => {
    const child = await runInChild(`
      const { threadCount: threads } = require(${JSON.stringify(THREAD_COUNT)})
      const rt = runtime.createCodeRuntime({ maxConcurrency: 64 })
      let peak = 0
      const sample = setInterval(() => { peak = Math.max(peak, threads()) }, 5)
      const wait = () => new Promise((r) => setTimeout(r, 5))
      Promise.all(Array.from({ length: 1000 }, (_, i) => rt.run({ source: 'await wait(); return ' + i, bindings: { wait } })))
        .then(async (results) => {
          clearInterval(sample)
          const values = results.map((r) => r.ok ? r.value : r.error.kind)
          console.log(JSON.stringify({ sum: values.reduce((a, b) => a + b, 0), peak, limit: 64 }))
          await rt.dispose()
        })
    `, { timeoutMs: 60_000 })
    expect(child.status, child.stderr).toBe(0)
    const { sum, peak, limit } = JSON.parse(child.stdout)
    expect(sum).toBe((999 * 1000) / 2)
    // Node's own threads, the spawner, and one thread per program allowed to run at once.
    expect(peak).toBeLessThanOrEqual(limit + 24)
  }, 70_000)
})
