// Host functions that misbehave: throw synchronously, reject with non-Errors, return values that
// cannot become JSON. The program gets an Error with a clear message; the host's stack never leaks.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, expectContained, expectNoHostPaths, valueOf, watchHostFailures } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const CATCH = `try { const v = await hostile(); return { ok: true, v } } catch (e) {
  return { ok: false, isError: e instanceof Error, name: e.name, message: e.message, stack: e.stack === undefined ? null : String(e.stack), keys: Object.keys(e) }
}`

async function attempt(hostile: () => unknown) {
  let caught: any
  const { failures } = await watchHostFailures(async () => {
    await expectContained(runtime, CATCH, (result) => {
      caught = valueOf(result)
    }, { bindings: { hostile } })
  }, 20)
  expect(failures).toEqual([])
  expect(caught.ok).toBe(false)
  expect(caught.isError).toBe(true)
  expect(caught.keys).toEqual([])
  expectNoHostPaths(caught.message)
  expectNoHostPaths(caught.stack ?? undefined)
  return caught
}

describe('hostile host values', () => {
  it('a host function that throws synchronously: name and message only, no host stack', async () => {
    const error = await attempt(() => {
      const e = new RangeError('sync boom')
      e.stack = `RangeError: sync boom\n    at secret (${__filename}:1:1)`
      ;(e as any).secret = 'token'
      throw e
    })
    expect(error.name).toBe('RangeError')
    expect(error.message).toBe('sync boom')
    expect(String(error.stack)).not.toContain('secret')
  })

  it('rejects with a string', async () => {
    const error = await attempt(() => Promise.reject('just a string'))
    expect(error.name).toBe('Error')
    expect(error.message).toBe('just a string')
  })

  it('rejects with undefined', async () => {
    const error = await attempt(() => Promise.reject(undefined))
    expect(error.message).toMatch(/undefined/)
  })

  it('rejects with a plain object', async () => {
    const error = await attempt(() => Promise.reject({ code: 42 }))
    expect(error.message).toContain('42')
  })

  it('rejects with an object whose getters throw', async () => {
    const error = await attempt(() =>
      Promise.reject({
        get message() { throw new Error('getter') },
        toJSON() { throw new Error('toJSON') },
      }),
    )
    expect(error.message).toMatch(/cannot be described|failed/)
  })

  it('throws an Error whose name and message getters throw', async () => {
    const e = new Error('x')
    Object.defineProperty(e, 'message', { get() { throw new Error('no message') } })
    const error = await attempt(() => { throw e })
    expect(typeof error.message).toBe('string')
  })

  it('returns a cycle', async () => {
    const error = await attempt(() => { const a: any = {}; a.self = a; return a })
    expect(error.name).toBe('TypeError')
    expect(error.message).toContain('hostile() returned a value that cannot cross to the program')
  })

  it('returns an object whose getter throws', async () => {
    const error = await attempt(() => ({ get x() { throw new Error('getter boom') } }))
    expect(error.message).toContain('hostile() returned a value that cannot cross to the program')
    expect(error.message).toContain('getter boom')
  })

  it('returns a BigInt', async () => {
    const error = await attempt(() => 10n)
    expect(error.message).toContain('hostile() returned a value that cannot cross to the program')
    expect(error.message).toMatch(/BigInt/)
  })

  it('returns a function or a symbol: an error, not a silent undefined', async () => {
    for (const value of [() => 1, Symbol('s')]) {
      const error = await attempt(() => value)
      expect(error.name).toBe('TypeError')
      expect(error.message).toMatch(/cannot cross to the program/)
    }
  })

  it('returns a thenable that settles several times: the first settlement wins', async () => {
    await expectContained(runtime, `return await hostile()`, (result) => {
      expect(valueOf(result)).toBe(1)
    }, {
      bindings: {
        hostile: () => ({ then(resolve: (v: unknown) => void, reject: (e: unknown) => void) { resolve(1); resolve(2); reject(new Error('late')) } }),
      },
    })
  })

  it('an uncaught host error in the result carries no host stack either', async () => {
    await expectContained(runtime, `await hostile()`, (result) => {
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.error.message).toBe('boom')
      expectNoHostPaths(result.error.stack)
      expect(result.error.stack).not.toContain(__filename)
    }, { bindings: { hostile: () => { throw new Error('boom') } } })
  })
})
