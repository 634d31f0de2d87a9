// The clocks a program can read. Date and performance.now() are whole milliseconds; there is no
// SharedArrayBuffer-based timer worth the name (no threads in the realm to race against).
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, expectContained, valueOf } from './helpers'

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

  it('performance.now() is no finer a clock than Date: whole milliseconds, never going back', async () => {
    await expectContained(
      runtime,
      `const samples = []
       for (let i = 0; i < 2000; i++) samples.push(performance.now())
       return [samples.every(Number.isInteger), samples.every((t, i) => t >= 0 && (i === 0 || t >= samples[i - 1])), Number.isInteger(performance.timeOrigin)]`,
      (result) => {
        expect(valueOf(result)).toEqual([true, true, true])
      },
    )
  })

  it('no worker or Atomics.wait-based timer: there are no threads to share memory with', async () => {
    await expectContained(
      runtime,
      // setImmediate exists (as Node has it), but as a timer of 0 ms: no finer than setTimeout.
      `return [typeof Worker, typeof SharedWorker, typeof process]`,
      (result) => {
        expect(valueOf(result)).toEqual(['undefined', 'undefined', 'undefined'])
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
