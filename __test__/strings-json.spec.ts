// String building appends in place and JSON.parse builds values straight from the text
// (vendor/README.md): what programs observe must stay exactly what the language says.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { errorOf, runInChild, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const run = async (source: string) => valueOf(await runtime.run({ source }))

describe('string building', () => {
  it('builds the same text with +=, +, template literals and concat', async () => {
    const value = await run(`
      let a = '', b = '', c = '', d = ''
      for (let i = 0; i < 3000; i++) {
        a += String.fromCharCode(97 + (i % 26))
        b = b + i + ','
        c = \`\${c}[\${i}]\`
        d = d.concat('<', String(i), '>')
      }
      return [a.length, a.slice(0, 3), a.slice(-3), b.slice(-10), c.slice(-12), d.slice(-12)]`)
    expect(value).toEqual([3000, 'abc', 'hij', '2998,2999,', '[2998][2999]', '<2998><2999>'])
  })

  it('keeps two strings appended to one base apart', async () => {
    const value = await run(`
      const base = 'x'.repeat(300)
      const left = base + 'L'
      const right = base + 'R'
      let grown = left
      grown += 'more'
      const again = left + 'again'
      return [base.length, left.slice(-2), right.slice(-2), grown.slice(-6), again.slice(-7), left.length]`)
    expect(value).toEqual([300, 'xL', 'xR', 'xLmore', 'xLagain', 301])
  })

  it('mixes one-byte and UTF-16 pieces in either order', async () => {
    const value = await run(`
      let s = 'a'.repeat(300)
      s += 'é'
      s += '€'
      s += 'b'
      s += '😀'
      let t = '€'.repeat(300)
      t += 'plain'
      return [s.length, s.slice(-6), [...s.slice(-5)].map((c) => c.codePointAt(0)), t.slice(-6), t.length]`)
    expect(value).toEqual([305, 'aé€b😀', [0xe9, 0x20ac, 0x62, 0x1f600], '€plain', 305])
  })

  it('reads correctly while the string grows', async () => {
    const value = await run(`
      let s = ''
      let sum = 0
      for (let i = 0; i < 2000; i++) {
        s += String.fromCharCode(65 + (i % 26))
        sum += s.charCodeAt(i) + s[s.length - 1].charCodeAt(0)
      }
      const seen = new Set([s, 'A' + s.slice(1)])
      return [sum, s.indexOf('ZAB'), /(ZA)+B/.exec(s)?.index, s.slice(25, 28), seen.size, s === s.slice(0), { [s]: 1 }[s]]`)
    let sum = 0
    for (let i = 0; i < 2000; i++) sum += 2 * (65 + (i % 26))
    expect(value).toEqual([sum, 25, 25, 'ZAB', 1, true, 1])
  })

  it('builds the same text by prepending, and keeps strings prepended to one base apart', async () => {
    const value = await run(`
      let front = ''
      for (let i = 0; i < 3000; i++) front = String.fromCharCode(97 + (i % 26)) + front
      const base = 'x'.repeat(300)
      const left = 'L' + base
      const right = 'R' + base
      const outer = '(' + left
      const both = '[' + left + ']'
      let wide = 'y'.repeat(300)
      wide = '€' + wide
      wide = 'z' + wide
      let mixed = 'm'.repeat(300)
      for (let i = 0; i < 50; i++) mixed = i % 2 ? mixed + i : i + mixed
      return [front.length, front.slice(0, 3), front.slice(-3), left.slice(0, 2), right.slice(0, 2), outer.slice(0, 3),
        both.slice(0, 3), both.slice(-2), left.length, wide.slice(0, 3), wide.length, mixed.slice(0, 6), mixed.slice(-6), mixed.length]`)
    expect(value).toEqual([3000, 'jih', 'cba', 'Lx', 'Rx', '(Lx', '[Lx', 'x]', 301, 'z€y', 302, '484644', '454749', 390])
  })

  it('makes String.fromCharCode of one unit the same string as any other', async () => {
    const value = await run(`
      const units = [0x41, 65.9, 0xe9, 0xff, 0x100, 0x20ac, -1, 0x10041, 0]
      const made = units.map((u) => String.fromCharCode(u))
      return [made.map((s) => s.charCodeAt(0)), made.map((s) => s.length), String.fromCharCode(104) + String.fromCharCode(105) === 'hi',
        new Set(['A', String.fromCharCode(65)]).size, { [String.fromCharCode(97)]: 1 }.a, String.fromCharCode(0x68, 0x69)]`)
    expect(value).toEqual([[0x41, 0x41, 0xe9, 0xff, 0x100, 0x20ac, 0xffff, 0x41, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1], true, 1, 1, 'hi'])
  })

  it('stops a string that grows past the memory budget', async () => {
    const error = errorOf(await runtime.run({
      source: `let s = ''\nwhile (true) s += 'x'.repeat(1000)`,
      limits: { maxMemoryBytes: 32 * 1024 * 1024, computeMs: 10_000, maxWallMs: 20_000 },
    }))
    expect(error.kind).toBe('memory_budget')
  })

  it('throws a RangeError past the maximum string length', async () => {
    const result = await runtime.run({
      source: `const big = 'x'.repeat(2 ** 28)\ntry { let s = big; s += big; return 'built' } catch (e) { return [e.name, e.message] }`,
      limits: { maxMemoryBytes: 640 * 1024 * 1024 },
    })
    expect(valueOf(result)).toEqual(['RangeError', 'Invalid string length'])
  })
})

