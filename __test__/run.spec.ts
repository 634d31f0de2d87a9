import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { Bindings, LogEntry, RunOptions, RunResult } from '../index.js'
import { computingPeak, deferred, errorOf, runInChild, sleep, until, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

/** Runs a program with a wall budget that ends hung runs quickly, so a broken behaviour fails fast. */
function run(source: string, options: Partial<RunOptions> = {}): Promise<RunResult> {
  return runtime.run({ source, ...options, limits: { maxWallMs: 5_000, ...options.limits } })
}

describe('runtime', () => {
  it('reports its substrate and TypeScript as its language', () => {
    // vitest.config.ts runs this suite on each substrate
    expect(runtime.substrate).toBe(process.env.TEST_SUBSTRATE ?? 'thread')
    expect(runtime.language).toBe('typescript')
  })
})

describe('TypeScript', () => {
  it('strips types and runs the program', async () => {
    const source = `interface P { x: number }\ntype Id = string\nconst p: P = { x: 2 }\nfunction twice<T extends number>(n: T): number { return n * 2 }\nreturn twice(p.x as number) satisfies number`
    expect(valueOf(await run(source))).toBe(4)
  })

  // Boa locates a failed property access at the property's name.
  it('reports a runtime error at its line and column in the original source', async () => {
    const source = `const a: number = 1\nconst u: any = undefined\n\n\n\n\n  u.missing\n`
    const error = errorOf(await run(source))
    expect(error.kind).toBe('runtime')
    expect(error.name).toBe('TypeError')
    expect(error.line).toBe(7)
    expect(error.column).toBe(5)
  })

  it('does not shift the column by a type annotation earlier on the same line', async () => {
    const line = `let v: Array<number> | undefined = undefined; v.length`
    const error = errorOf(await run(`\n\n\n\n\n\n${line}`))
    expect(error.kind).toBe('runtime')
    expect(error.line).toBe(7)
    expect(error.column).toBe(line.indexOf('length') + 1)
  })

  it('names an undefined variable in a ReferenceError', async () => {
    const error = errorOf(await run(`const a: number = 1\nmissing()`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'ReferenceError', message: 'missing is not defined' })
  })

  it('keeps positions of a thrown error after a type annotation on the same line', async () => {
    const line = `const q: Record<string, number> = {}; throw new TypeError('boom')`
    const error = errorOf(await run(`const a: number = 1\n\n\n\n\n\n${line}`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'TypeError', message: 'boom', line: 7 })
    expect(error.column).toBe(line.indexOf('new') + 1)
    expect(error.stack).toContain(':7:')
  })

  // Stripping blanked such a character with fewer bytes than it had, and the program was refused
  // as not fitting its function body.
  it('runs a program with characters outside ASCII in its types, keeping later columns', async () => {
    const line = `type Statut = 'ouvert' | 'fermé' | '✓'; const s: Statut = 'fermé'; (s as any).x.y`
    const error = errorOf(await run(`const a: number = 1\n${line}`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'TypeError', line: 2, column: line.lastIndexOf('y') + 1 })
    expect(valueOf(await run(`const face: '😀' | 'ü' = 'ü'\nreturn face`))).toBe('ü')
  })

  it('allows top-level await and return', async () => {
    expect(valueOf(await run(`const x = await Promise.resolve(21)\nreturn x * 2`))).toBe(42)
  })

  it("runs plain JavaScript with language: 'javascript', where type syntax is an error", async () => {
    expect(valueOf(await run(`const x = await Promise.resolve(3); return x + 1`, { language: 'javascript' }))).toBe(4)
    const error = errorOf(await run(`const x: number = 1; return x`, { language: 'javascript' }))
    expect(error.kind).toBe('syntax')
  })

  it.each([
    ['enum', `const x = 1\nenum Color { Red, Green }\nreturn x`, /enum/, /as const/, 2, [1, 1]],
    ['namespace', `const x = 1\nnamespace N { export const a = 1 }\nreturn x`, /namespace/, /object|top-level/, 2, [1, 1]],
    // The caret may point at the modifier (column 15) or at the parameter (column 23).
    ['parameter property', `class A {\n  constructor(private x: number) {}\n}`, /parameter propert/, /this\.x = x/, 2, [15, 23]],
  ] as const)('rejects non-erasable %s syntax naming the construct and the rewrite', async (_name, source, construct, rewrite, line, [first, last]) => {
    const error = errorOf(await run(source))
    expect(error.kind).toBe('syntax')
    expect(error.message).toMatch(construct)
    expect(error.message).toMatch(rewrite)
    expect(error.line).toBe(line)
    expect(error.column).toBeGreaterThanOrEqual(first)
    expect(error.column).toBeLessThanOrEqual(last)
    expect(error.codeFrame).toContain(`> ${line} |`)
    expect(error.codeFrame).toContain('^')
  })

  it('reports a plain syntax error with line, column and a code frame', async () => {
    const error = errorOf(await run(`const x = 1\nconst = ;\nreturn x`))
    expect(error.kind).toBe('syntax')
    expect(error.name).toBe('SyntaxError')
    expect(error.line).toBe(2)
    expect(error.column).toBe(7)
    expect(error.codeFrame).toContain('> 2 | const = ;')
    expect(error.codeFrame).toMatch(/\n\s+\|\s{7}\^/)
  })

  // Boa parsed these but never disposed of the resource, and at a function's top level its
  // compiler failed; Node 20 has no such declarations.
  it.each([
    ['at the top level', `const x = 1\nusing r = { [Symbol.dispose]() {} }\nreturn x`, 'using', 1],
    ['in a function', `function f() {\n  using r = { [Symbol.dispose]() {} }\n  return 1\n}\nreturn f()`, 'using', 3],
    ['in a block', `{\n    using r = { [Symbol.dispose]() {} }\n}`, 'using', 5],
    ['with await', `const x = 1\nawait using r = { async [Symbol.asyncDispose]() {} }`, 'await using', 1],
    ['in a for-of head', `const x = 1\nfor (using r of []) {}`, 'using', 6],
  ] as const)('refuses a `using` declaration %s, saying so and what to write instead', async (_where, source, keyword, column) => {
    for (const language of ['typescript', 'javascript'] as const) {
      const error = errorOf(await run(source, { language }))
      expect(error).toMatchObject({ kind: 'syntax', name: 'SyntaxError', line: 2, column })
      expect(error.message).toContain(`\`${keyword}\` declarations are not supported`)
      expect(error.message).toContain('finally')
    }
  })

  it('refuses a `using` declaration in a module too', async () => {
    const modules = { 'res.js': `using r = { [Symbol.dispose]() {} }\nexport const a = 1` }
    const error = errorOf(await run(`const { a } = await import('res.js'); return a`, { modules }))
    expect(error.kind).toBe('syntax')
    expect(error.message).toContain('"res.js" does not parse')
    expect(error.message).toContain('`using` declarations are not supported')
  })

  it('reads `using` as a name wherever it is not a declaration', async () => {
    const source = `let using = (x: number) => x * 2\nconst o = { using }\nawait using(1)\nreturn [using(2), o.using(3), ((using) => using)(4)]`
    expect(valueOf(await run(source))).toEqual([4, 6, 4])
  })

  // Boa's parser words the place into its message, in the lines and columns of the script the
  // program became; the error reports the program's own.
  it('places a syntax error only the engine finds at its line and column in the program', async () => {
    const error = errorOf(await run(`const x = 1\n  const r = /(?<a>x)(?<a>y)/\nreturn x`))
    expect(error).toMatchObject({ kind: 'syntax', name: 'SyntaxError', line: 2, column: 13 })
    expect(error.message).toMatch(/Duplicate capture group name$/)
    expect(error.codeFrame).toContain('> 2 |   const r = /(?<a>x)(?<a>y)/')
  })
})

describe('hermetic realm', () => {
  it('has no require, process or fetch', async () => {
    expect(valueOf(await run(`return [typeof require, typeof process, typeof fetch, typeof module, typeof Deno]`))).toEqual([
      'undefined', 'undefined', 'undefined', 'undefined', 'undefined',
    ])
  })

  it('cannot load modules with import()', async () => {
    const result = await run(`try { await import('node:fs'); return 'loaded' } catch (e) { return 'rejected' }`, {
      limits: { maxWallMs: 3_000 },
    })
    // Either the program is refused up front or import() rejects; it must neither load nor hang.
    if (result.ok) expect(result.value).toBe('rejected')
    else expect(['syntax', 'runtime']).toContain(result.error.kind)
  })

  it.each([
    ['eval', `eval('1')`],
    ['new Function', `new Function('return 1')`],
    ['AsyncFunction constructor', `(async () => {}).constructor('x')`],
    ['GeneratorFunction constructor', `Object.getPrototypeOf(function* () {}).constructor('')`],
    ['indirect eval', `(0, globalThis.eval)('1')`],
  ])('refuses to compile strings: %s throws an EvalError', async (_name, expression) => {
    const value = valueOf(await run(`try { ${expression}; return 'compiled' } catch (e) { return [e instanceof EvalError, e.name, e.message] }`))
    expect(value).toEqual([true, 'EvalError', expect.stringMatching(/disabled/)])
  })

  it('ends the run with the EvalError when it is not caught', async () => {
    const error = errorOf(await run(`eval('1')`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'EvalError' })
    expect(error.message).toMatch(/disabled/)
  })
})

describe('globals', () => {
  it('has the web globals a program expects', async () => {
    const names = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'structuredClone',
      'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'atob', 'btoa']
    const value = valueOf(await run(`return [typeof console, ${names.map((n) => `typeof ${n}`).join(', ')}]`))
    expect(value).toEqual(['object', ...names.map(() => 'function')])
  })

  it('implements them', async () => {
    const value = valueOf(await run(`
      const original = { a: [1, { b: 2 }] }
      const copy = structuredClone(original)
      copy.a.push(3)
      const bytes = new TextEncoder().encode('hé')
      const url = new URL('https://example.com/a/b?x=1#h')
      const params = new URLSearchParams('q=boa&n=2')
      params.append('z', 'y y')
      const order: string[] = []
      queueMicrotask(() => order.push('micro'))
      order.push('sync')
      await null
      return {
        cloned: original.a.length,
        bytes: Array.from(bytes),
        text: new TextDecoder().decode(bytes),
        url: [url.hostname, url.pathname, url.search, url.hash],
        params: [params.get('q'), params.get('n'), params.toString()],
        base64: [btoa('hello'), atob('aGVsbG8=')],
        order,
      }
    `))
    expect(value).toEqual({
      cloned: 2,
      bytes: [104, 195, 169],
      text: 'hé',
      url: ['example.com', '/a/b', '?x=1', '#h'],
      params: ['boa', '2', 'q=boa&n=2&z=y+y'],
      base64: ['aGVsbG8=', 'hello'],
      order: ['sync', 'micro'],
    })
  })

  it('defines URL, TextEncoder/TextDecoder, URLSearchParams and Intl when first read or assigned, each once', async () => {
    const value = valueOf(await run(`
      const before = Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder')!
      const decoderFirst = new TextDecoder().decode(new TextEncoder().encode('ok'))
      const after = Object.getOwnPropertyDescriptor(globalThis, 'TextEncoder')!
      // An accessor kept from before still answers with the real class, defining nothing twice.
      const kept = before.get!() === TextDecoder
      URL = 5 as any
      Intl = 'mine' as any
      // URL and URLSearchParams are one group: assigning URL defined both.
      const paramsDefined = 'value' in Object.getOwnPropertyDescriptor(globalThis, 'URLSearchParams')!
      const params = new URLSearchParams('a=1')
      return [decoderFirst, 'value' in after, after.enumerable, kept, URL, Intl, paramsDefined, params.get('a')]
    `))
    expect(value).toEqual(['ok', true, false, true, 5, 'mine', true, '1'])
  })

  it('says why a global defined on first use is missing after the program froze the global object first', async () => {
    const error = errorOf(await run(`Object.freeze(globalThis)\nreturn new TextDecoder().encoding`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'TypeError' })
    expect(error.message).toContain('TextDecoder is defined the first time a program uses it, and the global object was frozen or sealed before that')
    expect(valueOf(await run(`const url = new URL('https://example.com/a')\nObject.freeze(globalThis)\nreturn [url.pathname, new URL('https://example.com/b').pathname]`))).toEqual(['/a', '/b'])
  })

  it('defines console on first use as Node has it, and keeps one working console after the program froze the global object first', async () => {
    const frozenFirst = await run(`Object.freeze(globalThis)\nconsole.log('after freeze')\nconst kept = console\nconsole.info('again')\nreturn kept === console`)
    expect(valueOf(frozenFirst)).toBe(true)
    expect(frozenFirst.logs).toEqual([
      { level: 'log', text: 'after freeze' },
      { level: 'info', text: 'again' },
    ])
    const value = valueOf(
      await run(`
      const before = Object.getOwnPropertyDescriptor(globalThis, 'console')!
      console.log('x')
      const after = Object.getOwnPropertyDescriptor(globalThis, 'console')!
      // An accessor kept from before answers with the console now defined, building none again.
      const kept = before.get!() === console
      return [after.writable, after.enumerable, after.configurable, kept, Object.keys(globalThis).includes('console')]
    `),
    )
    expect(value).toEqual([true, false, true, true, false])
    expect(valueOf(await run(`console = { log: () => 'mine' } as any\nreturn console.log()`))).toBe('mine')
    const assignedFrozen = errorOf(await run(`Object.freeze(globalThis)\nconsole = {} as any`))
    expect(assignedFrozen).toMatchObject({ name: 'TypeError', message: 'console cannot be assigned: the global object is frozen or sealed' })
  })

  it('gives URL a working searchParams', async () => {
    expect(valueOf(await run(`return new URL('https://example.com/?d=1&e=two').searchParams.get('e')`))).toBe('two')
  })

  it('resumes the program after awaiting a promise resolved by setTimeout', async () => {
    const result = await run(`await new Promise((resolve) => setTimeout(resolve, 20)); return 'resumed'`, { limits: { maxWallMs: 3_000 } })
    expect(valueOf(result)).toBe('resumed')
  })

  it('runs setInterval until clearInterval and honours clearTimeout', async () => {
    const result = await run(`
      let ticks = 0
      const cancelled = setTimeout(() => console.log('must not fire'), 5)
      clearTimeout(cancelled)
      await new Promise<void>((resolve) => {
        const id = setInterval(() => { if (++ticks === 3) { clearInterval(id); resolve() } }, 10)
      })
      await new Promise((resolve) => setTimeout(resolve, 30))
      return ticks
    `, { limits: { maxWallMs: 3_000 } })
    expect(valueOf(result)).toBe(3)
    expect(result.logs).toEqual([])
  })
})

describe('timers', () => {
  it("return Node's Timeout objects: ref, unref, hasRef, refresh, close, and a number for clearTimeout", async () => {
    const result = await run(`
      const t = setTimeout(() => console.log('unref-ed still fires'), 1).unref()
      const fired: string[] = []
      const byNumber = setTimeout(() => fired.push('must not fire'), 1)
      clearTimeout(Number(byNumber))
      const interval = setInterval(() => { fired.push('tick'); clearTimeout(interval) }, 1)
      let refreshed = 0
      const again = setTimeout(() => refreshed++, 1)
      await new Promise((resolve) => setTimeout(resolve, 20))
      again.refresh()
      await new Promise((resolve) => setTimeout(resolve, 20))
      return { type: typeof t, methods: ['ref', 'unref', 'hasRef', 'refresh', 'close'].map((m) => typeof (t as any)[m]), hasRef: t.hasRef(), number: typeof +t, fired, refreshed }
    `, { limits: { maxWallMs: 3_000 } })
    expect(valueOf(result)).toEqual({ type: 'object', methods: Array(5).fill('function'), hasRef: false, number: 'number', fired: ['tick'], refreshed: 2 })
    expect(result.logs.map((entry) => entry.text)).toEqual(['unref-ed still fires'])
  })

  it("refuses a callback that is not a function with Node's TypeError", async () => {
    const error = errorOf(await run(`setTimeout('alert(1)', 10)`))
    expect(error).toMatchObject({ name: 'TypeError', message: `The "callback" argument must be of type function. Received type string ('alert(1)')` })
  })

  it('setImmediate runs after the microtasks already queued, with its arguments; clearImmediate cancels', async () => {
    const result = await run(`
      const order: string[] = []
      await new Promise((resolve) => setImmediate(resolve))
      const kept = setImmediate((a: string, b: string) => order.push('immediate ' + a + b), 'x', 'y')
      const refs = [kept.hasRef(), kept.unref().hasRef(), kept.ref().hasRef()]
      const cancelled = setImmediate(() => order.push('cancelled'))
      clearImmediate(cancelled)
      Promise.resolve().then(() => order.push('microtask'))
      await new Promise((resolve) => setImmediate(resolve))
      let refused = ''
      try { setImmediate(undefined as any) } catch (e) { refused = (e as Error).message }
      return { order, refs, refused }
    `)
    expect(valueOf(result)).toEqual({
      order: ['microtask', 'immediate xy'],
      refs: [true, false, true],
      refused: 'The "callback" argument must be of type function. Received undefined',
    })
  })
})

describe('console', () => {
  it('formats values like Node', async () => {
    const result = await run(`
      console.log('a', 1, { a: 1, b: [1, 2] })
      console.log(new Map([['k', 1]]), new Set([1, 2]))
      console.log(new TypeError('bad thing'))
      const o: any = { name: 'o' }
      o.self = o
      console.log(o)
      console.log('%s', 'str', null, undefined, true)
    `)
    valueOf(result)
    const texts = result.logs.map((entry) => entry.text)
    expect(texts[0]).toBe('a 1 { a: 1, b: [ 1, 2 ] }')
    expect(texts[1]).toBe("Map(1) { 'k' => 1 } Set(2) { 1, 2 }")
    expect(texts[2]).toMatch(/^TypeError: bad thing/)
    expect(texts[3]).toContain('[Circular')
    expect(texts[3]).toContain("name: 'o'")
    expect(texts[4]).toBe('str null undefined true')
  })

  it('keeps the level of each entry', async () => {
    const result = await run(`console.log('l'); console.info('i'); console.warn('w'); console.error('e'); console.debug('d')`)
    valueOf(result)
    expect(result.logs).toEqual([
      { level: 'log', text: 'l' },
      { level: 'info', text: 'i' },
      { level: 'warn', text: 'w' },
      { level: 'error', text: 'e' },
      { level: 'debug', text: 'd' },
    ])
  })

  it('calls onLog while the program runs', async () => {
    const gate = deferred()
    const seen: LogEntry[] = []
    const result = await run(`console.log('before'); await gate(); console.log('after'); return 'end'`, {
      bindings: { gate: () => gate.promise },
      onLog: (entry) => {
        seen.push(entry)
        // The binding only resolves once the host has seen the first entry: a listener called at
        // the end of the run would leave the program waiting until its wall budget.
        if (entry.text === 'before') gate.resolve()
      },
      limits: { maxWallMs: 3_000 },
    })
    expect(valueOf(result)).toBe('end')
    expect(seen.map((entry) => entry.text)).toEqual(['before', 'after'])
  })

  it('drops logs past maxLogBytes behind one truncation entry', async () => {
    const result = await run(`for (let i = 0; i < 200; i++) console.log('x'.repeat(100))\nreturn 'done'`, { limits: { maxLogBytes: 1_000 } })
    expect(valueOf(result)).toBe('done')
    const markers = result.logs.filter((entry) => entry.text.startsWith('[output truncated'))
    expect(markers).toHaveLength(1)
    expect(result.logs.at(-1)).toBe(markers[0])
    const kept = result.logs.slice(0, -1).reduce((sum, entry) => sum + entry.text.length, 0)
    expect(kept).toBeLessThanOrEqual(1_000)
    expect(kept).toBeGreaterThan(0)
  })
})

describe('bindings', () => {
  it('are callable at any depth, sync or async', async () => {
    const bindings: Bindings = {
      tools: { search: async ({ q }: { q: string }) => [`result for ${q}`] },
      a: { b: { c: () => 'deep' } },
      add: (x: number, y: number) => x + y,
    }
    const result = await run(`return [await tools.search({ q: 'boa' }), await a.b.c(), await add(2, 3)]`, { bindings })
    expect(valueOf(result)).toEqual([['result for boa'], 'deep', 5])
    expect(result.stats.bindingCalls).toBe(3)
  })

  it('turn a host throw into an Error with the host message', async () => {
    const value = valueOf(await run(`
      const out: unknown[] = []
      for (const f of [failError, failString, rejectError, rejectString]) {
        try { await f(); out.push('no error') } catch (e) { out.push([e instanceof Error, e.message]) }
      }
      return out
    `, {
      bindings: {
        failError: () => { throw new Error('sync failure') },
        failString: () => { throw 'plain string' },
        rejectError: async () => { throw new RangeError('async failure') },
        rejectString: () => Promise.reject('rejected string'),
      },
    }))
    expect(value).toEqual([[true, 'sync failure'], [true, 'plain string'], [true, 'async failure'], [true, 'rejected string']])
  })

  it('describe a non-Error rejection value in the message', async () => {
    const value = valueOf(await run(`try { await h() } catch (e) { return [e instanceof Error, e.message] }`, {
      bindings: { h: async () => { throw { code: 'E_LIMIT' } } },
    }))
    expect(value).toEqual([true, expect.stringContaining('E_LIMIT')])
  })

  it('appear as frozen null-prototype namespaces', async () => {
    const value = valueOf(await run(`
      'use strict'
      let assigned = 'no'
      try { (a as any).injected = 1; assigned = 'yes' } catch { assigned = 'threw' }
      try { (a.b as any).c = () => 'replaced' } catch {}
      return [Object.isFrozen(a), Object.getPrototypeOf(a), Object.isFrozen(a.b), Object.getPrototypeOf(a.b), 'injected' in a, await a.b.c(), assigned]
    `, { bindings: { a: { b: { c: () => 'original' } } } }))
    expect(value).toEqual([true, null, true, null, false, 'original', expect.stringMatching(/threw|yes/)])
  })

  it('run concurrently under Promise.all', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const arrived = deferred()
    const result = await run(`return await Promise.all([slow(1), slow(2), slow(3)])`, {
      bindings: {
        slow: async (n: number) => {
          inFlight++
          maxInFlight = Math.max(maxInFlight, inFlight)
          if (inFlight === 3) arrived.resolve()
          // Each call waits until all three are in flight: sequential calls would never get there.
          await arrived.promise
          inFlight--
          return n * 10
        },
      },
      limits: { maxWallMs: 3_000 },
    })
    expect(valueOf(result)).toEqual([10, 20, 30])
    expect(maxInFlight).toBe(3)
    expect(result.stats.bindingCalls).toBe(3)
  })

  it('receive arguments as JSON copies and hand back copies', async () => {
    let received: unknown
    const shared = { list: [1] }
    const result = await run(`
      const arg: any = { d: new Date(0), keep: 1, gone: undefined, nested: { x: [1, 2] } }
      await inspect(arg)
      const back: any = await give()
      back.list.push(2)
      return [arg.keep, arg.nested.x.length, back.list]
    `, {
      bindings: {
        inspect: (arg: any) => {
          received = structuredClone(arg)
          arg.keep = 'changed by host'
          arg.nested.x.push(3)
        },
        give: () => shared,
      },
    })
    expect(valueOf(result)).toEqual([1, 2, [1, 2]])
    expect(received).toEqual({ d: '1970-01-01T00:00:00.000Z', keep: 1, nested: { x: [1, 2] } })
    expect(shared.list).toEqual([1])
  })

  it('count binding calls in stats', async () => {
    const result = await run(`for (let i = 0; i < 4; i++) await tick(); return 'ok'`, { bindings: { tick: () => undefined } })
    expect(valueOf(result)).toBe('ok')
    expect(result.stats.bindingCalls).toBe(4)
  })
})

