// Node's Buffer in the realm (README, "The realm"), tested as an adversary would: generated
// tables of odd arguments and random strings and bytes, run in the realm and in this Node (the
// oracle), which must answer alike; huge sizes against the memory budget; Proxies, detached
// buffers, built-ins a program replaced; the global in runs and sessions; Buffers crossing the
// bridge. The realistic programs are in the behaviour differential (corpus/buffers.ts).
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { RunOptions } from '../index.js'
import { errorOf, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const run = (source: string, options: Partial<RunOptions> = {}) =>
  runtime.run({ source, language: 'javascript', ...options, limits: { maxWallMs: 30_000, ...options.limits } })

const AsyncFunction = (async () => {}).constructor as new (body: string) => () => Promise<unknown>

/** What `source` (a JavaScript function body) returns in this Node and in the realm. */
async function bothWays(source: string): Promise<{ node: unknown; realm: unknown }> {
  const node = JSON.parse(JSON.stringify(await new AsyncFunction(source)()))
  return { node, realm: valueOf(await run(source)) }
}

// A call's outcome as text, the same on both sides: a Buffer or typed array by its class and
// bytes, an error by its class, code and message.
const SHOW = `const show = (f) => {
  try {
    const v = f()
    if (ArrayBuffer.isView(v)) return (Buffer.isBuffer(v) ? 'Buffer ' : v.constructor.name + ' ') + Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')
    return typeof v === 'bigint' ? v + 'n' : Object.is(v, -0) ? '-0' : typeof v + ' ' + String(v)
  } catch (e) {
    return 'threw ' + (e && e.constructor && e.constructor.name) + ' ' + (e && e.code) + ' ' + (e && e.message)
  }
}
// for what the engine itself refuses, whose messages are its own (V8's differ): the class alone
const kind = (f) => show(f).replace(/^(threw \\w+) .*$/, '$1')`

// A deterministic generator, so that both sides draw the same cases.
const RANDOM = `let seed = 12345
const random = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n }
const pick = (list) => list[random(list.length)]`

describe('Buffer against Node, argument by argument', () => {
  it('answers every method given odd offsets, lengths and sizes as Node does', async () => {
    const { node, realm } = await bothWays(`${SHOW}
const odd = [0, 1, 3, -1, -0, 0.5, 1.5, 2.9, NaN, Infinity, -Infinity, 2 ** 32, 2 ** 53, -(2 ** 31), '1', 'hex', null, undefined, true, {}, [], [2], { valueOf: () => 2 }]
const fresh = () => Buffer.from('abcdefgh')
const target = () => Buffer.alloc(6, '.')
const calls = {
  readUInt8: (o) => fresh().readUInt8(o), readInt16BE: (o) => fresh().readInt16BE(o), readUInt32LE: (o) => fresh().readUInt32LE(o),
  readDoubleBE: (o) => fresh().readDoubleBE(o), readFloatLE: (o) => fresh().readFloatLE(o), readBigInt64LE: (o) => fresh().readBigInt64LE(o),
  readUIntBE: (o) => fresh().readUIntBE(o, 3), readIntLE: (o) => fresh().readIntLE(0, o), writeUInt16BE: (o) => fresh().writeUInt16BE(1, o),
  writeInt8: (o) => fresh().writeInt8(o), writeUInt32LE: (o) => fresh().writeUInt32LE(o), writeFloatLE: (o) => fresh().writeFloatLE(1, o),
  writeDoubleBE: (o) => { const b = fresh(); b.writeDoubleBE(o); return b }, writeUIntLE: (o) => fresh().writeUIntLE(1, 0, o), writeIntBE: (o) => fresh().writeIntBE(o, 0, 2),
  slice: (o) => fresh().slice(o), subarray: (o) => fresh().subarray(1, o), toStringStart: (o) => fresh().toString('hex', o), toStringEnd: (o) => fresh().toString('utf8', 1, o),
  toStringEncoding: (o) => fresh().toString(o), fill: (o) => fresh().fill(1, o), fillEnd: (o) => fresh().fill('xy', 1, o), fillValue: (o) => fresh().fill(o),
  copyTarget: (o) => { const t = target(); fresh().copy(t, o); return t }, copySource: (o) => { const t = target(); fresh().copy(t, 0, o, 6); return t },
  copyEnd: (o) => fresh().copy(target(), 1, 2, o), write: (o) => { const b = fresh(); return [b.write('zz', o), b.toString()].join() },
  writeLength: (o) => { const b = fresh(); return [b.write('zzz', 1, o), b.toString()].join() }, writeEncoding: (o) => fresh().write('6869', o),
  indexOfNumber: (o) => fresh().indexOf(99, o), lastIndexOfString: (o) => fresh().lastIndexOf('c', o), indexOfBuffer: (o) => fresh().indexOf(Buffer.from('de'), o),
  includes: (o) => fresh().includes('h', o), indexOfValue: (o) => fresh().indexOf(o), compare: (o) => fresh().compare(target(), o),
  compareEnd: (o) => fresh().compare(fresh(), 0, 8, 0, o), alloc: (o) => Buffer.alloc(o), allocUnsafe: (o) => Buffer.allocUnsafe(o).length,
  allocFill: (o) => Buffer.alloc(3, o), fromArrayBufferOffset: (o) => Buffer.from(new ArrayBuffer(4), o), fromArrayBufferLength: (o) => Buffer.from(new ArrayBuffer(4), 1, o),
  fromValue: (o) => Buffer.from(o), concatLength: (o) => Buffer.concat([fresh(), fresh()], o), byteLength: (o) => Buffer.byteLength(o),
  byteLengthEncoding: (o) => Buffer.byteLength('aGVsbG8=', o), isEncoding: (o) => Buffer.isEncoding(o), copyBytesFrom: (o) => Buffer.copyBytesFrom(new Uint16Array([1, 2, 3]), o),
  utf8Slice: (o) => fresh().utf8Slice(o, 4), hexWrite: (o) => fresh().hexWrite('abab', o),
}
// not 2 ** 32 as a size, which Node allocates (4 GiB)
const sizes = new Set(['alloc', 'allocUnsafe', 'allocFill', 'concatLength'])
const out = {}
for (const [name, call] of Object.entries(calls)) out[name] = odd.filter((o) => !sizes.has(name) || o !== 2 ** 32).map((o) => show(() => call(o)))
return out`)
    expect(realm).toEqual(node)
    expect(Object.keys(node as object).length).toBeGreaterThan(40)
  })

  it('decodes random strings and encodes random bytes in every encoding as Node does', async () => {
    const { node, realm } = await bothWays(`${RANDOM}
const units = ['a', 'Z', '0', '+', '/', '-', '_', '=', ' ', '\\n', '!', 'f', 'F', 'é', 'ÿ', '€', '\\u0161', '\\u013d', '\\ud800', '\\udc00', '😀', '\\u0000']
const encodings = ['utf8', 'utf16le', 'latin1', 'ascii', 'base64', 'base64url', 'hex']
const out = []
for (let i = 0; i < 600; i++) {
  let s = ''
  const length = random(i < 300 ? 12 : 1500)
  for (let j = 0; j < length; j++) s += random(3) ? pick(units.slice(0, 8)) : pick(units)
  const encoding = encodings[i % encodings.length]
  const b = Buffer.from(s, encoding)
  out.push([encoding, b.toString('hex'), Buffer.byteLength(s, encoding)])
}
for (let i = 0; i < 300; i++) {
  const bytes = Buffer.alloc(random(i < 200 ? 10 : 200))
  for (let j = 0; j < bytes.length; j++) bytes[j] = random(4) ? random(128) : random(256)
  out.push(encodings.map((e) => Buffer.from(bytes.toString(e), 'utf16le').toString('hex')))
}
return out`)
    expect(realm).toEqual(node)
  })

  it('searches with random needles, offsets and encodings as Node does', async () => {
    const { node, realm } = await bothWays(`${RANDOM}
const encodings = [undefined, 'utf8', 'ucs2', 'latin1', 'ascii', 'hex', 'base64']
const offsets = [undefined, 0, 1, 2, 3, -1, -2, -3, -100, 100, 1.5, NaN, 'hex', 'ucs2']
const out = []
for (let i = 0; i < 1500; i++) {
  const haystack = Buffer.alloc(random(12))
  for (let j = 0; j < haystack.length; j++) haystack[j] = 97 + random(3)
  let needle
  const kind = random(4)
  if (kind === 0) needle = 97 + random(3) + 256 * random(2)
  else if (kind === 1) needle = Array.from({ length: random(4) }, () => String.fromCharCode(97 + random(3))).join('')
  else needle = Buffer.from(Array.from({ length: random(4) }, () => 97 + random(3)))
  const offset = pick(offsets)
  const encoding = pick(encodings)
  out.push([haystack.indexOf(needle, offset, encoding), haystack.lastIndexOf(needle, offset, encoding)])
}
return out`)
    expect(realm).toEqual(node)
  })

  it('reads and writes random numbers of every width as Node does', async () => {
    const { node, realm } = await bothWays(`${RANDOM}
const values = [0, 1, -1, 255, 256, -129, 65535, 2 ** 31, -(2 ** 31), 2 ** 32 - 1, 2 ** 40 + 3, -(2 ** 47), 2 ** 48 - 1, 1.5, -0.5, NaN, 1e300]
const out = []
for (let i = 0; i < 400; i++) {
  const b = Buffer.alloc(12)
  for (let j = 0; j < 12; j++) b[j] = random(256)
  const size = 1 + random(6)
  const value = pick(values)
  const at = random(6)
  const attempt = (f) => { try { return f() } catch (e) { return e.code } }
  out.push([
    b.readUIntLE(at, size), b.readUIntBE(at, size), b.readIntLE(at, size), b.readIntBE(at, size), b.readFloatBE(at), b.readDoubleLE(0), String(b.readBigInt64BE(1)),
    attempt(() => b.writeUIntLE(value, at, size)), attempt(() => b.writeIntBE(value, at, size)), b.writeFloatLE(value, 1), b.writeDoubleBE(value, 2), b.toString('hex'),
  ])
}
return out`)
    expect(realm).toEqual(node)
  })
})

describe('Buffer and the memory budget', () => {
  const limits = { maxMemoryBytes: 32 << 20 }

  it.each([
    ['Buffer.alloc(2 ** 31)', 'Buffer.alloc(2 ** 31)'],
    ['Buffer.allocUnsafe(2 ** 30)', 'Buffer.allocUnsafe(2 ** 30)'],
    ['Buffer.alloc(2 ** 28, "ab")', "Buffer.alloc(2 ** 28, 'ab')"],
    ['Buffer.from of a huge array-like', 'Buffer.from({ length: 2 ** 40 })'],
    ['Buffer.from of a long string, in UTF-8', "Buffer.from('é'.repeat(2 ** 24))"],
    ['Buffer.from of a long string, in UTF-16', "Buffer.from('x'.repeat(2 ** 24), 'utf16le')"],
    ['Buffer.concat to a huge length', 'Buffer.concat([Buffer.alloc(1)], 2 ** 31)'],
    ['Buffer.copyBytesFrom of a large view', 'const big = new Float64Array(2 ** 21); Buffer.copyBytesFrom(big); Buffer.copyBytesFrom(big)'],
  ])('makes %s a RangeError the program can catch', async (_name, expression) => {
    const result = await run(`try { ${expression}; return 'allocated' } catch (e) { return [e instanceof RangeError, e.name] }`, { limits })
    expect(valueOf(result)).toEqual([true, 'RangeError'])
  })

  it("refuses a size past Node's limit as Node does, whatever the budget", async () => {
    const result = await run(`try { Buffer.alloc(2 ** 32 + 1) } catch (e) { return [e.code, e.message] }`)
    expect(valueOf(result)).toEqual(['ERR_OUT_OF_RANGE', 'The value of "size" is out of range. It must be >= 0 && <= 4294967296. Received 4_294_967_297'])
  })

  it('stops a program that decodes more text than the budget holds, and the host goes on', async () => {
    const result = await run(`const b = Buffer.alloc(12 << 20, 1)\nconst texts = []\nfor (;;) texts.push(b.toString('hex'))`, { limits })
    expect(errorOf(result)).toMatchObject({ kind: 'memory_budget' })
    expect(valueOf(await run(`return Buffer.from('still here').toString('base64')`))).toBe('c3RpbGwgaGVyZQ==')
  })
})

describe('Buffer given what a program can make of its inputs', () => {
  it('reads through Proxies as Node does, traps and all', async () => {
    const { node, realm } = await bothWays(`${SHOW}
const reads = []
const tracked = new Proxy([104, 105, 33], { get: (target, key) => { if (typeof key === 'string') reads.push(key); return target[key] } })
const proxiedBuffer = new Proxy(Buffer.from('ab'), {})
return [
  show(() => Buffer.from(tracked)), reads.length > 0, show(() => Buffer.concat(new Proxy([Buffer.from('x'), Buffer.from('y')], {}))),
  show(() => Buffer.isBuffer(proxiedBuffer)), kind(() => proxiedBuffer.toString()), kind(() => Buffer.concat([proxiedBuffer])),
  show(() => Buffer.from(new Proxy({ length: 2, 0: 1, 1: 2 }, {}))), show(() => Buffer.byteLength(new Proxy(Buffer.from('abc'), {}))),
  show(() => Buffer.from(new Proxy({}, { get: () => { throw new Error('trap') } }))),
]`)
    expect(realm).toEqual(node)
  })

  it('handles detached buffers as Node does', async () => {
    const { node, realm } = await bothWays(`${SHOW}
const detached = () => { const ab = new ArrayBuffer(8); structuredClone(ab, { transfer: [ab] }); return ab }
const viewOfDetached = (() => { const ab = new ArrayBuffer(8); const view = new Uint8Array(ab); structuredClone(ab, { transfer: [ab] }); return view })()
const over = (() => { const ab = new ArrayBuffer(8); const b = Buffer.from(ab); structuredClone(ab, { transfer: [ab] }); return b })()
return [
  show(() => Buffer.from(viewOfDetached)), show(() => Buffer.byteLength(detached())), show(() => over.length), show(() => over.toString('hex')),
  show(() => over.readUInt8(0)), kind(() => Buffer.concat([over, Buffer.from('a')])), kind(() => over.fill(1)), show(() => over.indexOf(0)),
  show(() => Buffer.from('abc').equals(over)), show(() => Buffer.compare(over, Buffer.alloc(0))), show(() => over.toJSON().data.length),
]`)
    expect(realm).toEqual(node)
  })

  it('builds a Buffer from a detached ArrayBuffer as a TypeError', async () => {
    const result = await run(`const ab = new ArrayBuffer(8)\nstructuredClone(ab, { transfer: [ab] })\ntry { Buffer.from(ab); return 'made' } catch (e) { return e.name }`)
    expect(valueOf(result)).toBe('TypeError')
  })

  it('keeps working when the program replaced the built-ins it would use, before and after its first use', async () => {
    const uses = `return [
  Buffer.from('héllo').toString('base64'), Buffer.from('aGk=', 'base64').toString(), Buffer.concat([Buffer.from('a'), Buffer.from([98])]).toString(),
  Buffer.from([1, 2, 3, 4]).readUInt32BE(0), Buffer.alloc(3, 'ab').toString('hex'), Buffer.from('abc').subarray(1).toString(), String(Buffer.alloc(8).readBigUInt64LE()),
  JSON.stringify(Buffer.from('hi')), Buffer.isBuffer(Buffer.alloc(1)), Buffer.from('xyz').indexOf('z'), Buffer.byteLength('€'),
  (() => { try { Buffer.alloc(-1) } catch (e) { return [e.name, e.code, e.message, String(e)] } })(),
  (() => { try { Buffer.from(Symbol('s')) } catch (e) { return e.message } })(),
  (() => { try { Buffer.alloc(1).readUInt8(1) } catch (e) { return e.message } })(),
]`
    const vandalism = `const nope = () => { throw 'a replaced built-in ran' }
Uint8Array.prototype.set = nope; Uint8Array.prototype.fill = nope; Uint8Array.prototype.subarray = nope; Uint8Array.prototype.slice = nope
Array.prototype.push = nope; Array.prototype.map = nope; Array.prototype.join = nope; Array.prototype[Symbol.iterator] = nope; Array.isArray = nope
Object.defineProperty = nope; Object.setPrototypeOf = nope; Object.keys = nope; Object.entries = nope; Reflect.apply = nope
String.prototype.slice = nope; String.prototype.toLowerCase = nope; String.prototype.charCodeAt = nope; String.prototype.endsWith = nope
Math.trunc = nope; Math.floor = nope; Math.min = nope; Math.abs = nope; Number.isInteger = nope; Number.isNaN = nope
globalThis.Uint8Array = nope; globalThis.TypeError = nope; globalThis.RangeError = nope; globalThis.Error = nope; globalThis.Symbol = nope
globalThis.JSON = { stringify: (v) => JSON_stringify(v) }; globalThis.String = nope; globalThis.Map = nope; globalThis.BigInt = nope; globalThis.Number = nope
`
    const expected = JSON.parse(JSON.stringify(await new AsyncFunction(uses)()))
    const kept = 'const JSON_stringify = JSON.stringify\nconst String = globalThis.String\nconst Symbol = globalThis.Symbol\n'
    const before = await run(`${kept}${vandalism}${uses}`)
    expect(valueOf(before)).toEqual(expected)
    const after = await run(`${kept}Buffer.alloc(1)\n${vandalism}${uses}`)
    expect(valueOf(after)).toEqual(expected)
  })

  it('can be replaced, reassigned and deleted by the program, as an ordinary global', async () => {
    // (read after the first use: until then a lazily defined global is an accessor standing in for it)
    const result = await run(`const first = typeof Buffer
const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'Buffer')
const before = [first, 'Buffer' in globalThis, Object.keys(globalThis).includes('Buffer'), descriptor.writable, descriptor.enumerable, descriptor.configurable, typeof descriptor.value]
Buffer.byteLength = () => 0
const replaced = Buffer.byteLength('abc')
globalThis.Buffer = undefined
const gone = typeof Buffer
globalThis.Buffer = 5
const five = Buffer
delete globalThis.Buffer
return [before, replaced, gone, five, typeof Buffer]`)
    expect(valueOf(result)).toEqual([['function', true, false, true, false, true, 'function'], 0, 'undefined', 5, 'undefined'])
  })

  it('says plainly why it cannot appear when the program froze the global object first', async () => {
    const result = await run(`Object.freeze(globalThis)\nreturn Buffer.from('a')`)
    expect(errorOf(result)).toMatchObject({ name: 'TypeError', message: expect.stringContaining('Buffer is defined the first time a program uses it') })
  })
})

describe('Buffer in runs and sessions', () => {
  it('exists in a run, whatever the program first does with it', async () => {
    for (const first of ['typeof Buffer', 'Buffer = Buffer', 'globalThis.Buffer', "'Buffer' in globalThis", 'Object.getOwnPropertyNames(globalThis)']) {
      const result = await run(`${first}\nreturn [typeof Buffer, Buffer.from('ok').toString('hex')]`)
      expect(valueOf(result), first).toEqual(['function', '6f6b'])
    }
  })

  it('exists in a session, and what one execute made of it the next one sees', async () => {
    const session = await runtime.createSession()
    try {
      const first = await session.execute({ code: `globalThis.saved = Buffer.from('kept')\nreturn typeof Buffer` })
      const second = await session.execute({ code: `return [saved.toString(), Buffer.isBuffer(saved), saved instanceof Buffer]` })
      const third = await session.execute({ code: `Buffer.poolSize = 1\nreturn Buffer.poolSize` })
      const fourth = await session.execute({ code: `return Buffer.poolSize` })
      expect([first, second, third, fourth].map((o) => o.status === 'completed' && o.value)).toEqual(['function', ['kept', true, true], 1, 1])
    } finally {
      await session.stop()
    }
  })
})

describe('Buffers crossing the bridge', () => {
  it('reach the host as Uint8Arrays with only their bytes, and come back as Uint8Arrays', async () => {
    const seen: unknown[] = []
    const result = await run(
      `const whole = Buffer.from('héllo')
const part = Buffer.from('0123456789').subarray(2, 5)
const back = await see({ whole, part, list: [Buffer.alloc(0)] })
return [Buffer.isBuffer(back), back instanceof Uint8Array, Buffer.from(back).toString(), { whole, part }]`,
      { bindings: { see: async (value: { whole: Uint8Array }) => { seen.push(value); return value.whole } } },
    )
    const [crossed] = seen as [{ whole: Uint8Array; part: Uint8Array; list: Uint8Array[] }]
    for (const view of [crossed.whole, crossed.part, crossed.list[0]]) {
      expect(Object.getPrototypeOf(view)).toBe(Uint8Array.prototype)
      expect(view.byteLength).toBe(view.buffer.byteLength)
    }
    expect([Buffer.from(crossed.whole).toString(), Buffer.from(crossed.part).toString(), crossed.list[0].length]).toEqual(['héllo', '234', 0])
    const [isBuffer, isUint8Array, text, returned] = valueOf(result)
    expect([isBuffer, isUint8Array, text]).toEqual([false, true, 'héllo'])
    expect(Object.getPrototypeOf(returned.whole)).toBe(Uint8Array.prototype)
    expect(Buffer.from(returned.part).toString()).toBe('234')
  })

  it('are copied by structuredClone as Uint8Arrays, as in Node', async () => {
    const { node, realm } = await bothWays(`const b = Buffer.from('clone me')
const copy = structuredClone(b)
const nested = structuredClone({ b: b.subarray(6) })
return [Object.getPrototypeOf(copy) === Uint8Array.prototype, Buffer.isBuffer(copy), Buffer.from(copy).toString(), Object.getPrototypeOf(nested.b) === Uint8Array.prototype, Buffer.from(nested.b.buffer, nested.b.byteOffset, nested.b.byteLength).toString()]`)
    expect(realm).toEqual(node)
    expect(realm).toEqual([true, false, 'clone me', true, 'me'])
  })
})
