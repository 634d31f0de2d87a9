// TypeScript as models write it: annotations, interfaces, generics, `as`, `satisfies`, non-null
// assertions, type-only declarations (README: erasable syntax only; no imports).
import { family, type Program } from '../harness'

const programs: Record<string, string> = {
  'interfaces and annotated functions': `interface User { id: number; name: string; email: string; team: string; score: number }
const users: User[] = await tools.listUsers()
function label(u: User): string { return \`\${u.name} <\${u.email}>\` }
const out: string[] = users.filter((u: User) => u.team === 'core').map(label)
console.log(out)
return out`,
  'a generic groupBy': `function groupBy<T, K extends string | number>(items: readonly T[], key: (item: T) => K): Record<K, T[]> {
  const out = {} as Record<K, T[]>
  for (const item of items) (out[key(item)] ??= []).push(item)
  return out
}
type Order = { id: string; status: string; total: number }
const orders = (await tools.getOrders()) as Order[]
const grouped = groupBy(orders, (o) => o.status)
const sums = Object.fromEntries(Object.entries(grouped).map(([k, v]) => [k, v.length]))
console.log(sums)
return sums`,
  'type aliases, unions and narrowing': `type Result<T> = { ok: true; value: T } | { ok: false; error: string }
function parse(text: string): Result<number> {
  const n = Number(text)
  return Number.isNaN(n) ? { ok: false, error: \`not a number: \${text}\` } : { ok: true, value: n }
}
const results = ['1', 'x', '2.5'].map(parse)
for (const r of results) {
  if (r.ok) console.log('value', r.value)
  else console.log('error', r.error)
}
return results`,
  'as casts and non-null assertions': `const users = await tools.listUsers()
const first = users.find((u: any) => u.id === 1)!
const email = (first as { email: string }).email
const domain = <string>email.split('@')[1]
const maybe = users.find((u: any) => u.id === 100)
console.log(email, domain, maybe?.name!)
return domain`,
  'satisfies on a config object': `type Config = { retries: number; endpoints: Record<string, string> }
const config = {
  retries: 3,
  endpoints: { users: '/api/users', orders: '/api/orders' },
} satisfies Config
const urls = Object.values(config.endpoints).map((p) => new URL(p, 'https://api.example.com').href)
console.log(config.retries, urls)
return urls`,
  'as const and a union of literal types': `const LEVELS = ['debug', 'info', 'warn', 'error'] as const
type Level = (typeof LEVELS)[number]
const rank = (l: Level): number => LEVELS.indexOf(l)
const events = await tools.getEvents()
const severe = events.filter((e: { level: Level }) => rank(e.level) >= rank('warn'))
console.log(severe.length, LEVELS)
return severe.map((e: { message: string }) => e.message)`,
  'a class with typed fields and access modifiers': `class Cache<K, V> {
  private readonly store = new Map<K, { value: V; at: number }>()
  protected hits: number = 0
  public misses = 0
  declare tag: string
  constructor(private_ttl?: number) {}
  get(key: K, now: number): V | undefined {
    const entry = this.store.get(key)
    if (entry) { this.hits++; return entry.value }
    this.misses++
    return undefined
  }
  set(key: K, value: V, now: number): this { this.store.set(key, { value, at: now }); return this }
  stats(): { hits: number; misses: number } { return { hits: this.hits, misses: this.misses } }
}
const c = new Cache<string, number>()
c.set('a', 1, 0).set('b', 2, 0)
c.get('a', 1); c.get('z', 1)
console.log(c.stats(), 'tag' in c)
return c.stats()`,
  'an abstract class and implements': `interface Describable { describe(): string }
abstract class Animal implements Describable {
  constructor(public_name: string) { this.name = public_name }
  name: string
  abstract sound(): string
  describe(): string { return \`\${this.name} says \${this.sound()}\` }
}
class Dog extends Animal { sound(): string { return 'woof' } }
const d: Describable = new Dog('Rex')
console.log(d.describe())
return d.describe()`,
  'optional parameters and default generics': `function pick<T extends object, K extends keyof T = keyof T>(obj: T, ...keys: K[]): Pick<T, K> {
  const out = {} as Pick<T, K>
  for (const k of keys) out[k] = obj[k]
  return out
}
function greet(name?: string, greeting: string = 'Hello'): string { return \`\${greeting}, \${name ?? 'stranger'}\` }
const user = await tools.getUser({ id: 5 })
console.log(pick(user, 'id', 'name'), greet(), greet('Ada', 'Hi'))
return pick(user, 'email')`,
  'function overload signatures': `function format(value: number): string
function format(value: Date): string
function format(value: number | Date): string {
  return typeof value === 'number' ? value.toFixed(2) : value.toISOString()
}
console.log(format(3.14159), format(new Date(0)))
return [format(1), format(new Date(86400000))]`,
  'type guards and unknown': `function isRecord(v: unknown): v is Record<string, unknown> { return typeof v === 'object' && v !== null && !Array.isArray(v) }
const inputs: unknown[] = [{ a: 1 }, [1], null, 'x', { b: { c: 2 } }]
const records = inputs.filter(isRecord)
console.log(records.length, records.map((r) => Object.keys(r)))
return records`,
  'a typed async function with Promise return': `interface Weather { city: string; tempC: number; conditions: string }
async function forecast(cities: string[]): Promise<Map<string, Weather>> {
  const results = await Promise.all(cities.map((city) => tools.getWeather({ city }) as Promise<Weather>))
  return new Map(results.map((w) => [w.city, w]))
}
const map = await forecast(['Oslo', 'Cairo'])
console.log([...map.keys()], map.get('Oslo')!.conditions)
return Object.fromEntries([...map].map(([k, v]) => [k, v.tempC]))`,
  'index signatures, Record and Partial': `type Scores = { [name: string]: number }
const scores: Scores = { ada: 1, alan: 2 }
const patch: Partial<{ ada: number; grace: number }> = { grace: 3 }
const merged: Record<string, number> = { ...scores, ...patch }
const ro: Readonly<typeof merged> = merged
console.log(merged, Object.keys(ro).length)
return merged`,
  'enum-like const objects': `const Status = { Open: 'open', Closed: 'closed' } as const
type Status = (typeof Status)[keyof typeof Status]
const issues = await tools.searchIssues({ q: '' })
const open = issues.filter((i: { state: Status }) => i.state === Status.Open)
console.log(open.length, Object.values(Status))
return open.length`,
  'an enum is refused': `enum Color { Red, Green }
return Color.Green`,
  'a namespace is refused': `namespace Utils { export const x = 1 }
return Utils.x`,
  'parameter properties are refused': `class Point { constructor(public x: number, public y: number) {} }
return new Point(1, 2)`,
  'a type error at runtime in TypeScript': `interface Issue { number: number; body: string }
const issues: Issue[] = await tools.searchIssues({ q: 'crash' })
const lengths: number[] = issues.map((i) => i.body.length)
return lengths`,
  'generics with constraints and keyof': `function sortBy<T, K extends keyof T>(items: T[], key: K, dir: 'asc' | 'desc' = 'asc'): T[] {
  return [...items].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (dir === 'asc' ? 1 : -1))
}
const products = await tools.listProducts()
console.log(sortBy(products, 'price', 'desc').map((p: { sku: string }) => p.sku))
return sortBy(products, 'name').map((p: { name: string }) => p.name)`,
  'declare const and a type-only export shape': `declare const maybeGlobal: number | undefined
type Row = [id: number, label: string, ...rest: boolean[]]
const rows: Row[] = [[1, 'a'], [2, 'b', true, false]]
const typed = rows.map(([id, label, ...flags]): string => \`\${id}:\${label}:\${flags.length}\`)
console.log(typed, typeof maybeGlobal === 'undefined' ? 'no global' : 'global')
return typed`,
  'arrow generics and definite assignment': `const identity = <T,>(x: T): T => x
let late!: string
late = identity('set later')
const pairs = [1, 2].map(<U,>(n: number): [number, string] => [n, String(n)])
console.log(late, pairs)
return pairs`,
  'a syntax error in TypeScript': `const user = {
  name: 'Ada'
  email: 'ada@example.com'
}
return user`,
  'a syntax error in JavaScript': `const list = [1, 2, 3
console.log(list)`,
  'a missing closing brace': `function sum(xs: number[]) {
  let t = 0
  for (const x of xs) { t += x
  return t
}`,
  'an unterminated string': `const s = 'oops
return s`,
  'await in a non-async callback': `const ids = [1, 2]
const users = ids.map((id) => await tools.getUser({ id }))
return users`,
  'utility types and mapped types erased': `type Mutable<T> = { -readonly [K in keyof T]: T[K] }
type UserKeys = keyof { id: number; name: string }
type Maybe<T> = T | null
const key: UserKeys = 'name'
const m: Mutable<{ readonly a: number }> = { a: 1 }
m.a = 2
const nothing: Maybe<string> = null
console.log(key, m, nothing)
return [key, m.a]`,
  'an object typed with an interface that extends another': `interface Base { id: number }
interface Named extends Base { name: string; tags?: string[] }
const items: Named[] = [{ id: 1, name: 'a' }, { id: 2, name: 'b', tags: ['x'] }]
const tagCount = items.reduce((n: number, i: Named) => n + (i.tags?.length ?? 0), 0)
console.log(tagCount)
return items.map(({ id, name }: Named) => ({ id, name }))`,
  'typeof and instanceof guards in a typed union': `type Input = string | number | Date | null
function show(x: Input): string {
  if (x === null) return 'none'
  if (typeof x === 'string') return x.toUpperCase()
  if (typeof x === 'number') return x.toFixed(1)
  return x.toISOString().slice(0, 10)
}
const out = ['abc', 3, new Date(0), null].map((x) => show(x as Input))
console.log(out)
return out`,
}

export const typescript: Program[] = family('typescript', programs)

typescript.push(
  { name: 'typescript: a plain JavaScript program run as JavaScript', source: "const xs = [3, 1, 2]\nxs.sort()\nconsole.log(xs)\nreturn xs", language: 'javascript' },
  { name: 'typescript: a type annotation in a JavaScript program', source: 'const n: number = 1\nreturn n', language: 'javascript' },
)
