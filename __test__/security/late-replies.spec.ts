// At-most-once replies and post-settlement drops: a binding that settles after its run ended
// (completion, budget, abort, dispose) causes no crash and no unhandled rejection in the host.
import { describe, expect, it } from 'vitest'
import { createCodeRuntime, expectCleanAfter, hostSnapshot, sleep, valueOf, watchHostFailures } from './helpers'

function lateBinding(ms: number, fail: boolean) {
  let settled = 0
  const fn = () =>
    sleep(ms).then(() => {
      settled++
      if (fail) throw new Error('late failure')
      return 'late value'
    })
  return { fn, settled: () => settled }
}

describe('late replies', () => {
  for (const fail of [false, true]) {
    const outcome = fail ? 'rejects' : 'resolves'

    it(`a binding that ${outcome} after the program completed`, async () => {
      const runtime = createCodeRuntime()
      const host = hostSnapshot()
      const late = lateBinding(100, fail)
      const { value: result, failures } = await watchHostFailures(
        () => runtime.run({ source: `late(); return 'done'`, language: 'javascript', bindings: { late: late.fn } }),
        250,
      )
      expect(valueOf(result)).toBe('done')
      expect(late.settled()).toBe(1)
      expect(failures).toEqual([])
      await expectCleanAfter(runtime, host)
      await runtime.dispose()
    })

    // Each way a run can end before its binding settles: how to end it, and the kind it reports.
    const endings: [string, string, object, (runtime: ReturnType<typeof createCodeRuntime>, run: () => Promise<any>) => Promise<any>][] = [
      ['the compute budget stopped the program', 'compute_budget', { source: `late(); while (true) {}`, limits: { computeMs: 100 } }, (_, run) => run()],
      ['the wall budget stopped the program', 'wall_budget', { source: `return await late()`, limits: { maxWallMs: 100 } }, (_, run) => run()],
      ['the run was aborted', 'aborted', { source: `return await late()` }, (_, run) => run()],
      ['the runtime was disposed', 'disposed', { source: `return await late()` }, async (runtime, run) => {
        const result = run()
        await sleep(50)
        await runtime.dispose()
        return result
      }],
    ]
    for (const [ending, kind, options, end] of endings) {
      it(`a binding that ${outcome} after ${ending}`, async () => {
        const runtime = createCodeRuntime()
        const late = lateBinding(300, fail)
        const controller = new AbortController()
        if (kind === 'aborted') setTimeout(() => controller.abort(), 50)
        const run = () => runtime.run({ language: 'javascript', bindings: { late: late.fn }, signal: controller.signal, ...options } as any)
        const { value: result, failures } = await watchHostFailures(() => end(runtime, run), 400)
        expect(result.ok === false && result.error.kind).toBe(kind)
        expect(late.settled()).toBe(1)
        expect(failures).toEqual([])
        await runtime.dispose()
      })
    }
  }

  it('a session execution that ends before its binding settles', async () => {
    const runtime = createCodeRuntime()
    const late = lateBinding(200, true)
    const { failures } = await watchHostFailures(async () => {
      const session = await runtime.createSession({ bindings: { late: late.fn } })
      const first = await session.execute({ code: `late(); 'first'`, language: 'javascript' })
      expect(first.status).toBe('completed')
      const second = await session.execute({ code: `return 'second'`, language: 'javascript' })
      expect(second).toMatchObject({ status: 'completed', value: 'second' })
      await session.close()
    }, 300)
    expect(late.settled()).toBe(1)
    expect(failures).toEqual([])
    await runtime.dispose()
  })

  it('replies are matched at most once: many concurrent calls each settle exactly once', async () => {
    const runtime = createCodeRuntime()
    let calls = 0
    const result = await runtime.run({
      source: `const values = await Promise.all(Array.from({ length: 50 }, (_, i) => echo(i))); return values`,
      language: 'javascript',
      bindings: { echo: async (i: number) => { calls++; await sleep(i % 7); return i } },
    })
    expect(valueOf(result)).toEqual(Array.from({ length: 50 }, (_, i) => i))
    expect(calls).toBe(50)
    await runtime.dispose()
  })
})
