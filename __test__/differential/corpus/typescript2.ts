// TypeScript's erasable syntax as models write it for agents: generics with constraints,
// abstract classes, overloads, `declare`, definite assignment, `satisfies`, type guards,
// assertion functions, const enums written as objects, and utility types.
import { family, type Program } from '../harness'

const programs: Record<string, string> = {
  'function overloads': `function get(id: number): Promise<{ name: string }>
function get(ids: number[]): Promise<{ name: string }[]>
async function get(x: number | number[]): Promise<unknown> {
  return Array.isArray(x) ? Promise.all(x.map((id) => tools.getUser({ id }))) : tools.getUser({ id: x })
}
const one = await get(1)
const many = await get([2, 3])
console.log(one.name, many.map((u) => u.name))
return [one.name, many.length]`,
  'method overloads in a class': `class Formatter {
  format(v: number): string
  format(v: Date): string
  format(v: number | Date): string { return typeof v === 'number' ? v.toFixed(1) : v.toISOString().slice(0, 10) }
}
const f = new Formatter()
console.log(f.format(3.14159), f.format(new Date(0)))
return f.format(2)`,
  'abstract classes with abstract properties': `abstract class Report<T> {
  abstract readonly title: string
  protected abstract rows(): Promise<T[]>
  abstract render(row: T): string
  async print(): Promise<string[]> {
    const lines = (await this.rows()).map((r) => this.render(r))
    console.log('== ' + this.title + ' ==')
    for (const l of lines) console.log(l)
    return lines
  }
}
class UserReport extends Report<{ name: string; score: number }> {
  readonly title = 'Users'
  protected async rows() { return (await tools.listUsers({ team: 'infra' })) as { name: string; score: number }[] }
  render(u: { name: string; score: number }) { return u.name + ': ' + u.score }
}
return await new UserReport().print()`,
  'declare fields and definite assignment': `class Job {
  declare readonly kind: string
  id!: number
  status: 'queued' | 'done' = 'queued'
  result?: string
  init(id: number) { this.id = id; return this }
}
const j = new Job().init(7)
console.log(j, Object.keys(j), 'kind' in j, 'result' in j)
let late!: string
const assign = () => { late = 'assigned' }
assign()
console.log(late)
return Object.keys(j)`,
  'declare const and declare function are erased': `declare const REGION: string
declare function externalHelper(x: number): number
declare global { interface Window { custom: string } }
const region = typeof REGION === 'undefined' ? 'eu-west-1' : REGION
console.log(region, typeof (globalThis as any).externalHelper, 'REGION' in globalThis)
return region`,
  'generic constraints and keyof': `function pluck<T, K extends keyof T>(items: T[], key: K): T[K][] { return items.map((i) => i[key]) }
function maxBy<T>(items: readonly T[], score: (t: T) => number): T | undefined {
  return items.reduce<T | undefined>((best, x) => (best === undefined || score(x) > score(best) ? x : best), undefined)
}
const users = await tools.listUsers()
const names = pluck(users, 'name')
const best = maxBy(users, (u) => u.score)
console.log(names.length, best?.name, maxBy([], (x: number) => x))
return pluck(users.slice(0, 3), 'email')`,
  'type guards and assertion functions': `type Shape = { kind: 'circle'; r: number } | { kind: 'rect'; w: number; h: number }
function isCircle(s: Shape): s is Extract<Shape, { kind: 'circle' }> { return s.kind === 'circle' }
function assert(cond: unknown, msg: string): asserts cond { if (!cond) throw new Error('assertion failed: ' + msg) }
const shapes: Shape[] = [{ kind: 'circle', r: 1 }, { kind: 'rect', w: 2, h: 3 }]
const areas = shapes.map((s) => (isCircle(s) ? Math.PI * s.r ** 2 : s.w * s.h))
console.log(areas.map((a) => a.toFixed(2)))
try { assert(areas.length > 5, 'need more shapes') } catch (e) { console.log((e as Error).message) }
return areas.length`,
  'an enum written as a const object': `const Status = { Pending: 'pending', Paid: 'paid', Shipped: 'shipped' } as const
type Status = (typeof Status)[keyof typeof Status]
const Priority = Object.freeze({ Low: 0, Medium: 1, High: 2 } as const)
const orders = await tools.getOrders({ status: Status.Paid })
const label = (p: (typeof Priority)[keyof typeof Priority]) => Object.keys(Priority).find((k) => Priority[k as keyof typeof Priority] === p)
console.log(orders.length, Object.values(Status), label(Priority.High), Object.isFrozen(Priority))
return orders.map((o) => o.id)`,
  'utility types in signatures': `interface User { id: number; name: string; email: string; role: string }
type Patch = Partial<Omit<User, 'id'>>
type Summary = Pick<User, 'id' | 'name'>
type ById = Record<number, Summary>
const apply = (u: User, p: Patch): User => ({ ...u, ...p })
const users = (await tools.listUsers()) as User[]
const patched = apply(users[0], { role: 'superadmin' })
const index: ById = Object.fromEntries(users.map((u): [number, Summary] => [u.id, { id: u.id, name: u.name }]))
const ro: Readonly<Summary> = index[2]
console.log(patched.role, index[3], ro)
return Object.keys(index).length`,
  'satisfies with a record of handlers': `type Handler = (args: Record<string, unknown>) => Promise<unknown>
const handlers = {
  users: async () => (await tools.listUsers()).length,
  weather: async (a) => (await tools.getWeather({ city: String(a.city) })).tempC,
  echo: async (a) => a,
} satisfies Record<string, Handler>
const results: Record<string, unknown> = {}
for (const [name, h] of Object.entries(handlers)) results[name] = await h({ city: 'Paris' })
console.log(results)
return results`,
  'generic classes with static factories': `class Result<T, E = Error> {
  private constructor(readonly_ok: boolean, readonly_value?: T, readonly_error?: E) { this.ok = readonly_ok; this.value = readonly_value; this.error = readonly_error }
  ok: boolean; value?: T; error?: E
  static of<T>(value: T) { return new Result<T, never>(true, value) }
  static fail<E>(error: E) { return new Result<never, E>(false, undefined, error) }
  map<U>(f: (v: T) => U): Result<U, E> { return this.ok ? Result.of(f(this.value as T)) as Result<U, E> : (this as unknown as Result<U, E>) }
}
const r = Result.of(21).map((x) => x * 2)
const f = Result.fail<string>('bad').map((x: number) => x * 2)
console.log(r, f)
return [r.value, f.error]`,
  'optional chaining, nullish and non-null in typed code': `interface Issue { number: number; body: string | null; labels?: string[] }
const issues = (await tools.searchIssues({ q: '' })) as Issue[]
const firstLines = issues.slice(0, 5).map((i) => i.body?.split('\\n')[0] ?? '(no body)')
const labelCount = issues.reduce((n, i) => n + (i.labels?.length ?? 0), 0)
const third = issues.at(2)!.number
console.log(firstLines, labelCount, third)
return firstLines`,
  'readonly arrays and tuples': `type Point = readonly [x: number, y: number]
const pts: readonly Point[] = [[0, 0], [3, 4], [6, 8]] as const
const dist = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1])
const legs = pts.slice(1).map((p, i) => dist(pts[i], p))
const [head, ...rest]: readonly number[] = legs
console.log(legs, head, rest, Object.isFrozen(pts))
return legs`,
  'this parameters and typed callbacks': `function describe(this: { name: string }, greeting: string) { return greeting + ', ' + this.name }
const bound = describe.bind({ name: 'Ada' })
console.log(bound('Hello'), describe.call({ name: 'Alan' }, 'Hi'), describe.apply({ name: 'Grace' }, ['Hey']))
const handlers: Array<(n: number) => string> = [(n) => 'n=' + n, String, (n) => n.toFixed(1)]
console.log(handlers.map((h) => h(2)))
return bound('Bye')`,
  'index signatures and mapped types at runtime': `type Flags<T> = { [K in keyof T as \`has\${Capitalize<string & K>}\`]: boolean }
interface Doc { title: string; body: string }
const doc: Doc = { title: 'T', body: '' }
const flags = Object.fromEntries(Object.entries(doc).map(([k, v]) => ['has' + k[0].toUpperCase() + k.slice(1), v !== ''])) as Flags<Doc>
const bag: { [key: string]: number } = {}
for (const w of 'a b a c b a'.split(' ')) bag[w] = (bag[w] ?? 0) + 1
console.log(flags, bag)
return flags`,
  'type-only imports of nothing and type exports are erased': `type Id = string & { readonly __brand: 'Id' }
interface Repo { get(id: Id): Promise<unknown> }
const asId = (s: string) => s as Id
const repo: Repo = { get: async (id) => tools.getUser({ id: Number(id) }) }
const u = (await repo.get(asId('4'))) as { name: string }
console.log(u.name)
return u.name`,
  'accessor pairs and static blocks in typed classes': `class Registry {
  static readonly #items = new Map<string, number>()
  static { Registry.#items.set('boot', 0) }
  static register(name: string): number { const n = Registry.#items.size; Registry.#items.set(name, n); return n }
  static get size(): number { return Registry.#items.size }
}
Registry.register('a'); Registry.register('b')
console.log(Registry.size, Registry)
return Registry.size`,
  'a discriminated union exhaustiveness check': `type Event = { type: 'click'; x: number } | { type: 'key'; key: string } | { type: 'scroll'; dy: number }
function describe(e: Event): string {
  switch (e.type) {
    case 'click': return 'click at ' + e.x
    case 'key': return 'key ' + e.key
    case 'scroll': return 'scroll ' + e.dy
    default: { const never: never = e; throw new Error('unhandled ' + JSON.stringify(never)) }
  }
}
const evs: Event[] = [{ type: 'click', x: 1 }, { type: 'key', key: 'Enter' }, { type: 'scroll', dy: -3 }]
console.log(evs.map(describe))
try { describe({ type: 'hover' } as any) } catch (e) { console.log((e as Error).message) }
return evs.map(describe)`,
}

export const typescript2: Program[] = family('typescript idioms', programs)
