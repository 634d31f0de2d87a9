// The clocks a program can read. Date is whole milliseconds; there is no `performance` and no
// SharedArrayBuffer-based timer worth the name (no threads in the realm to race against).
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('timers and clocks', () => {
  it('Date.now() and new Date() have 1 ms resolution', async () => {
    await expectContained(
      runtime,
      `const samples = []
       for (let i = 0; i < 200; i++) samples.push(Date.now(), new Date().getTime(), +new Date())
       return [samples.every(Number.isInteger), samples.every((t) => t > 1.6e12)]`,
      (result) => {
        expect(valueOf(result)).toEqual([true, true])
      },
    )
  })

  it('performance is not defined', async () => {
    await expectContained(runtime, `return [typeof performance, typeof globalThis.performance]`, (result) => {
      expect(valueOf(result)).toEqual(['undefined', 'undefined'])
    })
    await expectContained(runtime, `return performance.now()`, (result) => {
      expect(errorOf(result).name).toBe('ReferenceError')
    })
  })

  it('no worker or Atomics.wait-based timer: there are no threads to share memory with', async () => {
    await expectContained(
      runtime,
      `return [typeof Worker, typeof SharedWorker, typeof process, typeof setImmediate]`,
      (result) => {
        expect(valueOf(result)).toEqual(['undefined', 'undefined', 'undefined', 'undefined'])
      },
    )
  })

  it('setTimeout fires at its (ms) delay, within the wall budget', async () => {
    await expectContained(
      runtime,
      `const start = Date.now()
       await new Promise((resolve) => setTimeout(resolve, 20))
       return Date.now() - start`,
      (result) => {
        const elapsed = valueOf(result)
        expect(elapsed).toBeGreaterThanOrEqual(19)
        expect(elapsed).toBeLessThan(1_000)
      },
      { limits: { computeMs: 1_000, maxWallMs: 2_000 } },
    )
  })
})
