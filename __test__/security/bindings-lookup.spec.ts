// The program reaches host functions only by the exact paths the host gave: nothing inherited,
// nothing of Object.prototype, and namespaces are frozen null-prototype objects.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('binding lookup', () => {
  it('namespaces are frozen, null-prototype, and expose only their own bindings', async () => {
    await expectContained(
      runtime,
      `return {
        proto: Object.getPrototypeOf(github) === null,
        frozen: Object.isFrozen(github),
        keys: Object.keys(github),
        names: Object.getOwnPropertyNames(github),
        dunderProto: typeof github.__proto__,
        constructor: typeof github.constructor,
        toString: typeof github.toString,
        hasOwnProperty: typeof github.hasOwnProperty,
        valueOf: typeof github.valueOf,
        fnFrozen: Object.isFrozen(github.listIssues),
      }`,
      (result) => {
        expect(valueOf(result)).toEqual({
          proto: true,
          frozen: true,
          keys: ['listIssues'],
          names: ['listIssues'],
          dunderProto: 'undefined',
          constructor: 'undefined',
          toString: 'undefined',
          hasOwnProperty: 'undefined',
          valueOf: 'undefined',
          fnFrozen: true,
        })
      },
      { bindings: { github: { listIssues: () => [] } } },
    )
  })

  it('calling __proto__, constructor, toString or hasOwnProperty of a namespace fails in the program', async () => {
    const touched: string[] = []
    const github = { listIssues: () => { touched.push('listIssues'); return [] } }
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      await expectContained(runtime, `return await github[${JSON.stringify(name)}]('x')`, (result) => {
        expect(errorOf(result).name).toBe('TypeError')
      }, { bindings: { github } })
    }
    expect(touched).toEqual([])
  })

  it('inherited and non-enumerable host properties are not bindings', async () => {
    const proto = { inherited: () => 'inherited' }
    const bindings = Object.create(proto)
    bindings.own = () => 'own'
    Object.defineProperty(bindings, 'hidden', { value: () => 'hidden', enumerable: false })
    await expectContained(runtime, `return [typeof own, typeof inherited, typeof hidden, await own()]`, (result) => {
      expect(valueOf(result)).toEqual(['function', 'undefined', 'undefined', 'own'])
    }, { bindings })
  })

  it('the realm\'s own Object.prototype methods never reach the host', async () => {
    const calls: string[] = []
    const bindings = { search: () => { calls.push('search'); return 1 } }
    await expectContained(
      runtime,
      `return [typeof hasOwnProperty, hasOwnProperty.call(globalThis, 'search'), globalThis.constructor === Object, await search()]`,
      (result) => {
        expect(valueOf(result)).toEqual(['function', true, true, 1])
      },
      { bindings },
    )
    expect(calls).toEqual(['search'])
  })

  it('a binding function is a realm function and no constructor', async () => {
    await expectContained(
      runtime,
      `return [Object.getPrototypeOf(search) === Function.prototype, Object.getOwnPropertyNames(search).sort(), search.name]`,
      (result) => {
        expect(valueOf(result)).toEqual([true, ['length', 'name'], 'search'])
      },
      { bindings: { search: () => 1 } },
    )
    await expectContained(runtime, `return new search()`, (result) => {
      expect(errorOf(result).name).toBe('TypeError')
    }, { bindings: { search: () => 1 } })
  })
})
