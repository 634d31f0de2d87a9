// Classes, generators and iterators, destructuring, Map and Set: the language a model reaches for
// when a task outgrows one expression.
import { family, type Program } from '../harness'

const classes = family('classes', {
  'a class with a getter and a method': `class Invoice {
  constructor(lines) { this.lines = lines }
  get total() { return this.lines.reduce((s, l) => s + l.qty * l.price, 0) }
  format() { return \`\${this.lines.length} lines, $\${this.total.toFixed(2)}\` }
}
const inv = new Invoice([{ qty: 2, price: 9.99 }, { qty: 1, price: 0.02 }])
console.log(inv.format(), inv)
return inv`,
  'inheritance with super calls': `class Shape {
  constructor(name) { this.name = name }
  area() { return 0 }
  describe() { return \`\${this.name} with area \${this.area().toFixed(2)}\` }
}
class Circle extends Shape {
  constructor(r) { super('circle'); this.r = r }
  area() { return Math.PI * this.r ** 2 }
}
class Square extends Shape {
  constructor(s) { super('square'); this.s = s }
  area() { return this.s ** 2 }
  describe() { return super.describe() + ' (square)' }
}
const shapes = [new Circle(1), new Square(3), new Circle(0.5)]
shapes.forEach((s) => console.log(s.describe()))
console.log(shapes[0] instanceof Shape, Object.getPrototypeOf(Square) === Shape, shapes.map((s) => s.constructor.name))
return shapes.map((s) => s.area())`,
  'private fields and static members': `class Counter {
  static #instances = 0
  #count = 0
  static created() { return Counter.#instances }
  constructor() { Counter.#instances++ }
  increment(by = 1) { this.#count += by; return this }
  get value() { return this.#count }
  #secret() { return 'hidden' }
  reveal() { return this.#secret() }
  static isCounter(o) { return #count in o }
}
const a = new Counter().increment().increment(5)
new Counter()
console.log(a.value, Counter.created(), a.reveal(), Object.keys(a), Counter.isCounter(a), Counter.isCounter({}))
return a.value`,
  'a static factory and toString': `class Money {
  constructor(cents, currency) { this.cents = cents; this.currency = currency }
  static parse(s) {
    const [amount, currency] = s.split(' ')
    return new Money(Math.round(parseFloat(amount) * 100), currency)
  }
  add(other) { return new Money(this.cents + other.cents, this.currency) }
  toString() { return \`\${(this.cents / 100).toFixed(2)} \${this.currency}\` }
  toJSON() { return this.toString() }
}
const sum = ['10.50 EUR', '0.75 EUR', '3 EUR'].map(Money.parse).reduce((a, b) => a.add(b))
console.log(\`\${sum}\`, String(sum), sum + '', JSON.stringify({ sum }))
return sum`,
  'an iterable class': `class Range {
  constructor(from, to, step = 1) { Object.assign(this, { from, to, step }) }
  *[Symbol.iterator]() { for (let i = this.from; i < this.to; i += this.step) yield i }
}
const r = new Range(0, 10, 3)
console.log([...r], Array.from(r, (x) => x * 2), Math.max(...r))
for (const x of new Range(1, 3)) console.log('x =', x)
return [...r]`,
  'class fields with arrow functions keep this': `class Button {
  clicks = 0
  label
  constructor(label) { this.label = label }
  onClick = () => { this.clicks++; return this.label }
}
const b = new Button('save')
const handler = b.onClick
handler(); handler()
console.log(b.clicks, b, Object.keys(b))
return b.clicks`,
  'a method called without its object': `class Greeter {
  constructor(name) { this.name = name }
  greet() { return 'hi ' + this.name }
}
const g = new Greeter('ada')
const greet = g.greet
return greet()`,
  'a class called without new': `class Account {}
const a = Account()
return a`,
  'getters and setters with validation': `class Temperature {
  #c = 0
  get celsius() { return this.#c }
  set celsius(v) {
    if (typeof v !== 'number' || Number.isNaN(v)) throw new TypeError(\`invalid temperature: \${v}\`)
    this.#c = v
  }
  get fahrenheit() { return this.#c * 9 / 5 + 32 }
  set fahrenheit(f) { this.celsius = (f - 32) * 5 / 9 }
}
const t = new Temperature()
t.fahrenheit = 212
console.log(t.celsius, t.fahrenheit)
try { t.celsius = 'hot' } catch (e) { console.log(e.message) }
return t.celsius`,
  'a builder with method chaining': `class QueryBuilder {
  #parts = { where: [], order: null, limit: null }
  constructor(table) { this.table = table }
  where(cond) { this.#parts.where.push(cond); return this }
  orderBy(col, dir = 'ASC') { this.#parts.order = \`\${col} \${dir}\`; return this }
  limit(n) { this.#parts.limit = n; return this }
  build() {
    const { where, order, limit } = this.#parts
    return [\`SELECT * FROM \${this.table}\`, where.length ? 'WHERE ' + where.join(' AND ') : '', order ? 'ORDER BY ' + order : '', limit != null ? 'LIMIT ' + limit : ''].filter(Boolean).join(' ')
  }
}
const sql = new QueryBuilder('users').where('active = 1').where("team = 'core'").orderBy('name').limit(5).build()
console.log(sql)
const { rows } = await db.query(sql)
return rows.length`,
  'a mixin applied to a class': `const Timestamped = (Base) => class extends Base {
  stamp(at) { this.updatedAt = new Date(at).toISOString(); return this }
}
const Serializable = (Base) => class extends Base {
  serialize() { return JSON.stringify(this) }
}
class Entity { constructor(id) { this.id = id } }
class User extends Serializable(Timestamped(Entity)) {}
const u = new User(7).stamp(0)
console.log(u.serialize(), u instanceof Entity, User.name)
return u`,
  'Symbol.toPrimitive and valueOf': `class Duration {
  constructor(ms) { this.ms = ms }
  valueOf() { return this.ms }
  [Symbol.toPrimitive](hint) { return hint === 'string' ? \`\${this.ms / 1000}s\` : this.ms }
}
const a = new Duration(1500), b = new Duration(250)
console.log(a + b, \`\${a}\`, a > b, [a, b].sort((x, y) => x - y).map(String))
return a * 2`,
  'an abstract method that throws': `class Repository {
  find() { throw new Error(\`\${this.constructor.name}.find is not implemented\`) }
}
class UserRepository extends Repository {}
const repo = new UserRepository()
return repo.find()`,
  'instanceof and Symbol.hasInstance': `class Even { static [Symbol.hasInstance](n) { return n % 2 === 0 } }
console.log(2 instanceof Even, 3 instanceof Even, [] instanceof Array, Object.create(null) instanceof Object)
return [4, 5, 6].filter((n) => n instanceof Even)`,
  'a class with a computed method name and accessors': `const prefix = 'get'
class Config {
  static defaults = { retries: 3, timeout: 1000 }
  #values = { ...Config.defaults }
  [prefix + 'Retries']() { return this.#values.retries }
  static get keys() { return Object.keys(Config.defaults) }
}
const c = new Config()
console.log(c.getRetries(), Config.keys, typeof Config.prototype.getRetries)
return Object.getOwnPropertyNames(Config.prototype)`,
  'a static block and private static method': `class Registry {
  static items = new Map()
  static {
    for (const name of ['alpha', 'beta']) Registry.items.set(name, name.length)
  }
  static #normalize(k) { return k.toLowerCase() }
  static get(k) { return Registry.items.get(Registry.#normalize(k)) }
}
console.log(Registry.get('ALPHA'), Registry.items.size)
return [...Registry.items]`,
  'an Error subclass with extra fields': `class HttpError extends Error {
  constructor(status, message, options) {
    super(message, options)
    this.name = 'HttpError'
    this.status = status
  }
  get retryable() { return this.status >= 500 }
}
const errors = [new HttpError(503, 'unavailable'), new HttpError(404, 'missing', { cause: 'no route' })]
for (const e of errors) console.log(e.name, e.status, e.message, e.retryable, e instanceof Error, e.cause)
throw errors[1]`,
  'a private field read on the wrong object': `class Box { #v = 1; static peek(o) { return o.#v } }
console.log(Box.peek(new Box()))
return Box.peek({})`,
  'an Array subclass': `class Stack extends Array {
  peek() { return this[this.length - 1] }
}
const s = Stack.from([1, 2, 3])
s.push(4)
const doubled = s.map((x) => x * 2)
console.log(s.peek(), doubled instanceof Stack, doubled.peek(), s.length, Array.isArray(s))
return [...s]`,
  'object literal methods, getters and super': `const base = { greet() { return 'base' } }
const obj = {
  __proto__: base,
  name: 'obj',
  greet() { return super.greet() + '+' + this.name },
  get upper() { return this.name.toUpperCase() },
}
console.log(obj.greet(), obj.upper, Object.keys(obj))
return obj`,
})

