// Durable runs: a binding pauses its run with pause(data), the run ends with a signed token, and
// runtime.resume(token, answer) continues it, here or in another process, by replaying the
// program to its pause from the token's log.
import { createHmac, randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, pause, type Bindings, type RunResult } from '../index.js'
import { errorOf, runInChild, sleep, valueOf } from './helpers.js'

const require = createRequire(import.meta.url)
const { BoaExecutor } = require('../lib/adapters/codemode.js') as typeof import('../lib/adapters/codemode')
const cordisEntry = require('../lib/adapters/cordis.js') as typeof import('../lib/adapters/cordis')

const KEY = randomBytes(32).toString('hex')
const runtime = createCodeRuntime({ durableKey: KEY, limits: { maxWallMs: 10_000 } })
afterAll(() => runtime.dispose())

/** The paused part of a result, failing the test when the run did not pause. */
function pausedOf(result: RunResult) {
  if (result.ok || result.error.kind !== 'paused' || !result.paused) {
    throw new Error(`expected the run to pause, got ${JSON.stringify(result.ok ? result.value : result.error)}`)
  }
  return result.paused
}

/** Counts each binding's calls; `approve` pauses when `pausing`, else answers `answer`. */
function tools({ pausing = true, answer = 'yes' as unknown } = {}) {
  const calls: Record<string, number> = {}
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1)
  const bindings: Bindings = {
    add: async (a: number, b: number) => (count('add'), a + b),
    double: (n: number) => (count('double'), n * 2),
    approve: async (what: unknown) => (count('approve'), pausing ? pause({ why: what }) : answer),
  }
  return { calls, bindings }
}

/** The token's payload, decoded as a person reading the token would. */
function payloadOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[2], 'base64url').toString('utf8'))
}

/** `token` with its payload changed by `edit`, signed again with `key` (a forger who has the key). */
function resigned(token: string, edit: (payload: any) => void, key = KEY) {
  const [format, keyId] = token.split('.')
  const payload = payloadOf(token)
  edit(payload)
  const signed = `${format}.${keyId}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`
}

const APPROVAL = `
  const sum = await add(2, 3)
  const twice = await double(sum)
  console.log('asking')
  const answer = await approve({ amount: twice })
  console.log('answered', answer)
  const more = await add(twice, 1)
  const last = await double(more)
  return { sum, twice, answer, more, last }
`

