// Whole agent turns: several tools, partial failures, a report at the end, as a model writes a
// Code Mode program to answer one request.
import { family, type Program } from '../harness'

const programs: Record<string, string> = {
  'triage open issues with priorities': `const issues = await tools.searchIssues({ state: 'open' })
const details = await Promise.allSettled(issues.map((i) => tools.getIssue({ number: i.number })))
const triaged = []
const skipped = []
details.forEach((d, idx) => {
  if (d.status === 'rejected') { skipped.push(issues[idx].number); console.warn(\`skipping #\${issues[idx].number}: \${d.reason.message}\`); return }
  const issue = d.value
  const priority = issue.labels.find((l) => /^p\\d$/.test(l)) ?? 'p3'
  triaged.push({ number: issue.number, title: issue.title, priority })
})
triaged.sort((a, b) => a.priority.localeCompare(b.priority) || a.number - b.number)
console.log(\`triaged \${triaged.length}, skipped \${skipped.length}\`)
return { triaged: triaged.slice(0, 5), skipped }`,
  'a customer spending report': `const [users, orders] = await Promise.all([tools.listUsers({ active: true }), tools.getOrders()])
const rates = { USD: 1, EUR: 1.087, GBP: 1.266, JPY: 0.0067 }
const spend = new Map(users.map((u) => [u.id, 0]))
for (const o of orders) if (spend.has(o.customerId) && o.status !== 'refunded') spend.set(o.customerId, spend.get(o.customerId) + o.total * rates[o.currency])
const report = users
  .map((u) => ({ name: u.name, spend: Math.round(spend.get(u.id) * 100) / 100 }))
  .sort((a, b) => b.spend - a.spend)
console.table(report)
const total = report.reduce((s, r) => s + r.spend, 0)
console.log('total (USD):', total.toLocaleString('en-US', { style: 'currency', currency: 'USD' }))
return report`,
  'weather for the team cities with a fallback': `const cities = ['Paris', '', 'Tokyo', 'Nairobi']
const results = await Promise.all(cities.map(async (city) => {
  try {
    const w = await tools.getWeather({ city })
    return \`\${w.city.padEnd(8)} \${w.tempC.toFixed(1).padStart(5)}°C \${w.conditions}\`
  } catch (e) {
    return \`(\${JSON.stringify(city)}: \${e.message})\`
  }
}))
console.log(results.join('\\n'))
return results`,
  'an error log summary for the last hours': `const since = Date.UTC(2024, 0, 15, 12)
const events = await tools.getEvents({ since })
const errors = events.filter((e) => e.level === 'error' || e.level === 'warn')
const byService = Object.entries(errors.reduce((acc, e) => ({ ...acc, [e.service]: [...(acc[e.service] ?? []), e] }), {}))
const lines = byService.map(([svc, list]) => \`\${svc}: \${list.length} (\${list.map((e) => new Date(e.ts).toISOString().slice(11, 16) + ' ' + e.message).join('; ')})\`)
console.log(lines.join('\\n') || 'no errors')
const slowest = events.reduce((m, e) => (e.durationMs > m.durationMs ? e : m), events[0])
return { errors: errors.length, slowest: slowest && { path: slowest.path, ms: slowest.durationMs } }`,
  'stock alerts written to the store': `const products = await tools.listProducts()
const low = products.filter((p) => p.stock < 5)
for (const p of low) await kv.set(\`alert:\${p.sku}\`, { sku: p.sku, stock: p.stock, at: new Date(Date.UTC(2024, 0, 15)).toISOString() })
const keys = await kv.keys()
const alerts = await Promise.all(keys.map((k) => kv.get(k)))
console.log(keys)
return alerts`,
  'a status page checked with retries and a budget': `const started = 0
const log = []
async function check(url, attempts = 3) {
  for (let i = 1; i <= attempts; i++) {
    const res = await tools.fetchPage({ url })
    if (res.status === 200) return { url, ok: true, tries: i }
    log.push(\`\${url} -> \${res.status} (try \${i})\`)
  }
  return { url, ok: false, tries: attempts }
}
const urls = ['https://example.com/', 'https://example.com/missing', 'https://api.example.com/v1/status']
const results = []
for (const u of urls) results.push(await check(u))
console.log(log)
return results`,
  'emails grouped by domain for a newsletter': `const users = await tools.listUsers()
const byDomain = {}
for (const { email, active } of users) {
  if (!active) continue
  const domain = email.slice(email.indexOf('@') + 1).toLowerCase()
  ;(byDomain[domain] ??= []).push(email)
}
const sorted = Object.keys(byDomain).sort((a, b) => byDomain[b].length - byDomain[a].length || a.localeCompare(b))
console.log(sorted.map((d) => \`\${d} (\${byDomain[d].length})\`).join(', '))
return byDomain`,
  'an SQL-ish join answered from the database tool': `const { rows: members } = await db.query('select id, name, team from users where team = $1', ['infra'])
const { rows: recent } = await db.query('select id, total, currency from orders')
const summary = { members: members.map((m) => m.name), recentTotal: recent.reduce((s, r) => s + r.total, 0).toFixed(2) }
console.log(summary)
return summary`,
  'a flaky tool retried per key in parallel': `const keys = ['a', 'b', 'c']
const retry = async (key) => {
  for (let attempt = 1; ; attempt++) {
    try { return await tools.flaky({ key }) } catch (e) { if (attempt >= 3) throw e }
  }
}
const out = await Promise.all(keys.map(retry))
console.log(out)
return out.map((r) => r.attempts)`,
  'a markdown digest of open issues': `const issues = await tools.searchIssues({ state: 'open', limit: 6 })
const lines = ['# Open issues', '', ...issues.map((i) => \`- [#\${i.number}](https://github.example/issues/\${i.number}) \${i.title} — \${i.labels.join(', ')} (\${i.comments} comments)\`)]
const md = lines.join('\\n')
console.log(md)
return { chars: md.length, lines: lines.length }`,
  'page through results until a short page': `const pageSize = 4
let page = 0
const all = []
while (true) {
  const batch = (await tools.searchIssues({ q: '' })).slice(page * pageSize, (page + 1) * pageSize)
  all.push(...batch)
  page++
  if (batch.length < pageSize) break
}
console.log(\`\${page} pages, \${all.length} issues\`)
return all.map((i) => i.number)`,
  'a tool failure surfaces in the final error': `const users = await tools.listUsers()
const details = []
for (const u of users.slice(0, 3)) details.push(await tools.getUser({ id: u.id }))
console.log(details.map((d) => d.name))
const missing = await tools.getUser({ id: 404 })
return missing.name`,
  'products priced in several currencies': `const products = (await tools.listProducts()).filter((p) => p.stock > 0)
const currencies = ['EUR', 'GBP', 'JPY']
const rows = []
for (const p of products) {
  const converted = await Promise.all(currencies.map((to) => tools.convertCurrency({ amount: p.price, from: 'USD', to })))
  rows.push({ sku: p.sku, USD: p.price, ...Object.fromEntries(converted.map((c) => [c.to, Math.round(c.amount * 100) / 100])) })
}
console.table(rows)
return rows`,
  'an HTML page summarized': `const page = await tools.fetchPage({ url: 'https://example.com/about' })
const text = page.body.replace(/<[^>]+>/g, ' ').replace(/\\s+/g, ' ').trim()
const emails = [...new Set(text.match(/[\\w.]+@[\\w.]+\\w/g))]
const year = Number(text.match(/\\b(19|20)\\d{2}\\b/)?.[0])
console.log({ text, emails, year, age: 2024 - year })
return { emails, year }`,
  'a plan with steps and a final summary object': `const steps = []
const step = async (name, fn) => {
  try { const value = await fn(); steps.push({ name, ok: true }); return value } catch (e) { steps.push({ name, ok: false, error: e.message }); return null }
}
const users = await step('load users', () => tools.listUsers())
const issue = await step('load issue 7', () => tools.getIssue({ number: 7 }))
const weather = await step('weather', () => tools.getWeather({ city: 'Berlin' }))
const bad = await step('bad query', () => db.query('DROP TABLE users'))
console.log(steps.map((s) => \`\${s.ok ? '✓' : '✗'} \${s.name}\${s.ok ? '' : ': ' + s.error}\`).join('\\n'))
return { users: users?.length, issue, weather: weather?.conditions, bad, failed: steps.filter((s) => !s.ok).length }`,
}

export const agents: Program[] = family('agents', programs)