const generators = family('generators', {
  'a lazy pipeline of generators': `function* naturals() { let n = 1; while (true) yield n++ }
function* take(it, n) { for (const x of it) { if (n-- <= 0) return; yield x } }
function* filter(it, f) { for (const x of it) if (f(x)) yield x }
function* map(it, f) { for (const x of it) yield f(x) }
const out = [...take(map(filter(naturals(), (n) => n % 3 === 0), (n) => n * n), 5)]
console.log(out)
return out`,
  'a generator with return and throw': `function* worker() {
  try {
    const a = yield 'ready'
    const b = yield \`got \${a}\`
    return a + b
  } finally {
    console.log('cleanup')
  }
}
const g = worker()
console.log(g.next(), g.next(2), g.next(3), g.next())
const h = worker()
h.next()
console.log(h.return(99), h.next())
const k = worker()
k.next()
try { k.throw(new Error('stop')) } catch (e) { console.log('caught', e.message) }
return 'done'`,
  'yield* delegation and a tree walk': `const tree = { v: 1, kids: [{ v: 2, kids: [{ v: 4, kids: [] }] }, { v: 3, kids: [] }] }
function* walk(node, depth = 0) {
  yield [node.v, depth]
  for (const k of node.kids) yield* walk(k, depth + 1)
}
const visited = [...walk(tree)]
console.log(visited.map(([v, d]) => '  '.repeat(d) + v).join('\\n'))
return visited`,
  'an async generator paging a tool': `async function* pages(pageSize) {
  const all = await tools.getOrders()
  for (let i = 0; i < all.length; i += pageSize) {
    await tools.sleep(1)
    yield all.slice(i, i + pageSize)
  }
}
let total = 0
let count = 0
for await (const page of pages(5)) {
  count++
  total += page.reduce((s, o) => s + o.total, 0)
}
console.log(count, 'pages', total.toFixed(2))
return count`,
  'an iterator protocol written by hand': `const countdown = {
  from: 3,
  [Symbol.iterator]() {
    let n = this.from
    return { next: () => (n >= 0 ? { value: n--, done: false } : { value: undefined, done: true }), return: () => { console.log('closed early'); return { done: true } } }
  },
}
console.log([...countdown])
for (const n of countdown) { if (n === 2) break }
const [first, second] = countdown
return [first, second]`,
  'entries, keys and values iterators': `const arr = ['a', 'b', 'c']
console.log([...arr.keys()], [...arr.values()], [...arr.entries()])
const it = arr[Symbol.iterator]()
console.log(it.next(), it.next(), it.next(), it.next())
const m = new Map([['x', 1]])
console.log([...m.keys()], [...m.values()], Object.prototype.toString.call(m.entries()))
return Array.from(new Set('hello'))`,
  'a generator as an id source': `function* ids(prefix) { let i = 0; while (true) yield \`\${prefix}-\${String(++i).padStart(3, '0')}\` }
const next = ids('task')
const tasks = ['build', 'test', 'ship'].map((name) => ({ id: next.next().value, name }))
console.log(tasks)
return tasks`,
  'spreading a finished generator twice': `function* two() { yield 1; yield 2 }
const g = two()
console.log([...g], [...g])
return Array.from(two())`,
  'Array.from with an iterable and a length object': `const squares = Array.from({ length: 5 }, (_, i) => i * i)
const chars = Array.from('héllo😀')
const fromSet = Array.from(new Set([3, 1, 3]))
console.log(squares, chars, fromSet, Array.of(7, 8))
return { squares, chars: chars.length }`,
  'zip of generators': `function* zip(...its) {
  const iters = its.map((i) => i[Symbol.iterator]())
  while (true) {
    const steps = iters.map((i) => i.next())
    if (steps.some((s) => s.done)) return
    yield steps.map((s) => s.value)
  }
}
const rows = [...zip(['a', 'b', 'c'], [1, 2, 3], 'xyz')]
console.log(rows)
return Object.fromEntries(rows.map(([k, v]) => [k, v]))`,
  'iterating a non-iterable': `const settings = { items: { a: 1 } }
for (const item of settings.items) console.log(item)`,
  'spreading undefined into an array': `const result = { data: undefined }
return [...result.data]`,
  'destructuring a non-iterable': `const pair = { a: 1, b: 2 }
const [a, b] = pair
return a + b`,
})

