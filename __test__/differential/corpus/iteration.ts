// Generators, iterator protocols, async iteration and the ordering of timers against microtasks,
// as programs page through tools and stream results.
import { family, type Program } from '../harness'

const generators: Record<string, string> = {
  'a paging generator over a tool': `async function* pages(size: number) {
  const all = await tools.getOrders()
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size)
}
const sizes: number[] = []
for await (const page of pages(5)) sizes.push(page.length)
console.log(sizes)
return sizes`,
  'a generator with return and throw': `function* counter() {
  let n = 0
  try {
    while (true) {
      const cmd = yield n++
      if (cmd === 'reset') n = 0
    }
  } finally {
    console.log('cleanup at', n)
  }
}
const g = counter()
console.log(g.next(), g.next(), g.next('reset'), g.next())
console.log(g.return(99), g.next())
const h = counter()
h.next()
try { h.throw(new Error('boom')) } catch (e) { console.log('caught', (e as Error).message) }
return 'done'`,
  'yield star delegation and its return value': `function* inner() { yield 1; yield 2; return 'inner done' }
function* outer() {
  const r = yield* inner()
  console.log('inner returned', r)
  yield* [3, 4]
  yield* 'ab'
}
const out = [...outer()]
console.log(out)
return out`,
  'an iterable class with Symbol.iterator': `class Range implements Iterable<number> {
  readonly start: number
  readonly end: number
  readonly step: number
  constructor(start: number, end: number, step = 1) { this.start = start; this.end = end; this.step = step }
  *[Symbol.iterator]() { for (let i = this.start; i < this.end; i += this.step) yield i }
}
const r = new Range(0, 10, 3)
console.log([...r], Array.from(r, (x) => x * 2), Math.max(...r))
const [a, , c] = r
console.log(a, c, r)
return [...r]`,
  'a hand-written iterator object': `const countdown = (from: number) => ({
  [Symbol.iterator]() {
    let n = from
    return {
      next: () => (n > 0 ? { value: n--, done: false } : { value: undefined, done: true }),
      return: () => { console.log('return called at', n); return { value: undefined, done: true } },
    }
  },
})
for (const x of countdown(5)) { if (x === 3) break; console.log(x) }
const [first, second] = countdown(4)
console.log(first, second, [...countdown(3)])
return [...countdown(2)]`,
  'lazy take, map and filter over an infinite generator': `function* naturals() { let n = 1; while (true) yield n++ }
function* map<T, U>(it: Iterable<T>, f: (x: T) => U) { for (const x of it) yield f(x) }
function* filter<T>(it: Iterable<T>, p: (x: T) => boolean) { for (const x of it) if (p(x)) yield x }
function* take<T>(it: Iterable<T>, n: number) { if (n <= 0) return; for (const x of it) { yield x; if (--n <= 0) return } }
const squares = [...take(filter(map(naturals(), (n) => n * n), (n) => n % 3 === 1), 6)]
console.log(squares)
return squares`,
  'generator objects printed and inspected': `function* g() { yield 1 }
const it = g()
console.log(it, typeof it.next, Object.prototype.toString.call(it), it[Symbol.iterator]() === it)
console.log(g.constructor.name, Object.getPrototypeOf(g).constructor.name)
async function* ag() { yield 1 }
console.log(ag(), Object.prototype.toString.call(ag()))
return String(it)`,
  'entries, keys and values iterators of arrays and maps': `const arr = ['a', 'b', 'c']
const m = new Map([['x', 1], ['y', 2]])
console.log(arr.entries(), m.entries(), m.keys(), new Set([1, 2]).values())
console.log([...arr.entries()], [...m.keys()], [...m.values()])
const it = arr[Symbol.iterator]()
console.log(it.next(), [...it], it.next())
return Object.prototype.toString.call(m.entries())`,
  'Object.entries and fromEntries round trip': `const users = await tools.listUsers()
const byId = Object.fromEntries(users.map((u) => [u.id, u.name]))
const inverted = Object.fromEntries(Object.entries(byId).map(([k, v]) => [v.split(' ')[0].toLowerCase(), Number(k)]))
console.log(byId, inverted)
return inverted`,
  'a generator of chunks of text': `function* chunks(text: string, size: number) { for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size) }
const text = 'The quick brown fox jumps over the lazy dog'
const out = Array.from(chunks(text, 8), (c, i) => i + ':' + JSON.stringify(c))
console.log(out.join('\\n'))
return out.length`,
  'async generator with a failing tool mid-stream': `async function* fetchAll(ids: number[]) {
  for (const id of ids) yield await tools.getUser({ id })
}
const names: string[] = []
try {
  for await (const u of fetchAll([1, 2, 999, 3])) names.push(u.name)
} catch (e) {
  console.log('stopped:', (e as Error).name, (e as Error).message)
}
console.log(names)
return names`,
  'for await over an array of promises': `const ps = [tools.sleep(15).then(() => 'slow'), Promise.resolve('fast'), tools.echo('echoed')]
const seen: string[] = []
for await (const v of ps) seen.push(v)
console.log(seen)
return seen`,
  'an object with Symbol.asyncIterator': `const feed = {
  items: ['a', 'b', 'c'],
  [Symbol.asyncIterator]() {
    let i = 0
    const items = this.items
    return {
      async next() {
        await tools.sleep(1)
        return i < items.length ? { value: items[i++].toUpperCase(), done: false } : { value: undefined, done: true }
      },
      async return() { console.log('closed early'); return { value: undefined, done: true } },
    }
  },
}
const out: string[] = []
for await (const x of feed) { out.push(x); if (x === 'B') break }
console.log(out)
return out`,
  'async generator return and throw': `async function* ticker() {
  try { for (let i = 0; ; i++) { yield i; await null } }
  finally { console.log('ticker finally') }
}
const t = ticker()
console.log(await t.next(), await t.next())
console.log(await t.return('stop'), await t.next())
const u = ticker()
await u.next()
try { await u.throw(new TypeError('bad tick')) } catch (e) { console.log('threw', (e as Error).name) }
return 'ok'`,
  'spreading a Set built from a generator': `function* words() { yield* 'to be or not to be'.split(' ') }
const unique = new Set(words())
console.log(unique, unique.size, [...unique].join('-'))
return [...unique]`,
  'an iterator that is not iterable fails in for-of': `const notIterable = { next: () => ({ done: true, value: undefined }) }
try {
  for (const x of notIterable as any) console.log(x)
} catch (e) {
  console.log((e as Error).name, (e as Error).message)
}
try { const [a] = {} as any; console.log(a) } catch (e) { console.log((e as Error).message) }
return 'handled'`,
  'Array.from with an iterable and a length object': `console.log(Array.from({ length: 4 }, (_, i) => i * i))
console.log(Array.from(new Map([[1, 'a']]).entries()), Array.from('héllo'), Array.from(new Set('aab')))
console.log(Array.from({ length: 2, 0: 'x', 1: 'y' }), Array.of(7, 8))
return Array.from({ length: 3 }, () => 'z')`,
  'generator-based id allocator across calls': `function* ids(prefix: string) { let n = 0; while (true) yield prefix + '-' + String(++n).padStart(4, '0') }
const next = ids('job')
const jobs = (await tools.listUsers({ active: true })).map((u) => ({ id: next.next().value, user: u.name }))
console.log(jobs)
return jobs.map((j) => j.id)`,
}

