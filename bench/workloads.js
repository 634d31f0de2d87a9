'use strict'
// The programs bench/interleaved.js and bench/instructions.js measure: a cold TypeScript run
// with one binding, about 1 MB crossing each way, a run of sequential calls (issue 17), and the
// compute programs of bench/run.js's section (e), each with its `name` there (issue 14).
const MEGABYTE_SOURCE = "Array.from({ length: 15000 }, (_, i) => ({ id: i, name: 'item' + i, tags: ['a', 'b'], score: i / 3 }))"
// Generous time so a run under valgrind (about 50x slower) is never stopped by its budgets.
const BIG = { maxResultBytes: 4 * 2 ** 20, computeMs: 3_600_000, maxWallMs: 3_600_000 }
const SEQUENTIAL_CALLS = 2000

// A search tool's reply as agents get it: about 200 KB of JSON text, parsed by the program.
const TOOL_REPLY = JSON.stringify({
  total: 1300,
  items: Array.from({ length: 1300 }, (_, i) => ({
    id: 10_000 + i,
    repo: `org/repo-${i % 37}`,
    state: i % 3 ? 'open' : 'closed',
    labels: i % 5 ? ['bug', `area-${i % 11}`] : ['feature'],
    comments: (i * 7919) % 53,
    title: `Issue ${i}: something about component ${i % 97} fails under load`,
  })),
})

const COMPUTE = {
  fib: {
    name: 'fib(25)',
    source: 'function fib(n: number): number { return n < 2 ? n : fib(n - 1) + fib(n - 2) }\nreturn fib(25)',
  },
  json: {
    name: '1 MB JSON parse/map/filter/stringify',
    source: [
      'type Row = { id: number; name: string; tags: string[]; score: number }',
      'const rows: Row[] = []',
      "for (let i = 0; i < 14000; i++) rows.push({ id: i, name: 'item-' + i, tags: ['alpha', 'beta', 'gamma'], score: i % 97 })",
      'const text = JSON.stringify(rows)',
      'const kept = (JSON.parse(text) as Row[]).map((r) => ({ ...r, score: r.score * 2 })).filter((r) => r.score > 100)',
      'return { bytes: text.length, kept: kept.length, out: JSON.stringify(kept).length }',
    ].join('\n'),
  },
  chars: {
    name: 'string building loop',
    source: "let s: string = ''\nfor (let i = 0; i < 200000; i++) s += String.fromCharCode(97 + (i % 26))\nreturn s.length",
  },
  prepend: {
    name: 'string building by prepending',
    source: "let s: string = ''\nfor (let i = 0; i < 200000; i++) s = String.fromCharCode(97 + (i % 26)) + s\nreturn s.length",
  },
  report: {
    name: 'report lines',
    source: [
      "let out: string = ''",
      'for (let i = 0; i < 50000; i++) {',
      '  const x = i * 1.25',
      '  out += `| ${i} | item-${i} | ${x.toFixed(1)} |\\n`',
      '}',
      'return out.length',
    ].join('\n'),
  },
  // Model-written code is mostly small functions: callbacks to array methods, and methods.
  pipeline: {
    name: 'closure pipeline (100,000 objects through filter/map/sort/reduce)',
    source: [
      'type Order = { id: number; customer: number; price: number; quantity: number }',
      'const orders: Order[] = Array.from({ length: 100000 }, (_, i) => ({ id: i, customer: i % 97, price: ((i * 7919) % 1000) / 10, quantity: (i % 5) + 1 }))',
      'const totals = orders',
      '  .filter((o) => o.quantity > 1)',
      '  .map((o) => ({ id: o.id, customer: o.customer, total: o.price * o.quantity }))',
      '  .sort((a, b) => b.total - a.total || a.id - b.id)',
      'const byCustomer = totals.reduce((sums, o) => {',
      '  sums[o.customer] = (sums[o.customer] ?? 0) + o.total',
      '  return sums',
      '}, [] as number[])',
      'return { kept: totals.length, top: totals[0].id, customers: byCustomer.length }',
    ].join('\n'),
  },
  classes: {
    name: 'class methods (100,000 particle steps)',
    source: [
      'class Vec {',
      '  x: number',
      '  y: number',
      '  constructor(x: number, y: number) { this.x = x; this.y = y }',
      '  add(other: Vec): Vec { return new Vec(this.x + other.x, this.y + other.y) }',
      '  scale(k: number): Vec { return new Vec(this.x * k, this.y * k) }',
      '  dot(other: Vec): number { return this.x * other.x + this.y * other.y }',
      '}',
      'class Particle {',
      '  position: Vec',
      '  velocity: Vec',
      '  constructor(position: Vec, velocity: Vec) { this.position = position; this.velocity = velocity }',
      '  get energy(): number { return 0.5 * this.velocity.dot(this.velocity) }',
      '  step(dt: number): void { this.position = this.position.add(this.velocity.scale(dt)) }',
      '}',
      'const particles: Particle[] = []',
      'for (let i = 0; i < 1000; i++) particles.push(new Particle(new Vec(i, -i), new Vec(i % 7, i % 11)))',
      'let energy = 0',
      'for (let t = 0; t < 100; t++) {',
      '  for (const p of particles) {',
      '    p.step(0.01)',
      '    energy += p.energy',
      '  }',
      '}',
      'return Math.round(energy)',
    ].join('\n'),
  },
  tool: {
    name: 'tool result processing (200 KB reply)',
    source: [
      'type Issue = { id: number; repo: string; state: string; labels: string[]; comments: number; title: string }',
      'const reply = JSON.parse(await searchIssues()) as { items: Issue[] }',
      'const byRepo = new Map<string, { open: number; closed: number; comments: number }>()',
      'for (const issue of reply.items) {',
      '  let group = byRepo.get(issue.repo)',
      '  if (!group) byRepo.set(issue.repo, (group = { open: 0, closed: 0, comments: 0 }))',
      "  if (issue.state === 'open') group.open++",
      '  else group.closed++',
      '  group.comments += issue.comments',
      '}',
      'const rows = [...byRepo].sort((a, b) => b[1].comments - a[1].comments || a[0].localeCompare(b[0]))',
      "let table = '| repo | open | closed | comments |\\n| --- | --- | --- | --- |\\n'",
      'for (const [repo, g] of rows) table += `| ${repo} | ${g.open} | ${g.closed} | ${g.comments} |\\n`',
      "const bugs = reply.items.filter((i) => i.labels.includes('bug')).sort((a, b) => b.comments - a.comments)",
      "table += bugs.slice(0, 20).map((i) => `- #${i.id} ${i.title} (${i.comments})`).join('\\n')",
      "return { repos: rows.length, lines: table.split('\\n').length }",
    ].join('\n'),
    bindings: { searchIssues: async () => TOOL_REPLY },
  },
}

