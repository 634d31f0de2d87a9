// The language's less everyday corners as models use them: labels, accessors, symbols, Proxy and
// Reflect, tagged templates, BigInt, the ES2023 array methods, and Map/Set/WeakMap-heavy code.
import { family, type Program } from '../harness'

const language: Record<string, string> = {
  'labelled break out of nested loops': `const grid = [[1, 2, 3], [4, 99, 6], [7, 8, 9]]
let found: [number, number] | null = null
search: for (let r = 0; r < grid.length; r++) {
  for (let c = 0; c < grid[r].length; c++) {
    if (grid[r][c] === 99) { found = [r, c]; break search }
  }
}
let skipped = 0
rows: for (const row of grid) { for (const v of row) { if (v % 2 === 0) { skipped++; continue rows } } }
console.log(found, skipped)
return found`,
  'a labelled block': `const out: string[] = []
check: {
  out.push('start')
  if (out.length > 0) break check
  out.push('never')
}
out.push('after')
console.log(out)
return out`,
  'getters and setters with validation': `class Temperature {
  #celsius = 0
  get celsius() { return this.#celsius }
  set celsius(v: number) { if (!Number.isFinite(v)) throw new RangeError('not a temperature: ' + v); this.#celsius = v }
  get fahrenheit() { return this.#celsius * 9 / 5 + 32 }
  set fahrenheit(f: number) { this.celsius = (f - 32) * 5 / 9 }
}
const t = new Temperature()
t.fahrenheit = 212
console.log(t.celsius, t.fahrenheit, t, Object.keys(t), JSON.stringify(t))
try { t.celsius = NaN } catch (e) { console.log((e as Error).name, (e as Error).message) }
return [t.celsius, t.fahrenheit]`,
  'object literal accessors and defineProperty': `const counter = { n: 0, get next() { return ++this.n }, set reset(v: number) { this.n = v } }
console.log(counter.next, counter.next, counter)
counter.reset = 10
console.log(counter.next, Object.getOwnPropertyDescriptor(counter, 'next'))
const frozen = Object.defineProperty({}, 'id', { value: 7, enumerable: true })
try { (frozen as any).id = 8 } catch (e) { console.log((e as Error).message) }
const ro = { get only() { return 1 } }
try { (ro as any).only = 2 } catch (e) { console.log((e as Error).message) }
return counter.n`,
  'Symbol descriptions, registry and well-knowns': `const a = Symbol('id'), b = Symbol('id'), g = Symbol.for('app.key')
console.log(a === b, a.toString(), a.description, Symbol.for('app.key') === g, Symbol.keyFor(g), Symbol.keyFor(a))
const obj = { [a]: 1, visible: 2, [Symbol.toStringTag]: 'Custom' }
console.log(Object.keys(obj), Object.getOwnPropertySymbols(obj), JSON.stringify(obj), String(obj), obj)
try { console.log(a + '') } catch (e) { console.log((e as Error).name, (e as Error).message) }
return [a.description, typeof a]`,
  'Symbol.toPrimitive and valueOf in arithmetic': `class Money {
  amount: number; currency: string
  constructor(amount: number, currency: string) { this.amount = amount; this.currency = currency }
  [Symbol.toPrimitive](hint: string) { return hint === 'number' ? this.amount : this.amount.toFixed(2) + ' ' + this.currency }
}
const m = new Money(12.5, 'EUR')
console.log(+m, \`\${m}\`, m + '', m * 2, [m] + '', String(m))
const v = { valueOf: () => 42, toString: () => 'forty-two' }
console.log(v + 1, \`\${v}\`, v > 41, JSON.stringify({ v }))
return [+m, String(m)]`,
  'Symbol.hasInstance, species and isConcatSpreadable': `class Even { static [Symbol.hasInstance](n: number) { return n % 2 === 0 } }
console.log(2 instanceof (Even as any), 3 instanceof (Even as any))
const spreadable = { length: 2, 0: 'x', 1: 'y', [Symbol.isConcatSpreadable]: true }
console.log([1].concat(spreadable as any), [1].concat({ length: 1, 0: 'z' } as any))
class MyArr extends Array {}
const mapped = MyArr.from([1, 2]).map((x) => x)
console.log(mapped instanceof MyArr, mapped)
return mapped.length`,
  'a Proxy that logs reads and defaults': `const reads: string[] = []
const config = new Proxy({ retries: 3, timeout: 1000 } as Record<string, number>, {
  get(target, key, receiver) {
    if (typeof key === 'string') reads.push(key)
    return Reflect.has(target, key) ? Reflect.get(target, key, receiver) : 0
  },
  has: (t, k) => k !== 'secret' && k in t,
})
console.log(config.retries, config.missing, 'timeout' in config, 'secret' in config, reads)
console.log(Object.keys(config), JSON.stringify(config))
return reads`,
  'a validating Proxy with set and deleteProperty traps': `const user = new Proxy({ name: 'Ada', age: 36 } as Record<string, unknown>, {
  set(t, k, v) {
    if (k === 'age' && (typeof v !== 'number' || v < 0)) throw new TypeError('age must be a non-negative number, got ' + JSON.stringify(v))
    return Reflect.set(t, k, v)
  },
  deleteProperty(t, k) { if (k === 'name') return false; return Reflect.deleteProperty(t, k) },
})
user.age = 37
try { user.age = -1 } catch (e) { console.log((e as Error).message) }
try { delete user.name } catch (e) { console.log((e as Error).name, (e as Error).message) }
console.log(user.age, user.name)
return { ...user }`,
  'Proxy traps for apply, construct and ownKeys': `const traced = new Proxy(function add(a: number, b: number) { return a + b }, {
  apply(target, thisArg, args) { console.log('call', target.name, args); return Reflect.apply(target, thisArg, args) * 10 },
})
console.log(traced(1, 2), traced.name, traced.length)
const Ctor = new Proxy(class Box { v: number; constructor(v: number) { this.v = v } }, {
  construct(target, args) { console.log('new', target.name, args); return Reflect.construct(target, [args[0] * 2]) },
})
const box = new Ctor(4)
console.log(box, box.v)
const hidden = new Proxy({ a: 1, _b: 2, c: 3 }, { ownKeys: (t) => Reflect.ownKeys(t).filter((k) => !String(k).startsWith('_')) })
console.log(Object.keys(hidden), Object.entries(hidden))
return box.v`,
  'a revocable Proxy': `const { proxy, revoke } = Proxy.revocable({ data: [1, 2, 3] }, {})
console.log(proxy.data.length)
revoke()
try { console.log(proxy.data) } catch (e) { console.log((e as Error).name, (e as Error).message) }
return 'revoked'`,
  'Reflect for metadata-free introspection': `class Base { base() {} }
class Service extends Base { static version = 2; #secret = 1; name = 'svc'; run() { return 'ran' } }
const s = new Service()
console.log(Reflect.ownKeys(s), Reflect.ownKeys(Service.prototype), Reflect.ownKeys(Service).sort())
console.log(Reflect.getPrototypeOf(s) === Service.prototype, Reflect.has(s, 'base'), Reflect.defineProperty(s, 'x', { value: 1 }), Object.isExtensible(s))
Reflect.preventExtensions(s)
console.log(Reflect.set(s, 'y', 2), Reflect.isExtensible(s))
return Reflect.ownKeys(s)`,
  'tagged templates for SQL-like escaping': `function sql(strings: TemplateStringsArray, ...values: unknown[]) {
  const text = strings.reduce((acc, s, i) => acc + '$' + i + s)
  return { text, values, raw: strings.raw }
}
const name = "O'Brien", age = 42
const q = sql\`SELECT * FROM users WHERE name = \${name} AND age > \${age}\`
console.log(q)
const rows = await db.query(q.text.replace(/\\$\\d+/g, '?'), q.values)
console.log(Array.isArray(rows))
return q.text`,
  'tagged templates: raw strings and caching': `const tag = (s: TemplateStringsArray) => s
const first = (() => tag\`a\\nb\`)()
const calls = [1, 2].map(() => tag\`same site\`)
console.log(first, first.raw, Object.isFrozen(first), calls[0] === calls[1])
console.log(String.raw\`C:\\Users\\\${'ada'}\\n\`, String.raw({ raw: ['x', 'y', 'z'] }, 1, 2))
const dedent = (s: TemplateStringsArray, ...v: unknown[]) => String.raw({ raw: s.raw.map((r) => r.replace(/\\n\\s+/g, '\\n')) }, ...v)
console.log(dedent\`line one
    line \${2}
    line three\`)
return first.raw[0]`,
  'a tagged template building HTML with escapes': `const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const html = (strings: TemplateStringsArray, ...values: unknown[]) => strings.reduce((out, s, i) => out + esc(values[i - 1]) + s)
const issues = await tools.searchIssues({ q: 'e' })
const items = issues.slice(0, 3).map((i) => html\`<li data-n="\${i.number}">\${i.title} & more</li>\`)
console.log(items.join('\\n'))
return items`,
  'BigInt mixing errors and comparisons': `const big = 10n
const attempts: string[] = []
for (const f of [() => big + 1 as any, () => Math.max(big as any, 1), () => JSON.stringify({ big }), () => BigInt(1.5), () => BigInt('12abc'), () => +(big as any)]) {
  try { attempts.push(String(f())) } catch (e) { attempts.push((e as Error).name + ': ' + (e as Error).message) }
}
console.log(attempts)
console.log(big > 9, big == (10 as any), big === (10 as any), typeof big, 5n / 2n, -7n % 3n, 2n ** 100n)
return attempts`,
  'BigInt ids parsed, sorted and serialised': `const raw = ['9007199254740993', '18446744073709551615', '42', '9007199254740992']
const ids = raw.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
const json = JSON.stringify({ ids }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
console.log(ids, json, Number(ids[3]), BigInt(Number.MAX_SAFE_INTEGER) + 2n)
return JSON.parse(json)`,
  'ES2023 arrays: toSorted, toReversed, toSpliced, with': `const orders = await tools.getOrders()
const totals = orders.slice(0, 6).map((o) => o.total)
const sorted = totals.toSorted((a, b) => a - b)
console.log(totals, sorted, totals.toReversed(), totals.toSpliced(1, 2, 0), totals.with(0, -1), totals.with(-1, 99))
try { totals.with(10, 1) } catch (e) { console.log((e as Error).name, (e as Error).message) }
return sorted`,
  'ES2023 arrays: findLast, findLastIndex and at': `const events = await tools.getEvents()
const lastError = events.findLast((e) => e.level === 'error')
const idx = events.findLastIndex((e) => e.level === 'warn')
console.log(lastError?.message, idx, events.at(-1)?.ts, events.at(0) === events[0], events.at(1000), 'abc'.at(-1))
console.log([1, 2, 3].findLast((x) => x > 5), [1, 2, 3].findLastIndex((x) => x > 5))
return [idx, lastError?.service]`,
  'grouping with reduce into a Map of arrays': `const orders = await tools.getOrders()
const byCurrency = orders.reduce((m, o) => m.set(o.currency, [...(m.get(o.currency) ?? []), o.id]), new Map<string, string[]>())
console.log(byCurrency)
return Object.fromEntries(byCurrency)`,
  'array copy methods on sparse and array-likes': `const sparse = [1, , 3]
console.log(sparse.toSorted(), sparse.toReversed(), sparse.with(1, 2), Array.prototype.toSorted.call({ length: 2, 0: 'b', 1: 'a' }))
console.log([3, 1, 2].flatMap((x) => [x, x * 10]), [[1, [2]], [3]].flat(Infinity), [1, 2, 3].includes(NaN), [NaN].includes(NaN), [NaN].indexOf(NaN))
return sparse.toSorted()`,
  'WeakMap for private per-object data': `const meta = new WeakMap<object, { seen: number }>()
const touch = (o: object) => { const m = meta.get(o) ?? { seen: 0 }; m.seen++; meta.set(o, m); return m.seen }
const users = await tools.listUsers()
users.forEach((u) => touch(u)); touch(users[0]); touch(users[0])
console.log(meta.get(users[0]), meta.has(users[1]), meta.has({}), meta)
try { meta.set('str' as any, { seen: 0 }) } catch (e) { console.log((e as Error).name, (e as Error).message) }
const ws = new WeakSet([users[0]])
console.log(ws.has(users[0]), ws.has(users[1]), ws)
return meta.get(users[0])!.seen`,
  'a Map-based LRU cache': `class LRU<K, V> {
  private map = new Map<K, V>()
  private readonly limit: number
  constructor(limit: number) { this.limit = limit }
  get(k: K) { if (!this.map.has(k)) return undefined; const v = this.map.get(k)!; this.map.delete(k); this.map.set(k, v); return v }
  set(k: K, v: V) { this.map.delete(k); this.map.set(k, v); if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!) }
  keys() { return [...this.map.keys()] }
}
const lru = new LRU<number, string>(3)
for (const id of [1, 2, 3, 1, 4, 5, 1]) { if (lru.get(id) === undefined) lru.set(id, (await tools.getUser({ id })).name) }
console.log(lru.keys(), lru)
return lru.keys()`,
  'Set operations by hand': `const a = new Set((await tools.listUsers({ team: 'core' })).map((u) => u.id))
const b = new Set((await tools.listUsers({ active: true })).map((u) => u.id))
const union = new Set([...a, ...b]), inter = new Set([...a].filter((x) => b.has(x))), diff = new Set([...a].filter((x) => !b.has(x)))
console.log(union, inter, diff, [...a].every((x) => union.has(x)))
return { union: [...union], inter: [...inter], diff: [...diff] }`,
  'Map with object keys and NaN': `const k1 = { id: 1 }, k2 = { id: 1 }
const m = new Map<unknown, string>([[k1, 'first'], [k2, 'second'], [NaN, 'not a number'], [0, 'zero']])
console.log(m.get(k1), m.get({ id: 1 }), m.get(NaN), m.get(-0), m.size)
m.set(-0, 'negative zero')
console.log(m.get(0), [...m.keys()], m)
return m.size`,
  'Map iteration while mutating': `const m = new Map([['a', 1], ['b', 2], ['c', 3]])
const seen: string[] = []
for (const [k, v] of m) { seen.push(k); if (k === 'a') { m.delete('b'); m.set('d', 4) } }
const s = new Set([1, 2, 3])
for (const x of s) { if (x < 5) s.add(x + 3) }
console.log(seen, m, s)
return seen`,
  'counting words into a Map and sorting entries': `const issues = await tools.searchIssues({ q: '' })
const counts = new Map<string, number>()
for (const i of issues) for (const w of i.title.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1)
const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 8)
console.log(new Map(top))
return top`,
  'nested Maps of Sets': `const events = await tools.getEvents()
const index = new Map<string, Map<string, Set<number>>>()
for (const e of events) {
  if (!index.has(e.service)) index.set(e.service, new Map())
  const byLevel = index.get(e.service)!
  if (!byLevel.has(e.level)) byLevel.set(e.level, new Set())
  byLevel.get(e.level)!.add(e.durationMs)
}
console.log(index)
console.dir(index, { depth: 4 })
return [...index.keys()]`,
}

export const metaprogramming: Program[] = family('metaprogramming', language)
