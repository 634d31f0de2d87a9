// Engine behaviours model-written programs rely on, where upstream Boa 0.22 differed from V8
// (each fixed in vendor/boa_engine, listed in vendor/README.md).
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { RunOptions, RunResult } from '../index.js'
import { errorOf, runInChild, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

function run(source: string, options: Partial<RunOptions> = {}): Promise<RunResult> {
  return runtime.run({ source, ...options, limits: { maxWallMs: 5_000, ...options.limits } })
}

describe('RegExp source', () => {
  it('keeps an escaped slash escaped once, so the source rebuilds the same pattern', async () => {
    const value = valueOf(
      await run(String.raw`const re = /a\/b/g
const again = new RegExp(re.source, re.flags)
return { source: re.source, matches: 'x a/b y'.match(again), fromString: new RegExp('/').source, inClass: /[/]/.source }`),
    )
    expect(value).toEqual({ source: String.raw`a\/b`, matches: ['a/b'], fromString: String.raw`\/`, inClass: '[/]' })
  })

  it('escapes line terminators in a pattern built from a string', async () => {
    expect(valueOf(await run(`return new RegExp('a\\nb').source`))).toBe(String.raw`a\nb`)
  })
})

describe('object rest after a nested pattern', () => {
  it('leaves the destructured key out of the rest, in declarations and assignments', async () => {
    const value = valueOf(
      await run(`const { a: [x], ...rest } = { a: [1], b: 2 }
let other: any
let y: number
;({ c: { y }, ...other } = { c: { y: 3 }, d: 4 })
const key = 'k'
const { [key]: { z }, ...computed } = { k: { z: 5 }, e: 6 } as any
return { x, rest, y, other, z, computed }`),
    )
    expect(value).toEqual({ x: 1, rest: { b: 2 }, y: 3, other: { d: 4 }, z: 5, computed: { e: 6 } })
  })
})

describe('Array.prototype.sort', () => {
  it('takes a comparator that is not a total order (the random shuffle idiom) and keeps every element', async () => {
    const value = valueOf(
      await run(`const items = Array.from({ length: 500 }, (_, i) => i)
for (let round = 0; round < 20; round++) items.sort(() => Math.random() - 0.5)
const typed = new Float64Array(items).sort(() => Math.random() - 0.5)
return { sum: items.reduce((a, b) => a + b, 0), distinct: new Set(items).size, typed: new Set(typed).size }`),
    )
    expect(value).toEqual({ sum: (499 * 500) / 2, distinct: 500, typed: 500 })
  })

  it('is stable, puts undefined last, and stops at a throwing comparator as V8 does', async () => {
    const value = valueOf(
      await run(`const rows = Array.from({ length: 200 }, (_, i) => ({ group: (i * 7) % 5, i }))
rows.sort((a, b) => a.group - b.group)
const stable = rows.every((row, j) => j === 0 || rows[j - 1].group < row.group || rows[j - 1].i < row.i)
let calls = 0
let message = ''
try { [3, 2, 1, 0].sort(() => { calls++; throw new Error('no') }) } catch (e) { message = e.message }
return { stable, holes: [3, undefined, 1, , 2].sort(), boolean: [3, 1, 2].sort((a, b) => (a > b) as any), calls, message }`),
    )
    expect(value).toEqual({ stable: true, holes: [1, 2, 3, null, null], boolean: [3, 1, 2], calls: 1, message: 'no' })
  })
})

describe('Math.sumPrecise', () => {
  it('sums past the largest double exactly, to Infinity or back into range, without losing the run', async () => {
    const value = valueOf(
      await run(`const M = Number.MAX_VALUE
const show = (terms: number[]) => { const sum = Math.sumPrecise(terms); return Object.is(sum, -0) ? '-0' : String(sum) }
const many = (count: number, term: number) => Array(count).fill(term)
return [
  show(many(1 << 15, M)), show([...many(1 << 15, M), ...many(1 << 15, -M), 1]), show([...many(1 << 15, M), -Infinity]),
  show([...many(1 << 15, M), NaN]), show([M, M, -M]), show([M, 1, -M]), show([M, 2 ** 970]), show([M, 2 ** 969]),
  show([1e20, 0.1, -1e20]), show([-0, -0]), show([-(2 ** 1000) * 1.5, 2 ** 999, 2 ** 999, 3]),
]`, { limits: { maxWallMs: 60_000 } }),
    )
    expect(value).toEqual([
      'Infinity', '1', '-Infinity', 'NaN', String(Number.MAX_VALUE), '1', 'Infinity', String(Number.MAX_VALUE), '0.1', '-0', String(-(2 ** 999)),
    ])
    // Arrays of 32,768 doubles spread and summed: quick on a quiet machine, seconds at load 18.
  }, 70_000)
})

describe('Number.prototype.toExponential', () => {
  it('rounds a tie up, to the larger digits, as the specification and V8 do', async () => {
    const value = valueOf(
      await run(`return [[1234.5, 3], [2.5, 0], [125, 1], [-0.125, 1], [9.995, 2], [9.5, 0], [1.005, 2], [0, 2], [123.456, 20], [5e-324, 2], [1.7976931348623157e308, 5]].map(([n, digits]) => n.toExponential(digits))`),
    )
    // 9.995 and 1.005 are below their ties as doubles, so they round down
    expect(value).toEqual(['1.235e+3', '3e+0', '1.3e+2', '-1.3e-1', '9.99e+0', '1e+1', '1.00e+0', '0.00e+0', '1.23456000000000003070e+2', '4.94e-324', '1.79769e+308'])
  })
})

describe('Number() of long strings', () => {
  it('skips whitespace around the number however long it is, as Node does', async () => {
    const value = valueOf(
      await run(`const pad = ' '.repeat(70000)
return [Number(pad + '0x1F' + pad), Number(pad), Number('\\n'.repeat(100000) + '-Infinity'), Number('1'.repeat(70000)),
  Number(pad + '1 2'), Number('0'.repeat(100000) + '7'), Number('\\u3000'.repeat(80000) + '12.5e1\\u2028')]`),
    )
    expect(value).toEqual([31, 0, -Infinity, Infinity, NaN, 7, 125].map((n) => (Number.isFinite(n) ? n : null)))
  })
})

describe('Date.parse', () => {
  // Each local-time format is compared with the same moment built by the Date constructor in
  // the realm, so the test holds in any time zone.
  it.each([
    ['2024-05-01 10:00', 'new Date(2024, 4, 1, 10, 0)'],
    ['May 1, 2024', 'new Date(2024, 4, 1)'],
    ['2024/05/01', 'new Date(2024, 4, 1)'],
    ['01 May 2024', 'new Date(2024, 4, 1)'],
    ['05/01/2024', 'new Date(2024, 4, 1)'],
    ['May 1, 2024 3:30 PM', 'new Date(2024, 4, 1, 15, 30)'],
    ['Wednesday, May 1, 2024 10:00:05', 'new Date(2024, 4, 1, 10, 0, 5)'],
  ])('reads %s as local time', async (text, constructed) => {
    const value = valueOf(await run(`return [Date.parse(${JSON.stringify(text)}), ${constructed}.getTime()]`))
    expect(value[0]).not.toBeNull()
    expect(value[0]).toBe(value[1])
  })

  it.each([
    ['2024-05-01 10:00 +0200', '2024-05-01T08:00:00.000Z'],
    ['2024-05-01T10:00:00+0200', '2024-05-01T08:00:00.000Z'],
    ['May 1, 2024 10:00 GMT+0200', '2024-05-01T08:00:00.000Z'],
    ['01 May 2024 10:00:00 -05:00', '2024-05-01T15:00:00.000Z'],
    ['Wed, 01 May 2024 10:00:00 GMT', '2024-05-01T10:00:00.000Z'],
    ['Wed May 01 2024 10:00:00 GMT+0200 (Central European Summer Time)', '2024-05-01T08:00:00.000Z'],
    ['2024/05/01 10:00 UTC', '2024-05-01T10:00:00.000Z'],
    ['May 1, 2024 10:00 EDT', '2024-05-01T14:00:00.000Z'],
    ['2024-05-01', '2024-05-01T00:00:00.000Z'],
  ])('reads %s with its offset', async (text, iso) => {
    expect(valueOf(await run(`return new Date(${JSON.stringify(text)}).toISOString()`))).toBe(iso)
  })

  it('still refuses text that is not a date', async () => {
    const texts = ['hello', '2024-13-01 10:00', 'May 40, 2024', '10:00', '-000000-01-01T00:00:00Z', '-271821-04-19T23:59:59.999Z']
    expect(valueOf(await run(`return ${JSON.stringify(texts)}.map((s) => Number.isNaN(Date.parse(s)))`))).toEqual(texts.map(() => true))
  })
})

describe('Annex B string methods', () => {
  it('has substr, trimLeft and trimRight', async () => {
    const value = valueOf(await run(`return ['hello'.substr(1, 3), 'hello'.substr(-3), '  x '.trimLeft(), ' x  '.trimRight(), String.prototype.trimLeft === String.prototype.trimStart]`))
    expect(value).toEqual(['ell', 'llo', 'x ', ' x', true])
  })

  it('has escape and unescape', async () => {
    expect(valueOf(await run(`return [escape('a b&'), unescape('%u0041%20')]`))).toEqual(['a%20b%26', 'A '])
  })
})

describe('Intl subset without ICU', () => {
  // Each expected value is what Node (V8 with full ICU) gives for en-US.
  it('formats numbers as en-US does', async () => {
    const value = valueOf(
      await run(`return [
  (1234567.891).toLocaleString(),
  (1234.5).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  (0.1234).toLocaleString(undefined, { style: 'percent' }),
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1234.5),
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(-5),
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(0.96),
  (1.005).toLocaleString(undefined, { maximumFractionDigits: 2 }),
  (-0).toLocaleString(),
  (1e21).toLocaleString(),
  (999.9999).toLocaleString(),
  Object.prototype.toString.call(Intl),
]`),
    )
    expect(value).toEqual(['1,234,567.891', '1,234.50', '12%', '$1,234.50', '-€5.00', '1', '1.01', '-0', '1,000,000,000,000,000,000,000', '1,000', '[object Intl]'])
  })

  it('refuses options the real Intl refuses', async () => {
    const error = errorOf(await run(`new Intl.NumberFormat('en-US', { style: 'currency' })`))
    expect(error.name).toBe('TypeError')
    expect(errorOf(await run(`(1).toLocaleString('en-US', { maximumFractionDigits: 101 })`)).name).toBe('RangeError')
  })

  it('compares strings in a root-like order with sensitivity and numeric options', async () => {
    const value = valueOf(
      await run(`return [
  ['b', 'A', 'a', 'B', '_x', '1', ' '].sort((x, y) => x.localeCompare(y)),
  'a'.localeCompare('A', undefined, { sensitivity: 'base' }),
  'résumé'.localeCompare('resume', undefined, { sensitivity: 'base' }),
  'résumé'.localeCompare('resume'),
  ['item10', 'item2', 'item1'].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
  new Intl.Collator(undefined, { numeric: true }).compare('2', '10'),
]`),
    )
    expect(value).toEqual([[' ', '_x', '1', 'a', 'A', 'b', 'B'], 0, 0, 1, ['item1', 'item2', 'item10'], -1])
  })
})

describe('errors that name what failed', () => {
  it.each([
    ['a call of a missing method names the callee', `const tools: any = { list() {} }\ntools.search('x')`, 'tools.search is not a function'],
    ['a call of a missing function names it', `const handler: any = undefined\nhandler()`, 'handler is not a function'],
    ['a call through a chain names the chain', `const api: any = { v1: { users: {} } }\napi.v1.users.find(1)`, 'api.v1.users.find is not a function'],
    ['a call of an object names it', `const config: any = { run: {} }\nconfig.run()`, 'config.run is not a function'],
    ['new of a non-constructor names it', `const make: any = 5\nnew make()`, 'make is not a constructor'],
    ['a read of undefined names the property', `const user: any = undefined\nuser.name`, "Cannot read properties of undefined (reading 'name')"],
    ['a read of null names the key', `const rows: any = null\nrows[0]`, "Cannot read properties of null (reading '0')"],
    ['a write to undefined names the property', `const target: any = undefined\ntarget.count = 1`, "Cannot set properties of undefined (setting 'count')"],
    ['for-of over a non-iterable names it', `const settings: any = { items: {} }\nfor (const item of settings.items) {}`, 'settings.items is not iterable'],
    ['spread of undefined names it', `const settings: any = {}\nconst all = [...settings.list]`, 'settings.list is not iterable'],
    ['spread into a call is worded as V8 words it', `const args: any = 3\nMath.max(...args)`, 'Spread syntax requires ...iterable[Symbol.iterator] to be a function'],
    ['spread of undefined into a call names it', `const args: any = undefined\nMath.max(...args)`, 'args is not iterable (cannot read property undefined)'],
  ])('%s', async (_what, source, message) => {
    const error = errorOf(await run(source))
    expect(error).toMatchObject({ kind: 'runtime', name: 'TypeError', message, line: 2 })
    expect(error.column).toBeGreaterThan(0)
  })

  it('gives the message to a catch in the program too', async () => {
    expect(valueOf(await run(`const tools: any = {}\ntry { tools.search() } catch (e) { return (e as Error).message }`))).toBe('tools.search is not a function')
  })

  it('gives a ReferenceError the line and column of the identifier', async () => {
    const line = '  const total = subtotal + missingTax'
    const error = errorOf(await run(`const subtotal = 1\n\n${line}`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'ReferenceError', line: 3, column: line.indexOf('missingTax') + 1 })
    expect(error.message).toContain('missingTax')
  })

  it('reports a custom Error subclass where the program created it, not in its constructor', async () => {
    const line = '  throw new ValidationError("bad input")'
    const source = `class ValidationError extends Error {\n  constructor(message: string) {\n    super(message)\n    this.name = 'ValidationError'\n  }\n}\nclass FieldError extends ValidationError {}\nfunction check() {\n${line}\n}\ntry { check() } catch (e) { if (!(e instanceof ValidationError)) throw e }\nthrow new FieldError("bad field")`
    const error = errorOf(await run(source))
    expect(error).toMatchObject({ kind: 'runtime', name: 'ValidationError', message: 'bad field', line: 12, column: 7 })
    const first = valueOf(await run(`${source.split('\ntry')[0]}\ntry { check() } catch (e) { return (e as Error).stack }`))
    expect(first.split('\n')[0]).toContain(`:9:${line.indexOf('new') + 1}`)
  })
})

describe('cached reads of globals and properties', () => {
  // The interpreter reads a cached data property without cloning the object or the binding
  // (vendor/README.md); a getter, a change of shape or a deleted global must still be seen.
  it('sees a property of the global object turn into a getter and then go away', async () => {
    const value = valueOf(
      await run(`const g = globalThis as any
g.counter = 1
const counterNow = () => g.counter
const seen: unknown[] = []
for (let i = 0; i < 3; i++) seen.push(counterNow())
Object.defineProperty(globalThis, 'counter', { get: () => 'from getter', configurable: true })
seen.push(counterNow())
delete g.counter
seen.push(counterNow() ?? 'gone')
return seen`),
    )
    expect(value).toEqual([1, 1, 1, 'from getter', 'gone'])
  })

  it('sees a bare global name turn into a getter and then go away', async () => {
    const value = valueOf(
      await run(`declare var tally: any
const g = globalThis as any
g.tally = 1
const seen: unknown[] = []
const readTally = () => tally
for (let i = 0; i < 3; i++) seen.push(readTally())
Object.defineProperty(globalThis, 'tally', { get: () => 'from getter', configurable: true })
seen.push(readTally())
delete g.tally
try { seen.push(readTally()) } catch (e) { seen.push((e as Error).name) }
return seen`),
    )
    expect(value).toEqual([1, 1, 1, 'from getter', 'ReferenceError'])
  })

  it('follows a data property on the prototype as it changes', async () => {
    const value = valueOf(
      await run(`const proto: any = { v: 1 }
const object = Object.create(proto)
const read = () => object.v
const seen: unknown[] = []
for (let i = 0; i < 3; i++) seen.push(read())
proto.v = 2
seen.push(read())
object.v = 3
seen.push(read(), proto.v)
return seen`),
    )
    expect(value).toEqual([1, 1, 1, 2, 3, 2])
  })

  it('follows the prototype when its property turns into a getter, or another of its properties is deleted', async () => {
    const value = valueOf(
      await run(`const proto: any = { a: 0, v: 1, w: 7 }
const object = Object.create(proto)
const readV = () => object.v
const readW = () => object.w
const seen: unknown[] = []
for (let i = 0; i < 3; i++) seen.push(readV(), readW())
Object.defineProperty(proto, 'v', { get: () => 'from getter', configurable: true })
seen.push(readV(), readW())
delete proto.a
seen.push(readV(), readW())
delete proto.v
seen.push(readV() ?? 'gone', readW())
class Point { x: number; constructor(x: number) { this.x = x } get double() { return this.x * 2 } }
const point = new Point(2)
const readDouble = () => (point as any).double
seen.push(readDouble(), readDouble())
Object.defineProperty(Point.prototype, 'double', { value: 'now data' })
seen.push(readDouble())
return seen`),
    )
    expect(value).toEqual([1, 7, 1, 7, 1, 7, 'from getter', 7, 'from getter', 7, 'gone', 7, 4, 4, 'now data'])
  })

  it('gives errors thrown by built-ins the program realm', async () => {
    expect(
      valueOf(await run(`const names: string[] = []
for (let i = 0; i < 3; i++) {
  try { String.fromCodePoint(-1) } catch (e) { names.push(e instanceof RangeError ? 'RangeError' : 'other') }
}
return names.concat(String.fromCharCode(104, 105))`)),
    ).toEqual(['RangeError', 'RangeError', 'RangeError', 'hi'])
  })
})

describe('inline caches: a code site run again sees what it saw the first time', () => {
  // A program's first use of a lazily defined global happens at a site whose inline cache then
  // remembers what it found; every later run of that site must see the real global. Issue 23's
  // regression was exactly this: `urls.map((u) => new URL(u).host)` failed on the second URL
  // (vendor/README.md, "three ways a cache entry outlived what it described").
  const USES: Record<string, [use: string, expected: unknown]> = {
    URL: ["new URL('https://example.com:8080/a?b=1').host", 'example.com:8080'],
    'URL#searchParams': ["new URL('https://x.dev/?q=boa').searchParams.get('q')", 'boa'],
    URLSearchParams: ["new URLSearchParams('a=1&b=2').get('b')", '2'],
    TextEncoder: ["new TextEncoder().encode('héllo').length", 6],
    TextDecoder: ['new TextDecoder().decode(new Uint8Array([104, 105]))', 'hi'],
    'Intl.NumberFormat': ["new Intl.NumberFormat('en-US').format(1234.5)", '1,234.5'],
    'Intl.Collator': ["['b', 'a'].sort(new Intl.Collator().compare).join()", 'a,b'],
    toLocaleString: ["(1234.5).toLocaleString('en-US', { style: 'currency', currency: 'USD' })", '$1,234.50'],
    Date: ['new Date(0).toISOString()', '1970-01-01T00:00:00.000Z'],
    Map: ["new Map([[1, 'a']]).get(1)", 'a'],
    Set: ['new Set([1, 1, 2]).size', 2],
    Int8Array: ['new Int8Array([200])[0]', -56],
    Uint8Array: ['Uint8Array.from([1, 2]).length', 2],
    Float16Array: ['new Float16Array([1.5])[0]', 1.5],
    BigUint64Array: ['String(new BigUint64Array([5n])[0])', '5'],
    DataView: ['new DataView(new ArrayBuffer(2)).getInt16(0)', 0],
    SharedArrayBuffer: ['new SharedArrayBuffer(4).byteLength', 4],
    WeakRef: ['typeof new WeakRef({}).deref()', 'object'],
    WeakMap: ['new WeakMap().has({})', false],
    WeakSet: ['new WeakSet().has({})', false],
    FinalizationRegistry: ['typeof new FinalizationRegistry(() => {}).register', 'function'],
    Math: ['Math.max(1, 3)', 3],
    JSON: ['JSON.stringify({ a: [1] })', '{"a":[1]}'],
    Reflect: ["Reflect.ownKeys({ a: 1 }).join()", 'a'],
    Atomics: ['Atomics.add(new Int32Array(new SharedArrayBuffer(4)), 0, 1)', 0],
    structuredClone: ['structuredClone(new Map([[1, 2]])).get(1)', 2],
    btoa: ["btoa('hi')", 'aGk='],
    atob: ["atob('aGk=')", 'hi'],
    Buffer: ["Buffer.from('hi').toString('base64')", 'aGk='],
    'Buffer#readUInt16BE': ["Buffer.from([1, 2]).readUInt16BE(0)", 258],
  }
  const TIMES = 4
  const SITES: Record<string, (use: string) => string> = {
    'a for loop': (use) => `const seen: unknown[] = []\nfor (let i = 0; i < ${TIMES}; i++) seen.push(${use})\nreturn seen`,
    'a .map callback': (use) => `return Array.from({ length: ${TIMES} }, (_, i) => i).map(() => ${use})`,
    'a generator': (use) => `function* uses() { for (let i = 0; i < ${TIMES}; i++) yield ${use} }\nreturn [...uses()]`,
    'an async function': (use) =>
      `async function use() { await null; return ${use} }\nconst seen: unknown[] = []\nfor (let i = 0; i < ${TIMES}; i++) seen.push(await use())\nreturn seen`,
    'Promise.all over async callbacks': (use) =>
      `return await Promise.all(Array.from({ length: ${TIMES} }, async () => { await null; return ${use} }))`,
    'a class method': (use) => `class Uses { one() { return ${use} } }\nconst uses = new Uses()\nreturn Array.from({ length: ${TIMES} }, () => uses.one())`,
  }

  for (const [site, program] of Object.entries(SITES)) {
    it(`runs each lazily defined global and built-in ${TIMES} times at one site in ${site}`, async () => {
      const failures: string[] = []
      for (const [name, [use, expected]] of Object.entries(USES)) {
        // A fresh run for each, so that the first use of the global happens at the site.
        const result = await run(program(use))
        const value = result.ok ? result.value : `${result.error.name}: ${result.error.message}`
        if (JSON.stringify(value) !== JSON.stringify(Array(TIMES).fill(expected))) failures.push(`${name}: ${JSON.stringify(value)}`)
      }
      expect(failures).toEqual([])
    })
  }

  it('reads every global the realm defines, and each member of its namespace objects, 4 times at one site', async () => {
    const identifier = /^[A-Za-z_$][\w$]*$/
    const names = (valueOf(await run('return Object.getOwnPropertyNames(globalThis)')) as string[]).filter((name) => identifier.test(name))
    const members = valueOf(
      await run(`return Object.getOwnPropertyNames(globalThis).flatMap((name) => {
  const value = (globalThis as any)[name]
  if (name === 'globalThis' || value === null || typeof value !== 'object') return []
  const keys = new Set<string>()
  for (let o = value; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) Object.getOwnPropertyNames(o).forEach((key) => keys.add(key))
  return [...keys].filter((key) => key !== 'constructor' && /^[A-Za-z_$][\\w$]*$/.test(key)).map((key) => name + '.' + key)
})`),
    ) as string[]
    expect(names.length).toBeGreaterThan(80)
    expect(members).toEqual(expect.arrayContaining(['Math.max', 'JSON.parse', 'Intl.Segmenter', 'console.log', 'crypto.randomUUID', 'performance.now']))
    const failures: string[] = []
    for (const read of [...names, ...members]) {
      // A fresh run for each, so that the first read of a global made on first use is at the site.
      const result = await run(`const seen: string[] = []
for (let i = 0; i < ${TIMES}; i++) {
  const value: any = ${read}
  seen.push(typeof value === 'function' ? 'function ' + value.name : typeof value)
}
return seen`)
      const seen = result.ok ? (result.value as string[]) : [`${result.error.name}: ${result.error.message}`]
      if (seen.length !== TIMES || new Set(seen).size !== 1) failures.push(`${read}: ${JSON.stringify(seen)}`)
    }
    expect(failures).toEqual([])
  })

  it('runs each of them again at a site a session defined in an earlier execute', async () => {
    const failures: string[] = []
    for (const [name, [use, expected]] of Object.entries(USES)) {
      const session = await runtime.createSession({ observeMs: 5_000 })
      try {
        const observations = [
          await session.execute({ code: `function use() { return ${use} }\nreturn use()` }),
          await session.execute({ code: `return [use(), use()]` }),
          await session.execute({ code: `const again: unknown[] = []\nfor (let i = 0; i < ${TIMES}; i++) again.push(use())\nreturn again` }),
        ]
        const values = observations.map((o) => (o.status === 'completed' ? o.value : `${o.status}: ${JSON.stringify(o.error)}`))
        const wanted = [expected, [expected, expected], Array(TIMES).fill(expected)]
        if (JSON.stringify(values) !== JSON.stringify(wanted)) failures.push(`${name}: ${JSON.stringify(values)}`)
      } finally {
        await session.stop()
      }
    }
    expect(failures).toEqual([])
  })

  it('drops what a getter or setter changed while the site ran it', async () => {
    const value = valueOf(
      await run(`const lazy: any = {}
Object.defineProperty(lazy, 'v', { configurable: true, get() { Object.defineProperty(lazy, 'v', { value: 'data', writable: true }); return 'getter' } })
class Widget {}
Object.defineProperty(Widget.prototype, 'size', { configurable: true, get() { Object.defineProperty(Widget.prototype, 'size', { value: 'data', configurable: true }); return 'getter' } })
const widget: any = new Widget()
const box: any = {}
const sets: unknown[] = []
Object.defineProperty(box, 'w', { configurable: true, set(x) { sets.push(x); Object.defineProperty(box, 'w', { value: x, writable: true }) } })
const reads: unknown[] = []
for (let i = 0; i < 3; i++) { reads.push(lazy.v, widget.size); box.w = i }
return { reads, sets, w: box.w }`),
    )
    expect(value).toEqual({ reads: ['getter', 'getter', 'data', 'data', 'data', 'data'], sets: [0], w: 2 })
  })

  it('sees an own property added to an object with many keys, or to the global object, over its prototype', async () => {
    const value = valueOf(
      await run(`const counts: any = {}
for (let i = 0; i < 2000; i++) counts['k' + i] = i
const g = globalThis as any
const kinds: string[] = []
const readBoth = () => kinds.push(typeof counts.toString, typeof g.hasOwnProperty)
for (let i = 0; i < 3; i++) {
  readBoth()
  if (i === 0) { counts.toString = 7; g.hasOwnProperty = 'shadowed' }
}
return kinds`),
    )
    expect(value).toEqual(['function', 'function', 'number', 'string', 'number', 'string'])
  })

  it('refuses a cached write once the property became read-only', async () => {
    const value = valueOf(
      await run(`const settings: any = {}
for (let i = 0; i < 2000; i++) settings['k' + i] = i
settings.mode = 'a'
const g = globalThis as any
g.level = 1
const outcomes: string[] = []
const write = (i: number) => {
  try { settings.mode = i; outcomes.push('wrote ' + settings.mode) } catch (e) { outcomes.push((e as Error).name) }
  try { g.level = i; outcomes.push('wrote ' + g.level) } catch (e) { outcomes.push((e as Error).name) }
}
for (let i = 0; i < 3; i++) {
  write(i)
  if (i === 0) { Object.freeze(settings); Object.defineProperty(g, 'level', { writable: false }) }
}
return outcomes`),
    )
    expect(value).toEqual(['wrote 0', 'wrote 0', 'TypeError', 'TypeError', 'TypeError', 'TypeError'])
  })
})

describe("the realm's global names", () => {
  // Newer V8 (Node 22 and later) has these; the Node that runs this suite may not.
  const NEWER_V8 = ['Float16Array', 'Iterator']

  it('are all names Node has on its global object', async () => {
    const ours = valueOf(await run('return Object.getOwnPropertyNames(globalThis)')) as string[]
    expect(ours.filter((name) => !(name in globalThis) && !NEWER_V8.includes(name))).toEqual([])
    expect(valueOf(await run('return [typeof TypedArray, Object.getPrototypeOf(Int8Array).name]'))).toEqual(['undefined', 'TypedArray'])
  })
})

describe('built-ins a realm initializes on first use', () => {
  // Date, Map, Set, the typed arrays, DataView, SharedArrayBuffer, the weak collections, Math,
  // JSON, Reflect, Atomics, Iterator and its helpers, RegExp and String are filled in the first
  // time a program touches them (vendor/boa_engine builtins/lazy.rs); whatever touches them
  // first, they look the same.
  const LAZY = `const lazy = {
  Date: () => [Date, Date.prototype],
  Map: () => [Map, Map.prototype],
  Set: () => [Set, Set.prototype],
  TypedArray: () => [Object.getPrototypeOf(Int8Array), Object.getPrototypeOf(Int8Array.prototype)],
  Int8Array: () => [Int8Array, Int8Array.prototype],
  Uint8Array: () => [Uint8Array, Uint8Array.prototype],
  Float16Array: () => [Float16Array, Float16Array.prototype],
  BigUint64Array: () => [BigUint64Array, BigUint64Array.prototype],
  DataView: () => [DataView, DataView.prototype],
  SharedArrayBuffer: () => [SharedArrayBuffer, SharedArrayBuffer.prototype],
  WeakRef: () => [WeakRef, WeakRef.prototype],
  WeakMap: () => [WeakMap, WeakMap.prototype],
  WeakSet: () => [WeakSet, WeakSet.prototype],
  FinalizationRegistry: () => [FinalizationRegistry, FinalizationRegistry.prototype],
  Math: () => [Math],
  JSON: () => [JSON],
  Reflect: () => [Reflect],
  Atomics: () => [Atomics],
  Iterator: () => [Iterator, Iterator.prototype],
  IteratorHelper: () => [Object.getPrototypeOf([].values().map((x) => x))],
  WrapForValidIterator: () => [Object.getPrototypeOf(Iterator.from({ next: () => ({ done: true }) }))],
  RegExp: () => [RegExp, RegExp.prototype],
  RegExpStringIterator: () => [Object.getPrototypeOf('a'.matchAll(/a/g))],
  String: () => [String, String.prototype],
  Number: () => [Number, Number.prototype],
  BigInt: () => [BigInt, BigInt.prototype],
  Boolean: () => [Boolean, Boolean.prototype],
  Symbol: () => [Symbol, Symbol.prototype],
  ArrayBuffer: () => [ArrayBuffer, ArrayBuffer.prototype],
}
const describeObject = (object: any) => [
  Object.prototype.toString.call(object),
  Object.isExtensible(object),
  ...[...Object.getOwnPropertyNames(object), ...Object.getOwnPropertySymbols(object)].map((key) => {
    const d = Object.getOwnPropertyDescriptor(object, key)!
    const value = 'value' in d ? (typeof d.value === 'function' ? d.value.name + '/' + d.value.length : typeof d.value) : 'accessor ' + typeof d.get + ' ' + typeof d.set
    return [String(key), value, d.writable, d.enumerable, d.configurable].join(' ')
  }),
]
const describeAll = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, (lazy as any)[name]().map(describeObject)]))`

  it('have the same properties, descriptors and order whichever is touched first', async () => {
    const forward = valueOf(await run(`${LAZY}\nreturn describeAll(Object.keys(lazy))`))
    const backward = valueOf(await run(`${LAZY}\nconst names = Object.keys(lazy).reverse()\nreturn describeAll(names)`))
    expect(backward).toEqual(forward)
    expect(forward.Math[0]).toContain('PI number false false false')
    expect(forward.Math[0]).toContain('max max/2 true false true')
    expect(forward.Date[0]).toContain('now now/0 true false true')
    expect(forward.Uint8Array[0]).toContain('BYTES_PER_ELEMENT number false false false')
    expect(forward.Iterator[1]).toContain('map map/1 true false true')
    expect(forward.RegExp[1]).toContain('flags accessor function undefined  false true')
    expect(forward.String[1]).toContain('length number false false false')
    expect(forward.String[1]).toContain('padStart padStart/1 true false true')
    expect(forward.Number[0]).toContain('MAX_SAFE_INTEGER number false false false')
    expect(forward.Symbol[0]).toContain('iterator symbol false false false')
  })

  it('answer primitives, literals and the engine\'s own iterators first, before the program names the class', async () => {
    // Each line reaches a lazy prototype through something other than its global: a string
    // primitive's method, a regular-expression literal, a generator's or an array iterator's chain.
    const source = `function* numbers() { yield 1; yield 2; yield 3 }
const first = () => ({
  upper: 'abc'.toUpperCase(),
  length: 'abc'.length,
  index: 'abc'[1],
  proto: Object.getPrototypeOf('x') === String.prototype,
  wrapped: Object('x') instanceof String,
  template: \`\${'a'.repeat(2)}\`,
  test: /b+/i.test('aBc'),
  split: 'a-b'.split(/-/),
  replaced: 'aXa'.replace(/x/gi, 'y'),
  all: [...'a1b2'.matchAll(/\\d/g)].map((m) => m[0]),
  lastIndex: /a/g.lastIndex,
  helpers: numbers().map((n) => n * 2).toArray(),
  chain: Object.getPrototypeOf(Object.getPrototypeOf([].values())) === Iterator.prototype,
  closed: (() => { let seen = 0; for (const n of numbers()) { seen = n; break } return seen })(),
  subclass: new (class Loud extends String { shout() { return this.toUpperCase() + '!' } })('hi').shout(),
  regexpSubclass: new (class Word extends RegExp {})('w+').test('ww'),
  fixed: (1.5).toFixed(2),
  numberProto: Object.getPrototypeOf(1) === Number.prototype,
  bigint: (10n).toString(2),
  boolean: true.toString(),
  description: Symbol('d').description,
  symbolKey: typeof Object(Symbol.iterator).valueOf(),
})
return [first(), first()]`
    const [cold, hot] = valueOf(await run(source)) as unknown[]
    const expected = {
      upper: 'ABC',
      length: 3,
      index: 'b',
      proto: true,
      wrapped: true,
      template: 'aa',
      test: true,
      split: ['a', 'b'],
      replaced: 'aya',
      all: ['1', '2'],
      lastIndex: 0,
      helpers: [2, 4, 6],
      chain: true,
      closed: 1,
      subclass: 'HI!',
      regexpSubclass: true,
      fixed: '1.50',
      numberProto: true,
      bigint: '1010',
      boolean: 'true',
      description: 'd',
      symbolKey: 'symbol',
    }
    expect(cold).toEqual(expected)
    expect(hot).toEqual(expected)
  })

  it('are reached through their intrinsics when the program deleted, replaced or froze their globals first', async () => {
    const value = valueOf(
      await run(`const OriginalRegExp = RegExp
delete (globalThis as any).String
;(globalThis as any).RegExp = 1
;(globalThis as any).Iterator = undefined
Object.freeze(globalThis)
const proto = Object.getPrototypeOf('x')
return {
  upper: 'abc'.toUpperCase(),
  matched: 'a1'.match(/\\d/)![0],
  helpers: [1, 2].values().filter((n: number) => n > 1).toArray(),
  names: ['padEnd', 'at', 'replaceAll'].map((name) => typeof proto[name]),
  string: typeof (globalThis as any).String,
  regexpIsLiteralClass: /a/ instanceof OriginalRegExp,
}`),
    )
    expect(value).toEqual({
      upper: 'ABC',
      matched: '1',
      helpers: [2],
      names: ['function', 'function', 'function'],
      string: 'undefined',
      regexpIsLiteralClass: true,
    })
  })

  it('keep a prototype the program froze before using it frozen, with its methods', async () => {
    const value = valueOf(
      await run(`Object.freeze(String.prototype)
Object.freeze(RegExp.prototype)
const iteratorProto = Object.getPrototypeOf(Object.getPrototypeOf([].values()))
Object.freeze(iteratorProto)
return [Object.isFrozen(String.prototype), 'x'.padStart(3, '-'), Object.isFrozen(RegExp.prototype), /a/.test('a'), Object.isFrozen(iteratorProto), typeof iteratorProto.map]`),
    )
    expect(value).toEqual([true, '--x', true, true, true, 'function'])
  })

  it('are bound as globals, named, callable and constructible before anything else touches them', async () => {
    const value = valueOf(
      await run(`const global = Object.getOwnPropertyDescriptor(globalThis, 'Date')!
return {
  global: [global.writable, global.enumerable, global.configurable, typeof global.value],
  source: Function.prototype.toString.call(WeakMap),
  typeofs: [typeof Math, typeof Reflect, typeof Uint8Array, typeof Atomics],
  tag: Object.prototype.toString.call(Reflect),
  json: JSON.stringify({ math: Math, atomics: Atomics }),
  instance: new Date(0).toISOString(),
  called: typeof Date(),
  keys: Object.keys(Math).length,
}`),
    )
    expect(value).toEqual({
      global: [true, false, true, 'function'],
      source: 'function WeakMap() { [native code] }',
      typeofs: ['object', 'object', 'function', 'object'],
      tag: '[object Reflect]',
      json: '{"math":{},"atomics":{}}',
      instance: '1970-01-01T00:00:00.000Z',
      called: 'string',
      keys: 0,
    })
  })

  it('are formatted by console.log as Node formats them, untouched before', async () => {
    const result = await run(
      `console.log(Date.prototype, Atomics, Uint8Array.prototype, Map.prototype)\nconsole.log(Math)\nconsole.log(/a/g, new String('x'), [1].values(), Symbol.prototype)`,
    )
    expect(result.logs.map((entry) => entry.text)).toEqual([
      '{} Object [Atomics] {} TypedArray {} Object [Map] {}',
      'Object [Math] {}',
      "/a/g [String: 'x'] Object [Array Iterator] {} Object [Symbol] {}",
    ])
  })

  it('give objects the engine made before the program touched their class the real prototype', async () => {
    const result = await run(`const bytes = new TextEncoder().encode('hi')
console.log(bytes)
return [Object.getPrototypeOf(bytes) === Uint8Array.prototype, bytes instanceof Uint8Array, bytes.length, Array.from(bytes), bytes.toString(),
  bytes.buffer.byteLength, bytes.buffer.slice(1).byteLength, Object.getPrototypeOf(bytes.buffer) === ArrayBuffer.prototype]`)
    expect(valueOf(result)).toEqual([true, true, 2, [104, 105], '104,105', 2, 1, true])
    expect(result.logs.map((entry) => entry.text)).toEqual(['Uint8Array(2) [ 104, 105 ]'])
  })

  it('stay separate in each run: a change to one never reaches the next', async () => {
    expect(valueOf(await run(`(Math as any).answer = 42\nDate.prototype.getTime = () => 0\nreturn (Math as any).answer`))).toBe(42)
    expect(valueOf(await run(`return ['answer' in Math, new Date(5).getTime()]`))).toEqual([false, 5])
  })
})

describe('class fields, captured variables and identifiers (issue 28 fast paths)', () => {
  it('defines a field declared without an initializer on every instance, in order, past a setter on the prototype', async () => {
    const value = valueOf(
      await run(`const calls: string[] = []
class Base { set label(v: unknown) { calls.push('setter') } }
class Item extends Base {
  id: number
  label: string | undefined
  #secret: number | undefined
  count = 1
  constructor(id: number) { super(); this.id = id }
  get secret() { return this.#secret }
}
const items = [new Item(1), new Item(2)]
return {
  keys: Object.keys(items[0]),
  label: Object.getOwnPropertyDescriptor(items[1], 'label'),
  secret: items[1].secret === undefined && 'secret' in items[1],
  ids: items.map((i) => i.id),
  calls,
}`),
    )
    expect(value).toEqual({
      keys: ['id', 'label', 'count'],
      label: { value: undefined, writable: true, enumerable: true, configurable: true },
      secret: true,
      ids: [1, 2],
      calls: [],
    })
  })

  it('still refuses a field on an instance that cannot take it', async () => {
    const error = errorOf(await run(`function Frozen() { return Object.freeze({}) }\nclass Tagged extends (Frozen as any) { tag: string }\nnew Tagged()`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'TypeError' })
  })

  it('gives a constructor its this, new.target, super, closures over its locals and arguments, with or without a function environment', async () => {
    const value = valueOf(
      await run(`class Point {
  x: number
  constructor(x: number) { this.x = x }
}
class Tracked {
  log: unknown[] = []
  constructor(...args: number[]) {
    let seen = args.length
    const later = () => seen
    seen += 10
    this.log.push(new.target === Tracked, (() => this)() === this, super.toString === Object.prototype.toString, later(), arguments.length)
  }
}
class Labelled extends Point {
  label: string
  constructor(x: number) { super(x * 2); this.label = 'p' + this.x }
}
class Replaced { constructor() { return { replaced: true } } }
return { point: new Point(3).x, tracked: new Tracked(1, 2).log, labelled: new Labelled(2).label, replaced: new Replaced() }`),
    )
    expect(value).toEqual({ point: 3, tracked: [true, true, true, 12, 2], labelled: 'p4', replaced: { replaced: true } })
  })

  it('reads what a closure captured as it is now, and a binding not yet initialized is a ReferenceError', async () => {
    const value = valueOf(
      await run(`let counter = 0
const read = () => counter
const seen = [read()]
counter = 5
seen.push(read())
const early = () => later
let caught = ''
try { early() } catch (e) { caught = (e as Error).name + ': ' + (e as Error).message }
let later = 1
seen.push(early())
return { seen, caught }`),
    )
    expect(value).toEqual({ seen: [0, 5, 1], caught: "ReferenceError: Cannot access 'later' before initialization" })
  })

  it('reads identifiers outside ASCII and with escapes as it reads ASCII ones', async () => {
    const value = valueOf(await run(`const café = 1, π = 2, 𝑥 = 3, a·b = 4, \\u0062c = 5, $_9 = 6\nreturn [café, π, 𝑥, a·b, bc, $_9]`))
    expect(value).toEqual([1, 2, 3, 4, 5, 6])
  })
})

describe('object literals and sorts (issue 28, second round)', () => {
  // An object literal's site caches the shape transition each property makes; every object the
  // site makes must still get exactly its own properties, whatever it started from.
  it('gives every object a literal site makes its own keys, values and prototype, cold and hot', async () => {
    const value = valueOf(
      await run(`const proto = { kind: 'proto' }
const other = { kind: 'other' }
const make = (i: number, extra: object, p: object) => ({ __proto__: p, ...extra, id: i, label: 'n' + i, 0: 'zero', id2: i * 2 })
const made = [make(1, {}, proto), make(2, {}, proto), make(3, { z: 1 }, other), make(4, {}, proto), make(5, { id: 'early', q: 2 }, other)]
made[1].label = 'changed'
delete (made[3] as any).id
const shapes = made.map((o: any) => [Object.keys(o).join(), o.kind, o.label, o.id, o.id2])
const twice = () => ({ a: 1, a: 2, get b() { return 'getter' }, b: 'data', c: 3 } as any)
const redefined = [twice(), twice(), twice()].map((o) => [Object.keys(o).join(), o.a, o.b, typeof Object.getOwnPropertyDescriptor(o, 'b')!.get])
const frozenLater = [1, 2, 3].map((i) => { const o = { a: i, b: i }; if (i === 2) Object.freeze(o); return o })
let threw = ''
try { (frozenLater[1] as any).c = 1 } catch (e) { threw = (e as Error).name }
const statics = [1, 2].map((i) => { class C { static a = i; static b = i + 1 }; return [C.a, C.b, Object.keys(C).join()] })
return { shapes, redefined, frozenLater: frozenLater.map((o) => Object.keys(o).join() + ':' + o.a), threw, statics }`),
    )
    expect(value).toEqual({
      shapes: [
        ['0,id,label,id2', 'proto', 'n1', 1, 2],
        ['0,id,label,id2', 'proto', 'changed', 2, 4],
        ['0,z,id,label,id2', 'other', 'n3', 3, 6],
        ['0,label,id2', 'proto', 'n4', null, 8],
        ['0,id,q,label,id2', 'other', 'n5', 5, 10],
      ],
      redefined: Array(3).fill(['a,b,c', 2, 'data', 'undefined']),
      frozenLater: ['a,b:1', 'a,b:2', 'a,b:3'],
      threw: 'TypeError',
      statics: [[1, 2, 'a,b'], [2, 3, 'a,b']],
    })
  })

  it('defines class fields on each instance as it is, whatever its base constructor did to it', async () => {
    const value = valueOf(
      await run(`class Base { constructor(mode: string, target?: object) { if (mode === 'x') (this as any).x = 'base'; if (mode === 'sealed') Object.preventExtensions(this); if (target) return target as any } }
class Fields extends Base { x = 1; y = 2; [Symbol.for('s')] = 3 }
const outcome = (mode: string, target?: object) => {
  try {
    const o: any = new Fields(mode, target)
    return [Array.isArray(o) ? 'array' : 'object', Object.keys(o).join(), o.x, o.y, o[Symbol.for('s')]]
  } catch (e) { return (e as Error).name }
}
return [outcome(''), outcome('x'), outcome(''), outcome('sealed'), outcome(''), outcome('', { z: 0 }), outcome('', []), outcome('', Object.freeze({})), outcome('')]`),
    )
    const plain = ['object', 'x,y', 1, 2, 3]
    expect(value).toEqual([plain, plain, plain, 'TypeError', plain, ['object', 'z,x,y', 1, 2, 3], ['array', 'x,y', 1, 2, 3], 'TypeError', plain])
  })

  it('makes objects past a thousand keys from one literal site, each on its own', async () => {
    const keys = Array.from({ length: 1100 }, (_, i) => `k${i}: i + ${i}`).join(', ')
    const value = valueOf(
      await run(`const make = (i: number) => ({ ${keys} })
const objects = [make(0), make(1000), make(2000)]
objects[1].k1099 = -1
return objects.map((o) => [Object.keys(o).length, o.k0, o.k1050, o.k1099])`),
    )
    expect(value).toEqual([
      [1100, 0, 1050, 1099],
      [1100, 1000, 2050, -1],
      [1100, 2000, 3050, 3099],
    ])
  })

  it('sorts as Node sorts: in order, stable, with a comparator called on the elements only', async () => {
    const program = `const rows = Array.from({ length: 1000 }, (_, i) => ({ key: (i * 7919) % 13, i }))
const byKey = [...rows].sort((a, b) => a.key - b.key).map((r) => r.key * 10000 + r.i)
const numbers = Array.from({ length: 777 }, (_, i) => (i * 104729) % 1009).sort((a, b) => b - a)
const words = ['pear', 'fig', 'apple', 'kiwi', 'date', 'plum', 'lime', 'nut', 'yam', 'cherry', 'grape', 'melon', 'lemon', 'peach', 'quince', 'banana', 'olive', 'mango', 'guava'].sort((a, b) => a.length - b.length)
return { byKey, numbers, words }`
    const expected = new Function(program)()
    expect(valueOf(await run(program))).toEqual(expected)
  })
})

describe('frames and the collector (issue 28, third round)', () => {
  // Dead objects' handles are counted down when the collector drops them, not when it finalizes
  // them: an object that garbage pointed at must keep exactly its own count, or it is either never
  // freed once it dies too (`recent`'s objects outlive what pointed at them; the budget fills
  // up) or freed while still in use (a crash, hence the child).
  it('frees garbage that points at live objects, weak entries and iterators, and keeps what is live', async () => {
    const program = `const keep = { name: 'keep', list: [1, 2, 3] }
const map = new Map([['a', 1], ['b', 2]])
const iterator = map.entries()
iterator.next()
const weakMap = new WeakMap<object, object>()
const liveKey = {}
weakMap.set(liveKey, keep)
let refs: WeakRef<object>[] = []
const recent: any[] = []
let checksum = 0
for (let round = 0; round < 200; round++) {
  let chain: any = null
  for (let i = 0; i < 500; i++) {
    const older = { i, payload: 'y'.repeat(200) + i }
    recent.push(older)
    if (recent.length > 1000) recent.shift()
    const a: any = { keep, i, payload: 'x'.repeat(64) + i, next: chain, older }
    const b: any = { a, back: keep, call: () => keep.list.length + a.i }
    a.b = b
    weakMap.set(a, b)
    chain = i % 50 === 0 ? null : a
    if (i === 0) refs.push(new WeakRef(a))
    checksum += b.call() - i
  }
  if (refs.length > 20) refs = refs.slice(-20)
}
return { checksum, keep: keep.name + keep.list.join(), live: weakMap.get(liveKey) === keep, rest: [...iterator], refs: refs.length }`
    const child = await runInChild(`
const rt = runtime.createCodeRuntime()
;(async () => {
  const result = await rt.run({ source: ${JSON.stringify(program)}, limits: { maxMemoryBytes: 16 * 2 ** 20, computeMs: 120_000, maxWallMs: 120_000 } })
  await rt.dispose()
  console.log(JSON.stringify(result))
})().catch((error) => { console.error(error); process.exit(1) })
`, { timeoutMs: 180_000 })
    expect(child.signal).toBeNull()
    expect(child.status, child.stderr).toBe(0)
    const result = JSON.parse(child.stdout)
    expect(result.error).toBeUndefined()
    expect(result.value).toEqual({ checksum: 200 * 500 * 3, keep: 'keep1,2,3', live: true, rest: [['b', 2]], refs: 20 })
  }, 200_000)

  // Frames leave by return, by throw and by suspension; each drops its values (objects and
  // strings among numbers) exactly once, whichever way it leaves.
  it('unwinds frames by throw, re-entry, suspension and recursion with their values intact', async () => {
    const program = `const label = (i: number) => 'row-' + i
const rows = Array.from({ length: 300 }, (_, i) => ({ i, name: label(i), tags: [label(i % 7)] }))
let caught = ''
try {
  rows.slice().sort((a, b) => { if (a.i === 150 || b.i === 150) throw new Error('at ' + a.name + '/' + b.name); return a.i - b.i })
} catch (e) { caught = (e as Error).message.slice(0, 3) }
const nested = rows.slice(0, 40).sort((a, b) => [b.i, a.i].sort((x, y) => x - y)[0] === a.i ? -1 : 1).map((r) => r.i)
function* walk() { for (const row of rows) { const held = { row, text: row.name + '!' }; yield held; if (row.i === 5) return } }
const walked: string[] = []
for (const held of walk()) walked.push(held.text)
async function later(row: { name: string }) { const before = row.name; await null; return before + '+' + row.name }
const awaited = await Promise.all(rows.slice(0, 3).map(later))
const depth = (n: number, s: string): number => depth(n + 1, s)
let overflow = ''
try { depth(0, label(1)) } catch (e) { overflow = (e as Error).name }
return { caught, nested: nested.join(), walked, awaited, overflow, intact: rows.every((r, i) => r.name === 'row-' + i && r.tags[0] === 'row-' + (i % 7)) }`
    expect(valueOf(await run(program))).toEqual({
      caught: 'at ',
      nested: Array.from({ length: 40 }, (_, i) => i).join(),
      walked: ['row-0!', 'row-1!', 'row-2!', 'row-3!', 'row-4!', 'row-5!'],
      awaited: ['row-0+row-0', 'row-1+row-1', 'row-2+row-2'],
      overflow: 'RangeError',
      intact: true,
    })
  })

  it('stops a loop inside a sort comparator at the compute budget', async () => {
    const error = errorOf(await run('const xs = Array.from({ length: 50 }, (_, i) => i)\nxs.sort((a, b) => { for (;;) {} })', { limits: { computeMs: 200 } }))
    expect(error.kind).toBe('compute_budget')
  })
})

describe('call frames (issue 28, fourth round)', () => {
  // A call clones `this` only for a function environment that holds it, and fills its registers
  // with `undefined` without a template value: each kind of callee must still see the `this` it
  // was called with, and every frame must start with nothing left from an earlier one. (Programs
  // run in strict mode and cannot compile sloppy code; test262 covers sloppy `this`.)
  it('gives every kind of callee its own this, on the first call and the hundredth', async () => {
    const value = valueOf(
      await run(`function strict(this: unknown) { return this }
function strictArrow(this: unknown) { return (() => this)() }
function withArguments(this: unknown) { return [this, arguments.length] }
const method = { name: 'm', get() { return this.name }, arrow() { return [1].map(() => this.name)[0] } }
const describe = (v: unknown) => v === globalThis ? 'global' : v === undefined ? 'undefined' : v === null ? 'null' : typeof v + ':' + String(v)
const calls = () => [
  describe(strict()), describe(strict.call(5)), describe(strict.call('s')), describe(strict.call(null)),
  describe(strictArrow.call(7)), describe(strictArrow()),
  withArguments.call(true, 1, 2).map(describe).join(),
  method.get(), method.arrow(), describe(Reflect.apply(strict, 9, [])),
]
const first = calls()
let last = first
for (let i = 0; i < 100; i++) last = calls()
return { first, same: JSON.stringify(last) === JSON.stringify(first) }`),
    )
    expect(value).toEqual({
      first: [
        'undefined', 'number:5', 'string:s', 'null',
        'number:7', 'undefined',
        'boolean:true,number:2',
        'm', 'm', 'number:9',
      ],
      same: true,
    })
  })

  it('starts every frame with its variables undefined, whatever the frames before it held', async () => {
    const value = valueOf(
      await run(`function hoisted(fill: boolean) {
  if (fill) { var held: any = { big: 'x'.repeat(100) }; var count: any = 3 }
  let later: any
  return [held, count, later]
}
const deep = (n: number, s: string): string => n === 0 ? s : deep(n - 1, s + n)
const seen: unknown[] = []
for (let i = 0; i < 50; i++) {
  deep(20, 'frames that held strings ')
  const [held, count, later] = hoisted(i % 2 === 0)
  seen.push(i % 2 === 0 ? typeof held + count : String(held) + String(count) + String(later))
}
return [...new Set(seen)]`),
    )
    expect(value).toEqual(['object3', 'undefinedundefinedundefined'])
  })

  // A function written in the program gets its frame without going through `[[Call]]`'s
  // vtable; every other callee still does, and a failing call still names its callee.
  it('calls every kind of callee, from the program and from built-ins, and names the one that fails', async () => {
    const value = valueOf(
      await run(`class Shape { side = 1 }
function* count(n: number) { for (let i = 0; i < n; i++) yield i }
async function later(x: number) { await null; return x * 2 }
const bound = function (this: { k: number }, a: number) { return this.k + a }.bind({ k: 10 })
const proxied = new Proxy((a: number) => a, { apply: (target, self, args) => target(args[0]) * 3 })
const message = (f: () => unknown) => { try { f(); return 'no error' } catch (e) { return (e as Error).name + ': ' + (e as Error).message } }
const tools: any = { search: 5 }
return {
  generator: [...count(3)],
  awaited: await later(4),
  bound: [bound(1), [1, 2].map(bound)],
  proxied: [proxied(2), [1].map(proxied)],
  native: [Math.max(1, 5, 3), ['b', 'a'].map(String.prototype.toUpperCase.call, String.prototype.toUpperCase)],
  spread: Math.min(...[4, 2, 8]) + ((...xs: number[]) => xs.length)(...[1, 2, 3]),
  classCall: message(() => (Shape as any)(1)),
  classCallback: message(() => [1].map(Shape as any)),
  notCallable: message(() => tools.search()),
  thrown: message(() => [3, 1, 2].sort(() => { throw new RangeError('from the comparator') })),
}`),
    )
    expect(value).toEqual({
      generator: [0, 1, 2],
      awaited: 8,
      bound: [11, [11, 12]],
      proxied: [6, [3]],
      native: [5, ['B', 'A']],
      spread: 5,
      classCall: "TypeError: Class constructor Shape cannot be invoked without 'new'",
      classCallback: "TypeError: Class constructor Shape cannot be invoked without 'new'",
      notCallable: 'TypeError: tools.search is not a function',
      thrown: 'RangeError: from the comparator',
    })
  })

  it('calls what a name holds now: a captured function or a global function replaced between calls', async () => {
    const value = valueOf(
      await run(`let step = (n: number) => n + 1
function apply(n: number) { return step(n) }
;(globalThis as any).helper = () => 'first'
declare const helper: () => string
function viaGlobal() { return (globalThis as any).helper() + '/' + helper() }
const out: unknown[] = []
for (let i = 0; i < 3; i++) out.push(apply(1), viaGlobal())
step = (n) => n * 10
;(globalThis as any).helper = () => 'second'
for (let i = 0; i < 3; i++) out.push(apply(1), viaGlobal())
return out`),
    )
    expect(value).toEqual([2, 'first/first', 2, 'first/first', 2, 'first/first', 10, 'second/second', 10, 'second/second', 10, 'second/second'])
  })
})

describe('cached property reads and writes (issue 28, fifth round)', () => {
  // A read or write site answers a hit from its inline cache with one look at the object's shape,
  // the prototype's shape only for a property found there, and a cached getter called from the
  // read itself. Every program runs each site cold, then hot, across the change, and must see
  // what Node sees (strict mode, as programs run).
  const asNode = (program: string) => new Function(`'use strict';\n${program}`)()

  it('follows one site through deletes, accessors, prototype swaps and shadowing', async () => {
    const program = `class Base { get kind() { return 'base:' + this.id } }
const proto = { shared: 'proto' }
const o = Object.create(proto)
o.id = 1
o.own = 'own'
const seen = []
const read = () => seen.push([o.own, o.shared, o.kind, o.id].map(String).join('|'))
for (let i = 0; i < 12; i++) {
  read()
  if (i === 1) delete o.own
  if (i === 2) Object.defineProperty(o, 'own', { configurable: true, get() { return 'getter:' + this.id } })
  if (i === 3) Object.setPrototypeOf(o, Base.prototype)
  if (i === 4) Object.setPrototypeOf(o, proto)
  if (i === 5) proto.kind = 'on proto now'
  if (i === 6) o.shared = 'shadowed'
  if (i === 7) delete proto.shared
  if (i === 8) Object.defineProperty(proto, 'kind', { configurable: true, get() { return 'proto getter:' + this.id } })
  if (i === 9) { o.id = 2; Object.defineProperty(o, 'own', { value: 'data again', configurable: true }) }
  if (i === 10) Object.defineProperty(o, 'id', { set(v) {}, configurable: true })
}
return seen`
    expect(valueOf(await run(program))).toEqual(asNode(program))
  })

  it('reads from every shape at polymorphic and megamorphic sites, cold and hot', async () => {
    const program = `class A { constructor(v) { this.v = v } get g() { return 'A' + this.v } }
class B extends A { get g() { return 'B' + this.v } }
const shapes = [
  { v: 1, g: 'plain' }, { w: 0, v: 2, g: 'wide' }, new A(3), new B(4), Object.create({ v: 5, g: 'inherited' }),
  { get v() { return 6 }, g: 'own getter' }, Object.assign(Object.create(null), { v: 7, g: 'null proto' }),
  [8], 'str', 9,
]
const read = (o) => String(o.v) + ':' + String(o.g)
const rounds = []
for (let round = 0; round < 4; round++) rounds.push(shapes.map(read).join(' '))
const twoShapes = []
for (let i = 0; i < 10; i++) twoShapes.push(read(i % 2 ? new A(i) : new B(i)))
return { rounds, twoShapes }`
    expect(valueOf(await run(program))).toEqual(asNode(program))
  })

  it('calls a cached getter with the receiver read through, and passes on what it throws', async () => {
    const program = `class Counter {
  constructor() { this.n = 0 }
  get next() { this.n += 1; if (this.n === 3) throw new RangeError('third read of ' + this.n); return this.n }
}
class Named extends Counter { get label() { return 'named ' + this.next } }
const counters = [new Counter(), new Named()]
const outcomes = []
for (let i = 0; i < 4; i++) {
  for (const c of counters) {
    try { outcomes.push(c instanceof Named ? c.label : c.next) } catch (e) { outcomes.push(e.name + ': ' + e.message) }
  }
}
const setterOnly = Object.defineProperty({}, 'x', { set(v) {} })
for (let i = 0; i < 3; i++) outcomes.push(String(setterOnly.x))
return outcomes`
    expect(valueOf(await run(program))).toEqual(asNode(program))
  })

  it('writes own properties at a hot site until they turn read-only, into setters, or go away', async () => {
    const program = `const proto = { inherited: 'proto' }
const o = Object.create(proto)
o.value = 0
const setterCalls = []
const outcomes = []
const write = (i) => {
  try { o.value = i; o.inherited = 'own ' + i; outcomes.push(String(o.value)) } catch (e) { outcomes.push(e.name) }
}
for (let i = 0; i < 10; i++) {
  write(i)
  if (i === 2) delete o.value
  if (i === 4) Object.defineProperty(o, 'value', { configurable: true, get() { return 'got' }, set(v) { setterCalls.push(v) } })
  if (i === 6) Object.defineProperty(o, 'value', { value: 'fixed', writable: false, configurable: true })
  if (i === 8) Object.defineProperty(o, 'value', { value: 'writable', writable: true, configurable: true })
}
const lists = [[1, 2, 3], [4, 5], [6, 7, 8, 9]]
for (const list of lists) list.length = 1
const frozen = Object.freeze({ value: 1 })
const thawed = { value: 1 }
const writeTo = (target, v) => { try { target.value = v; return target.value } catch (e) { return e.name } }
const frozenWrites = [writeTo(thawed, 2), writeTo(thawed, 3), writeTo(frozen, 4), writeTo(thawed, 5)]
return { outcomes, setterCalls, proto: proto.inherited, own: o.inherited, lists, frozenWrites }`
    expect(valueOf(await run(program))).toEqual(asNode(program))
  })
})

// A deleted entry stays as an empty slot while an iterator holds its collection; the console and
// structuredClone walk collections natively, where no budget is checked, so a walk that failed
// to step over the slot hung the run for good (a child process, so that a regression hangs only it).
describe('a Map or Set with entries deleted under a live iterator', () => {
  it('prints and clones with the entries left, as Node does', async () => {
    const program = `const cache = new Map([['a', 1], ['b', 2], ['c', 3]])
const oldest = cache.keys()
cache.delete(oldest.next().value)
const seen = new Set([1, 2, 3])
seen.values().next()
seen.delete(2)
console.log(cache, seen)
const copy = structuredClone({ cache, seen })
return { logged: 'logged', cache: [...copy.cache], seen: [...copy.seen] }`
    const child = await runInChild(`
const rt = runtime.createCodeRuntime()
;(async () => {
  const result = await rt.run({ source: ${JSON.stringify(program)}, limits: { maxWallMs: 5_000 } })
  await rt.dispose()
  console.log(JSON.stringify(result))
})().catch((error) => { console.error(error); process.exit(1) })
`, { timeoutMs: 20_000 })
    expect(child.signal, 'the run hung').toBeNull()
    expect(child.status, child.stderr).toBe(0)
    const result = JSON.parse(child.stdout)
    expect(result.logs.map((entry: { text: string }) => entry.text)).toEqual(["Map(2) { 'b' => 2, 'c' => 3 } Set(2) { 1, 3 }"])
    expect(result.value).toEqual({ logged: 'logged', cache: [['b', 2], ['c', 3]], seen: [1, 3] })
  })
})