const destructuring = family('destructuring', {
  'defaults, renames and rest': `const user = await tools.getUser({ id: 4 })
const { name: fullName, email, role = 'none', nickname = fullName.split(' ')[0], ...rest } = user
console.log(fullName, email, role, nickname, Object.keys(rest))
return rest`,
  'nested objects and arrays': `const order = (await tools.getOrders())[4]
const { id, items: [first, ...others], tags: [tag = 'none'] = [] } = order
console.log(id, first, others.length, tag)
return { id, sku: first.sku }`,
  'swapping and skipping': `let a = 1, b = 2
;[a, b] = [b, a]
const [, second, , fourth = 'default'] = [10, 20, 30]
console.log(a, b, second, fourth)
return [a, b, second, fourth]`,
  'parameters with defaults': `function request({ url, method = 'GET', headers: { accept = 'application/json', ...headers } = {}, retries = 3 } = {}) {
  return { url, method, accept, headers, retries }
}
console.log(request({ url: '/a', headers: { 'x-id': '1' } }))
console.log(request())
return request({ url: '/b', method: 'POST', retries: 0 })`,
  'destructuring in loops over entries': `const scores = { ada: 92, alan: 88, grace: 97 }
for (const [name, score] of Object.entries(scores)) console.log(\`\${name}: \${score}\`)
const best = Object.entries(scores).reduce(([bn, bs], [n, s]) => (s > bs ? [n, s] : [bn, bs]))
const m = new Map(Object.entries(scores))
for (const [k, v] of m) if (v > 90) console.log('high', k)
return best`,
  'destructuring null': `const response = { data: null }
const { data: { items } } = response
return items`,
  'destructuring the first of an empty list': `const results = { items: [] }
const { id, title } = results.items[0]
return [id, title]`,
  'destructuring undefined in a parameter': `const handle = ({ id }) => id
const list = [{ id: 1 }, undefined]
return list.map(handle)`,
  'optional chaining and nullish coalescing': `const users = await tools.listUsers()
const cfg = { retry: { count: 0 }, labels: null }
console.log(cfg.retry?.count ?? 5, cfg.retry.count || 5, cfg.labels?.length ?? 'no labels', cfg.missing?.deep.deeper, users[20]?.name ?? 'nobody')
console.log(users.find((u) => u.id === 3)?.email?.split('@')?.[1], cfg.fn?.())
let x = null
x ??= 'set'
let y = 0
y ||= 7
let z = 1
z &&= 'and'
return [x, y, z]`,
  'spread merging of objects and arrays': `const defaults = { color: 'blue', size: 'm', tags: ['a'] }
const overrides = { size: 'l', tags: [...defaults.tags, 'b'], extra: undefined }
const merged = { ...defaults, ...overrides, ...null, ...'hi' }
console.log(merged)
return merged`,
  'computed keys and shorthand': `const field = 'status'
const value = 'open'
const n = 3
const query = { [field]: value, [\`\${field}Count\`]: n, n, ['a' + 1]: true }
console.log(query)
return query`,
})

