// Tool results processed as a model processes them: fetch a list, then filter, map, sort, group,
// aggregate and report. Each template runs over each data set, with that set's field names.
import type { Program } from '../harness'

interface DataSet {
  label: string
  fetch: string
  /** A number field, a string field, a field to group by, a unique id field. */
  num: string
  str: string
  key: string
  id: string
  /** A threshold on `num` that splits the set. */
  cut: number
}

const sets: DataSet[] = [
  { label: 'users', fetch: 'await tools.listUsers()', num: 'score', str: 'name', key: 'team', id: 'id', cut: 90 },
  { label: 'orders', fetch: 'await tools.getOrders()', num: 'total', str: 'id', key: 'status', id: 'id', cut: 150 },
  { label: 'issues', fetch: "await tools.searchIssues({ q: '' })", num: 'comments', str: 'title', key: 'state', id: 'number', cut: 8 },
  { label: 'products', fetch: 'await tools.listProducts()', num: 'price', str: 'name', key: 'category', id: 'sku', cut: 50 },
  { label: 'events', fetch: 'await tools.getEvents()', num: 'durationMs', str: 'message', key: 'level', id: 'ts', cut: 900 },
]

const templates: Record<string, (d: DataSet) => string> = {
  'filter above a threshold': (d) => `const rows = ${d.fetch}
const hits = rows.filter((r) => r.${d.num} > ${d.cut})
console.log(\`\${hits.length} of \${rows.length} above ${d.cut}\`)
return hits.map((r) => r.${d.str})`,
  'top three by a number': (d) => `const rows = ${d.fetch}
const top = [...rows].sort((a, b) => b.${d.num} - a.${d.num}).slice(0, 3)
for (const [i, r] of top.entries()) console.log(\`\${i + 1}. \${String(r.${d.str}).padEnd(24)} \${r.${d.num}.toFixed(2).padStart(8)}\`)
return top.map((r) => r.${d.id})`,
  'sort by a string with localeCompare': (d) => `const rows = ${d.fetch}
const sorted = rows.slice().sort((a, b) => String(a.${d.str}).localeCompare(String(b.${d.str})))
console.log(sorted.map((r) => r.${d.str}).join(' | '))
return sorted[0].${d.id}`,
  'count per group with reduce': (d) => `const rows = ${d.fetch}
const counts = rows.reduce((acc, r) => {
  acc[r.${d.key}] = (acc[r.${d.key}] || 0) + 1
  return acc
}, {})
console.log(counts)
return counts`,
  'group into a Map and sort the groups': (d) => `const rows = ${d.fetch}
const groups = new Map()
for (const r of rows) {
  if (!groups.has(r.${d.key})) groups.set(r.${d.key}, [])
  groups.get(r.${d.key}).push(r)
}
const summary = [...groups.entries()]
  .map(([k, list]) => ({ key: k, n: list.length, total: list.reduce((s, r) => s + r.${d.num}, 0) }))
  .sort((a, b) => b.n - a.n || a.key.localeCompare(b.key))
console.log(summary)
return summary`,
  'sum, average, min and max': (d) => `const rows = ${d.fetch}
const values = rows.map((r) => r.${d.num})
const sum = values.reduce((a, b) => a + b, 0)
const stats = { count: values.length, sum: Math.round(sum * 100) / 100, avg: +(sum / values.length).toFixed(2), min: Math.min(...values), max: Math.max(...values) }
console.log('stats:', stats)
return stats`,
  'distinct keys with a Set': (d) => `const rows = ${d.fetch}
const keys = [...new Set(rows.map((r) => r.${d.key}))].sort()
console.log(keys.length, 'distinct:', keys.join(', '))
return keys`,
  'partition by a predicate': (d) => `const rows = ${d.fetch}
const [high, low] = rows.reduce(([h, l], r) => (r.${d.num} >= ${d.cut} ? [[...h, r], l] : [h, [...l, r]]), [[], []])
console.log({ high: high.length, low: low.length })
return { high: high.map((r) => r.${d.id}), low: low.length }`,
  'pages of four': (d) => `const rows = ${d.fetch}
const pages = []
for (let i = 0; i < rows.length; i += 4) pages.push(rows.slice(i, i + 4))
pages.forEach((page, n) => console.log(\`page \${n + 1}: \${page.map((r) => r.${d.id}).join(',')}\`))
return pages.length`,
  'index by id': (d) => `const rows = ${d.fetch}
const byId = Object.fromEntries(rows.map((r) => [r.${d.id}, r]))
const ids = Object.keys(byId)
console.log(ids.length, ids.slice(0, 3))
return byId[ids[1]].${d.str}`,
  'find, some and every': (d) => `const rows = ${d.fetch}
const first = rows.find((r) => r.${d.num} > ${d.cut})
const idx = rows.findIndex((r) => r.${d.num} > ${d.cut})
console.log(first?.${d.str}, idx, rows.some((r) => r.${d.num} < 0), rows.every((r) => typeof r.${d.num} === 'number'))
return { found: first?.${d.id} ?? null, idx, last: rows.findLast((r) => r.${d.num} > ${d.cut})?.${d.id} }`,
  'words of a text field with flatMap': (d) => `const rows = ${d.fetch}
const words = rows.flatMap((r) => String(r.${d.str}).toLowerCase().split(/\\W+/)).filter(Boolean)
const freq = {}
for (const w of words) freq[w] = (freq[w] ?? 0) + 1
const common = Object.entries(freq).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5)
console.log(common)
return common`,
  'histogram of buckets': (d) => `const rows = ${d.fetch}
const size = ${Math.max(1, Math.round(d.cut / 3))}
const buckets = {}
for (const r of rows) {
  const b = Math.floor(r.${d.num} / size) * size
  buckets[b] = (buckets[b] ?? 0) + 1
}
for (const [b, n] of Object.entries(buckets)) console.log(String(b).padStart(6), '#'.repeat(n))
return buckets`,
  'share per group in percent': (d) => `const rows = ${d.fetch}
const total = rows.reduce((s, r) => s + r.${d.num}, 0)
const share = {}
for (const r of rows) share[r.${d.key}] = (share[r.${d.key}] ?? 0) + r.${d.num}
const lines = Object.entries(share).map(([k, v]) => \`\${k}: \${((v / total) * 100).toFixed(1)}%\`)
console.log(lines.join('\\n'))
return lines`,
  'a table of the first rows': (d) => `const rows = ${d.fetch}
console.table(rows.slice(0, 3).map((r) => ({ id: r.${d.id}, label: r.${d.str}, value: r.${d.num} })))`,
  'a JSON summary with indentation': (d) => `const rows = ${d.fetch}
const summary = { total: rows.length, sample: rows.slice(0, 2).map(({ ${d.id}, ${d.num} }) => ({ ${d.id}, ${d.num} })) }
console.log(JSON.stringify(summary, null, 2))
return summary`,
  'nested stats per group': (d) => `const rows = ${d.fetch}
const stats = {}
for (const r of rows) {
  const s = (stats[r.${d.key}] ??= { count: 0, total: 0, max: -Infinity })
  s.count++
  s.total += r.${d.num}
  s.max = Math.max(s.max, r.${d.num})
}
for (const s of Object.values(stats)) s.mean = Number((s.total / s.count).toFixed(3))
console.log(stats)
return stats`,
  'toSorted, at and findLastIndex': (d) => `const rows = ${d.fetch}
const sorted = rows.toSorted((a, b) => a.${d.num} - b.${d.num})
console.log(sorted.at(0).${d.num}, sorted.at(-1).${d.num}, rows.findLastIndex((r) => r.${d.num} > ${d.cut}))
return sorted.map((r) => r.${d.num})`,
  'numbered report lines': (d) => `const rows = ${d.fetch}
const lines = rows.slice(0, 6).map((r, i) => \`\${String(i + 1).padStart(2, '0')}) \${r.${d.str}} [\${r.${d.key}}]\`)
console.log(lines.join('\\n'))
return lines.length`,
  'median and percentiles': (d) => `const rows = ${d.fetch}
const v = rows.map((r) => r.${d.num}).sort((a, b) => a - b)
const pct = (p) => v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))]
const median = v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2
console.log('median', median, 'p90', pct(90), 'p99', pct(99))
return { median, p90: pct(90) }`,
  'rank with ties': (d) => `const rows = ${d.fetch}
const sorted = [...rows].sort((a, b) => b.${d.num} - a.${d.num})
let rank = 0
let prev
const ranked = sorted.map((r, i) => {
  if (r.${d.num} !== prev) rank = i + 1
  prev = r.${d.num}
  return \`#\${rank} \${r.${d.id}}\`
})
console.log(ranked.slice(0, 5))
return ranked`,
  'a deep copy changed without touching the original': (d) => `const rows = ${d.fetch}
const copy = structuredClone(rows)
copy[0].${d.num} = -1
copy.pop()
console.log(rows[0].${d.num} !== -1, rows.length - copy.length)
return copy[0]`,
  'entries sorted by value': (d) => `const rows = ${d.fetch}
const totals = {}
rows.forEach((r) => { totals[r.${d.key}] = (totals[r.${d.key}] || 0) + r.${d.num} })
const ordered = Object.entries(totals).sort(([, a], [, b]) => b - a).map(([k, v]) => [k, Math.round(v)])
console.log(Object.fromEntries(ordered))
return ordered`,
  'diff of two fetches': (d) => `const [a, b] = await Promise.all([${d.fetch}, ${d.fetch}])
const before = new Set(a.filter((r) => r.${d.num} > ${d.cut}).map((r) => r.${d.id}))
const after = b.filter((r) => r.${d.num} >= ${d.cut} / 2).map((r) => r.${d.id})
const added = after.filter((id) => !before.has(id))
console.log('added', added.length, 'kept', after.length - added.length)
return added`,
  'a running total': (d) => `const rows = ${d.fetch}
let running = 0
const series = rows.slice(0, 8).map((r) => (running += r.${d.num}))
console.log(series.map((x) => x.toFixed(1)).join(' -> '))
return series`,
}

