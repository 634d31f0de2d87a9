// Symbol.species lets a program choose what built-ins construct. Whatever it returns stays in
// the realm: arguments cross as JSON, and the next run has the original species.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('Symbol.species', () => {
  it('a species returning a non-array is sent to the host as plain JSON', async () => {
    const received: unknown[] = []
    await expectContained(
      runtime,
      `class Evil extends Array { static get [Symbol.species]() { return function () { return { length: 0, hijacked: true } } } }
       const evil = Evil.from([1, 2])
       return await echo(evil, evil.map((x) => x * 2))`,
      (result) => {
        valueOf(result)
        for (const value of received.flat()) {
          expect([Array.prototype, Object.prototype]).toContain(Object.getPrototypeOf(value))
        }
      },
      { bindings: { echo: (...args: unknown[]) => (received.push(args), args) } },
    )
  })

  it('redefining Array[Symbol.species] and Promise[Symbol.species] does not leak', async () => {
    await expectContained(
      runtime,
      `Object.defineProperty(Array, Symbol.species, { get: () => Object, configurable: true })
       Object.defineProperty(Promise, Symbol.species, { get: () => function (executor) { executor(() => {}, () => {}) }, configurable: true })
       const mapped = [1, 2].map((x) => x)
       const v = await echo([1, 2])
       return [Array.isArray(mapped), v]`,
      (result) => {
        expect(valueOf(result)[1]).toEqual([1, 2])
      },
      { bindings: { echo: (x: unknown) => x } },
    )
    const next = await runtime.run({ source: `return [1, 2].map((x) => x).constructor === Array`, language: 'javascript' })
    expect(valueOf(next)).toBe(true)
  })

  it('a species constructor that throws only fails the program', async () => {
    await expectContained(
      runtime,
      `class A extends Array { static get [Symbol.species]() { throw new Error('species boom') } }
       return A.from([1]).map((x) => x)`,
      (result) => {
        expect(result.ok).toBe(false)
        if (!result.ok) expect(result.error.message).toContain('species boom')
      },
    )
  })
})
