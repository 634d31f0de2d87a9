// Async patterns around tools and errors with try/catch: what agents write to fan out, retry,
// time out and report failures, and the engine's own errors they run into.
import { family, type Program } from '../harness'

const asyncPrograms = family('async', {
  'Promise.all over tool calls': `const ids = [1, 2, 3, 4]
const users = await Promise.all(ids.map((id) => tools.getUser({ id })))
console.log(users.map((u) => u.name))
return users.length`,
  'Promise.all rejecting on the first failure': `const ids = [1, 99, 2]
try {
  await Promise.all(ids.map((id) => tools.getUser({ id })))
} catch (e) {
  console.log('failed:', e.name, e.message)
}
return 'handled'`,
  'Promise.allSettled with a summary': `const numbers = [3, 7, 9, 42, 15]
const results = await Promise.allSettled(numbers.map((number) => tools.getIssue({ number })))
const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value.title)
const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [\`#\${numbers[i]}: \${r.reason.message}\`] : []))
console.log(ok)
console.log(failed)
return { ok: ok.length, failed }`,
  'allSettled results logged whole': `const results = await Promise.allSettled([tools.getUser({ id: 1 }).then((u) => u.name), tools.getUser({ id: 404 }), Promise.resolve(3)])
console.log(results.map((r) => r.status))
return results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason.name))`,
  'Promise.race against a timeout': `const timeout = (ms) => new Promise((_, reject) => setTimeout(() => reject(new Error(\`timed out after \${ms} ms\`)), ms))
const fast = await Promise.race([tools.getUser({ id: 2 }), timeout(20_000)])
console.log('fast:', fast.name)
try {
  await Promise.race([tools.sleep(200), timeout(5)])
} catch (e) {
  console.log(e.message)
}
return fast.id`,
  'Promise.any with all failing': `try {
  await Promise.any([tools.getUser({ id: 98 }), tools.getUser({ id: 99 }), Promise.reject(new TypeError('bad'))])
} catch (e) {
  console.log(e.name, e.message, e.errors.length, e.errors.map((x) => x.message))
  console.log(e instanceof AggregateError)
}
return await Promise.any([tools.getUser({ id: 99 }), tools.getUser({ id: 5 }).then((u) => u.name)])`,
  'a retry loop with backoff': `async function withRetry(fn, attempts = 5) {
  for (let i = 1; i <= attempts; i++) {
    try {
      return await fn()
    } catch (e) {
      console.log(\`attempt \${i} failed: \${e.message}\`)
      if (i === attempts) throw e
      await new Promise((r) => setTimeout(r, 2 ** i))
    }
  }
}
const result = await withRetry(() => tools.flaky({ key: 'report' }))
console.log(result)
return result`,
  'retries that run out': `let tries = 0
async function fetchOnce() { tries++; return tools.flaky({ key: 'x' + tries }) }
for (let i = 0; i < 2; i++) {
  try { await fetchOnce() } catch (e) { console.log(e.message) }
}
return tries`,
  'a concurrency pool of two': `const numbers = [3, 6, 9, 12, 15, 18]
const results = []
let running = 0
let peak = 0
async function worker(queue) {
  while (queue.length) {
    const n = queue.shift()
    running++
    peak = Math.max(peak, running)
    try { results.push((await tools.getIssue({ number: n })).number) } finally { running-- }
  }
}
const queue = [...numbers]
await Promise.all([worker(queue), worker(queue)])
console.log(results.sort((a, b) => a - b), 'peak', peak)
return results.length`,
  'sequential awaits in a for loop': `const out = []
for (const city of ['Paris', 'Lima', 'Oslo']) {
  const w = await tools.getWeather({ city })
  out.push(\`\${w.city}: \${w.tempC.toFixed(1)}°C \${w.conditions}\`)
}
console.log(out.join('\\n'))
return out`,
  'forEach with an async callback does not wait': `const seen = []
;[1, 2, 3].forEach(async (id) => {
  const u = await tools.getUser({ id })
  seen.push(u.id)
})
console.log('right after forEach:', seen.length)
await tools.sleep(20)
console.log('later:', seen.sort())
return seen.length`,
  'microtask and timer ordering': `const log = []
setTimeout(() => log.push('timeout 0'), 0)
queueMicrotask(() => log.push('microtask'))
Promise.resolve().then(() => log.push('then 1')).then(() => log.push('then 2'))
;(async () => { log.push('async start'); await null; log.push('after await') })()
log.push('sync')
await new Promise((r) => setTimeout(r, 5))
console.log(log)
return log`,
  'setInterval cleared after three ticks': `let ticks = 0
await new Promise((resolve) => {
  const id = setInterval(() => {
    ticks++
    console.log('tick', ticks)
    if (ticks === 3) { clearInterval(id); resolve() }
  }, 1)
})
return ticks`,
  'clearTimeout before it fires': `let fired = false
const id = setTimeout(() => { fired = true }, 5)
clearTimeout(id)
await new Promise((r) => setTimeout(r, 15))
return fired`,
  'a promise chain with then, catch and finally': `const result = await tools.getUser({ id: 3 })
  .then((u) => u.email)
  .then((email) => { if (!email.endsWith('.com')) throw new Error(\`unexpected domain in \${email}\`); return email })
  .catch((e) => { console.log('caught:', e.message); return 'fallback' })
  .finally(() => console.log('finally ran'))
return result`,
  'an unhandled rejection is reported': `Promise.reject(new Error('nobody listens'))
console.log('still running')
return 1`,
  'an awaited rejection of a non-error': `await Promise.reject({ code: 'E_GONE', status: 410 })`,
  'async functions returning values and throwing': `async function ok() { return 1 }
async function bad() { throw new RangeError('out of range') }
console.log(await ok(), await bad().catch((e) => e.name))
const p = ok()
console.log(p instanceof Promise, typeof p.then)
return await bad()`,
  'await of non-promises and thenables': `const thenable = { then(resolve) { resolve('from thenable') } }
console.log(await 5, await thenable, await null)
return await { then: (res, rej) => rej(new Error('thenable rejected')) }`,
  'new Promise with resolve called twice': `const p = new Promise((resolve, reject) => { resolve('first'); resolve('second'); reject(new Error('late')) })
console.log(await p)
return p`,
  'a deferred resolved from outside': `let resolveIt
const ready = new Promise((r) => (resolveIt = r))
setTimeout(() => resolveIt({ at: 'later' }), 2)
console.log('waiting')
const v = await ready
console.log(v)
return v`,
  'debounce of calls': `function debounce(fn, ms) {
  let t
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms) }
}
const calls = []
const d = debounce((x) => calls.push(x), 5)
d(1); d(2); d(3)
await new Promise((r) => setTimeout(r, 20))
d(4)
await new Promise((r) => setTimeout(r, 20))
console.log(calls)
return calls`,
  'results gathered with an async reduce': `const ids = [1, 2, 3]
const total = await ids.reduce(async (accP, id) => {
  const acc = await accP
  const u = await tools.getUser({ id })
  return acc + u.score
}, Promise.resolve(0))
console.log(total)
return total`,
  'a key-value store used by several steps': `await kv.set('user:1', { name: 'Ada', visits: 1 })
const u = await kv.get('user:1')
u.visits++
await kv.set('user:1', u)
await kv.set('user:2', null)
console.log(await kv.get('user:1'), await kv.get('user:2'), await kv.get('missing'), await kv.keys())
return (await kv.get('user:1')).visits`,
  'a database query and a bad query': `const { rows, rowCount } = await db.query('SELECT id, name FROM users WHERE team = $1', ['core'])
console.log(rowCount, rows.map((r) => r.name))
try {
  await db.query('SELEC * FROM nowhere')
} catch (e) {
  console.log(e instanceof SyntaxError, e.name, e.message)
}
return rows`,
  'host errors of each class': `const kinds = ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ValidationError']
for (const name of kinds) {
  try { await tools.fail({ name, message: \`\${name} from the tool\` }) } catch (e) {
    console.log(e.name, e.message, e instanceof Error, e instanceof TypeError, Object.prototype.toString.call(e))
  }
}
return kinds.length`,
  'a host error logged whole': `try { await tools.getIssue({ number: 7 }) } catch (e) { console.error(e) }
return 'logged'`,
  'a host error uncaught': `const issue = await tools.getIssue({ number: 7 })
return issue.title`,
  'a host TypeError from bad input': `const w = await tools.getWeather({ city: '' })
return w`,
  'a RangeError from a tool, rethrown with a cause': `try {
  await tools.convertCurrency({ amount: 10, from: 'USD', to: 'XYZ' })
} catch (e) {
  throw new Error('conversion failed', { cause: e })
}`,
  'currency conversions in parallel': `const pairs = [['USD', 'EUR'], ['EUR', 'GBP'], ['GBP', 'JPY']]
const out = await Promise.all(pairs.map(([from, to]) => tools.convertCurrency({ amount: 100, from, to })))
console.log(out.map((r) => \`\${r.from}->\${r.to}: \${r.amount.toFixed(2)}\`))
return out.map((r) => Math.round(r.amount * 100) / 100)`,
  'an echo of values that cross the bridge': `const sent = { s: 'é😀', n: -0, nan: NaN, inf: Infinity, u: undefined, arr: [undefined, 1], nested: { d: new Date(0) }, big: 1e300 }
const back = await tools.echo(sent)
console.log(back)
return back`,
  'a tool called with no arguments': `const users = await tools.listUsers()
const products = await tools.listProducts()
return [users.length, products.length]`,
  'calling a tool that does not exist': `const data = await tools.getEverything()
return data`,
  'a tool namespace read as a value': `console.log(typeof tools, typeof tools.getUser, Object.keys(tools).length > 3, Object.isFrozen(tools))
return 'ok'`,
  'awaiting inside a try with finally and return': `async function load() {
  try {
    return await tools.getUser({ id: 1 })
  } finally {
    console.log('finally before return')
  }
}
const u = await load()
return u.name`,
})