const async: Record<string, string> = {
  'timers, microtasks and the order they run': `const order: string[] = []
setTimeout(() => order.push('timeout 0'), 0)
setTimeout(() => order.push('timeout 5'), 5)
Promise.resolve().then(() => order.push('micro 1')).then(() => order.push('micro 2'))
queueMicrotask(() => order.push('queueMicrotask'))
order.push('sync')
await new Promise((r) => setTimeout(r, 20))
console.log(order)
return order`,
  'Promise.race of a tool against a timeout': `const timeout = (ms: number) => new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after ' + ms + 'ms')), ms))
const fast = await Promise.race([tools.sleep(5).then(() => 'tool'), timeout(200)])
let slow
try { slow = await Promise.race([tools.sleep(200).then(() => 'tool'), timeout(10)]) } catch (e) { slow = (e as Error).message }
console.log(fast, slow)
return [fast, slow]`,
  'Promise.any with every promise rejecting': `try {
  await Promise.any([tools.fail({ message: 'a' }), Promise.reject(new RangeError('b')), tools.fail({ name: 'TypeError', message: 'c' })])
} catch (e) {
  const agg = e as AggregateError
  console.log(agg.constructor.name, agg.name, agg.message, agg.errors.map((x: Error) => x.name + ': ' + x.message))
  return agg.errors.length
}`,
  'Promise.any takes the first fulfilled': `const winner = await Promise.any([tools.sleep(30).then(() => 'slow'), tools.fail({ message: 'nope' }), tools.sleep(5).then(() => 'quick')])
console.log(winner)
const empty = await Promise.any([]).catch((e) => [e.name, e.message, e.errors])
console.log(empty)
return winner`,
  'Promise.allSettled summary of mixed tools': `const ids = [1, 2, 404, 5, 999]
const settled = await Promise.allSettled(ids.map((id) => tools.getUser({ id })))
const summary = settled.map((s, i) => (s.status === 'fulfilled' ? { id: ids[i], name: s.value.name } : { id: ids[i], error: s.reason.message }))
console.log(settled[0].status, settled[2])
console.table(summary)
return summary`,
  'setTimeout ordering by delay and insertion': `const log: string[] = []
for (const [name, ms] of [['c', 10], ['a', 0], ['b', 0], ['d', 5]] as const) setTimeout(() => log.push(name), ms)
// a timer of the program's own: how a tool's reply interleaves with timers depends on the load
await new Promise((r) => setTimeout(r, 30))
console.log(log.join(''))
return log`,
  'setInterval counted and cleared': `let ticks = 0
const done = new Promise<number>((resolve) => {
  const id = setInterval(() => {
    ticks++
    if (ticks === 3) { clearInterval(id); resolve(ticks) }
  }, 2)
})
console.log('waiting')
const n = await done
await tools.sleep(10)
console.log(n, ticks)
return ticks`,
  'a retry helper with backoff over a flaky tool': `async function retry<T>(fn: () => Promise<T>, attempts: number, delay = 1): Promise<T> {
  let last: unknown
  for (let i = 0; i < attempts; i++) {
    try { return await fn() } catch (e) { last = e; console.log('attempt', i + 1, 'failed:', (e as Error).message); await new Promise((r) => setTimeout(r, delay * 2 ** i)) }
  }
  throw new Error('gave up', { cause: last })
}
const v = await retry(() => tools.flaky({ key: 'k1' }), 5)
console.log('got', v)
return v`,
  'await in a loop against Promise.all order': `const ids = [3, 1, 2]
const sequential: string[] = []
for (const id of ids) sequential.push((await tools.getUser({ id })).name)
const parallel = (await Promise.all(ids.map((id) => tools.getUser({ id })))).map((u) => u.name)
console.log(sequential, parallel, JSON.stringify(sequential) === JSON.stringify(parallel))
return parallel`,
  'then chains, finally and a thrown value': `const out: unknown[] = []
await Promise.resolve(1)
  .then((v) => { out.push(v); throw 'plain string' })
  .catch((e) => { out.push(['caught', e, typeof e]); return 2 })
  .finally(() => out.push('finally'))
  .then((v) => out.push(v))
console.log(out)
return out`,
  'a promise pool with limited concurrency': `async function pool<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0, active = 0, peak = 0
  async function worker() {
    while (next < items.length) {
      const i = next++
      active++; peak = Math.max(peak, active)
      results[i] = await fn(items[i])
      active--
    }
  }
  await Promise.all(Array.from({ length: limit }, worker))
  console.log('peak', peak)
  return results
}
const names = await pool([1, 2, 3, 4, 5, 6, 7], 3, async (id) => (await tools.getUser({ id })).name.split(' ')[0])
console.log(names)
return names`,
  'an unhandled rejection after the result': `const p = Promise.reject(new Error('nobody listens'))
setTimeout(() => p.catch(() => {}), 50)
console.log('returning')
return 'early'`,
  'a timer handle unref-ed, re-ref-ed and cleared by its number': `const fired: string[] = []
const t = setTimeout(() => fired.push('t'), 20)
console.log(typeof t, t.hasRef(), t.unref() === t, t.hasRef(), t.ref().hasRef(), typeof +t, \`\${t}\` === String(+t))
const byNumber = setTimeout(() => fired.push('by number'), 5)
clearTimeout(+byNumber)
const byString = setTimeout(() => fired.push('by string'), 5)
clearTimeout(String(+byString))
const closed = setTimeout(() => fired.push('closed'), 5)
console.log(closed.close() === closed)
let ticks = 0
const iv = setInterval(() => { fired.push('iv'); if (++ticks === 2) clearTimeout(iv) }, 3)
clearInterval({} as any); clearTimeout(null as any)
await new Promise((r) => setTimeout(r, 40))
// sorted: how the 20 ms timeout and the interval interleave depends on the machine's load
console.log(fired.sort())
return fired`,
  'a fired timer re-armed with refresh': `let count = 0
const t = setTimeout(() => count++, 1)
await new Promise((r) => setTimeout(r, 15))
console.log('after first', count, t.refresh() === t)
await new Promise((r) => setTimeout(r, 15))
const i = setInterval(() => { count += 10; if (count > 30) clearInterval(i) }, 2)
i.refresh()
await new Promise((r) => setTimeout(r, 60))
console.log('count', count)
return count`,
  'timer callbacks, their arguments and bad callbacks': `const t = setTimeout(function (this: unknown, a: number, b: string) { console.log(this === t, a, b) }, 1, 42, 'x')
await new Promise((r) => setTimeout(r, 10))
for (const bad of [undefined, null, 'code', 5, 10n, {}, [1]]) {
  try { setTimeout(bad as any, 1) } catch (e) { console.log((e as any).code, (e as Error).name, (e as Error).message) }
}
try { setInterval('tick' as any) } catch (e) { console.log((e as Error).message) }
console.log(setTimeout.name, setTimeout.length, setInterval.length, clearInterval.name, clearTimeout.length, t.constructor.name)
return typeof t`,
  'AbortSignal.timeout racing a slow tool': `const signal = AbortSignal.timeout(10)
const aborted = new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
try {
  await Promise.race([tools.sleep(200), aborted])
} catch (e) {
  console.log((e as Error).name, (e as Error).message, signal.aborted)
}
return signal.aborted`,
}

export const iteration: Program[] = [...family('iteration', generators), ...family('timers and promises', async)]
