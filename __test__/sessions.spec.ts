import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, STAGED_INPUTS_ENV } from '../index.js'
import type { CodeSession, Observation, SessionOptions } from '../index.js'
import { liveThreads, sleep } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

/** A session with short default observation, so a hung program fails a test quickly. */
function session(options: SessionOptions = {}): Promise<CodeSession> {
  return runtime.createSession({ observeMs: 5_000, ...options })
}

function completed(observation: Observation): unknown {
  if (observation.status !== 'completed') throw new Error(`expected the program to complete, got ${JSON.stringify(observation)}`)
  return observation.value
}

describe('notebook state', () => {
  it('keeps const, let, var, function and class declarations and globals across executes', async () => {
    const s = await session()
    completed(await s.execute({
      code: [
        `const a: number = 1`,
        `let b = 2`,
        `var c = 3`,
        `function f(): number { return 4 }`,
        `class K { v = 5 }`,
        `globalThis.g = 6`,
        `console.log('declared')`,
      ].join('\n'),
      observeMs: 2_000,
      timeoutMs: 1_500,
    }))
    expect(completed(await s.execute({ code: `return [a, b, c, f(), new K().v, (globalThis as any).g]` }))).toEqual([1, 2, 3, 4, 5, 6])
    completed(await s.execute({ code: `b = b * 10` }))
    expect(completed(await s.execute({ code: `return b` }))).toBe(20)
    await s.stop()
  })

  it('keeps a function declared after other statements on the same line', async () => {
    const s = await session()
    completed(await s.execute({ code: `const a = 1; function f() { return a + 1 }`, observeMs: 2_000, timeoutMs: 1_500 }))
    expect(completed(await s.execute({ code: `return f()` }))).toBe(2)
    await s.stop()
  })

  it('does not join a class declaration with a following parenthesized statement', async () => {
    const s = await session()
    expect(completed(await s.execute({ code: `class K { v = 5 }\n(globalThis as any).g = 6\nreturn new K().v`, timeoutMs: 3_000 }))).toBe(5)
    expect(completed(await s.execute({ code: `return [new K().v, (globalThis as any).g]` }))).toEqual([5, 6])
    await s.stop()
  })

  // TypeScript erases these, so the session must not declare (or reset) anything for them.
  it('declares nothing for TypeScript declarations without code and keeps the real ones', async () => {
    const s = await session()
    completed(await s.execute({ code: `var x = 1\nfunction f() { return 'f' }\nclass D { v = 2 }` }))
    const erased = [
      `declare const x: number`,
      `declare function f(): string`,
      `declare class D { v: number }`,
      `interface Point { x: number }`,
      `type Pair = [number, number]`,
      `function twice(n: number): number`,
      `function twice(s: string): string`,
      `function twice(v: any) { return v + v }`,
      `abstract class Shape { abstract area(): number }`,
      `return [x, f(), new D().v]`,
    ]
    expect(completed(await s.execute({ code: erased.join('\n') }))).toEqual([1, 'f', 2])
    expect(completed(await s.execute({ code: `return [x, f(), new D().v, twice(2), twice('a'), typeof Shape, typeof Point, typeof Pair]` })))
      .toEqual([1, 'f', 2, 4, 'aa', 'function', 'undefined', 'undefined'])
    completed(await s.execute({ code: `const x = 5` }))
    expect(completed(await s.execute({ code: `declare let x: number\nreturn x` }))).toBe(5)
    await s.stop()
  })

  it('shares nothing between sessions', async () => {
    const one = await session()
    const two = await session()
    completed(await one.execute({ code: `var shared = 'one'\n;(globalThis as any).marker = 1` }))
    expect(completed(await two.execute({ code: `return [typeof shared, typeof (globalThis as any).marker]` }))).toEqual(['undefined', 'undefined'])
    expect(completed(await one.execute({ code: `return shared` }))).toBe('one')
    await Promise.all([one.stop(), two.stop()])
  })

  it('calls the session bindings', async () => {
    const s = await session({ bindings: { math: { double: async (n: number) => n * 2 } } })
    expect(completed(await s.execute({ code: `return await math.double(21)` }))).toBe(42)
    await s.stop()
  })
})