describe('pause and resume', () => {
  it('resumes to the value a run without a pause gives, calling the tools before the pause once', async () => {
    const straight = tools({ pausing: false, answer: 'yes' })
    const expected = valueOf(await runtime.run({ source: APPROVAL, bindings: straight.bindings }))

    const { calls, bindings } = tools()
    const first = await runtime.run({ source: APPROVAL, bindings })
    const paused = pausedOf(first)
    expect(paused.call).toEqual({ path: 'approve', args: [{ amount: 10 }] })
    expect(paused.data).toEqual({ why: { amount: 10 } })
    expect(errorOf(first).message).toContain('approve()')
    expect(first.logs).toEqual([{ level: 'log', text: 'asking' }])
    expect(calls).toEqual({ add: 1, double: 1, approve: 1 })

    const resumed = await runtime.resume(paused.token, { reply: 'yes' }, { bindings })
    expect(valueOf(resumed)).toEqual(expected)
    expect(calls).toEqual({ add: 2, double: 2, approve: 1 })
    // Only what was written after the pause.
    expect(resumed.logs).toEqual([{ level: 'log', text: 'answered yes' }])
    expect(resumed.stats).toMatchObject({ bindingCalls: 5, replayedCalls: 3 })
  })

  it('passes an error the program catches', async () => {
    const { bindings } = tools()
    const source = `try { await approve('delete the branch') } catch (e) { return [e.name, e.message, e instanceof Error] }`
    const paused = pausedOf(await runtime.run({ source, bindings }))
    const declined = await runtime.resume(paused.token, { error: { name: 'Declined', message: 'not today' } }, { bindings })
    expect(valueOf(declined)).toEqual(['Declined', 'not today', true])
    const typed = await runtime.resume(paused.token, { error: new TypeError('wrong branch') }, { bindings })
    expect(valueOf(typed)).toEqual(['TypeError', 'wrong branch', true])
  })

  it('pauses several times, each resume replaying the answers before it', async () => {
    const { calls, bindings } = tools()
    const source = `
      const first = await approve('one')
      const n = await add(1, 2)
      const second = await approve('two')
      return [first, n, second]
    `
    const one = pausedOf(await runtime.run({ source, bindings }))
    const two = pausedOf(await runtime.resume(one.token, { reply: 'A' }, { bindings }))
    expect(two.call).toEqual({ path: 'approve', args: ['two'] })
    const done = await runtime.resume(two.token, { reply: 'B' }, { bindings })
    expect(valueOf(done)).toEqual(['A', 3, 'B'])
    expect(calls).toEqual({ approve: 2, add: 1 })
    // The first token still resumes, from its own pause.
    expect(pausedOf(await runtime.resume(one.token, { reply: 'C' }, { bindings })).call.args).toEqual(['two'])
  })

  it('pauses inside a loop', async () => {
    const { calls, bindings } = tools()
    const source = `
      const approved = []
      for (let i = 0; i < 4; i++) {
        const total = await add(i, 10)
        if (await approve(total)) approved.push(total)
      }
      return approved
    `
    let result = await runtime.run({ source, bindings })
    const answers = [true, false, true, true]
    for (const answer of answers) result = await runtime.resume(pausedOf(result).token, { reply: answer }, { bindings })
    expect(valueOf(result)).toEqual([10, 12, 13])
    expect(calls).toEqual({ add: 4, approve: 4 })
  })

  it('gives back the Math.random, Date and performance readings made before the pause', async () => {
    const { bindings } = tools()
    const source = `
      const before = [Math.random(), Math.random(), Date.now(), new Date().toISOString(), Date(), performance.timeOrigin, performance.now()]
      await approve(before)
      return { before, after: Math.random() }
    `
    const paused = pausedOf(await runtime.run({ source, bindings }))
    await sleep(5)
    const resumed = valueOf(await runtime.resume(paused.token, { reply: null }, { bindings }))
    expect(resumed.before).toEqual(paused.call.args[0])
    expect(typeof resumed.after).toBe('number')
  })

  it('gives back the crypto random values drawn before the pause, and fresh ones after it', async () => {
    const { bindings } = tools()
    const source = `
      const before = [crypto.randomUUID(), Array.from(crypto.getRandomValues(new Uint8Array(8)))]
      await approve(before)
      return { before, after: crypto.randomUUID() }
    `
    const paused = pausedOf(await runtime.run({ source, bindings }))
    const first = valueOf(await runtime.resume(paused.token, { reply: null }, { bindings }))
    const second = valueOf(await runtime.resume(paused.token, { reply: null }, { bindings }))
    expect(first.before).toEqual(paused.call.args[0])
    expect(second.before).toEqual(paused.call.args[0])
    expect(first.after).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(first.after).not.toBe(second.after)
  })

  it('replays a binding reply that held binary data with its bytes', async () => {
    let asked = 0
    const bindings = {
      file: () => (asked++, { name: 'a.bin', bytes: new Uint8Array([1, 2, 250]), raw: new Uint16Array([513]).buffer }),
      approve: () => pause(),
    }
    const source = `
      const f = await file()
      await approve(f.name)
      return { bytes: Array.from(f.bytes), kind: f.bytes.constructor.name, raw: Array.from(new Uint8Array(f.raw)) }
    `
    const paused = pausedOf(await runtime.run({ source, bindings }))
    const resumed = valueOf(await runtime.resume(paused.token, { reply: true }, { bindings }))
    expect(resumed).toEqual({ bytes: [1, 2, 250], kind: 'Uint8Array', raw: [1, 2] })
    expect(asked).toBe(1)
  })

  it('never asks again a binding that answered before the pause, whatever it would answer now', async () => {
    let asked = 0
    const bindings = { roll: () => (asked++, Math.random()), approve: () => pause() }
    const source = 'const r = await roll(); await approve(r); return r'
    const paused = pausedOf(await runtime.run({ source, bindings }))
    const resumed = await runtime.resume(paused.token, { reply: true }, { bindings })
    expect(valueOf(resumed)).toBe(paused.call.args[0])
    expect(asked).toBe(1)
  })

  it('replays the order in which timers and replies reached the program', async () => {
    const bindings = {
      slow: async (ms: number, name: string) => (await sleep(ms), name),
      approve: () => pause(),
    }
    const source = `
      const seen = []
      setTimeout(() => seen.push('timer 3'), 3)
      const tick = setInterval(() => seen.push('tick'), 1)
      await Promise.all([slow(6, 'a'), slow(1, 'b'), slow(0, 'c')].map(async (p) => seen.push(await p)))
      clearInterval(tick)
      // what the program saw up to its pause ('timer 3' may still fire, live, after the resume)
      const before = [...seen]
      await approve(before)
      return before
    `
    const paused = pausedOf(await runtime.run({ source, bindings }))
    expect(valueOf(await runtime.resume(paused.token, { reply: 1 }, { bindings }))).toEqual(paused.call.args[0])
  })

  it('Promise.all over five calls replays the order their replies settled in, over many orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 5, maxLength: 5 }), async (delays) => {
        let calls = 0
        const bindings = {
          fetch: async (i: number) => (calls++, await sleep(delays[i]), i * 10),
          approve: () => pause(),
        }
        const source = `
          const settled = []
          const values = await Promise.all([0, 1, 2, 3, 4].map(async (i) => { const v = await fetch(i); settled.push(i); return v }))
          const answer = await approve(settled)
          return { values, settled, answer }
        `
        const paused = pausedOf(await runtime.run({ source, bindings }))
        const resumed = valueOf(await runtime.resume(paused.token, { reply: 'ok' }, { bindings }))
        expect(resumed).toEqual({ values: [0, 10, 20, 30, 40], settled: paused.call.args[0], answer: 'ok' })
        expect(calls).toBe(5)
      }),
      { numRuns: 25 },
    )
  })

  it('logs the reply of a call still in flight when another paused the run, so it is not made again', async () => {
    let charged = 0
    const bindings = {
      charge: async (n: number) => (charged++, await sleep(20), `charged ${n}`),
      approve: () => pause(),
    }
    const source = 'const [c, a] = await Promise.all([charge(5), approve()]); return { c, a }'
    const paused = pausedOf(await runtime.run({ source, bindings }))
    expect(valueOf(await runtime.resume(paused.token, { reply: 'ok' }, { bindings }))).toEqual({ c: 'charged 5', a: 'ok' })
    expect(charged).toBe(1)
  })

  it('works with describeBindings tools and namespaces', async () => {
    const { describeBindings } = require('../index.js') as typeof import('../index')
    const { bindings } = describeBindings({
      payments: { send: { inputSchema: { type: 'object', properties: { amount: { type: 'number' } } }, execute: ({ amount }: { amount: number }) => pause({ amount }) } },
    })
    const paused = pausedOf(await runtime.run({ source: 'return await tools.payments.send({ amount: 5 })', bindings }))
    expect(paused).toMatchObject({ call: { path: 'tools.payments.send', args: [{ amount: 5 }] }, data: { amount: 5 } })
    expect(valueOf(await runtime.resume(paused.token, { reply: 'sent' }, { bindings }))).toBe('sent')
  })
})

