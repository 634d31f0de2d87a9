// The engine's own errors, as models run into them and then read them to fix the program: each
// must say what V8 says, where V8 says it (the uncaught ones are compared on line and column too).
import { family, type Program } from '../harness'

const uncaught = family('messages', {
  'a const counter incremented': `const retries = 0
for (const attempt of [1, 2]) retries++
return retries`,
  'a total assigned before its declaration': `const users = await tools.listUsers()
total = users.length
let total = 0
return total`,
  'a getter-only property assigned': `const user = { first: 'Ada', last: 'Lovelace', get name() { return \`\${this.first} \${this.last}\` } }
user.name = 'Grace Hopper'
return user.name`,
  'a property set on a string': `const id = 'user-1'
id.checked = true
return id`,
  'a key deleted from a frozen config': `const config = Object.freeze({ debug: true, level: 2 })
delete config.debug
return config`,
  'an element added to a sealed list': `const list = Object.seal([1, 2])
list[2] = 3
return list`,
  'an element of a frozen row replaced': `const row = Object.freeze(['a', 'b'])
row[0] = 'z'
return row`,
  'a frozen counter incremented with +=': `const stats = Object.freeze({ hits: 1 })
stats.hits += 1
return stats`,
  'in on an undefined payload': `const payload = undefined
if ('items' in payload) console.log('has items')
return 'checked'`,
  'a BigInt multiplied by a fraction': `const total = 10n
const scaled = total * 1.5
return String(scaled)`,
  'unary plus on a BigInt': `const big = 2n ** 64n
const n = +big
return n`,
  'instanceof a plain object': `const Shape = { kind: 'circle' }
const shape = { kind: 'circle' }
return shape instanceof Shape`,
  'a private member written on another object': `class Box { #v = 1; static poke(o, v) { o.#v = v } }
Box.poke(new Box(), 2)
return Box.poke({}, 3)`,
  'a frozen setting assigned across lines': `const settings = Object.freeze({ retries: 3 })
settings // the shared defaults
  .retries /* from the tool */
  = 5
return settings`,
  'a BigInt price multiplied across lines': `const price = 10n
const total = (price) // a BigInt
  *
  1.5
return String(total)`,
  'an invalid URL with a base': `const base = 'not a base'
const u = new URL('/items', base)
return u.href`,
})