const errorPrograms = family('errors', {
  'reading a property of undefined': `const users = await tools.listUsers()
const user = users.find((u) => u.id === 42)
console.log(user.name)`,
  'reading a property of null from a tool': `const order = (await tools.getOrders())[0]
return order.coupon.code`,
  'reading a nested property in a callback': `const issues = await tools.searchIssues({ q: '' })
return issues.map((i) => i.body.length)`,
  'calling an undefined method': `const data = { items: [1, 2] }
return data.items.sum()`,
  'calling a method on a result that is not an array': `const result = await tools.getUser({ id: 1 })
return result.map((u) => u.name)`,
  'calling a property that is a string': `const cfg = { format: 'json' }
return cfg.format()`,
  'a const reassigned': `const total = 0
for (const n of [1, 2]) total += n
return total`,
  'an undeclared variable assigned in strict mode': `count = 1
return count`,
  'an undefined variable read': `const items = [1, 2, 3]
return itmes.length`,
  'a variable used before its declaration': `console.log(later)
let later = 1`,
  'caught engine errors with their names and messages': `const attempts = [
  () => null.x,
  () => undefined.foo.bar,
  () => (void 0)(),
  () => ({}).a.b,
  () => new Array(-1),
  () => 'abc'.repeat(-1),
  () => (1.5).toFixed(101),
  () => BigInt(1.5),
  () => 1n + 1,
  () => Symbol() + '',
  () => JSON.parse(''),
  () => new (class A { constructor() { throw new SyntaxError('in ctor') } })(),
  () => structuredClone(() => 1),
  () => Object.defineProperty(Object.freeze({}), 'x', { value: 1 }),
  () => decodeURIComponent('%'),
  () => [].reduce((a, b) => a + b),
]
for (const f of attempts) {
  try { f() } catch (e) { console.log(\`\${e.constructor.name}: \${e.name}: \${e.message}\`) }
}
return attempts.length`,
  'a custom error class thrown and caught by type': `class NotFound extends Error { name = 'NotFound' }
class Invalid extends Error { constructor(field) { super(\`invalid \${field}\`); this.name = 'Invalid'; this.field = field } }
function check(x) {
  if (x == null) throw new NotFound('nothing there')
  if (typeof x !== 'number') throw new Invalid('x')
  return x
}
for (const x of [1, null, 'a']) {
  try { console.log('ok', check(x)) } catch (e) {
    if (e instanceof NotFound) console.log('404', e.message)
    else if (e instanceof Invalid) console.log('400', e.field, e.message, \`\${e}\`)
    else throw e
  }
}
return check('boom')`,
  'finally runs and overrides': `function f() {
  try { return 'try' } finally { console.log('cleanup') }
}
function g() {
  try { throw new Error('lost') } finally { return 'finally wins' }
}
console.log(f(), g())
return g()`,
  'an error with a cause chain printed': `const root = new Error('disk full')
const mid = new Error('write failed', { cause: root })
const top = new Error('save failed', { cause: mid })
let e = top
const chain = []
while (e) { chain.push(e.message); e = e.cause }
console.log(chain.join(' <- '))
console.log(top)
return chain`,
  'error toString and properties': `const e = new TypeError('bad thing')
console.log(String(e), e.toString(), e.name, e.message, Object.keys(e), e instanceof Error, typeof e.stack)
const plain = new Error()
console.log(JSON.stringify(plain), JSON.stringify({ message: e.message }), \`\${plain}\`)
return { name: e.name, message: e.message }`,
  'throwing a string': `function validate(x) { if (!x) throw 'value is required' }
validate('')`,
  'throwing an object literal': `throw { status: 400, message: 'bad request', details: ['name is required'] }`,
  'throwing null': `throw null`,
  'throwing a number and catching it': `try { throw 42 } catch (e) { console.log(typeof e, e) }
try { throw undefined } catch (e) { console.log(e === undefined) }
return 'ok'`,
  'rethrowing after logging': `try {
  JSON.parse('{"a":1,}')
} catch (e) {
  console.log('could not parse:', e.name)
  throw e
}`,
  'an error thrown deep in a call stack': `function level3(x) { if (x > 2) throw new RangeError(\`level too deep: \${x}\`); return x }
function level2(x) { return level3(x + 1) }
function level1(x) { return level2(x + 1) }
console.log(level1(0))
return level1(1)`,
  'an error thrown inside a sort comparator': `const rows = [{ n: 2 }, { n: 1 }, {}]
rows.sort((a, b) => a.n.toFixed(0) - b.n.toFixed(0))
return rows`,
  'an error thrown in an async function after an await': `async function step(n) {
  await tools.sleep(1)
  if (n === 2) throw new Error(\`step \${n} failed\`)
  return n
}
for (let i = 1; i <= 3; i++) console.log(await step(i))`,
  'an error thrown in a timer callback': `setTimeout(() => { throw new Error('from a timer') }, 1)
await new Promise((r) => setTimeout(r, 20))
return 'unreachable'`,
  'an error in a promise then callback': `const value = await Promise.resolve({ list: null }).then((r) => r.list.length)
return value`,
  'a stack overflow caught': `function recurse(n) { return recurse(n + 1) + 1 }
try { recurse(0) } catch (e) { console.log(e instanceof RangeError, e.message) }
return 'survived'`,
  'an invalid array length': `const size = -1
return new Array(size)`,
  'toFixed with too many digits': `const n = 1.5
return n.toFixed(200)`,
  'mixing BigInt and numbers': `const big = 10n
const ratio = big / 3
return ratio`,
  'a catch without a binding': `let ok = true
try { JSON.parse('not json') } catch { ok = false }
return ok`,
  'an error subclass from a tool rethrown with context': `async function loadIssue(n) {
  try {
    return await tools.getIssue({ number: n })
  } catch (e) {
    const wrapped = new Error(\`loading #\${n}: \${e.message}\`)
    wrapped.code = e.name === 'NotFoundError' ? 'E_NOT_FOUND' : 'E_OTHER'
    throw wrapped
  }
}
const results = []
for (const n of [3, 4, 7]) {
  try { results.push((await loadIssue(n)).title) } catch (e) { results.push(e.code); console.log(e.message) }
}
return results`,
  'Error.captureStackTrace and the stack property exist': `const e = new Error('x')
console.log(typeof Error.captureStackTrace, typeof e.stack, e.stack.split('\\n')[0])
return 'ok'`,
  'a caught error logged with its stack': `try {
  JSON.parse('{')
} catch (e) {
  console.log(e.stack)
}
return 'logged'`,
  'errors with an errors array in AggregateError': `const agg = new AggregateError([new Error('a'), new TypeError('b')], 'two failures')
console.log(agg.name, agg.message, agg.errors.map(String))
throw agg`,
  'an assignment to a read-only property in strict mode': `const frozen = Object.freeze({ count: 1 })
frozen.count = 2
return frozen.count`,
  'adding a property to a frozen array': `const list = Object.freeze([1, 2])
list.push(3)
return list`,
  'deleting a non-configurable property': `const arr = [1, 2]
delete arr.length
return arr`,
  'calling undefined returned by a tool': `const user = await tools.getUser({ id: 1 })
return user.getFullName()`,
  'new on a non-constructor': `const make = () => ({})
return new make()`,
  'in operator on a string': `const value = 'text'
return 'length' in value`,
  'calling a computed member that is not a function': `const handlers = { onLoad: () => 'loaded' }
const event = 'onSave'
return handlers[event]()`,
  'calling the result of a call': `const makeHandler = (kind) => (kind === 'a' ? () => 'handled' : undefined)
console.log(makeHandler('a')())
return makeHandler('b')()`,
  'calling an array element': `const steps = [() => 1, 'not a step']
return steps.map((s, i) => steps[i]())`,
  'an error after a line separator in a string': `const note = 'first\u2028second'
const text = 'a b'
throw new Error(\`failed after \${note.length + text.length} characters\`)`,
})

export const control: Program[] = [...asyncPrograms, ...errorPrograms]
