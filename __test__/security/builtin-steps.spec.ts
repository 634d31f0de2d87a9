// Built-ins whose work grows with the program's data count it toward the budget, as instructions
// do: one call that would run for seconds or hours ends with the budget's kind, not with its value
// long after. Each runs in a child process: before the fix some ran for minutes.
import { describe, expect, it } from 'vitest'
import { runInChild } from './child.js'

const BUDGET = { computeMs: 500, maxWallMs: 20_000 }

describe('a long built-in call is stopped by the compute budget', () => {
  const calls: [string, string][] = [
    ['indexOf with a long near-miss', `return 'a'.repeat(2e6).indexOf('a'.repeat(2e5) + 'b')`],
    ['includes with a long near-miss', `return 'a'.repeat(2e6).includes('a'.repeat(2e5) + 'b')`],
    ['lastIndexOf with a long near-miss', `return 'a'.repeat(2e6).lastIndexOf('a'.repeat(2e5) + 'b')`],
    ['split on a long near-miss', `return 'a'.repeat(2e6).split('a'.repeat(2e5) + 'b').length`],
    ['replaceAll of a long near-miss', `return 'a'.repeat(2e6).replaceAll('a'.repeat(2e5) + 'b', '').length`],
    ['compiling a long pattern', `return new RegExp('\\\\w|'.repeat(33e4), 'iu').source.length`],
    ['a lookbehind over a long input', `return /(?<=a+)b/.test('a'.repeat(1e6))`],
    ['String.prototype.search with a long near-miss', `return 'a'.repeat(2e6).search('a'.repeat(2e5) + 'b')`],
  ]

  it.each(calls)('%s', async (_, source) => {
    const outcome = await runInChild(source, BUDGET)
    expect(outcome).toMatchObject({ ok: false, kind: 'compute_budget' })
  })

  // Results of several code units per unit: memory enough that only time can stop them.
  it.each([
    ['encodeURIComponent of a long string', `return encodeURIComponent('\u00e9'.repeat(1 << 24)).length`],
    ['escape of a long string', `return escape('\u00e9'.repeat(1 << 25)).length`],
  ])('%s', async (_, source) => {
    const outcome = await runInChild(source, { ...BUDGET, maxMemoryBytes: 2 ** 30 })
    expect(outcome).toMatchObject({ ok: false, kind: 'compute_budget' })
  })
})

describe('a BigInt operation too long to stop is refused before it starts', () => {
  // One BigInt operation is one native call; past 2^20 bits their cost outgrows any budget
  // (converting 2^24 bits to a string took seconds), so larger results are a RangeError.
  it.each([
    ['a power', '(2n ** 2n ** 24n).toString().length'],
    ['a product', '(1n << 600000n) * (1n << 600000n)'],
    ['a shift', '1n << (2n ** 20n)'],
    ['parsing more digits than the largest BigInt has', "BigInt('9'.repeat(400000))"],
  ])('%s', async (_, expression) => {
    const outcome = await runInChild(`try { ${expression}; return 'no error' } catch (e) { return e.name }`, BUDGET)
    expect(outcome).toEqual({ ok: true, value: 'RangeError' })
  })

  it('BigInts up to 2^20 bits still compute', async () => {
    const source = `return [(2n ** (2n ** 20n - 1n)).toString(16).length, String(3n ** 1000n).length,
      BigInt('9'.repeat(300000)).toString().length, BigInt.asUintN(64, -1n).toString()]`
    const outcome = await runInChild(source, BUDGET)
    expect(outcome).toEqual({ ok: true, value: [262144, 478, 300000, '18446744073709551615'] })
  })
})

describe('a pattern whose compilation would not fit in the memory budget', () => {
  it('is a memory_budget before it compiles, and smaller patterns still compile', async () => {
    // Compiling it touched 107 MiB under a 64 MiB budget before the compiler's checks stopped it.
    const limits = { ...BUDGET, maxMemoryBytes: 64 * 2 ** 20 }
    const outcome = await runInChild(`return new RegExp('a|'.repeat(3e5) + 'b').test('c'.repeat(1000))`, limits)
    expect(outcome).toMatchObject({ ok: false, kind: 'memory_budget' })
    const fits = await runInChild(`return new RegExp('a|'.repeat(3e4) + 'b').test('b')`, limits)
    expect(fits).toEqual({ ok: true, value: true })
  })
})

describe('built-ins that were slow for no reason are fast', () => {
  it('a long alternation compiles well within the budget', async () => {
    const outcome = await runInChild(`return new RegExp('a|'.repeat(1e5) + 'b').test('b')`, BUDGET)
    expect(outcome).toEqual({ ok: true, value: true })
  })

  it('JSON.stringify of deep nesting writes each level once', async () => {
    // Each level used to copy everything below it again (the square of the depth).
    const source = `let o = {}\nfor (let i = 0; i < 2000; i++) o = { ['k'.repeat(2000)]: o }\nreturn JSON.stringify(o).length`
    const outcome = await runInChild(source, BUDGET)
    expect(outcome).toEqual({ ok: true, value: 2000 * (2000 + 5) + 2 })
  })

  it('a pattern longer than a program may be is a SyntaxError', async () => {
    const source = `try { new RegExp('a'.repeat(2 ** 20 + 1)) } catch (e) { return e.name + ': ' + e.message }`
    const outcome = await runInChild(source, BUDGET)
    expect(outcome).toMatchObject({ ok: true, value: expect.stringMatching(/^SyntaxError: .*too large/) })
  })

  it('concat of many pieces joins them once', async () => {
    const outcome = await runInChild(`return ''.concat(...Array(1e4).fill('x'.repeat(1000))).length`, BUDGET)
    expect(outcome).toEqual({ ok: true, value: 1e7 })
  })

  it('searches still find what they look for', async () => {
    const source = `
      const s = 'ab'.repeat(1e5) + 'needle' + 'ab'.repeat(10)
      return [s.indexOf('needle'), s.lastIndexOf('needle'), s.includes('needle', 200_001), s.split('needle').length,
        s.replaceAll('needle', '').length, 'xx'.indexOf('', 5), 'abc'.indexOf('c', 1), 'x'.concat(1, [2, 3], null)]`
    const outcome = await runInChild(source, BUDGET)
    expect(outcome).toEqual({ ok: true, value: [200_000, 200_000, false, 2, 200_020, 2, 2, 'x12,3null'] })
  })
})
