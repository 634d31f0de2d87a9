// What a binding returns arrives as ordinary values of the program's realm: realm prototypes,
// plain data properties, nothing of the host's objects.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

class HostClass {
  field = 1
  get computed() { return 2 }
  method() { return 3 }
}

describe('host values in the realm', () => {
  it('objects and arrays have the realm\'s Object.prototype and Array.prototype', async () => {
    await expectContained(
      runtime,
      `const v = await get()
       return [
         Object.getPrototypeOf(v) === Object.prototype,
         Object.getPrototypeOf(v.list) === Array.prototype,
         Array.isArray(v.list),
         Object.getPrototypeOf(v.nested.deep) === Object.prototype,
         v instanceof Object,
         Object.isFrozen(v),
         typeof v.constructor.constructor,
       ]`,
      (result) => {
        expect(valueOf(result)).toEqual([true, true, true, true, true, false, 'function'])
      },
      { bindings: { get: () => ({ list: [1, 'x', null], nested: { deep: { ok: true } } }) } },
    )
  })

  it('a class instance arrives as its JSON: own data only, no methods, no getters', async () => {
    await expectContained(
      runtime,
      `const v = await get()
       return [Object.keys(v), typeof v.method, typeof v.computed, Object.getPrototypeOf(v) === Object.prototype]`,
      (result) => {
        expect(valueOf(result)).toEqual([['field'], 'undefined', 'undefined', true])
      },
      { bindings: { get: () => new HostClass() } },
    )
  })

  it('host functions, symbols and undefined inside values are dropped as JSON drops them', async () => {
    await expectContained(
      runtime,
      `const v = await get()
       return [Object.keys(v), v.list]`,
      (result) => {
        expect(valueOf(result)).toEqual([['a', 'list'], [null, null]])
      },
      { bindings: { get: () => ({ a: 1, f: () => 1, u: undefined, [Symbol('s')]: 1, list: [() => 1, undefined] }) } },
    )
  })

  it('a Date becomes its ISO string; a Map becomes {}', async () => {
    await expectContained(
      runtime,
      `const v = await get(); return [typeof v.date, v.map]`,
      (result) => {
        expect(valueOf(result)).toEqual(['string', {}])
      },
      { bindings: { get: () => ({ date: new Date(0), map: new Map([[1, 2]]) }) } },
    )
  })

  it('a host __proto__ key becomes an own property, not the realm object\'s prototype', async () => {
    await expectContained(
      runtime,
      `const v = await get()
       return [Object.getPrototypeOf(v) === Object.prototype, Object.keys(v), typeof ({}).polluted, typeof v.polluted]`,
      (result) => {
        const [ordinary, keys, polluted, inherited] = valueOf(result)
        expect(ordinary).toBe(true)
        expect(polluted).toBe('undefined')
        expect(inherited).toBe('undefined')
        expect(keys).toContain('__proto__')
      },
      { bindings: { get: () => JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}') } },
    )
  })
})
