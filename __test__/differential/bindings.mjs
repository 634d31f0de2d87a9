// The host functions every differential program may call, as an agent's tools would be: fixed
// data, deterministic answers. Both sides call `createBindings()` once per run, so a stateful tool
// (a store, a flaky endpoint) starts fresh on each side and behaves the same on both.

const DAY = 86_400_000
const EPOCH = Date.UTC(2024, 0, 15, 9, 30) // a Monday

const users = [
  { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin', team: 'core', active: true, joined: '2021-03-04T10:00:00.000Z', score: 92.5 },
  { id: 2, name: 'Alan Turing', email: 'alan@example.org', role: 'member', team: 'core', active: true, joined: '2022-07-19T08:30:00.000Z', score: 88 },
  { id: 3, name: 'Grace Hopper', email: 'grace@navy.example', role: 'owner', team: 'infra', active: false, joined: '2020-01-01T00:00:00.000Z', score: 97.25 },
  { id: 4, name: 'Édouard Lucas', email: 'edouard@example.fr', role: 'member', team: 'math', active: true, joined: '2023-11-30T23:59:59.000Z', score: 71 },
  { id: 5, name: 'Katherine Johnson', email: 'kj@nasa.example', role: 'member', team: 'infra', active: true, joined: '2019-05-20T14:45:00.000Z', score: 99 },
  { id: 6, name: 'Linus Torvalds', email: 'linus@kernel.example', role: 'admin', team: 'infra', active: false, joined: '2018-08-25T12:00:00.000Z', score: 64.75 },
  { id: 7, name: 'Margaret Hamilton', email: 'mh@apollo.example', role: 'owner', team: 'core', active: true, joined: '2024-02-29T06:15:00.000Z', score: 95.5 },
  { id: 8, name: 'Donald Knuth', email: 'dek@tex.example', role: 'member', team: 'math', active: true, joined: '2017-12-31T18:00:00.000Z', score: 100 },
  { id: 9, name: 'Barbara Liskov', email: 'liskov@example.edu', role: 'member', team: 'core', active: true, joined: '2022-02-02T02:02:02.000Z', score: 89.125 },
  { id: 10, name: 'Zoë Ångström', email: 'zoe@example.se', role: 'guest', team: 'math', active: false, joined: '2024-06-01T00:00:00.000Z', score: 45 },
]

const statuses = ['pending', 'paid', 'shipped', 'delivered', 'refunded']
const currencies = ['USD', 'EUR', 'GBP', 'JPY']
const skus = ['KB-01', 'MS-22', 'MN-4K', 'CB-USB', 'HD-2T', 'SSD-1T']
const orders = Array.from({ length: 24 }, (_, i) => ({
  id: `ord_${String(1000 + i * 7)}`,
  customerId: (i * 7) % 10 + 1,
  status: statuses[(i * 3) % statuses.length],
  currency: currencies[i % 4 === 3 ? 3 : i % 3],
  total: Math.round(((i * 37.17) % 500 + 4.99) * 100) / 100,
  items: Array.from({ length: (i % 3) + 1 }, (_, j) => ({ sku: skus[(i + j * 2) % skus.length], qty: ((i + j) % 4) + 1, price: Math.round(((i + 1) * (j + 3) * 3.33) % 200 * 100) / 100 })),
  createdAt: new Date(EPOCH + i * 0.75 * DAY + (i % 5) * 3_600_000).toISOString(),
  tags: i % 4 === 0 ? ['gift', 'priority'] : i % 3 === 0 ? ['priority'] : [],
  coupon: i % 5 === 0 ? null : i % 5 === 1 ? 'WELCOME10' : undefined,
}))

const labels = ['bug', 'feature', 'docs', 'p0', 'p1', 'p2', 'good first issue', 'wontfix']
const titles = [
  'Login loop on Safari', 'Crash when the config file is empty', 'Add dark mode', 'Typo in README',
  'Memory leak in the worker pool', 'Support for ARM64 builds', 'Slow search on large repos',
  'Button misaligned on mobile', 'Export to CSV drops unicode', 'Flaky test: timeouts under load',
  'Upgrade dependencies', 'Docs: clarify rate limits', 'API returns 500 on empty query',
  'Feature request: webhooks', 'Date picker shows the wrong month', 'Null pointer in the parser',
]
const issues = titles.map((title, i) => ({
  number: 3 + i * 3,
  title,
  state: i % 4 === 3 ? 'closed' : 'open',
  labels: [labels[i % 3], labels[3 + (i % 3)], ...(i % 5 === 0 ? [labels[6 + (i % 2)]] : [])],
  author: users[i % users.length].email.split('@')[0],
  comments: (i * 5) % 17,
  createdAt: new Date(EPOCH - (i + 1) * 2.5 * DAY).toISOString(),
  updatedAt: new Date(EPOCH - i * DAY + i * 60_000).toISOString(),
  body: i % 3 === 0 ? `Steps:\n1. open the app\n2. see error E${100 + i}\n\nExpected: no error` : null,
}))

const products = skus.map((sku, i) => ({
  sku,
  name: ['Mechanical keyboard', 'Wireless mouse', '4K monitor', 'USB-C cable', 'Hard drive 2TB', 'SSD 1TB'][i],
  price: [129.99, 24.5, 399, 9.99, 74.95, 89][i],
  stock: [12, 0, 3, 250, 17, 0][i],
  category: ['input', 'input', 'display', 'cables', 'storage', 'storage'][i],
  rating: [4.6, 3.9, 4.8, null, 4.1, 4.4][i],
}))

const events = Array.from({ length: 30 }, (_, i) => ({
  ts: EPOCH + i * 5_437_000 + (i % 7) * 61_000,
  level: ['info', 'info', 'warn', 'info', 'error', 'debug'][i % 6],
  service: ['api', 'worker', 'web'][i % 3],
  message: ['request served', 'cache miss', 'slow query', 'user login', 'upstream timeout', 'gc pause'][i % 6],
  durationMs: (i * 137) % 1900 + 3,
  path: ['/api/users', '/api/orders?page=2', '/health', '/api/search?q=boa&limit=10', '/login'][i % 5],
}))

const pages = {
  'https://example.com/': { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html><head><title>Example Domain</title></head><body><a href="/about">About</a> <a href="https://other.example/x?y=1">Other</a></body></html>' },
  'https://example.com/about': { status: 200, headers: { 'content-type': 'text/html' }, body: '<h1>About us</h1><p>Founded in 2019. Contact: hello@example.com, sales@example.com.</p>' },
  'https://api.example.com/v1/status': { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true,"version":"1.4.2","uptime":123456.789,"regions":["eu-west","us-east"]}' },
  'https://api.example.com/v1/broken': { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true,"items":[1,2,' },
  'https://example.com/data.csv': { status: 200, headers: { 'content-type': 'text/csv' }, body: 'name,qty,price\nwidget,3,2.50\ngadget,10,0.99\n"thing, big",1,100\n' },
}

/** Resolves after `ms` on the host's clock: a slow tool. */
const later = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms))

class NotFoundError extends Error {
  constructor(message) {
    super(message)
    this.name = 'NotFoundError'
  }
}

export function createBindings() {
  const store = new Map()
  const attempts = new Map()
  return {
    tools: {
      listUsers: async ({ team, active } = {}) => users.filter((u) => (team === undefined || u.team === team) && (active === undefined || u.active === active)),
      getUser: async ({ id }) => {
        const user = users.find((u) => u.id === id)
        if (!user) throw new NotFoundError(`user ${id} not found`)
        return user
      },
      getOrders: async ({ customerId, status } = {}) => orders.filter((o) => (customerId === undefined || o.customerId === customerId) && (status === undefined || o.status === status)),
      searchIssues: async ({ q = '', state, limit = 50 } = {}) =>
        later(1, issues.filter((i) => i.title.toLowerCase().includes(q.toLowerCase()) && (state === undefined || i.state === state)).slice(0, limit)),
      getIssue: async ({ number }) => {
        if (number === 7) throw new Error('issue #7 was deleted')
        const issue = issues.find((i) => i.number === number)
        if (!issue) throw new NotFoundError(`issue #${number} does not exist`)
        return later(number % 3, issue)
      },
      listProducts: async () => products,
      getEvents: async ({ since = 0, level } = {}) => events.filter((e) => e.ts >= since && (level === undefined || e.level === level)),
      fetchPage: async ({ url }) => {
        const page = pages[url]
        if (!page) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' }
        return page
      },
      getWeather: async ({ city }) => {
        if (typeof city !== 'string' || city === '') throw new TypeError('city must be a non-empty string')
        const seed = [...city].reduce((sum, c) => sum + c.charCodeAt(0), 0)
        return { city, tempC: (seed % 40) - 5 + (seed % 10) / 10, conditions: ['sunny', 'cloudy', 'rain', 'snow'][seed % 4], windKph: seed % 55 }
      },
      convertCurrency: async ({ amount, from, to }) => {
        const rates = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 148.5 }
        if (!(from in rates) || !(to in rates)) throw new RangeError(`unknown currency ${from in rates ? to : from}`)
        return { amount: (amount / rates[from]) * rates[to], from, to }
      },
      // fails twice per key, then answers: for retry loops
      flaky: async ({ key }) => {
        const n = (attempts.get(key) ?? 0) + 1
        attempts.set(key, n)
        if (n < 3) throw new Error(`503 Service Unavailable (attempt ${n})`)
        return { key, attempts: n }
      },
      sleep: async (ms) => later(ms, undefined),
      echo: async (value) => value,
      fail: async ({ name = 'Error', message = 'tool failed' } = {}) => {
        const Standard = { Error, TypeError, RangeError, SyntaxError }[name]
        if (Standard) throw new Standard(message)
        const error = new Error(message)
        error.name = name
        throw error
      },
    },
    db: {
      query: async (sql, params = []) => {
        if (/^\s*select .* from users/i.test(sql)) {
          const rows = users.filter((u) => params.length === 0 || u.team === params[0]).map(({ id, name, team }) => ({ id, name, team }))
          return { rows, rowCount: rows.length }
        }
        if (/^\s*select .* from orders/i.test(sql)) return { rows: orders.slice(0, 5).map(({ id, total, currency }) => ({ id, total, currency })), rowCount: 5 }
        throw new SyntaxError(`syntax error at or near "${sql.trim().split(/\s+/)[0]}"`)
      },
    },
    kv: {
      get: async (key) => (store.has(key) ? store.get(key) : null),
      set: async (key, value) => {
        store.set(key, value)
        return true
      },
      keys: async () => [...store.keys()].sort(),
    },
  }
}