const caught = family('messages', {
  'assignment errors caught and logged': `const attempts = [
  () => { const limit = 1; limit = 2 },
  () => { 'use strict'; undeclaredCount = 1 },
  () => { Object.freeze({ a: 1 }).a = 2 },
  () => { Object.preventExtensions({}).b = 1 },
  () => { const o = {}; Object.defineProperty(o, 'x', { get: () => 1 }); o.x = 2 },
  () => { (5).toFixedValue = 1 },
  () => { 'abc'[0] = 'z' },
  () => { new Proxy({}, { set: () => false }).a = 1 },
  () => { Object.create(Object.freeze({ inherited: 1 })).inherited = 2 },
  () => { delete Object.freeze([1]).length },
  () => { const tags = new Map(); Object.defineProperty(tags, 'kind', { value: 'tags' }); delete tags.kind },
  () => { Object.defineProperty(Object.freeze({}), 'x', { value: 1 }) },
  () => { Object.defineProperty(Object.freeze({ x: 1 }), 'x', { value: 2 }) },
  () => { Object.assign(Object.freeze({ a: 1 }), { a: 2 }) },
  () => { Object.freeze([1, 2]).pop() },
  () => { Object.seal([1]).push(2) },
]
for (const f of attempts) {
  try { f() } catch (e) { console.log(\`\${e.name}: \${e.message}\`) }
}
return attempts.length`,
  'conversion errors caught and logged': `const attempts = [
  () => BigInt('12.5'),
  () => BigInt(null),
  () => BigInt(2.5),
  () => BigInt(Symbol('id')),
  () => BigInt.asIntN(64, 1),
  () => 1n + 1,
  () => 1n / 0n,
  () => +1n,
  () => Math.max(1n, 2),
  () => Symbol('s') + '',
  () => \`\${Symbol('t')}\`,
  () => Symbol() * 2,
  () => [Symbol('x')].join(),
  () => 'ab'.repeat(-1),
  () => 'ab'.repeat(Infinity),
  () => 'x'.padStart(Infinity),
  () => (255).toString(1),
  () => (1n).toString(37),
  () => (1.5).toPrecision(0),
  () => String.fromCodePoint(-1),
  () => String.fromCodePoint(1.5),
]
for (const f of attempts) {
  try { f() } catch (e) { console.log(\`\${e.name}: \${e.message}\`) }
}
return attempts.length`,
  'object errors caught and logged': `const attempts = [
  () => Object.keys(undefined),
  () => Object.entries(null),
  () => Object.assign(null, { a: 1 }),
  () => Object.create(5),
  () => Object.setPrototypeOf({}, 'proto'),
  () => Object.defineProperty({}, 'a', 1),
  () => Object.defineProperty({}, 'a', { get: 'name' }),
  () => Object.defineProperty({}, 'a', { set: 1 }),
  () => new Map([1, 2]),
  () => Object.fromEntries(['ab', 'cd'].map((s) => s.length)),
  () => new Proxy({}, null),
  () => new WeakMap().set('key', 1),
  () => new WeakSet().add(1),
  () => Symbol.keyFor('x'),
  () => 'key' in 'text',
  () => 1 in 5,
  () => ({}) instanceof ({}),
  () => null instanceof 1,
  () => [].reduce((a, b) => a + b),
  () => [].reduceRight((a, b) => a + b),
  () => { class Base {}; class Child extends Base { constructor() { super(); super() } }; new Child() },
  () => { class Point {}; Point() },
  () => { class Pair { #a = 1; static read(o) { return o.#a } }; Pair.read([]) },
  () => { class Tag { #t; static has(o) { return #t in o } }; Tag.has('x') },
]
for (const f of attempts) {
  try { f() } catch (e) { console.log(\`\${e.name}: \${e.message}\`) }
}
return attempts.length`,
  'regular expressions that do not compile': `const patterns = [['(unclosed', ''], ['a)', ''], ['*a', ''], ['a**', ''], ['x{2,1}', ''], ['\\\\', ''], ['[', ''], ['[z-a]', ''],
  ['(?<n>a)(?<n>b)', ''], ['(?<n>a)\\\\k<m>', ''], ['(?<1>a)', ''], ['(?x)', ''], ['}', 'u'], ['a{', 'u'], ['\\\\q', 'u'], ['\\\\u{110000}', 'u'],
  ['\\\\p{Nope}', 'u'], ['a', 'gg'], ['a', 'x']]
for (const [source, flags] of patterns) {
  try { new RegExp(source, flags) } catch (e) { console.log(e.name, e.message) }
}
return patterns.length`,
  'malformed URI escapes': `for (const text of ['%', '%zz', '%E0%A4%A', '%C0%80', 'ok%20done']) {
  try { console.log(decodeURIComponent(text)) } catch (e) { console.log(e.name, e.message) }
}
try { decodeURI('%ZZ') } catch (e) { console.log(e.name, e.message) }
try { encodeURIComponent('\\uD800') } catch (e) { console.log(e.name, e.message) }
return 'done'`,
  'JSON cycles of several shapes': `const deep = { a: { b: { c: { d: { e: {} } } } } }
deep.a.b.c.d.e.back = deep.a
const list = [1, { id: 2 }]
list[1].owner = list
class Node { constructor(name) { this.name = name; this.children = [] } }
const root = new Node('root')
root.children.push(new Node('leaf'))
root.children[0].parent = root
const keyed = { 1: {} }
keyed[1].up = keyed
for (const value of [{ wrapper: deep }, list, root, keyed]) {
  try { JSON.stringify(value) } catch (e) { console.log(e.message) }
}
try { JSON.stringify({ id: 1n }) } catch (e) { console.log(e.message) }
return 'done'`,
  'URL errors with their code and input': `for (const [input, base] of [['/path', undefined], ['http://[::1', undefined], ['/x', 'nope'], ['https://ok.example/a', undefined]]) {
  try {
    console.log(new URL(input, base).href)
  } catch (e) {
    console.log(e.name, e.message, e.code, e.input, e.base, e instanceof TypeError, Object.keys(e))
  }
}
const u = new URL('https://a.example/')
try { u.href = 'not a url' } catch (e) { console.log(e.message, e.code, e.input) }
console.log(URL.parse('nope'), URL.canParse('https://b.example'), URL.parse('https://c.example/x') instanceof URL, u.constructor === URL, URL.name, URL.length)
return u.href`,
  'DOMException from structuredClone and made directly': `for (const value of [{ run() {} }, Symbol('tag'), new Proxy({}, {}), Promise.resolve(1), [() => 1]]) {
  try { structuredClone(value) } catch (e) { console.log(e instanceof DOMException, e instanceof Error, e.name, e.code, e.message, Object.prototype.toString.call(e)) }
}
const abort = new DOMException('the user stopped it', 'AbortError')
console.log(abort.name, abort.message, abort.code, DOMException.ABORT_ERR, String(abort), Object.keys(abort))
const plain = new DOMException()
console.log(plain.name, plain.message, plain.code)
return abort.code`,
  'reflection on values that are not objects': `const attempts = [
  () => Reflect.ownKeys('text'),
  () => Reflect.get(null, 'x'),
  () => Reflect.has(5, 'x'),
  () => Reflect.getOwnPropertyDescriptor(1, 'x'),
  () => Object.defineProperty(1, 'x', { value: 1 }),
  () => Object.defineProperties('s', {}),
]
for (const attempt of attempts) {
  try { attempt() } catch (e) { console.log(\`\${e.constructor.name}: \${e.message}\`) }
}
return attempts.length`,
  'an object without a prototype printed into a string': `const record = Object.create(null)
record.id = 7
try { return \`record: \${record}\` } catch (e) { console.log(e.name, e.message) }
return String(Object.keys(record))`,
})

const language = [
  {
    name: 'messages: await in a function that is not async, in JavaScript',
    language: 'javascript' as const,
    source: `function load(id) {
  const user = await tools.getUser({ id })
  return user.name
}
return load(1)`,
  },
]

export const messages: Program[] = [...uncaught, ...caught, ...language]