describe('result', () => {
  it('is undefined when nothing is returned', async () => {
    const result = await run(`const x = 1`)
    expect(result.ok).toBe(true)
    expect(valueOf(result)).toBeUndefined()
  })

  it('is the returned JSON-compatible value', async () => {
    const value = { a: [1, 'x', null, true, false], b: { c: 1.5, d: '' }, e: [] }
    expect(valueOf(await run(`return ${JSON.stringify(value)}`))).toEqual(value)
    expect(valueOf(await run(`return 'text'`))).toBe('text')
    expect(valueOf(await run(`return null`))).toBeNull()
  })

  it.each([
    ['a function', `return () => 1`, /function/],
    ['a BigInt', `return 1n`, /BigInt/],
    ['a cycle', `const o: any = { a: 1 }; o.self = o; return o`, /cycle/],
    ['a Map', `return new Map([[1, 2]])`, /Map/],
    ['a nested function', `return { a: { f() {} } }`, /function/],
  ])('that is %s fails with kind result and says why', async (_name, source, reason) => {
    const error = errorOf(await run(source))
    expect(error.kind).toBe('result')
    expect(error.message).toMatch(reason)
  })

  it('larger than maxResultBytes fails with kind result', async () => {
    const error = errorOf(await run(`return 'x'.repeat(5_000)`, { limits: { maxResultBytes: 1_000 } }))
    expect(error.kind).toBe('result')
    expect(error.message).toMatch(/1000 bytes|larger/)
    expect(valueOf(await run(`return 'x'.repeat(500)`, { limits: { maxResultBytes: 1_000 } }))).toHaveLength(500)
  })

  it('larger than maxResultBytes still comes back with the logs and stats of the run', async () => {
    const result = await run(`console.log('before'); await tools.one(); return 'x'.repeat(5_000)`, { bindings: { tools: { one: () => 1 } }, limits: { maxResultBytes: 1_000 } })
    expect(errorOf(result).kind).toBe('result')
    expect(result.logs).toEqual([{ level: 'log', text: 'before' }])
    expect(result.stats.bindingCalls).toBe(1)
  })
})

