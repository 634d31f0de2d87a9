// structuredClone in the realm (src/realm/clone.rs): what a program gets back, as the HTML
// algorithm (and Node) gives it, and what it refuses. Sizes and depths a program chooses are in
// __test__/security/native-surface.spec.ts, each in a child process.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const run = async (source: string) => valueOf(await runtime.run({ source, language: 'javascript', limits: { maxWallMs: 5_000 } }))

/** The program catches what structuredClone throws and returns its name and message. */
const thrown = (call: string) => `try { ${call}; return 'no error' } catch (e) { return [e.name, e.message] }`

describe('structuredClone copies', () => {
  it('plain data deeply, keeping shared references and cycles', async () => {
    const value = await run(`
      const shared = { n: 1 }
      const original = { list: [shared, shared], nested: { deep: [1, 'two', null, undefined, true, 3n] } }
      original.self = original
      const copy = structuredClone(original)
      copy.nested.deep.push('mine')
      return [copy !== original, copy.self === copy, copy.list[0] === copy.list[1], copy.list[0] !== shared,
        original.nested.deep.length, copy.nested.deep.length, typeof copy.nested.deep[5]]
    `)
    expect(value).toEqual([true, true, true, true, 6, 7, 'bigint'])
  })

  it('own enumerable string keys only, onto a plain object', async () => {
    const value = await run(`
      class Point { constructor() { this.x = 1 } get doubled() { return 2 } }
      const p = new Point()
      Object.defineProperty(p, 'hidden', { value: 1, enumerable: false })
      p[Symbol('s')] = 1
      const copy = structuredClone(p)
      return [Object.getPrototypeOf(copy) === Object.prototype, Reflect.ownKeys(copy)]
    `)
    expect(value).toEqual([true, ['x']])
  })

  it('arrays with their length and holes, without walking the holes', async () => {
    const value = await run(`
      const a = [1, , 3]; a.label = 'kept'
      const sparse = []; sparse.length = 2 ** 32 - 1; sparse[5] = 'five'
      const copy = structuredClone(a), big = structuredClone(sparse)
      return [copy.length, 1 in copy, copy.label, big.length, big[5], Object.keys(big)]
    `)
    expect(value).toEqual([3, false, 'kept', 2 ** 32 - 1, 'five', ['5']])
  })

  it('Map, Set, Date, RegExp and primitive wrappers', async () => {
    const value = await run(`
      const key = { k: 1 }
      const copy = structuredClone({ m: new Map([[key, 'v']]), s: new Set([key]), d: new Date(5), r: /a+/gi,
        w: [Object(false), Object(2), Object('hi'), Object(3n)] })
      const [mapKey] = copy.m.keys()
      return [mapKey !== key, copy.s.has(mapKey), copy.m.get(mapKey), copy.d.getTime(), copy.r.source, copy.r.flags,
        copy.w.map((w) => [typeof w, String(w.valueOf())])]
    `)
    expect(value).toEqual([true, true, 'v', 5, 'a+', 'gi',
      [['object', 'false'], ['object', '2'], ['object', 'hi'], ['object', '3']]])
  })

  it('binary views over one copy of their buffer, with their offsets', async () => {
    const value = await run(`
      const buffer = new ArrayBuffer(8)
      const bytes = new Uint8Array(buffer, 2, 4); bytes[0] = 7
      const view = new DataView(buffer, 1, 3)
      const copy = structuredClone({ bytes, view })
      bytes[0] = 8
      return [copy.bytes.buffer === copy.view.buffer, copy.bytes.buffer !== buffer, copy.bytes.buffer.byteLength,
        copy.bytes.byteOffset, copy.bytes.length, copy.bytes[0], copy.view.byteOffset, copy.view.byteLength]
    `)
    expect(value).toEqual([true, true, 8, 2, 4, 7, 1, 3])
  })

  it('Errors of the standard kinds, with message and cause', async () => {
    const value = await run(`
      const cause = { why: 'x' }
      const copy = structuredClone(new RangeError('bad', { cause }))
      return [copy instanceof RangeError, copy.message, copy.cause.why, copy.cause !== cause, Object.keys(copy)]
    `)
    expect(value).toEqual([true, 'bad', 'x', true, []])
  })

  it('transfers ArrayBuffers: the originals are detached once the clone succeeded', async () => {
    const value = await run(`
      const moved = new ArrayBuffer(4); new Uint8Array(moved)[0] = 9
      const copy = structuredClone({ moved }, { transfer: new Set([moved]) })
      const kept = new ArrayBuffer(4)
      try { structuredClone({ kept, f() {} }, { transfer: [kept] }) } catch {}
      return [moved.byteLength, copy.moved.byteLength, new Uint8Array(copy.moved)[0], kept.byteLength]
    `)
    expect(value).toEqual([0, 4, 9, 4])
  })
})

describe('structuredClone refuses', () => {
  it.each([
    ['a function, named by its source as Node names it', 'structuredClone({ f() {} })', ['DataCloneError', 'f() {} could not be cloned.']],
    ['a symbol', "structuredClone([Symbol('tag')])", ['DataCloneError', 'Symbol(tag) could not be cloned.']],
    ['a Proxy, without running its traps', `structuredClone(new Proxy({}, { ownKeys() { throw new Error('trap ran') } }))`,
      ['DataCloneError', '#<Object> could not be cloned.']],
    ['a Promise', 'structuredClone(Promise.resolve(1))', ['DataCloneError', '#<Promise> could not be cloned.']],
    ['a detached ArrayBuffer', 'const b = new ArrayBuffer(1); structuredClone(b, { transfer: [b] }); structuredClone(b)',
      ['DataCloneError', 'An ArrayBuffer is detached and could not be cloned.']],
    ['a transfer list of something else', 'structuredClone(1, { transfer: [{}] })',
      ['DataCloneError', 'options.transfer may list only ArrayBuffers, each once and not detached']],
    ['a buffer listed twice', 'const b = new ArrayBuffer(1); structuredClone(b, { transfer: [b, b] })',
      ['DataCloneError', 'options.transfer may list only ArrayBuffers, each once and not detached']],
    // A sequence is read through its iterator: the array-like's length is never used.
    ['an array-like transfer list', 'structuredClone(1, { transfer: { length: 2 ** 32 } })',
      ['TypeError', 'structuredClone: options.transfer is not iterable']],
    ['options that are not an object', 'structuredClone(1, 2)', ['TypeError', 'structuredClone: options must be an object']],
  ])('%s', async (_, call, expected) => {
    expect(await run(thrown(call))).toEqual(expected)
  })

  it('with a DOMException, or an Error named DataCloneError where the program replaced the global', async () => {
    const value = await run(`
      const refusal = () => { try { structuredClone(Symbol()) } catch (e) { return [e.constructor.name, e.name, e.code, e instanceof Error] } }
      const first = refusal()
      globalThis.DOMException = 'replaced'
      return [first, refusal()]
    `)
    expect(value).toEqual([['DOMException', 'DataCloneError', 25, true], ['Error', 'DataCloneError', null, true]])
  })
})
