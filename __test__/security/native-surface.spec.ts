// Programs that reach the engine's native code with sizes and depths they choose: huge argument
// lists, values nested a million deep, results of a gigabyte. Each runs in a child Node process,
// since before the engine bounded them they killed the host outright (SIGABRT, SIGSEGV); the child
// must exit normally, report the attack's result, and run the next program in the same runtime.
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createCodeRuntime } from '../../index.js'
import type { Limits, RunResult } from '../../index.js'

const root = resolve(__dirname, '../..')

// Each test starts a Node process and may build a million objects in it.
vi.setConfig({ testTimeout: 180_000 })

interface ChildReport {
  attack: RunResult
  next: RunResult
  /** Resident set size just before the attack, and the process's peak, in bytes. */
  rssBefore: number
  peakRss: number
}

function runInChild(source: string, limits: Limits = {}): ChildReport {
  const script = `
    const { createCodeRuntime } = require(${JSON.stringify(resolve(root, 'index.js'))})
    ;(async () => {
      const runtime = createCodeRuntime()
      await runtime.run({ source: 'return 1', language: 'javascript' })
      const rssBefore = process.memoryUsage().rss
      const attack = await runtime.run({ source: ${JSON.stringify(source)}, language: 'javascript', limits: ${JSON.stringify(limits)} })
      const next = await runtime.run({ source: 'return [1, 2, 3].map((x) => x * 2)', language: 'javascript' })
      const peakRss = process.resourceUsage().maxRSS * 1024
      await runtime.dispose()
      process.stdout.write(JSON.stringify({ attack, next, rssBefore, peakRss }))
    })()
  `
  const child = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', timeout: 170_000 })
  expect({ signal: child.signal, status: child.status, stderr: child.stderr }).toEqual({ signal: null, status: 0, stderr: '' })
  const report = JSON.parse(child.stdout) as ChildReport
  expect(report.next).toMatchObject({ ok: true, value: [2, 4, 6] })
  return report
}

/** The program catches what the engine throws and returns its name and message. */
const caught = (body: string) => `try { ${body}; return 'no error' } catch (e) { return [e.name, e.message] }`

const STACK_EXHAUSTED = ['RangeError', 'Maximum call stack size exceeded']

describe('argument lists of a program-chosen length', () => {
  const huge = '{ length: 2 ** 32 }'
  it.each([
    ['Function.prototype.apply', `Math.max.apply(null, ${huge})`],
    ['Reflect.apply', `Reflect.apply(Math.max, null, ${huge})`],
    ['Reflect.construct', `Reflect.construct(Array, ${huge})`],
    ['String.fromCharCode.apply', `String.fromCharCode.apply(null, ${huge})`],
    ['a Proxy ownKeys trap', `Object.keys(new Proxy({}, { ownKeys: () => (${huge}) }))`],
  ])('%s stops with the memory budget', (_, attack) => {
    const { attack: result } = runInChild(`return ${attack}`)
    expect(result).toMatchObject({ ok: false, error: { kind: 'memory_budget' } })
  })
})

describe('native recursion on deeply nested values', () => {
  const nestedObject = 'let o = {}; for (let i = 0; i < 1e6; i++) o = { o }'
  const nestedArray = 'let a = []; for (let i = 0; i < 3e5; i++) a = [a]'
  const proxyChain = 'let p = {}; for (let i = 0; i < 1e6; i++) p = new Proxy(p, {})'
  it.each([
    ['JSON.stringify', `${nestedObject}; JSON.stringify(o)`],
    // The reviver walks what the holder has when it gets there: a deep value planted on the way.
    ['JSON.parse with a reviver', `${nestedObject}; JSON.parse('{"a":1,"b":2}', function (k, v) { if (k === 'a') this.b = o; return v })`],
    ['String of an array', `${nestedArray}; String(a)`],
    ['Array.prototype.join', `${nestedArray}; a.join('-')`],
    ['toLocaleString', `${nestedArray}; a.toLocaleString()`],
    ['Object.freeze of a Proxy chain', `${proxyChain}; Object.freeze(p)`],
    ['Object.keys of a Proxy chain', `${proxyChain}; Object.keys(p)`],
    ['property read through a Proxy chain', `${proxyChain}; p.x`],
    ['structuredClone', `${nestedObject}; structuredClone(o)`],
    ['structuredClone of nested Sets', 'let s = new Set(); for (let i = 0; i < 3e5; i++) s = new Set([s]); structuredClone(s)'],
  ])('%s throws a catchable RangeError', (_, attack) => {
    // Building a million objects or Proxies takes seconds on a loaded machine, and holds about
    // 250 MiB: with the stack the recursion touches (counted too), past the default budget.
    const { attack: result } = runInChild(caught(attack), { computeMs: 60_000, maxWallMs: 120_000, maxMemoryBytes: 512 * 2 ** 20 })
    expect(result).toMatchObject({ ok: true, value: STACK_EXHAUSTED })
  })

  it('a regular expression of 100,000 alternatives compiles and matches', () => {
    const { attack: result } = runInChild(`const re = new RegExp('a|'.repeat(1e5) + 'b'); return [re.test('b'), re.test('c'), 'xab'.replace(re, '_')]`)
    expect(result).toMatchObject({ ok: true, value: [true, false, 'x_b'] })
  })

  it('a regular expression nested 100,000 groups deep is a SyntaxError', () => {
    const { attack: result } = runInChild(caught(`new RegExp('('.repeat(1e5) + ')'.repeat(1e5))`))
    expect(result).toMatchObject({ ok: true, value: ['SyntaxError', expect.stringContaining('too deeply nested')] })
  })
})