describe('errors', () => {
  it('report an uncaught exception with name, message, stack and position', async () => {
    const error = errorOf(await run(`function f() {\n  throw new RangeError('nope')\n}\nf()`))
    expect(error).toMatchObject({ kind: 'runtime', name: 'RangeError', message: 'nope', line: 2, column: 9 })
    expect(error.stack).toContain('RangeError: nope')
    expect(error.stack).toContain('f')
  })

  it('report a thrown non-Error value', async () => {
    const error = errorOf(await run(`throw 'plain'`))
    expect(error.kind).toBe('runtime')
    expect(error.message).toContain('plain')
  })

  it('log an unhandled rejected promise as a warning and still return', async () => {
    const result = await run(`Promise.reject(new Error('lost')); return 1`)
    expect(valueOf(result)).toBe(1)
    const warnings = result.logs.filter((entry) => entry.level === 'warn')
    expect(warnings).toHaveLength(1)
    expect(warnings[0].text).toContain('lost')
  })
})

describe('concurrency and isolation', () => {
  it('runs many programs at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => run(`const n = await id(${i}); let s = 0; for (let k = 0; k < 1000; k++) s += k; return [n, s]`, {
        bindings: { id: async (n: number) => n },
      })),
    )
    expect(results.map(valueOf)).toEqual(Array.from({ length: 12 }, (_, i) => [i, 499_500]))
  })

  it('does not hold back a run while another waits on a slow binding', async () => {
    const gate = deferred<string>()
    const slow = run(`return await wait()`, { bindings: { wait: () => gate.promise }, limits: { maxWallMs: 5_000 } })
    let slowDone = false
    slow.then(() => (slowDone = true))
    expect(valueOf(await run(`return 'quick'`))).toBe('quick')
    expect(slowDone).toBe(false)
    gate.resolve('slow')
    expect(valueOf(await slow)).toBe('slow')
  })

  it('queues runs past maxConcurrency', async () => {
    const queued = createCodeRuntime({ maxConcurrency: 1 })
    try {
      const order: string[] = []
      const gate = deferred()
      const first = queued.run({
        source: `mark('first started'); await wait(); return 1`,
        bindings: { mark: (text: string) => { order.push(text) }, wait: () => gate.promise },
      })
      const second = queued.run({ source: `mark('second started'); return 2`, bindings: { mark: (text: string) => { order.push(text) } } })
      first.then(() => order.push('first finished'))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(order).toEqual(['first started'])
      gate.resolve()
      expect(valueOf(await second)).toBe(2)
      expect(valueOf(await first)).toBe(1)
      expect(order).toEqual(['first started', 'first finished', 'second started'])
    } finally {
      await queued.dispose()
    }
  })

  it("starts a worker's next realm clean after runs that leave cycles, weak references and pending work", async () => {
    // Each worker drops its whole heap between runs; a value of one run surviving into the next
    // would be a use after free, so this runs in a child and checks it exits cleanly.
    const child = await runInChild(`
const rt = runtime.createCodeRuntime({ maxConcurrency: 2 })
const messy = \`
const keep = []
for (let i = 0; i < 200; i++) {
  const a = { i }; const b = { a }; a.b = b
  const registry = new FinalizationRegistry(() => {})
  registry.register(a, i)
  const map = new WeakMap([[a, b]]); const set = new WeakSet([b])
  keep.push(new WeakRef(a), map, set, Promise.resolve(a), () => b, new Proxy(a, {}))
}
setTimeout(() => keep.push(1), 10_000)
Promise.resolve().then(() => keep.push(2))
return keep.length\`
;(async () => {
  for (let round = 0; round < 150; round++) {
    const [first, second] = await Promise.all([rt.run({ source: messy }), rt.run({ source: 'return [typeof WeakRef, Object.keys(globalThis).length]' })])
    if (!first.ok || first.value !== 1200 || !second.ok) throw new Error(JSON.stringify([round, first, second]))
  }
  await rt.dispose()
  console.log('clean')
})().catch((error) => { console.error(error); process.exit(1) })
`, { timeoutMs: 60_000 })
    expect(child.stderr).toBe('')
    expect({ status: child.status, signal: child.signal, stdout: child.stdout.trim() }).toEqual({ status: 0, signal: null, stdout: 'clean' })
    // 300 runs take 5-10 s on a loaded 2-core machine: the child's own bound, not vitest's 5 s.
  }, 90_000)

  it('gives every run a fresh realm', async () => {
    valueOf(await run(`(globalThis as any).leaked = 1; (Array.prototype as any).evil = 2; Object.defineProperty(globalThis, 'JSON', { value: null })`))
    expect(valueOf(await run(`return [typeof (globalThis as any).leaked, typeof ([] as any).evil, typeof JSON.stringify]`))).toEqual([
      'undefined', 'undefined', 'function',
    ])
  })
})