describe('observation', () => {
  it('reports still_working with only the new output, then completes once', async () => {
    const s = await session()
    const observations: Observation[] = [await s.execute({
      code: `for (let i = 0; i < 10; i++) {\n  console.log('tick ' + i)\n  await new Promise((resolve) => setTimeout(resolve, 100))\n}\nreturn 'finished'`,
      observeMs: 250,
      timeoutMs: 5_000,
    })]
    while (observations.at(-1)!.status === 'still_working' && observations.length < 25) {
      observations.push(await s.wait({ observeMs: 250 }))
    }
    const statuses = observations.map((o) => o.status)
    expect(statuses.at(-1), JSON.stringify(observations)).toBe('completed')
    expect(statuses.slice(0, -1).every((status) => status === 'still_working')).toBe(true)
    // Observed every 250 ms over about a second: several interim observations carry output.
    expect(observations.slice(0, -1).filter((o) => o.output !== '').length).toBeGreaterThanOrEqual(2)
    const lines = observations.flatMap((o) => o.output.split('\n').filter(Boolean))
    expect(lines).toEqual(Array.from({ length: 10 }, (_, i) => `tick ${i}`))
    expect(observations.at(-1)!.value).toBe('finished')
    expect(observations.filter((o) => 'value' in o && o.value !== undefined)).toHaveLength(1)
    await expect(s.wait({ observeMs: 10 })).rejects.toThrow(/no program is running/)
    await s.stop()
  }, 15_000)

  it('bounds one observation by maxOutputBytes with a truncation marker', async () => {
    const s = await session()
    const observation = await s.execute({ code: `for (let i = 0; i < 100; i++) console.log('y'.repeat(50))\nreturn 1`, maxOutputBytes: 500 })
    expect(completed(observation)).toBe(1)
    expect(observation.output).toContain('[output truncated')
    expect(observation.output.startsWith('y'.repeat(50))).toBe(true)
    expect(Buffer.byteLength(observation.output.split('[output truncated')[0])).toBeLessThanOrEqual(501)
    await s.stop()
  })
})

describe('stopping a program', () => {
  it('terminate() ends a compute loop and the session keeps its state', async () => {
    const s = await session()
    completed(await s.execute({ code: `const kept = 41` }))
    const running = await s.execute({ code: `while (true) {}`, observeMs: 100 })
    expect(running.status).toBe('still_working')
    const terminated = await s.terminate()
    expect(terminated.status).toBe('terminated')
    expect(completed(await s.execute({ code: `return kept + 1` }))).toBe(42)
    await s.stop()
  })

  it('a compute budget trip is an error and the session survives', async () => {
    const s = await session({ limits: { computeMs: 150 } })
    completed(await s.execute({ code: `const before = 'kept'` }))
    const observation = await s.execute({ code: `while (true) {}` })
    expect(observation.status).toBe('error')
    expect(observation.error?.kind).toBe('compute_budget')
    expect(completed(await s.execute({ code: `return before` }))).toBe('kept')
    await s.stop()
  })

  it('ends an execute at process.exit with its code, printed output kept, and the session goes on with its state', async () => {
    const s = await session()
    completed(await s.execute({ code: `const before = 'kept'` }))
    const observation = await s.execute({ code: `process.stdout.write('partial '); console.log('line'); process.exit(5)` })
    expect(observation).toMatchObject({ status: 'error', output: 'partial line\n', error: { kind: 'exit', exitCode: 5 } })
    expect(completed(await s.execute({ code: `return before` }))).toBe('kept')
    await s.stop()
  })

  it('survives a stop inside an async generator with its state', async () => {
    const s = await session({ limits: { computeMs: 200 } })
    completed(await s.execute({ code: `const kept = 'kept'` }))
    const observation = await s.execute({ code: `async function* spin() { while (true) {} }\nawait spin().next()` })
    expect(observation.error?.kind).toBe('compute_budget')
    expect(completed(await s.execute({ code: `return kept` }))).toBe('kept')
    await s.stop()
  })

  it('ends when a stop lands inside a regular expression, and says so', async () => {
    const s = await session({ limits: { computeMs: 200 } })
    completed(await s.execute({ code: `const kept = 1` }))
    const observation = await s.execute({ code: `return /(a+)+$/.test('a'.repeat(40) + 'b')` })
    expect(observation.status).toBe('error')
    expect(observation.error?.kind).toBe('compute_budget')
    expect(observation.error?.message).toMatch(/session ended/)
    await expect(s.execute({ code: `return kept` })).rejects.toThrow(/create a new session/)
  })

  it('timeoutMs ends a program with wall_budget', async () => {
    const s = await session()
    const observation = await s.execute({ code: `await new Promise(() => {})`, timeoutMs: 300 })
    expect(observation.status).toBe('error')
    expect(observation.error?.kind).toBe('wall_budget')
    expect(completed(await s.execute({ code: `return 'next'` }))).toBe('next')
    await s.stop()
  })

  it('an uncaught error is reported and the session survives', async () => {
    const s = await session()
    const observation = await s.execute({ code: `throw new TypeError('bad input')` })
    expect(observation.status).toBe('error')
    expect(observation.error).toMatchObject({ kind: 'runtime', name: 'TypeError', message: 'bad input' })
    expect(completed(await s.execute({ code: `return 1` }))).toBe(1)
    await s.stop()
  })

  it('rejects a second execute while a program runs', async () => {
    const s = await session({ bindings: { gate: () => new Promise(() => {}) } })
    const first = s.execute({ code: `await gate()\nreturn 'first'`, observeMs: 100 })
    await expect(s.execute({ code: `return 'second'` })).rejects.toThrow(/in progress|still running/)
    expect((await first).status).toBe('still_working')
    await expect(s.execute({ code: `return 'second'` })).rejects.toThrow(/still running/)
    expect((await s.terminate()).status).toBe('terminated')
    await s.stop()
  })
})