export const collections: Program[] = Object.entries(templates).flatMap(([what, template]) =>
  sets.map((d) => ({ name: `collections: ${what} (${d.label})`, source: template(d) })),
)

const joins: Program[] = [
  {
    name: 'collections: orders joined with customers',
    source: `const [users, orders] = await Promise.all([tools.listUsers(), tools.getOrders()])
const byId = new Map(users.map((u) => [u.id, u]))
const rows = orders.map((o) => ({ order: o.id, customer: byId.get(o.customerId)?.name ?? 'unknown', total: o.total }))
const perCustomer = {}
for (const r of rows) perCustomer[r.customer] = +((perCustomer[r.customer] ?? 0) + r.total).toFixed(2)
console.log(perCustomer)
return Object.entries(perCustomer).sort((a, b) => b[1] - a[1])[0]`,
  },
  {
    name: 'collections: line items flattened and summed per sku',
    source: `const orders = await tools.getOrders({ status: 'paid' })
const items = orders.flatMap((o) => o.items.map((it) => ({ ...it, order: o.id })))
const perSku = items.reduce((m, it) => m.set(it.sku, (m.get(it.sku) ?? 0) + it.qty * it.price), new Map())
for (const [sku, amount] of [...perSku].sort()) console.log(sku.padEnd(8), amount.toFixed(2))
return Object.fromEntries(perSku)`,
  },
  {
    name: 'collections: issues by label with the oldest first',
    source: `const issues = await tools.searchIssues({ state: 'open' })
const byLabel = {}
for (const issue of issues) for (const label of issue.labels) (byLabel[label] ||= []).push(issue)
for (const list of Object.values(byLabel)) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
const report = Object.keys(byLabel).sort().map((l) => \`\${l}: \${byLabel[l].map((i) => '#' + i.number).join(' ')}\`)
console.log(report.join('\\n'))
return report`,
  },
  {
    name: 'collections: products out of stock and their value',
    source: `const products = await tools.listProducts()
const missing = products.filter(({ stock }) => stock === 0).map(({ sku, name }) => \`\${sku} (\${name})\`)
const inventory = products.reduce((sum, { price, stock }) => sum + price * stock, 0)
console.log('out of stock:', missing)
console.log('inventory value: $' + inventory.toFixed(2))
return { missing, inventory: Math.round(inventory) }`,
  },
  {
    name: 'collections: events per service and level as a pivot table',
    source: `const events = await tools.getEvents()
const services = [...new Set(events.map((e) => e.service))].sort()
const levels = [...new Set(events.map((e) => e.level))].sort()
const pivot = services.map((s) => Object.fromEntries([['service', s], ...levels.map((l) => [l, events.filter((e) => e.service === s && e.level === l).length])]))
console.table(pivot)
return pivot`,
  },
  {
    name: 'collections: users without orders',
    source: `const users = await tools.listUsers()
const orders = await tools.getOrders()
const buyers = new Set(orders.map((o) => o.customerId))
const idle = users.filter((u) => !buyers.has(u.id))
console.log(idle.length ? idle.map((u) => u.email) : 'everyone ordered')
return idle.map((u) => u.id)`,
  },
  {
    name: 'collections: orders with a coupon, a null coupon or none',
    source: `const orders = await tools.getOrders()
const kinds = { coupon: 0, nullCoupon: 0, none: 0 }
for (const o of orders) {
  if (o.coupon) kinds.coupon++
  else if (o.coupon === null) kinds.nullCoupon++
  else if (!('coupon' in o)) kinds.none++
}
console.log(kinds)
return kinds`,
  },
  {
    name: 'collections: the slowest request per path',
    source: `const events = await tools.getEvents({ level: 'info' })
const slowest = {}
for (const e of events) if (!slowest[e.path] || slowest[e.path].durationMs < e.durationMs) slowest[e.path] = e
const out = Object.values(slowest).map((e) => \`\${e.path} \${e.durationMs}ms\`).sort()
console.log(out)
return out`,
  },
  {
    name: 'collections: array of arrays transposed',
    source: `const rows = (await tools.listProducts()).map((p) => [p.sku, p.price, p.stock])
const columns = rows[0].map((_, c) => rows.map((r) => r[c]))
console.log(columns)
return columns`,
  },
  {
    name: 'collections: zip names with scores and sort by two keys',
    source: `const users = await tools.listUsers()
const rows = users.map(({ team, name, score }) => ({ team, name, score }))
rows.sort((a, b) => a.team.localeCompare(b.team) || b.score - a.score)
rows.forEach((r) => console.log(r.team.padEnd(6), r.name.padEnd(20, '.'), r.score))
return rows.map((r) => r.name)`,
  },
]

collections.push(...joins)
