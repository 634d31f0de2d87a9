'use strict'
// The programs bench/interleaved.js and bench/instructions.js measure (issue 17): a cold
// TypeScript run with one binding, about 1 MB crossing each way, a run of sequential calls.
const MEGABYTE_SOURCE = "Array.from({ length: 15000 }, (_, i) => ({ id: i, name: 'item' + i, tags: ['a', 'b'], score: i / 3 }))"
// Generous time so a run under valgrind (about 50x slower) is never stopped by its budgets.
const BIG = { maxResultBytes: 4 * 2 ** 20, computeMs: 3_600_000, maxWallMs: 3_600_000 }
const SEQUENTIAL_CALLS = 2000

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
    sequential: {
      source: `let total: number = 0\nfor (let i = 0; i < ${SEQUENTIAL_CALLS}; i++) total += await inc(i)\nreturn total`,
      bindings: { inc: async (i) => i + 1 },
    },
  }
}

module.exports = { workloads, SEQUENTIAL_CALLS }