describe('results far larger than what the program holds', () => {
  const budget = 64 * 1024 * 1024
  const mebibyte = "const s = 'x'.repeat(1 << 20)"
  it.each([
    ['Array.prototype.join', `${mebibyte}; return Array(100).fill(s).join('').length`],
    ['Array.prototype.toString', `${mebibyte}; return Array(100).fill(s).toString().length`],
    ['JSON.stringify', `${mebibyte}; return JSON.stringify(Array(1000).fill(s)).length`],
    ['String.prototype.concat', `${mebibyte}; return ''.concat(...Array(100).fill(s)).length`],
    ['String.prototype.repeat', `${mebibyte}; return s.repeat(500).length`],
    ['String.prototype.padEnd', `return 'x'.padEnd(2 ** 28).length`],
    ['NFKD normalize', `return '\\uFDFA'.repeat(2e6).normalize('NFKD').length`],
    ['toLocaleString', `${mebibyte}; return Array(1000).fill(s).toLocaleString().length`],
    ['String.prototype.replaceAll', `${mebibyte}; return 'a'.repeat(1000).replaceAll('a', s).length`],
    ['RegExp replace', `${mebibyte}; return 'a'.repeat(1000).replace(/a/g, s).length`],
    ['replacement patterns', `${mebibyte}; return s.replace(/x+/, '$&'.repeat(100)).length`],
    ['TypedArray join', `${mebibyte}; return new Uint8Array(1000).join(s).length`],
    ['string addition', `let t = 'x'.repeat(1 << 20); for (;;) t = t + t`],
    ['template literals', `let t = 'x'.repeat(1 << 20); for (;;) t = \`\${t}\${t}\``],
  ])('%s stops with the memory budget, within it', (_, attack) => {
    const report = runInChild(attack, { maxMemoryBytes: budget })
    expect(report.attack).toMatchObject({ ok: false, error: { kind: 'memory_budget' } })
    expect(report.peakRss - report.rssBefore).toBeLessThan(budget * 1.1)
  })

  it.each([
    ['repeat', `'x'.repeat(2 ** 30)`],
    ['join', `Array(1024).fill('x'.repeat(1 << 20)).join('')`],
  ])('a string longer than the maximum string length (%s) is a catchable RangeError', (_, attack) => {
    const { attack: result } = runInChild(caught(attack))
    expect(result).toMatchObject({ ok: true, value: ['RangeError', 'Invalid string length'] })
  })

  it('results within the budget are built as before', () => {
    const { attack: result } = runInChild(
      `const s = 'ab'.repeat(1000); return [Array(100).fill(s).join('').length, s.concat(s, s).length, s.padStart(3000, 'xy').slice(0, 4), JSON.stringify([s]).length, '\\u00C5'.normalize('NFD').length, \`\${s}\${s}\`.length]`,
      { maxMemoryBytes: budget },
    )
    expect(result).toMatchObject({ ok: true, value: [200_000, 6000, 'xyxy', 2004, 2, 4000] })
  })
})

describe('compiling what the program text chooses', () => {
  // The engine compiles before any budget can stop it, so compiling must be linear in the
  // program: 30,000 declarations in one scope used to take seconds of CPU (names looked up by
  // scanning the scope, registers by scanning the frame), far past the compute budget. (In
  // process: the program is too long for a child's command line, and it never threatened the host.)
  it('a scope with 30,000 declarations compiles within the compute budget', async () => {
    const declarations = Array.from({ length: 30_000 }, (_, i) => `let v${i} = ${i};`).join('\n')
    const runtime = createCodeRuntime()
    try {
      const result = await runtime.run({ source: `${declarations}\nreturn v0 + v29999`, language: 'javascript', limits: { computeMs: 2_000 } })
      expect(result).toMatchObject({ ok: true, value: 29_999 })
    } finally {
      await runtime.dispose()
    }
  })
})