describe('tokens', () => {
  const bindings = tools().bindings
  const pausedToken = async () => pausedOf(await runtime.run({ source: APPROVAL, bindings })).token

  it('resume in another process with the same durableKey', async () => {
    const token = await pausedToken()
    const child = await runInChild(`
const rt = runtime.createCodeRuntime({ durableKey: ${JSON.stringify(KEY)} })
let calls = 0
const count = (f) => (...args) => (calls++, f(...args))
const bindings = { add: count((a, b) => a + b), double: count((n) => n * 2), approve: count(() => { throw new Error('asked again') }) }
rt.resume(${JSON.stringify(token)}, { reply: 'from the child' }, { bindings })
  .then((result) => { console.log(JSON.stringify({ result, calls })); return rt.dispose() })
`)
    expect(child.stderr).toBe('')
    const { result, calls } = JSON.parse(child.stdout)
    expect(result).toMatchObject({ ok: true, value: { sum: 5, twice: 10, answer: 'from the child', more: 11, last: 22 } })
    expect(calls).toBe(2)
  })

  it('refuses a tampered, truncated or forged token before anything runs, saying which', async () => {
    const token = await pausedToken()
    const { calls, bindings: counted } = tools()
    const refusal = async (bad: string) => {
      const result = await runtime.resume(bad, { reply: 1 }, { bindings: counted })
      expect(result.stats.bindingCalls).toBe(0)
      return errorOf(result)
    }
    const [format, keyId, body, signature] = token.split('.')
    const edited = Buffer.from(body, 'base64url').toString('utf8').replace('add(2, 3)', 'add(2, 4)')
    expect(await refusal([format, keyId, Buffer.from(edited).toString('base64url'), signature].join('.'))).toMatchObject({
      kind: 'token',
      message: expect.stringContaining('altered'),
    })
    for (const cut of [token.length - 1, token.length - 50, 40]) {
      expect(await refusal(token.slice(0, cut))).toMatchObject({ kind: 'token', message: expect.stringContaining('truncated') })
    }
    const otherKey = randomBytes(32)
    expect(await refusal(resigned(token, () => {}, otherKey.toString('hex')))).toMatchObject({ kind: 'token', message: expect.stringContaining('altered') })
    const foreign = createCodeRuntime({ durableKey: otherKey })
    const foreignToken = pausedOf(await foreign.run({ source: APPROVAL, bindings })).token
    await foreign.dispose()
    expect(await refusal(foreignToken)).toMatchObject({ kind: 'token', message: expect.stringContaining('another key') })
    expect(await refusal(`crb2.${token.slice(5)}`)).toMatchObject({ kind: 'token', message: expect.stringContaining('incompatible version') })
    expect(await refusal('not a token')).toMatchObject({ kind: 'token' })
    expect(calls).toEqual({})
  })

  it('a runtime without durableKey resumes its own tokens and says to set one for others', async () => {
    const own = createCodeRuntime()
    try {
      const { bindings } = tools()
      const token = pausedOf(await own.run({ source: APPROVAL, bindings })).token
      expect(valueOf(await own.resume(token, { reply: 'y' }, { bindings }))).toMatchObject({ answer: 'y' })
      const elsewhere = errorOf(await runtime.resume(token, { reply: 'y' }, { bindings }))
      expect(elsewhere).toMatchObject({ kind: 'token', message: expect.stringContaining('another key') })
      const mine = await runtime.run({ source: APPROVAL, bindings })
      expect(errorOf(await own.resume(pausedOf(mine).token, { reply: 'y' }, { bindings })).message).toContain('durableKey')
    } finally {
      await own.dispose()
    }
  })

  it('a program that makes another call on replay ends with kind replay naming both', async () => {
    const token = await pausedToken()
    const forged = resigned(token, (payload) => (payload.source = payload.source.replace('add(2, 3)', 'add(2, 30)')))
    const { calls, bindings: counted } = tools()
    const error = errorOf(await runtime.resume(forged, { reply: 'yes' }, { bindings: counted }))
    expect(error.kind).toBe('replay')
    expect(error.message).toContain('add(2,30)')
    expect(error.message).toContain('add(2,3)')
    expect(calls).toEqual({})
    const ended = resigned(token, (payload) => (payload.source = 'return 1'))
    expect(errorOf(await runtime.resume(ended, { reply: 'yes' }, { bindings: counted }))).toMatchObject({ kind: 'replay', message: expect.stringContaining('ended before') })
  })

  it('a pause whose token would pass maxTokenBytes ends with an error saying so', async () => {
    const big = 'x'.repeat(20_000)
    const result = await runtime.run({
      source: 'const data = await load(); await approve(data.length)',
      bindings: { load: () => big, approve: () => pause() },
      limits: { maxTokenBytes: 10_000 },
    })
    expect(errorOf(result)).toMatchObject({ kind: 'result', message: expect.stringContaining('maxTokenBytes (10000 bytes)') })
    expect(result).not.toHaveProperty('paused')
  })

  it('rejects a malformed answer or token argument with a TypeError', async () => {
    const token = await pausedToken()
    await expect(runtime.resume(token, {} as never)).rejects.toThrow(/exactly one/)
    await expect(runtime.resume(token, { reply: 1, error: { message: 'x' } } as never)).rejects.toThrow(/exactly one/)
    await expect(runtime.resume(token, { reply: () => 1 })).rejects.toThrow(/the reply to approve\(\) is a function/)
    await expect(runtime.resume(token, { error: 'no' } as never)).rejects.toThrow(/error must be an Error or \{ name, message \}/)
    await expect(runtime.resume(42 as never, { reply: 1 })).rejects.toThrow(/needs the paused run's token/)
  })

  it('durableKey must be 32 bytes or more', () => {
    expect(() => createCodeRuntime({ durableKey: 'short' })).toThrow(/at least 32 bytes, got 5/)
    expect(() => createCodeRuntime({ durableKey: 42 as never })).toThrow(/durableKey must be a string or bytes/)
  })
})

describe('where pause does not apply', () => {
  it('a session cannot pause: the call fails in the program saying so', async () => {
    const session = await runtime.createSession({ bindings: { approve: () => pause() } })
    try {
      const observation = await session.execute({ code: 'try { await approve() } catch (e) { return e.message }' })
      expect(observation).toMatchObject({ status: 'completed', value: expect.stringContaining('a session cannot') })
    } finally {
      await session.stop()
    }
  })
})

describe('adapters', () => {
  it('codemode: a tool pauses execute, and resume continues it', async () => {
    const executor = new BoaExecutor({ runtime })
    let sent = 0
    const fns = {
      lookup: async ({ q }: { q: string }) => ({ q, bytes: new Uint8Array([1, 2]) }),
      send: async ({ amount }: { amount: number }) => (amount > 100 ? pause({ reason: 'large' }) : (sent++, 'sent')),
    }
    const code = `async () => { const r = await codemode.lookup({ q: 'x' }); const s = await codemode.send({ amount: 500 }); console.log('after', s); return { bytes: r.bytes, s } }`
    const first = await executor.execute(code, fns)
    expect(first).toMatchObject({ result: undefined, error: expect.stringContaining('codemode.send()'), paused: { call: { path: 'codemode.send', args: [{ amount: 500 }] }, data: { reason: 'large' } } })
    const done = await executor.resume(first.paused!.token, { reply: 'approved' }, fns)
    expect(done).toEqual({ result: { bytes: new Uint8Array([1, 2]), s: 'approved' }, logs: ['after approved'] })
    const declined = await executor.resume(first.paused!.token, { error: { name: 'Declined', message: 'no' } }, fns)
    expect(declined).toMatchObject({ result: undefined, error: 'no' })
    expect(await executor.resume('garbage', { reply: 1 }, fns)).toMatchObject({ result: undefined })
    expect(sent).toBe(0)
  })

  it('cordis: the service resumes, and the entry exports pause', async () => {
    const { Context } = await import('cordis')
    const ctx = new Context()
    const fork = ctx.plugin(cordisEntry, { durableKey: KEY })
    const service = await new Promise<typeof runtime>((resolve) => ctx.inject(['codeRuntime'], (ctx) => resolve(ctx.codeRuntime)))
    const bindings = { approve: () => cordisEntry.pause('ok?') }
    const paused = pausedOf(await service.run({ source: 'return await approve()', bindings }))
    // Same key: the plain runtime resumes the service's token.
    expect(valueOf(await runtime.resume(paused.token, { reply: 'fine' }, { bindings }))).toBe('fine')
    expect(valueOf(await service.resume(paused.token, { reply: 'yes' }, { bindings }))).toBe('yes')
    fork.dispose()
  })
})
