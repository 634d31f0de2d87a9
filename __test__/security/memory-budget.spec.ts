import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../../index.js'
import { errorOf, valueOf } from '../helpers.js'

// Issue 12: a built-in that builds a large result charges it to the memory budget before it
// builds it, and the count the budget keeps is what the program really holds.
const MiB = 2 ** 20
const BUDGET = 64 * MiB
const runtime = createCodeRuntime({ limits: { maxMemoryBytes: BUDGET, computeMs: 5000 } })
afterAll(() => runtime.dispose())

describe('memory budget of bulk built-ins', () => {
  const bulk: [string, string][] = [
    ['padStart past the budget', `return 'x'.repeat(1 << 20).padStart(1 << 24, 'ab').length`],
    ['padEnd past the budget', `return '\\u00e9'.padEnd(1 << 24).length`],
    ['a Symbol description past the budget', `const s = 'x'.repeat(1 << 25); return Symbol(s).toString().length`],
    ['atob past the budget', `return atob('QUFB'.repeat(1 << 24)).length`],
    ['btoa past the budget', `return btoa('x'.repeat(1 << 25)).length`],
    ['TextEncoder past the budget', `return new TextEncoder().encode('\\u00e9'.repeat(1 << 24)).length`],
    ['replaceAll growing its result past the budget', `return 'x'.repeat(1 << 20).replaceAll('x', 'y'.repeat(100)).length`],
    ['a v-flag class set compiled past the budget', `return new RegExp('[\\\\p{L}--[a-z]]'.repeat(1e4), 'v').test('x')`],
    ['recursion touching the stack', `let t = '['.repeat(1e5) + ']'.repeat(1e5); return String(JSON.parse(t)).length`],
  ]
  for (const [name, source] of bulk) {
    it(`${name} ends with memory_budget, the count within 10% of the budget`, async () => {
      const result = await runtime.run({ source })
      expect(errorOf(result).kind).toBe('memory_budget')
      expect(result.stats.memoryBytes).toBeLessThanOrEqual(BUDGET * 1.1)
    })
  }

  it('the same built-ins still build results that fit', async () => {
    const source = `return [
      'x'.padStart(1 << 20, 'ab').length, Symbol('d'.repeat(1000)).toString().length,
      atob(btoa('hello')), new TextEncoder().encode('h\\u00e9').length, atob({ toString: () => 'QUFB' }),
    ]`
    expect(valueOf(await runtime.run({ source }))).toEqual([1 << 20, 1008, 'hello', 3, 'AAA'])
  })
})

describe('localeCompare', () => {
  it('compares huge strings without building anything per character', async () => {
    // It built 72 bytes per character: a 2^26-character compare passed 3 GiB of RSS (fuzz finding
    // hugeStrings.localeCompare). Its strings here hold about 12 MiB.
    const result = await runtime.run({
      source: `const a = 'a'.repeat(1 << 21); return [a.localeCompare(a + 'b'), (a + 'B').localeCompare(a + 'b'), ('1' + a).localeCompare('01' + a, undefined, { numeric: true })]`,
    })
    expect(valueOf(result)).toEqual([-1, 1, 0])
    expect(result.stats.memoryBytes).toBeLessThan(32 * MiB)
  })
})

describe('stats.memoryBytes', () => {
  it('counts the most the program held at once, not what it holds at the end', async () => {
    const result = await runtime.run({ source: `let s = 'x'.repeat(8 << 20); s = ''; return 1` })
    expect(valueOf(result)).toBe(1)
    expect(result.stats.memoryBytes).toBeGreaterThanOrEqual(8 * MiB)
    expect(result.stats.memoryBytes).toBeLessThan(12 * MiB)
  })

  it('counts the block sizes the allocator hands out, so 64 KiB strings count more than 64 KiB each', async () => {
    const result = await runtime.run({ source: `const a = []; for (let i = 0; i < 200; i++) a.push('x'.repeat(65536) + i); return a.length` })
    expect(valueOf(result)).toBe(200)
    expect(result.stats.memoryBytes).toBeGreaterThan(200 * 65536 * 1.1)
  })

  it('a program at its budget is stopped before its count passes the budget by more than 10%', async () => {
    const result = await runtime.run({ source: `const a = []; for (let i = 0; ; i++) a.push('v'.repeat(1000) + i)` })
    expect(errorOf(result).kind).toBe('memory_budget')
    expect(result.stats.memoryBytes).toBeGreaterThan(BUDGET * 0.9)
    expect(result.stats.memoryBytes).toBeLessThanOrEqual(BUDGET * 1.1)
  })
})