describe('invalid options', () => {
  it.each([
    ['a negative limit', { limits: { computeMs: -1 } }, /computeMs/],
    ['a non-number limit', { limits: { maxWallMs: '10' } }, /maxWallMs/],
    ['an unknown limit', { limits: { cpuMs: 10 } }, /cpuMs/],
    ['an unknown language', { language: 'python' }, /language/],
    ['a non-function binding', { bindings: { tools: { search: 'nope' } } }, /tools\.search/],
    ['a non-string source', { source: 42 }, /source/],
    ['a non-function onLog', { onLog: 'console' }, /onLog/],
  ])('rejects %s with a TypeError naming the problem', async (_name, options, problem) => {
    const promise = runtime.run({ source: 'return 1', ...(options as object) } as RunOptions)
    await expect(promise).rejects.toThrow(TypeError)
    await expect(promise).rejects.toThrow(problem)
  })

  it('rejects bad runtime options with a TypeError', () => {
    expect(() => createCodeRuntime({ maxConcurrency: 0 })).toThrow(TypeError)
    expect(() => createCodeRuntime({ maxConcurrency: 0 })).toThrow(/maxConcurrency/)
    expect(() => createCodeRuntime({ limits: { computeMs: Number.NaN } })).toThrow(/computeMs/)
  })
})
