// Faults the process substrate's child makes itself, as an engine bug would: this spec's vitest
// project loads the crash-hooks addon (a test-only build whose realms have `__crash(kind)`,
// scripts/build-crash-hooks.js), so the child a runtime starts loads it too. Each fault must end
// only the run or session its child held, with 'crashed' naming how the child died, and the
// runtime's next run must succeed on a replacement child.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { CodeRuntime } from '../index.js'
import { deferred, errorOf, runInChild, valueOf, within } from './helpers.js'

/** Each kind, and the signal its child dies of: the stack overflow is the guard page's SIGSEGV,
 * and running out of address space (the child's RLIMIT_AS) makes Rust's allocation-failure
 * handler abort. */
const FAULTS: Array<[kind: string, died: RegExp]> = [
  ['abort', /killed by signal 6 \(SIGABRT\)/],
  ['segfault', /killed by signal 11 \(SIGSEGV\)/],
  ['stack-overflow', /killed by signal 11 \(SIGSEGV\)/],
  ['allocate', /killed by signal 6 \(SIGABRT\)/],
]
/** Bounds for a slow, shared machine: a child starts, faults and is reaped well within them. */
const SETTLES_MS = 20_000
const TEST_MS = 60_000

describe.runIf(process.platform === 'linux')('faults a child makes itself', () => {
  const runtimes: CodeRuntime[] = []
  const processRuntime = (pool: { minWarm?: number; maxChildren?: number } = { minWarm: 1, maxChildren: 1 }) => {
    const runtime = createCodeRuntime({ substrate: 'process', pool })
    runtimes.push(runtime)
    return runtime
  }
  afterAll(() => Promise.all(runtimes.map((runtime) => runtime.dispose())))

  for (const [kind, died] of FAULTS) {
    it(`${kind} ends the run as crashed, naming how the child died, and the next run succeeds`, async () => {
      const runtime = processRuntime()
      const error = errorOf(await within(runtime.run({ source: `__crash('${kind}'); return 1` }), SETTLES_MS, `the run that made a ${kind}`))
      expect(error.kind).toBe('crashed')
      expect(error.message).toMatch(died)
      expect(valueOf(await within(runtime.run({ source: 'return 2' }), SETTLES_MS, 'the next run'))).toBe(2)
    }, TEST_MS)

    it(`${kind} ends the session: its next execute says it was lost, and a new session works`, async () => {
      const runtime = processRuntime()
      const session = await runtime.createSession()
      expect(await session.execute({ code: 'globalThis.kept = 1; return kept' })).toMatchObject({ status: 'completed', value: 1 })
      const observed = await within(session.execute({ code: `__crash('${kind}')` }), SETTLES_MS, `the execute that made a ${kind}`)
      expect(observed).toMatchObject({ status: 'error', error: { kind: 'crashed' } })
      expect(observed.status === 'error' && observed.error.message).toMatch(died)
      await expect(session.execute({ code: 'return kept' })).rejects.toThrow(/session was lost.*create a new session/)
      const next = await runtime.createSession()
      expect(await next.execute({ code: 'return typeof kept' })).toMatchObject({ status: 'completed', value: 'undefined' })
    }, TEST_MS)
  }

  it('a fault ends only the run its child held: a run in another child goes on to its result', async () => {
    const runtime = processRuntime({ minWarm: 2, maxChildren: 2 })
    const called = deferred()
    const reply = deferred<number>()
    const other = runtime.run({ source: 'return await tools.wait() + 1', bindings: { tools: { wait: () => (called.resolve(), reply.promise) } } })
    await within(called.promise, SETTLES_MS, 'the other run calling its binding')
    const crashed = errorOf(await within(runtime.run({ source: "__crash('segfault')" }), SETTLES_MS, 'the run that faulted'))
    expect(crashed.kind).toBe('crashed')
    reply.resolve(41)
    expect(valueOf(await within(other, SETTLES_MS, 'the other run'))).toBe(42)
  }, TEST_MS)

  it('an unknown kind is a TypeError naming the kinds, and the child goes on', async () => {
    const runtime = processRuntime()
    const error = errorOf(await runtime.run({ source: "__crash('gently')" }))
    expect(error).toMatchObject({ kind: 'runtime', name: 'TypeError' })
    expect(error.message).toContain("'abort', 'segfault', 'stack-overflow' or 'allocate'")
  })

  // Why the process substrate exists: on the thread substrate the same fault is the host's.
  it('on the thread substrate the fault kills the host process itself', async () => {
    const host = await runInChild(`
      runtime.createCodeRuntime().run({ source: "__crash('abort')" }).then(() => console.log('the host survived'))
    `)
    expect(host.stdout).toBe('')
    expect(host.signal).toBe('SIGABRT')
  }, TEST_MS)
})
