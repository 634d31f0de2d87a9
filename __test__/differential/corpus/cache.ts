// Adversarial programs for the engine's caches (the class of bug that shipped: a cached site that
// remembered what a lookup looked like before it changed). Each changes what one code site sees
// between its runs; the hot form runs the whole program three times more at the same sites.
import { family, type Program } from '../harness'

const programs: Record<string, string> = {
  'a getter that redefines itself on first read': `const obj = {
  get value() {
    Object.defineProperty(this, 'value', { value: 42, writable: true, enumerable: true })
    return 'first'
  },
}
const reads = []
for (let i = 0; i < 4; i++) reads.push(obj.value)
console.log(reads, Object.getOwnPropertyDescriptor(obj, 'value'))
return reads`,
  'a lazy getter on a prototype shadowed per instance': `class Lazy {
  get data() {
    const v = [this.id, this.id * 2]
    Object.defineProperty(this, 'data', { value: v })
    return v
  }
  constructor(id) { this.id = id }
}
const items = [1, 2, 3].map((id) => new Lazy(id))
const sums = []
for (let round = 0; round < 3; round++) for (const it of items) sums.push(it.data[1])
console.log(sums)
return sums`,
  'a property added later shadows the prototype': `class Base { kind() { return 'proto' } }
const objs = [new Base(), new Base(), new Base()]
const seen = []
for (let i = 0; i < objs.length; i++) {
  if (i === 1) objs[1].kind = () => 'own'
  for (const o of objs) seen.push(o.kind())
}
console.log(seen)
return seen`,
  'a prototype method replaced at runtime': `class Greeter { hello() { return 'v1' } }
const g = new Greeter()
const out = []
for (let i = 0; i < 4; i++) {
  out.push(g.hello())
  if (i === 1) Greeter.prototype.hello = function () { return 'v2' }
}
console.log(out)
return out`,
  'a class method deleted so the parent answers': `class A { who() { return 'A' } }
class B extends A { who() { return 'B' } }
const b = new B()
const out = [b.who()]
delete B.prototype.who
out.push(b.who())
A.prototype.who = () => 'A2'
out.push(b.who())
console.log(out)
return out`,
  'Object.freeze after a cached write': `const counter = { n: 0 }
const results = []
for (let i = 0; i < 5; i++) {
  if (i === 3) Object.freeze(counter)
  try { counter.n++; results.push(counter.n) } catch (e) { results.push(e.constructor.name) }
}
console.log(results, Object.isFrozen(counter))
return results`,
  'a sealed object refusing new properties at a cached site': `const objs = [{ a: 1 }, Object.seal({ a: 1 }), { a: 1 }]
const out = []
for (const o of objs) {
  try { o.b = 2; out.push('added') } catch (e) { out.push(e.name) }
}
console.log(out, objs.map((o) => Object.keys(o)))
return out`,
  'a writable property made read-only': `const o = { x: 1 }
const out = []
for (let i = 0; i < 4; i++) {
  if (i === 2) Object.defineProperty(o, 'x', { writable: false })
  try { o.x = i * 10; out.push(o.x) } catch (e) { out.push(e.name) }
}
console.log(out)
return out`,
  'a data property turned into an accessor': `const o = { temp: 20 }
const reads = []
const read = (obj) => obj.temp
for (let i = 0; i < 5; i++) {
  if (i === 2) {
    let stored = o.temp
    Object.defineProperty(o, 'temp', { get: () => stored + 100, set: (v) => { stored = v }, configurable: true })
  }
  reads.push(read(o))
}
console.log(reads)
return reads`,
  'one call site seeing many shapes': `const shapes = [
  { x: 1 }, { y: 2, x: 3 }, { a: 0, b: 0, x: 5 }, Object.create({ x: 7 }), { get x() { return 9 } },
  new (class { x = 11 })(), Object.assign(Object.create(null), { x: 13 }), [15], { x: undefined }, { z: 1 },
]
const read = (o) => o.x
const out = []
for (let round = 0; round < 3; round++) out.push(shapes.map(read))
console.log(out[0])
return out.every((r) => JSON.stringify(r) === JSON.stringify(out[0]))`,
  'a method call site seeing many receivers': `const receivers = [
  { f() { return 'literal' } },
  new (class { f() { return 'class' } })(),
  Object.create({ f: () => 'proto' }),
  { f: function named() { return 'fn' } },
  Object.assign(Object.create(null), { f: () => 'nullproto' }),
]
const call = (o) => o.f()
const out = []
for (let i = 0; i < 3; i++) out.push(...receivers.map(call))
console.log(out)
return out`,
  'a global function replaced between calls': `function helper() { return 'original' }
const out = [helper()]
helper = function () { return 'replaced' }
out.push(helper())
console.log(out)
return out`,
  'a globalThis property defined then deleted': `const out = []
for (let i = 0; i < 4; i++) {
  if (i === 1) globalThis.flag = 'on'
  if (i === 3) delete globalThis.flag
  out.push(typeof globalThis.flag === 'undefined' ? 'unset' : globalThis.flag)
}
console.log(out)
return out`,
  'web globals constructed in a loop': `const out = []
for (let i = 0; i < 5; i++) {
  out.push(new URL(\`https://h\${i}.example/p?i=\${i}\`).host)
  out.push(new URLSearchParams({ i: String(i) }).toString())
  out.push(new TextEncoder().encode('é'.repeat(i)).length)
  out.push(new TextDecoder().decode(new Uint8Array([104, 105])))
  out.push(new Intl.NumberFormat('en-US').format(i * 1000.5))
}
console.log(out)
return out`,
  'web globals in callbacks, generators and async functions': `const hosts = ['a.example', 'b.example'].map((h) => new URL('https://' + h).hostname)
function* encodeAll(list) { for (const s of list) yield new TextEncoder().encode(s).length }
const lengths = [...encodeAll(['a', 'bb', 'ccc'])]
async function fmt(n) { await null; return new Intl.NumberFormat('en-US', { style: 'percent' }).format(n) }
const pcts = await Promise.all([0.1, 0.2, 0.3].map(fmt))
const decoded = [[104], [105]].map((b) => new TextDecoder().decode(new Uint8Array(b)))
console.log(hosts, lengths, pcts, decoded)
return [hosts, lengths, pcts, decoded]`,
  'atob, btoa and structuredClone at one site': `const out = []
for (const s of ['a', 'bc', 'def']) {
  const b = btoa(s)
  out.push(b, atob(b), structuredClone({ s }).s)
}
console.log(out)
return out`,
  'a Symbol.iterator replaced on an instance': `class Bag { constructor() { this.items = [1, 2] } *[Symbol.iterator]() { yield* this.items } }
const b = new Bag()
const out = [[...b]]
b[Symbol.iterator] = function* () { yield 'own' }
out.push([...b])
delete b[Symbol.iterator]
out.push([...b])
console.log(out)
return out`,
  'an array element turned into a hole and back': `const arr = [1, 2, 3]
const read = (a, i) => a[i]
const out = []
for (let i = 0; i < 3; i++) {
  out.push(read(arr, 1))
  if (i === 0) delete arr[1]
  if (i === 1) Array.prototype[1] = 'from proto'
}
delete Array.prototype[1]
console.log(out, arr)
return out`,
  'array length changes under a cached loop': `const arr = [1, 2, 3, 4, 5]
const seen = []
for (let i = 0; i < arr.length; i++) {
  seen.push(arr[i])
  if (i === 1) arr.length = 3
  if (i === 2) arr.push(99)
}
console.log(seen, arr)
return seen`,
  'a constructor whose prototype is swapped': `function Thing() {}
Thing.prototype.kind = () => 'old'
const a = new Thing()
Thing.prototype = { kind: () => 'new' }
const b = new Thing()
console.log(a.kind(), b.kind(), a instanceof Thing, b instanceof Thing)
return [a.kind(), b.kind()]`,
  'setPrototypeOf on a live object': `const animal = { speak() { return 'generic' } }
const dog = { speak() { return 'woof' } }
const pet = Object.create(animal)
const out = [pet.speak()]
Object.setPrototypeOf(pet, dog)
out.push(pet.speak())
Object.setPrototypeOf(pet, null)
out.push(typeof pet.speak)
console.log(out)
return out`,
  'a class field shadowing an accessor': `class Base { get label() { return 'accessor' } }
class Derived extends Base { label = 'field' }
const out = [new Base().label, new Derived().label, new Base().label]
console.log(out)
return out`,
  'a Proxy counting gets at one site': `let gets = 0
const target = { a: 1 }
const p = new Proxy(target, { get(t, k, r) { gets++; return Reflect.get(t, k, r) } })
const read = (o) => o.a
const out = []
for (let i = 0; i < 4; i++) out.push(read(i % 2 ? p : target))
console.log(out, gets)
return gets`,
  'a property deleted and re-added in a different order': `const o = { a: 1, b: 2, c: 3 }
const out = [Object.keys(o).join()]
delete o.a
o.a = 4
out.push(Object.keys(o).join(), JSON.stringify(o))
const read = (x) => x.a + x.b
out.push(read(o), read({ b: 1, a: 1 }))
console.log(out)
return out`,
  'Object.defineProperty of a non-enumerable value read in a loop': `const obj = { visible: 1 }
const out = []
for (let i = 0; i < 3; i++) {
  if (i === 1) Object.defineProperty(obj, 'hidden', { value: 'h', enumerable: false, configurable: true })
  out.push([obj.hidden ?? null, Object.keys(obj).length, JSON.stringify(obj)])
}
console.log(out)
return out`,
  'a getter on the prototype chain added later': `const proto = {}
const child = Object.create(proto)
const out = []
for (let i = 0; i < 3; i++) {
  out.push(child.computed ?? 'none')
  if (i === 0) Object.defineProperty(proto, 'computed', { get() { return 'from getter' }, configurable: true })
  if (i === 1) Object.defineProperty(proto, 'computed', { value: 'data', configurable: true })
}
console.log(out)
return out`,
  'a method called through call, apply and bind at one site': `const o = { n: 1, get() { return this?.n ?? 'no this' } }
const fns = [o.get, o.get.bind({ n: 2 }), (x) => o.get.call(x), (x) => o.get.apply(x, [])]
const out = fns.map((f) => { try { return f({ n: 3 }) } catch (e) { return e.name } })
console.log(out)
return out`,
  'frozen and unfrozen objects through one update function': `const update = (o) => { o.count = (o.count ?? 0) + 1; return o.count }
const objs = [{}, Object.freeze({ count: 5 }), { count: 1 }, Object.preventExtensions({})]
const out = objs.map((o) => { try { return update(o) } catch (e) { return e.name } })
console.log(out)
return out`,
  'a string method replaced on String.prototype': `const original = String.prototype.shout
String.prototype.shout = function () { return this.toUpperCase() + '!' }
const out = ['a', 'b'].map((s) => s.shout())
delete String.prototype.shout
out.push(typeof 'c'.shout)
console.log(out, original)
return out`,
  'an instance property deleted so the prototype answers again': `class P { get v() { return 'proto' } }
const p = new P()
Object.defineProperty(p, 'v', { value: 'own', configurable: true })
const out = [p.v]
delete p.v
out.push(p.v)
console.log(out)
return out`,
  'arguments of different types at one arithmetic site': `const add = (a, b) => a + b
const pairs = [[1, 2], ['1', 2], [1n, 2n], [[1], [2]], [{}, 1], [null, 1], [undefined, 1], [true, true], [1.5, -0]]
const out = pairs.map(([a, b]) => String(add(a, b)))
console.log(out)
return out`,
  'a function whose length and name are redefined': `function f(a, b) { return a + b }
const before = [f.name, f.length]
Object.defineProperty(f, 'name', { value: 'renamed' })
Object.defineProperty(f, 'length', { value: 9 })
console.log(before, [f.name, f.length], f(1, 2))
return [before, [f.name, f.length]]`,
  'a Map subclass overriding get at one call site': `class DefaultMap extends Map {
  constructor(fallback) { super(); this.fallback = fallback }
  get(k) { return super.has(k) ? super.get(k) : this.fallback }
}
const maps = [new Map([['a', 1]]), new DefaultMap(0)]
const out = []
for (let i = 0; i < 3; i++) for (const m of maps) out.push(m.get('a') ?? 'undefined')
console.log(out)
return out`,
  'lazily defined built-ins read after a freeze of another object': `const settings = Object.freeze({ locale: 'en-US' })
const out = []
for (let i = 0; i < 3; i++) out.push(new Intl.NumberFormat(settings.locale).format(1234.5), new URL('https://x.example/' + i).pathname)
console.log(out)
return out`,
  'typeof a lazily defined global before and after its first use': `const before = [typeof URL, typeof TextEncoder, typeof Intl, typeof URLSearchParams, typeof TextDecoder]
const used = [new URL('https://a.example').host, new TextEncoder().encode('x').length, new Intl.NumberFormat('en-US').format(1e3)]
const after = [typeof URL, typeof TextEncoder, typeof Intl, typeof URLSearchParams, typeof TextDecoder]
console.log(before, used, after)
return [before, after]`,
  'lazily defined globals read through globalThis and destructuring': `const { URL: U, TextEncoder: TE } = globalThis
const hosts = ['x.example', 'y.example'].map((h) => new U('https://' + h).host)
const sizes = ['a', 'éé'].map((s) => new TE().encode(s).length)
const viaGlobal = [1, 2].map((n) => new globalThis.URLSearchParams({ n: String(n) }).toString())
console.log(hosts, sizes, viaGlobal, U === URL, 'Intl' in globalThis)
return [hosts, sizes, viaGlobal]`,
  'a lazily defined global used in a class field and a default parameter': `class Link {
  url = new URL(this.constructor.base)
  static base = 'https://base.example/'
  resolve(path, fmt = new Intl.NumberFormat('en-US')) { return new URL(path, this.url).href + ' #' + fmt.format(path.length * 1000) }
}
const out = ['a', 'b/c', '../d'].map((p) => new Link().resolve(p))
console.log(out)
return out`,
  'a lazily defined global first touched inside a getter and a catch': `const holder = { get enc() { return new TextEncoder() } }
let url
try { new URL('no scheme') } catch (e) { url = new URL('https://fallback.example/' + e.name) }
const lengths = [holder.enc.encode('ab').length, holder.enc.encode('abc').length]
console.log(url.pathname, lengths)
return [url.href, lengths]`,
  'tool replies of many shapes read at one site': `const replies = await Promise.all([
  tools.echo({ name: 'a' }), tools.echo({ id: 1, name: 'b' }), tools.echo({ name: 'c', extra: [1] }),
  tools.echo({ nested: { name: 'd' }, name: 'd2' }), tools.echo({}), tools.echo({ name: null }),
])
const names = []
for (let i = 0; i < 3; i++) for (const r of replies) names.push(r.name ?? '-')
console.log(names.slice(0, 6))
return names`,
  'a counter object mutated through many shapes of updates': `const stats = {}
const bump = (o, key) => { o[key] = (o[key] ?? 0) + 1 }
const keys = ['a', 'b', 'a', 'c', 'length', '0', 'toString', 'a', '__proto__x']
for (let round = 0; round < 3; round++) for (const k of keys) bump(stats, k)
console.log(stats)
return stats`,
  'prototype methods shadowed by own properties for one instance only': `class Item { price() { return 10 } label() { return 'item:' + this.price() } }
const items = Array.from({ length: 5 }, () => new Item())
items[2].price = () => 99
items[4].label = function () { return 'custom:' + this.price() }
const out = []
for (let i = 0; i < 3; i++) out.push(items.map((it) => it.label()).join(','))
console.log(out[0])
return out`,
}

export const cache: Program[] = family('cache', programs)
