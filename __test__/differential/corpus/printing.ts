// What reports print: console.table/group/dir/count/assert, errors with causes and aggregates,
// nested collections, class instances and cycles.
import { family, type Program } from '../harness'

const programs: Record<string, string> = {
  'console.table of objects with a column filter': `const users = await tools.listUsers({ team: 'core' })
console.table(users, ['name', 'score'])
console.table(users.map(({ id, name, active }) => ({ id, name, active })))
return users.length`,
  'console.table of arrays, primitives and a Map': `console.table([[1, 2], [3, 4, 5]])
console.table(['a', 'b'])
console.table(new Map([['x', { v: 1 }], ['y', { v: 2 }]]))
console.table({ row1: { a: 1 }, row2: { b: 2 } })
console.table(42)
return 'ok'`,
  'console.group nesting a report': `const orders = await tools.getOrders()
console.group('Orders')
for (const status of ['pending', 'paid']) {
  console.group(status)
  for (const o of orders.filter((o) => o.status === status).slice(0, 2)) console.log(o.id, o.total)
  console.info({ count: orders.filter((o) => o.status === status).length })
  console.groupEnd()
}
console.warn('warned inside the group')
console.groupEnd()
console.groupEnd()
console.log('back at the left')
return orders.length`,
  'console.groupCollapsed and a multi-line value': `console.groupCollapsed('details')
console.log('line one\\nline two')
console.log({ nested: { deeper: { deepest: [1, 2, 3] } }, list: Array.from({ length: 30 }, (_, i) => i) })
console.groupEnd()
return 'ok'`,
  'console.count and countReset': `for (const level of ['info', 'warn', 'info', 'error', 'info']) console.count(level)
console.count()
console.count()
console.countReset('info')
console.count('info')
console.countReset('never counted')
return 'counted'`,
  'console.dir with options': `const deep = { a: { b: { c: { d: { e: { f: 1 } } } } }, list: [1, 2, 3] }
console.dir(deep)
console.dir(deep, { depth: 0 })
console.dir(deep, { depth: null })
console.dir('a string', { colors: false })
console.dir(Array.from({ length: 120 }, (_, i) => i), { maxArrayLength: 5 })
return 'ok'`,
  'console.assert and console.error of values': `console.assert(1 === 1, 'never shown')
console.assert(false, 'failed with %s', 'a format', { extra: true })
console.assert(false)
console.error(new Map([[1, 2]]), [undefined, null])
console.debug('debug goes to stdout')
return 'ok'`,
  'an error with a cause chain printed': `async function load(id: number) {
  try { return await tools.getUser({ id }) } catch (e) { throw new Error('could not load user ' + id, { cause: e }) }
}
try { await load(999) } catch (e) {
  const err = e as Error
  console.log(err.message, '<-', (err.cause as Error).message, Object.keys(err), 'cause' in err)
  let depth = 0
  for (let c: any = err; c; c = c.cause) depth++
  console.log('depth', depth)
}
return 'ok'`,
  'error properties and toString': `const errors = [new Error('plain'), new TypeError('typed'), new RangeError('ranged', { cause: 42 }), new Error('no cause', {}), Object.assign(new Error('with code'), { code: 'E_FAIL', status: 503 })]
for (const e of errors) console.log(String(e), e.name, Object.prototype.hasOwnProperty.call(e, 'cause'), (e as any).cause, Object.keys(e))
const custom = new Error('x')
custom.name = 'ValidationError'
console.log(String(custom), custom.toString === Error.prototype.toString)
return errors.map((e) => e.name)`,
  'a custom error class hierarchy': `class AppError extends Error {
  readonly code: string
  constructor(message: string, code: string, options?: ErrorOptions) { super(message, options); this.name = new.target.name; this.code = code }
}
class NotFound extends AppError { constructor(what: string) { super(what + ' not found', 'E_NOT_FOUND') } }
const e = new NotFound('user 7')
console.log(e instanceof NotFound, e instanceof AppError, e instanceof Error, e.name, e.code, e.message, String(e))
console.log(Object.prototype.toString.call(e), Object.getPrototypeOf(NotFound) === AppError)
try { throw e } catch (x) { console.log((x as AppError).code) }
return [e.name, e.code]`,
  'AggregateError built and inspected': `const agg = new AggregateError([new Error('one'), new TypeError('two'), 'three'], 'several failed')
console.log(agg.name, agg.message, agg.errors.length, agg.errors.map((e) => (e instanceof Error ? e.message : e)), String(agg), Object.keys(agg))
const withCause = new AggregateError([], 'empty', { cause: 'root' })
console.log(withCause.errors, withCause.cause)
return agg.errors.length`,
  'throwing non-errors and catching them': `const thrown: unknown[] = []
for (const v of ['text', 42, null, undefined, { code: 1 }, [1, 2], Symbol('s')]) {
  try { throw v } catch (e) { thrown.push(typeof e === 'symbol' ? e.toString() : e) }
}
console.log(thrown)
return thrown.map((t) => typeof t)`,
  'an uncaught error with a cause ends the run': `const inner = new TypeError('inner failure')
throw new Error('outer failure', { cause: inner })`,
  'an uncaught AggregateError ends the run': `await Promise.any([tools.fail({ message: 'x' }), tools.fail({ message: 'y' })])
return 'unreachable'`,
  'printing class instances with accessors and statics': `class Account {
  static count = 0
  #balance = 0
  owner: string
  history: number[] = []
  constructor(owner: string) { this.owner = owner; Account.count++ }
  get balance() { return this.#balance }
  deposit(n: number) { this.#balance += n; this.history.push(n); return this }
}
const acct = new Account('ada').deposit(10).deposit(5)
console.log(acct, [acct], { acct })
console.log(Account, Account.count, Object.getOwnPropertyNames(Account.prototype))
return { owner: acct.owner, balance: acct.balance }`,
  'printing a circular structure': `const team: any = { name: 'core', members: [] }
const ada: any = { name: 'Ada', team }
team.members.push(ada, { name: 'Alan', team })
team.lead = ada
console.log(team)
console.log([team, ada])
try { JSON.stringify(team) } catch (e) { console.log((e as Error).message) }
return team.members.length`,
  'printing nested Maps, Sets and arrays past the depth': `const m = new Map<string, unknown>([
  ['set', new Set([1, 'two', { three: 3 }])],
  ['nested', new Map([['inner', new Map([['deep', new Set([[1, [2, [3]]]])]])]])],
  ['arr', [[[[['five']]]]]],
])
console.log(m)
console.log({ m })
console.log(new Set([new Set([new Set([new Set([1])])])]))
return m.size`,
  'printing objects with many kinds of values': `const value = {
  str: 'text', num: -0, big: 12n, sym: Symbol('s'), undef: undefined, nul: null, fn: function named() {}, arrow: () => 1,
  cls: class Thing {}, date: new Date(86400000), re: /a+b/gi, err: new RangeError('r'), arr: new Array(5), typed: new Int16Array([1, -1]),
  buf: new ArrayBuffer(4), promise: Promise.resolve(1), weak: new WeakMap(), nested: { a: [{ b: { c: 1 } }] },
}
console.log(value)
return Object.keys(value).length`,
  'printing long arrays and strings': `console.log(Array.from({ length: 150 }, (_, i) => i * 3))
console.log(Array.from({ length: 27 }, (_, i) => 'item-' + i))
console.log({ text: 'word '.repeat(40) })
console.log([Array.from({ length: 8 }, (_, i) => ({ id: i, ok: i % 2 === 0 }))])
return 'ok'`,
  'printing objects with null prototypes and symbols as tags': `const bare = Object.create(null)
bare.x = 1
class Tagged { get [Symbol.toStringTag]() { return 'T' } }
const tagged = { [Symbol.toStringTag]: 'Custom', v: 1 }
console.log(bare, tagged, Object.prototype.toString.call(tagged), [bare])
console.log(Object.create(Array.prototype), Object.create({ inherited: 1 }))
return Object.keys(bare)`,
  'util-style format specifiers in a report': `const users = await tools.listUsers()
for (const u of users.slice(0, 3)) console.log('%s (%d) scored %f, active=%o, raw %j', u.name, u.id, u.score, u.active, { id: u.id })
console.log('%i%% done', 67.9)
console.log('%s', users.slice(0, 2).map((u) => u.name))
return 'ok'`,
}

export const printing: Program[] = family('printing', programs)