function workloads() {
  const megabyte = new Function(`return ${MEGABYTE_SOURCE}`)()
  return {
    cold: {
      source: [
        'interface User { id: number; name: string }',
        'const user: User = await getUser(7)',
        'console.log(`hello ${user.name}`)',
        'return { id: user.id, greeting: `hi ${user.name}` as string }',
      ].join('\n'),
      bindings: { getUser: async (id) => ({ id, name: 'ada' }) },
    },
    // Building the megabyte alone, to subtract from `argument`.
    build: { source: `const items = ${MEGABYTE_SOURCE}\nreturn items.length`, bindings: {}, limits: BIG },
    argument: { source: `const items = ${MEGABYTE_SOURCE}\nreturn await take(items)`, bindings: { take: async (items) => items.length }, limits: BIG },
    reply: { source: 'const items: { id: number }[] = await give()\nreturn items[14999].id', bindings: { give: async () => megabyte }, limits: BIG },
    ...Object.fromEntries(Object.entries(COMPUTE).map(([key, program]) => [key, { limits: BIG, ...program }])),
    sequential: {
      source: `let total: number = 0\nfor (let i = 0; i < ${SEQUENTIAL_CALLS}; i++) total += await inc(i)\nreturn total`,
      bindings: { inc: async (i) => i + 1 },
    },
  }
}

module.exports = { workloads, SEQUENTIAL_CALLS }