describe('JSON.parse', () => {
  it('keeps key order, lets the last duplicate win, and makes __proto__ a plain property', async () => {
    const value = await run(`
      const o = JSON.parse('{"b":1,"a":2,"1":3,"b":4,"__proto__":{"x":5}}')
      return [Object.keys(o), o.b, Object.getPrototypeOf(o) === Object.prototype, 'x' in o, o.__proto__ === undefined, Object.getOwnPropertyDescriptor(o, '__proto__')?.value?.x]`)
    expect(value).toEqual([['1', 'b', 'a', '__proto__'], 4, true, false, false, 5])
  })

  it('keeps records that share their keys independent, and large objects in key order', async () => {
    const value = await run(`
      const rows = JSON.parse('[{"id":1,"name":"a","id":2},{"id":3,"name":"b"},{"name":"c","id":4}]')
      delete rows[0].name
      rows[1].extra = true
      Object.defineProperty(rows[2], 'id', { enumerable: false })
      const keys = Array.from({ length: 100 }, (_, i) => 'k' + ((i * 37) % 100))
      const big = JSON.parse('{' + keys.map((k, i) => '"' + k + '":' + i).join(',') + ',"k5":"again"}')
      return [JSON.stringify(rows), rows.map((r) => Object.keys(r)), Object.keys(big).join() === keys.join(), big.k5, big.k37]`)
    expect(value).toEqual(['[{"id":2},{"id":3,"name":"b","extra":true},{"name":"c"}]', [['id'], ['id', 'name', 'extra'], ['name']], true, 'again', 1])
  })

  it('reads numbers exactly as JavaScript does', async () => {
    const texts = ['0', '-0', '1', '-1', '2147483647', '2147483648', '-2147483649', '0.1', '1e400', '-1e400', '5e-324', '2.2250738585072011e-308',
      '1.7976931348623157e308', '9007199254740993', '123456789012345678901234567890', '1E+2', '1e-7', '0.30000000000000004', '100000000000000000000000']
    const show = (n: number) => (Object.is(n, -0) ? '-0' : String(n))
    const value = await run(`
      const show = ${show.toString()}
      return ${JSON.stringify(texts)}.map((t) => show(JSON.parse(t)))`)
    expect(value).toEqual(texts.map((t) => show(JSON.parse(t))))
  })

  it('decodes every escape and keeps lone surrogates', async () => {
    const value = await run(`
      const s = JSON.parse('"a\\\\"\\\\\\\\\\\\/\\\\b\\\\f\\\\n\\\\r\\\\t\\\\u0041\\\\u00e9\\\\u20AC\\\\ud83d\\\\ude00\\\\ud800x\\\\udc00"')
      return [...s].map((c) => c.codePointAt(0))`)
    expect(value).toEqual([0x61, 0x22, 0x5c, 0x2f, 8, 12, 10, 13, 9, 0x41, 0xe9, 0x20ac, 0x1f600, 0xd800, 0x78, 0xdc00])
  })

  it('reads nested values, whitespace and non-ASCII text', async () => {
    const text = JSON.stringify({ list: [1, 'two', null, true, false, { deep: [[], {}] }], name: 'Zoë €', empty: '' }, null, '\t')
    expect(await run(`return JSON.parse(${JSON.stringify(text)})`)).toEqual(JSON.parse(text))
  })

  it('rejects what JSON does not allow with a SyntaxError that says where', async () => {
    const texts = ['', ' ', '{"a":1,}', '[1,]', '01', '1.', '.5', '+1', '-', "'a'", 'tru', 'nul', '"\t"', '"abc', '{"a" 1}', '{a:1}', 'NaN', '[1] 2', '"\\x41"', '"\\u12G4"']
    // the messages Node's JSON.parse gives (V8's)
    const node = texts.map((text) => {
      try {
        JSON.parse(text)
        return 'parsed'
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`
      }
    })
    expect(node.every((message) => message.startsWith('SyntaxError: '))).toBe(true)
    const value = await run(`
      return ${JSON.stringify(texts)}.map((t) => { try { JSON.parse(t); return 'parsed' } catch (e) { return e.name + ': ' + e.message } })`)
    expect(value).toEqual(node)
    expect(await run(`try { JSON.parse('{"a":1,}') } catch (e) { return e.message }`)).toMatch(/position 7/)
  })

  it('still calls a reviver bottom-up with the source of primitives', async () => {
    const value = await run(`
      const calls = []
      const out = JSON.parse('{"a":[1,2],"b":"x"}', function (key, value, context) {
        calls.push([key, context?.source ?? null])
        return typeof value === 'number' ? value * 10 : value
      })
      return [out, calls]`)
    expect(value).toEqual([{ a: [10, 20], b: 'x' }, [['0', '1'], ['1', '2'], ['a', null], ['b', '"x"'], ['', null]]])
  })

  it('walks a reviver over the directly read values as the specification says', async () => {
    const value = await run(`
      const seen = []
      const out = JSON.parse('{"keep":1,"drop":2,"list":[1,[2,3],{"x":"y"}],"dup":1,"dup":"last","big":1e400,"neg":-0}', function (key, value, context) {
        seen.push([key, Array.isArray(this), context && 'source' in context ? context.source : null])
        if (key === 'drop') return undefined
        if (key === 'x') { this.added = 'later'; return 'X' }
        return value
      })
      return [JSON.stringify(out), Object.keys(out), Object.is(out.neg, -0), seen]`)
    expect(value).toEqual([
      '{"keep":1,"list":[1,[2,3],{"x":"X","added":"later"}],"dup":"last","big":null,"neg":0}',
      ['keep', 'list', 'dup', 'big', 'neg'],
      true,
      [['keep', false, '1'], ['drop', false, '2'], ['0', true, '1'], ['0', true, '2'], ['1', true, '3'], ['1', true, null],
        ['x', false, '"y"'], ['2', true, null], ['list', false, null], ['dup', false, '"last"'], ['big', false, '1e400'], ['neg', false, '-0'], ['', false, null]],
    ])
  })

  it('gives a reviver the same reading and errors as a parse without one', async () => {
    const value = await run(`
      const id = (k, v) => v
      const lone = JSON.parse('"a\\\\ud800b"', id)
      const errors = ['{"a":1,}', '[1, 2', '"\\\\x41"'].map((t) => { try { JSON.parse(t, id); return 'parsed' } catch (e) { return e.name + ': ' + e.message } })
      const proto = JSON.parse('{"__proto__":{"p":1}}', id)
      return [[...lone].map((c) => c.charCodeAt(0)), errors, Object.getPrototypeOf(proto) === Object.prototype, Object.keys(proto)]`)
    expect(value).toEqual([
      [0x61, 0xd800, 0x62],
      [
        'SyntaxError: Expected double-quoted property name in JSON at position 7',
        "SyntaxError: Expected ',' or ']' after array element in JSON at position 5",
        'SyntaxError: Bad escaped character in JSON at position 2',
      ],
      true,
      ['__proto__'],
    ])
  })

  it('turns nesting deeper than the stack into a RangeError, not a crash', async () => {
    const child = await runInChild(`
      runtime.createCodeRuntime().run({ source: "try { JSON.parse('['.repeat(1e6) + ']'.repeat(1e6)); return 'parsed' } catch (e) { return e.name }" })
        .then((result) => { console.log(JSON.stringify(result.value)); process.exit(0) })`)
    expect(child.signal).toBeNull()
    expect(child.stdout.trim()).toBe('"RangeError"')
  })
})

describe('JSON.stringify', () => {
  it('keeps its observable behaviours', async () => {
    const value = await run(`
      const cyclic = { a: 1 }
      cyclic.self = cyclic
      let cycle
      try { JSON.stringify(cyclic) } catch (e) { cycle = e.name }
      return [
        JSON.stringify({ b: 1, a: [-0, 1e21, 1.5e-7, 0.1 + 0.2, NaN, Infinity], 2: 'two', 1: 'one' }),
        JSON.stringify({ d: new Date(0), t: { toJSON: (key) => 'key:' + key } }),
        JSON.stringify({ a: 1, b: [2, { c: 3 }] }, null, 2),
        JSON.stringify({ a: 1, b: 2, c: { a: 3, z: 4 } }, ['a', 'c']),
        JSON.stringify({ a: 1, b: 'x' }, (k, v) => (typeof v === 'number' ? v + 1 : v)),
        JSON.stringify('\\u2028\\ud800"\\n\\u0001é'),
        JSON.stringify([undefined, () => 1, Symbol('s')]),
        JSON.stringify({ u: undefined, f: () => 1 }),
        cycle,
      ]`)
    expect(value).toEqual([
      '{"1":"one","2":"two","b":1,"a":[0,1e+21,1.5e-7,0.30000000000000004,null,null]}',
      '{"d":"1970-01-01T00:00:00.000Z","t":"key:t"}',
      '{\n  "a": 1,\n  "b": [\n    2,\n    {\n      "c": 3\n    }\n  ]\n}',
      '{"a":1,"c":{"a":3}}',
      '{"a":2,"b":"x"}',
      '"\u2028\\ud800\\"\\n\\u0001é"',
      '[null,null,null]',
      '{}',
      'TypeError',
    ])
  })

  it('reads members as [[Get]] does, from whatever the object holds by then', async () => {
    const value = await run(`
      const record = { first: { toJSON() { delete record.gone; record.later = 'changed'; return 'f' } }, gone: 1, later: 'original', 1: 'index' }
      Object.defineProperty(record, 'hidden', { value: 1, enumerable: false })
      Object.defineProperty(record, 'getter', { get: () => 'got', enumerable: true })
      const inherited = Object.create({ fromProto: 1 })
      inherited.own = 2
      const keys = []
      const replaced = JSON.stringify([{ a: 1 }, 'b'], function (key, v) { keys.push(typeof key + ':' + key); return v })
      const proxy = new Proxy({ a: 1 }, { get: (t, k) => (k === 'a' ? 'trapped' : t[k]) })
      const sparse = [1, , 3]
      sparse[5] = 6
      return [JSON.stringify(record), JSON.stringify(inherited), replaced, keys, JSON.stringify(proxy), JSON.stringify(sparse),
        JSON.stringify([{ toJSON: (k) => typeof k + k }]), JSON.stringify({ [Symbol('s')]: 1, 2: 'b', 0: 'a' })]`)
    expect(value).toEqual([
      '{"1":"index","first":"f","later":"changed","getter":"got"}',
      '{"own":2}',
      '[{"a":1},"b"]',
      ['string:', 'string:0', 'string:a', 'string:1'],
      '{"a":"trapped"}',
      '[1,null,3,null,null,6]',
      '["string0"]',
      '{"0":"a","2":"b"}',
    ])
  })
})