describe('staged inputs', () => {
  it('are readable by later programs through paths and the environment manifest', async () => {
    const s = await session()
    const refs = await s.stageInputs([
      { name: 'data.json', data: '{"a":1}' },
      { name: 'bin', data: new Uint8Array([1, 2]) },
    ])
    expect(refs).toEqual([
      { name: 'data.json', path: expect.any(String) },
      { name: 'bin', path: expect.any(String) },
    ])
    const value = completed(await s.execute({
      code: `
        const manifest = JSON.parse(process.env[${JSON.stringify(STAGED_INPUTS_ENV)}]!)
        const text = await readTextFile(manifest['data.json'])
        const bytes = await readFile(manifest.bin)
        return { manifest, env: Object.keys(process.env), parsed: JSON.parse(text), bytes: Array.from(bytes), isBytes: bytes instanceof Uint8Array }
      `,
    }))
    expect(value).toEqual({
      manifest: { 'data.json': refs[0].path, bin: refs[1].path },
      env: [STAGED_INPUTS_ENV],
      parsed: { a: 1 },
      bytes: [1, 2],
      isBytes: true,
    })
    expect(completed(await s.execute({ code: `return await readTextFile(${JSON.stringify(refs[0].path)})` }))).toBe('{"a":1}')
    await s.stop()
  })

  it("keep the manifest in the session's env up to date, beside the host's env and what programs set", async () => {
    const s = await session({ env: { REGION: 'eu' } })
    completed(await s.execute({ code: `process.env.MINE = 'kept'` }))
    await s.stageInputs([{ name: 'a.txt', data: 'a' }])
    const value = completed(await s.execute({ code: `return { ...process.env, manifest: JSON.parse(process.env[${JSON.stringify(STAGED_INPUTS_ENV)}]) }` }))
    expect(value).toMatchObject({ REGION: 'eu', MINE: 'kept', manifest: { 'a.txt': expect.stringMatching(/a\.txt$/) } })
    await s.stop()
  })

  it.each([
    ['a path traversal', { name: '../etc/passwd', data: 'x' }, /name/],
    ['a slash', { name: 'a/b', data: 'x' }, /name/],
    ['an empty name', { name: '', data: 'x' }, /name/],
    ['a hidden name', { name: '.env', data: 'x' }, /name/],
    ['data of another type', { name: 'ok.txt', data: 42 }, /data/],
  ])('reject %s clearly', async (_name, input, problem) => {
    const s = await session()
    await expect(s.stageInputs([input as never])).rejects.toThrow(problem)
    await s.stop()
  })

  it('reject a hole in the list as the input it stands for, and the session goes on', async () => {
    const s = await session()
    await expect(s.stageInputs([{ name: 'a.txt', data: 'x' }, , { name: 'b.txt', data: 'y' }] as never)).rejects.toThrow('stageInputs: input 1 must be an object { name, data }')
    expect(completed(await s.execute({ code: 'return 1' }))).toBe(1)
    await s.stop()
  })
})

describe('FRAME', () => {
  it('is the frame data, read-only', async () => {
    const frame = { rows: [{ id: 1 }, { id: 2 }], title: 'report' }
    const s = await session({ frame })
    expect(completed(await s.execute({ code: `return FRAME` }))).toEqual(frame)
    const value = completed(await s.execute({
      code: `
        const attempts: string[] = []
        try { FRAME.rows.push({ id: 3 }); attempts.push('push took') } catch { attempts.push('push threw') }
        try { (FRAME as any).title = 'changed'; attempts.push('set took') } catch { attempts.push('set threw') }
        try { (globalThis as any).FRAME = null; attempts.push('rebind took') } catch { attempts.push('rebind threw') }
        return { frame: FRAME, attempts }
      `,
    })) as { frame: unknown }
    expect(value.frame).toEqual(frame)
    expect(completed(await s.execute({ code: `return FRAME` }))).toEqual(frame)
    await s.stop()
  })
})

describe('session lifetime', () => {
  it('stop() twice is fine and execute afterwards rejects clearly', async () => {
    const s = await session()
    await s.stop()
    await s.stop()
    await expect(s.execute({ code: `return 1` })).rejects.toThrow(/stopped/)
  })

  it('an idle session is reaped and execute then mentions idle', async () => {
    const s = await session({ idleMs: 200 })
    completed(await s.execute({ code: `return 1` }))
    await sleep(700)
    await expect(s.execute({ code: `return 1` })).rejects.toThrow(/idle/)
  })

  it('runtime.dispose() stops its sessions', async () => {
    const rt = createCodeRuntime()
    const s = await rt.createSession({ observeMs: 60_000 })
    completed(await s.execute({ code: `return 1` }))
    const spinning = s.execute({ code: `while (true) {}` })
    await sleep(100)
    await rt.dispose()
    const observation = await spinning
    expect(['terminated', 'error']).toContain(observation.status)
    await expect(s.execute({ code: `return 1` })).rejects.toThrow()
    await expect(rt.createSession()).rejects.toThrow(/disposed/)
    expect(liveThreads(rt)).toBe(0)
  })
})