const collectionsOfMapsAndSets = family('map and set', {
  'counting with a Map': `const words = 'the cat and the hat and the bat'.split(' ')
const counts = new Map()
for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
console.log(counts, counts.size)
return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]))`,
  'Map with object keys': `const users = await tools.listUsers()
const visits = new Map()
for (const u of users.slice(0, 3)) visits.set(u, u.id * 10)
const first = users[0]
console.log(visits.get(first), visits.get({ ...first }), visits.has(first))
return [...visits.values()]`,
  'Set operations by hand': `const a = new Set([1, 2, 3, 4])
const b = new Set([3, 4, 5])
const union = new Set([...a, ...b])
const inter = [...a].filter((x) => b.has(x))
const diff = [...a].filter((x) => !b.has(x))
console.log(union, inter, diff)
return { union: [...union], inter, diff }`,
  'a Map iterated while it changes': `const m = new Map([['a', 1], ['b', 2], ['c', 3]])
for (const [k, v] of m) {
  if (k === 'a') m.delete('b')
  if (k === 'c') m.set('d', 4)
  console.log(k, v)
}
return [...m.keys()]`,
  'Map insertion order and re-setting': `const m = new Map()
m.set('z', 1).set('a', 2).set('z', 3)
m.set(NaN, 'nan').set(0, 'zero')
console.log([...m], m.get(NaN), m.get(-0))
m.delete('a')
return [...m.entries()].map(([k, v]) => [String(k), v])`,
  'a WeakMap cache for computed values': `const cache = new WeakMap()
let computed = 0
const area = (r) => {
  if (!cache.has(r)) { computed++; cache.set(r, r.w * r.h) }
  return cache.get(r)
}
const rects = [{ w: 2, h: 3 }, { w: 4, h: 5 }]
const total = [...rects, ...rects, rects[0]].reduce((s, r) => s + area(r), 0)
console.log(total, computed)
return total`,
  'a Set of strings deduplicating emails case-insensitively': `const users = await tools.listUsers()
const raw = [...users.map((u) => u.email), 'ADA@example.com', 'alan@EXAMPLE.org']
const seen = new Set()
const unique = raw.filter((e) => { const k = e.toLowerCase(); if (seen.has(k)) return false; seen.add(k); return true })
console.log(raw.length, unique.length)
return unique`,
  'a Map converted to JSON': `const m = new Map([['a', { n: 1 }], ['b', { n: 2 }]])
console.log(JSON.stringify(m), JSON.stringify(Object.fromEntries(m)), JSON.stringify([...m]))
return Object.fromEntries(m)`,
  'a Map returned as the result': `const m = new Map([['a', 1]])
return { counts: m }`,
  'a Set returned as the result': `return new Set(['x', 'y'])`,
  'forEach on Map and Set': `const m = new Map([['k1', 'v1'], ['k2', 'v2']])
m.forEach((v, k, map) => console.log(k, v, map === m))
new Set(['s1', 's2']).forEach((v, k) => console.log(v, k))
return m.size`,
  'grouping into a Map of Sets': `const orders = await tools.getOrders()
const skusByStatus = new Map()
for (const o of orders) for (const it of o.items) {
  if (!skusByStatus.has(o.status)) skusByStatus.set(o.status, new Set())
  skusByStatus.get(o.status).add(it.sku)
}
const out = Object.fromEntries([...skusByStatus].map(([k, v]) => [k, [...v].sort()]))
console.log(out)
return out`,
})

// Words that are keywords only in some places (`using`, `of`, `async`, `get`) serve as names
// everywhere else.
const contextualWords = family('contextual keywords as names', {
  'using, of, async and get as variables, parameters and properties': `const using = ['a', 'b']
let of = 2, async = 3
const get = (using) => using.length
function pick(using, of) { return using[of] }
const tools2 = { using: (x) => x * 2, of }
using.push('c')
console.log(using, of, async, get(using), pick(using, 1), tools2.using(of))
const f = using => using + 1
return [f(of), typeof using, async + of]`,
  'using called as a function and assigned': `let log = []
let using = (x) => log.push(x)
using(1)
using = (x) => log.push(x * 10)
using(2)
const o = { using }
o.using(3)
return log`,
})

export const language: Program[] = [...classes, ...generators, ...destructuring, ...collectionsOfMapsAndSets, ...contextualWords]
