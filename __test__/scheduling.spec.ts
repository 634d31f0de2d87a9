// How the thread substrate schedules program threads on the host: a bounded number compute at
// once, runs waiting on the host give their turn back, and program threads run below the host's
// priority. Thread substrate only: on the process substrate each child schedules its own threads.
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { RunOptions, RunResult } from '../index.js'
import { computingPeak, deferred, errorOf, sleep, until, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

function run(source: string, options: Partial<RunOptions> = {}): Promise<RunResult> {
  return runtime.run({ source, ...options, limits: { maxWallMs: 5_000, ...options.limits } })
}

describe('program threads on the host', () => {
  it('lets more runs wait on their bindings at once than compute at once, at most 2 per core computing', async () => {
    const slots = availableParallelism() * 2
    const counted = createCodeRuntime()
    try {
      const gate = deferred()
      let waiting = 0
      const runs = Array.from({ length: slots * 3 }, (_, i) =>
        counted.run({
          source: `let s = 0\nfor (let k = 0; k < 200000; k++) s += k % 7\nawait wait()\nfor (let k = 0; k < 200000; k++) s += k % 7\nreturn [${i}, s]`,
          bindings: { wait: () => { waiting++; return gate.promise } },
        }),
      )
      await until(() => waiting === slots * 3, 30_000)
      expect(waiting).toBe(slots * 3)
      gate.resolve()
      expect((await Promise.all(runs)).map(valueOf)).toEqual(Array.from({ length: slots * 3 }, (_, i) => [i, 1199988]))
      expect(computingPeak(counted)).toBeGreaterThan(0)
      expect(computingPeak(counted)).toBeLessThanOrEqual(slots)
    } finally {
      await counted.dispose()
    }
  }, 60_000)

  it('stops a run that waits for a compute slot as soon as it is aborted', async () => {
    const slots = availableParallelism() * 2
    const busy = createCodeRuntime()
    try {
      const order: string[] = []
      const hogs = Array.from({ length: slots }, () => busy.run({ source: 'while (true) {}', limits: { computeMs: 500, maxWallMs: 120_000 } }).then((r) => { order.push(errorOf(r).kind) }))
      await until(() => computingPeak(busy) === slots, 30_000)
      const controller = new AbortController()
      const queued = busy.run({ source: 'return 1', signal: controller.signal }).then((r) => { order.push(errorOf(r).kind) })
      // Long enough, on most machines, for the run to be waiting for a slot by the abort.
      await sleep(200)
      controller.abort()
      await Promise.all([...hogs, queued])
      expect(order[0]).toBe('aborted')
      expect(order.slice(1)).toEqual(Array(slots).fill('compute_budget'))
    } finally {
      await busy.dispose()
    }
  }, 120_000)

  // Linux keeps a nice value per thread, and /proc shows it: field 19 of each thread's stat line.
  if (process.platform === 'linux') {
    it("runs programs at a lower priority than the host's own thread, so that their computing never stalls its event loop", async () => {
      // A thread may exit between the listing and the read of its stat (idle workers do): it has
      // no nice value then. Checking first would leave the same race.
      const niceOf = (task: string) => {
        try {
          return Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16])
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
          throw error
        }
      }
      let threads: Array<number | undefined> = []
      const result = await run(`await look(); let s = 0; for (let i = 0; i < 1000; i++) s += i; return s`, {
        bindings: { look: () => { threads = readdirSync('/proc/self/task').map(niceOf) } },
      })
      expect(valueOf(result)).toBe(499_500)
      expect(threads).toContain(Math.min(niceOf(String(process.pid)) + 10, 19))
    })
  }

  it('admits by default hundreds of runs that only wait on their tools, all at once', async () => {
    // Computing is bounded apart from maxConcurrency, so its default bounds memory: a run per MiB
    // of a quarter of the machine's memory (300 on any machine with 1.2 GiB or more).
    const admitting = createCodeRuntime()
    try {
      const count = 300
      let waiting = 0
      const gate = deferred()
      const bindings = { tool: () => { waiting++; return gate.promise } }
      const runs = Array.from({ length: count }, (_, i) => admitting.run({ source: `await tool(); return ${i}`, bindings }))
      await until(() => waiting === count, 60_000)
      expect(waiting).toBe(count)
      gate.resolve()
      const values = (await Promise.all(runs)).map(valueOf)
      expect(values).toEqual(Array.from({ length: count }, (_, i) => i))
    } finally {
      await admitting.dispose()
    }
  }, 90_000)
})
