// Symbol.toPrimitive, toJSON, getters and Proxies on binding arguments: the host receives plain
// JSON copies; any program code they hold runs inside the sandbox, before the copy is made.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

function recorder() {
  const calls: unknown[][] = []
  return { calls, bindings: { record: (...args: unknown[]) => { calls.push(args); return 'ok' } } }
}

/** Every object in `value` is a plain host object or array with data properties only. */
function expectPlainHostJson(value: unknown) {
  if (value === null || typeof value !== 'object') {
    expect(['string', 'number', 'boolean']).toContain(value === null ? 'string' : typeof value)
    return
  }
  expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(value))
  for (const key of Reflect.ownKeys(value)) {
    expect(typeof key).toBe('string')
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!
    expect('value' in descriptor).toBe(true)
    expect(descriptor.get).toBeUndefined()
    if (!(Array.isArray(value) && key === 'length')) expectPlainHostJson(descriptor.value)
  }
}

/**
 * Runs `source`, which sends arguments through `record`: it must return `value`, and the host must
 * have received exactly `expectedCalls`, as plain JSON.
 */
async function expectRecorded(source: string, value: string | number, expectedCalls: unknown[][]) {
  const { calls, bindings } = recorder()
  await expectContained(
    runtime,
    source,
    (result) => {
      expect(valueOf(result)).toBe(value)
      expect(calls).toEqual(expectedCalls)
      expectPlainHostJson(calls)
    },
    { bindings },
  )
}

describe('binding argument tricks', () => {
  it('Symbol.toPrimitive is not called; symbol keys do not cross', async () => {
    await expectRecorded(
      `let ran = 0
       const o = { a: 1, [Symbol.toPrimitive]() { ran++; return 'primitive' }, [Symbol('hidden')]: 2 }
       await record(o)
       return ran`,
      0,
      [[{ a: 1 }]],
    )
  })

  it('toJSON runs in the sandbox and only its JSON result crosses', async () => {
    await expectRecorded(
      `let ran = 0
       await record({ toJSON() { ran++; return { replaced: typeof process } } })
       return ran`,
      1,
      [[{ replaced: 'undefined' }]],
    )
  })

  it('a getter runs once in the sandbox; the host sees a data property', async () => {
    await expectRecorded(
      `let ran = 0
       await record({ get secret() { ran++; return 'v' + ran } })
       return ran`,
      1,
      [[{ secret: 'v1' }]],
    )
  })

  it('a throwing getter or toJSON fails the call in the program, never reaching the host', async () => {
    const { calls, bindings } = recorder()
    await expectContained(
      runtime,
      `const out = []
       try { await record({ get x() { throw new Error('getter boom') } }) } catch (e) { out.push(e.message) }
       try { await record({ toJSON() { throw new Error('toJSON boom') } }) } catch (e) { out.push(e.message) }
       return out`,
      (result) => {
        expect(valueOf(result)).toEqual(['getter boom', 'toJSON boom'])
        expect(calls).toEqual([])
      },
      { bindings },
    )
  })

  it('a Proxy argument is read through its traps in the sandbox and crosses as plain data', async () => {
    await expectRecorded(
      `const p = new Proxy({}, { ownKeys: () => ['a'], getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }), get: () => 'trapped' })
       await record(p)
       return 'sent'`,
      'sent',
      [[{ a: 'trapped' }]],
    )
  })

  it('functions, BigInts, symbols, cycles, Maps and promises are refused in the program', async () => {
    const { calls, bindings } = recorder()
    await expectContained(
      runtime,
      `const a = {}; a.self = a
       const out = []
       for (const bad of [() => 1, 1n, Symbol('s'), a, new Map(), Promise.resolve(1)]) {
         try { await record(bad); out.push('sent') } catch (e) { out.push(e.name) }
       }
       return out`,
      (result) => {
        expect(valueOf(result)).toEqual(Array(6).fill('TypeError'))
        expect(calls).toEqual([])
      },
      { bindings },
    )
  })
})
