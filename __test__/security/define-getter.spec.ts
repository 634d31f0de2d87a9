// __defineGetter__ / __defineSetter__ / __lookupGetter__: legacy accessors stay in the realm and
// cannot hook bindings or namespaces.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('__defineGetter__', () => {
  it('a getter defined on an argument runs in the sandbox; the host receives its value', async () => {
    const calls: unknown[] = []
    await expectContained(
      runtime,
      `const o = {}; let ran = 0
       o.__defineGetter__('x', () => { ran++; return 'from getter' })
       await record(o)
       return ran`,
      (result) => {
        expect(valueOf(result)).toBe(1)
        expect(calls).toEqual([{ x: 'from getter' }])
        expect(Object.getOwnPropertyDescriptor(calls[0], 'x')).toMatchObject({ value: 'from getter' })
      },
      { bindings: { record: (v: unknown) => void calls.push(v) } },
    )
  })

  it('cannot hook a binding on the global object', async () => {
    await expectContained(runtime, `globalThis.__defineGetter__('search', () => () => 'hooked')\nreturn await search()`, (result) => {
      expect(errorOf(result).name).toBe('TypeError')
    }, { bindings: { search: () => 'real' } })
  })

  it('cannot hook a function inside a namespace', async () => {
    await expectContained(runtime, `return typeof ns.__defineGetter__`, (result) => {
      expect(valueOf(result)).toBe('undefined')
    }, { bindings: { ns: { f: () => 1 } } })
    await expectContained(runtime, `Object.prototype.__defineGetter__.call(ns, 'f', () => () => 'hooked')\nreturn await ns.f()`, (result) => {
      expect(errorOf(result).name).toBe('TypeError')
    }, { bindings: { ns: { f: () => 'real' } } })
  })

  it('a getter on Object.prototype does not survive into the next run', async () => {
    await expectContained(runtime, `Object.prototype.__defineGetter__('__attack__', () => 'polluted')\nreturn ({}).__attack__`, (result) => {
      expect(valueOf(result)).toBe('polluted')
    })
  })
})
