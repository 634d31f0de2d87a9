// What a program's author reads when it fails, compared with V8 (Node is the oracle): each
// program runs here and, in this same test, in Node, and the two must agree on the error's line
// and column (in runs, session executes, stacks and code frames, whatever line terminators the
// program uses) and on the wording of the messages models act on.
import { createRequire } from 'node:module'
import vm from 'node:vm'
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { RunError } from '../index.js'
import { runInChild } from './helpers.js'

const require = createRequire(import.meta.url)
const { transformSync } = require('amaro') as { transformSync(code: string, options: { mode: 'strip-only' }): { code: string } }

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

type Language = 'typescript' | 'javascript'

// Node runs the program as the body of an async function, as the runtime does, on the same lines.
const SHELL_OPEN = '(async function () {'
const SHELL_CLOSE = '\n})()'

/** A position in the program: on line 1 the shell's text comes before it. */
const inProgram = (line: number, column: number) => ({ line, column: line === 1 ? column - SHELL_OPEN.length : column })

interface NodeFailure {
  name: string
  message: string
  line: number
  column: number
}

/** JavaScript for Node: TypeScript with its types erased by amaro (Node's own eraser). */
const erased = (typescript: string) => transformSync(typescript, { mode: 'strip-only' }).code

/** How Node fails on `javascript`: its error and the program position V8 gives it. */
async function nodeFailure(javascript: string): Promise<NodeFailure> {
  const code = SHELL_OPEN + javascript + SHELL_CLOSE
  let script: vm.Script
  try {
    script = new vm.Script(code, { filename: 'program' })
  } catch (error) {
    // `program:LINE`, the line's text, then a caret under the column
    const [where, , caret] = (error as Error).stack!.split('\n')
    const line = Number(/^program:(\d+)$/.exec(where)![1])
    return { name: (error as Error).name, message: (error as Error).message, ...inProgram(line, caret.indexOf('^') + 1) }
  }
  try {
    await script.runInNewContext({})
  } catch (error) {
    const [, line, column] = /\(?program:(\d+):(\d+)\)?/.exec((error as Error).stack!.split('\n').slice(1).join('\n'))!
    return { name: (error as Error).name, message: (error as Error).message, ...inProgram(Number(line), Number(column)) }
  }
  throw new Error(`expected Node to fail on ${JSON.stringify(source)}`)
}

function failureOf(result: { ok: boolean; error?: RunError }): RunError {
  if (result.ok) throw new Error(`expected the run to fail, but it succeeded: ${JSON.stringify(result)}`)
  return result.error!
}

/** The position an error reports in every place it reports one, checked to agree with each other. */
function positionsOf(error: RunError) {
  const at = { line: error.line, column: error.column }
  // the first frame of the stack (`at <program> (program:3:8)`, or `at program:3:8` before the program ran)
  const frame = /program:(\d+):(\d+)/.exec(error.stack ?? '')
  expect(frame && { line: Number(frame[1]), column: Number(frame[2]) }, `stack: ${error.stack}`).toEqual(at)
  if (error.kind === 'syntax') {
    // the code frame marks the line and puts a caret under the column: a space for each
    // character before it, which is one or two UTF-16 code units
    const lines = error.codeFrame!.split('\n')
    const marked = lines.findIndex((l) => l.startsWith('>'))
    const [, number, text] = /^> +(\d+) \| (.*)$/.exec(lines[marked])!
    expect(Number(number), error.codeFrame).toBe(at.line)
    const caret = lines[marked + 1]
    const before = [...caret.slice(caret.indexOf('|') + 2, caret.indexOf('^'))].length
    expect([...text].slice(0, before).join('').length + 1, error.codeFrame).toBe(at.column)
  }
  return at
}

describe('line terminators keep lines and columns as V8 counts them', () => {
  const terminators: Record<string, string> = { LF: '\n', CR: '\r', CRLF: '\r\n', LS: '\u2028', PS: '\u2029' }
  // each program uses the terminator `T` where a program can hold one, then fails after it
  const programs: Record<string, (t: string) => string> = {
    'between statements': (t) => `const a = 1;${t}const b = 2;${t}  null.x`,
    'in a template literal': (t) => `const s = \`a${t}b\`;${t}throw new Error('after')`,
    'in a string, after a backslash': (t) => `const s = 'a\\${t}b';${t}  undefined.y`,
    'in a block comment': (t) => `/* one${t}two${t}three */ const o = {};${t}o.f()`,
    'ending a line comment': (t) => `// note${t}  let n = 0;${t}n.toFixed(200)`,
    'before a syntax error': (t) => `const a = 1;${t}${t}const b = ;`,
    'before an unclosed string': (t) => `let a = 1${t}let b = 'open`,
    'before a reference error': (t) => `let a = 1${t}  a + missing`,
  }
  // TypeScript programs, and the JavaScript Node runs for each (amaro cannot erase the types of a
  // program that does not parse: the erased twin is written out)
  const typescript: Record<string, (t: string) => [string, string]> = {
    'around erased types': (t) => {
      const source = `const a: number = 1;${t}let n: /* a${t}b */ number = 2 as number;${t}  null.x`
      return [source, erased(source)]
    },
    'in an interface': (t) => {
      const source = `interface P {${t}  x: number${t}}${t}const p: P = { x: 1 };${t}p.y()`
      return [source, erased(source)]
    },
    'before a TypeScript syntax error': (t) => [`type T = string${t}const v: T = ;`, `${' '.repeat(15)}${t}const v    = ;`],
  }
  const cases = Object.entries(terminators).flatMap(([name, t]) => [
    ...Object.entries(programs).flatMap(([shape, program]) =>
      (['javascript', 'typescript'] as const).map((language) => [`${name} ${shape} (${language})`, program(t), language, program(t)] as const),
    ),
    ...Object.entries(typescript).map(([shape, program]) => {
      const [source, javascript] = program(t)
      return [`${name} ${shape}`, source, 'typescript', javascript] as const
    }),
  ])

  it.each(cases)('%s', async (_, source, language, javascript) => {
    const node = await nodeFailure(javascript)
    const error = failureOf(await runtime.run({ source, language }))
    expect(error.name).toBe(node.name)
    expect(positionsOf(error)).toEqual({ line: node.line, column: node.column })
  })

  it.each(cases)('%s, in a session', async (_, source, language, javascript) => {
    const node = await nodeFailure(javascript)
    const session = await runtime.createSession()
    try {
      // an earlier execute, whose hoisted declarations insert text the positions must skip
      await session.execute({ code: 'let earlier = 1', language })
      const observation = await session.execute({ code: `let x = 1;${source}`, language })
      expect(observation.status).toBe('error')
      const shifted = node.line === 1 ? { line: 1, column: node.column + 'let x = 1;'.length } : { line: node.line, column: node.column }
      expect(positionsOf(observation.error!)).toEqual(shifted)
    } finally {
      await session.close()
    }
  })

  it('counts columns in UTF-16 code units, as V8 does, after characters outside the BMP', async () => {
    for (const language of ['javascript', 'typescript'] as const) {
      for (const source of ["const s: string = '😀é';\u2028 const t = '🎉'; null.x", "const s = '𝒳';\r\nconst b = '🙂' + ;"]) {
        const program = language === 'javascript' ? source.replace(': string', '') : source
        const node = await nodeFailure(program.replace(': string', '        '))
        const error = failureOf(await runtime.run({ source: program, language }))
        expect(positionsOf(error)).toEqual({ line: node.line, column: node.column })
      }
    }
  })

  it('prints stacks of caught errors with the positions V8 gives them', async () => {
    const source = 'function f() {\u2028  return null.x\u2029}\r\ntry { f() } catch (e) {\r  console.log(e)\n}'
    const result = await runtime.run({ source, language: 'javascript' })
    expect(result.ok).toBe(true)
    const node = await nodeFailure('function f() {\u2028  return null.x\u2029}\r\nf()')
    expect(result.logs[0].text).toContain(`at f (program:${node.line}:${node.column})`)
    expect(result.logs[0].text).toContain('at <program> (program:4:7)')
  })
})

/** How Node fails on `program` (a program body, strict and async as here): `Name: message`. */
async function nodeMessage(program: string): Promise<string> {
  try {
    await vm.runInNewContext(`(async function () {"use strict";\n${program}\n})()`, {})
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`
  }
  throw new Error(`expected Node to fail on ${JSON.stringify(program)}`)
}

async function ourMessage(program: string, language: Language = 'javascript'): Promise<string> {
  const error = failureOf(await runtime.run({ source: program, language }))
  return `${error.name}: ${error.message}`
}

describe("V8's wording, as Node prints it", () => {
  const groups: Record<string, string[]> = {
    'invalid array lengths': [
      'new Array(-1)',
      'Array(1.5)',
      'new Array(4294967296)',
      'const a = []; a.length = -1',
      '[].length = 2 ** 32',
      'Object.defineProperty([], "length", { value: -1 })',
      'Array.prototype.map.call({ length: 2 ** 32 }, (x) => x)',
    ],
    'JSON.parse errors': [
      // unexpected token, with the text around it
      "JSON.parse('[1,]')",
      "JSON.parse('<html><body>Not Found</body></html>')",
      "JSON.parse('[x, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]')",
      "JSON.parse('[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, x, 13, 14, 15, 16, 17]')",
      "JSON.parse('[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, x]')",
      "JSON.parse('{\"a\":[}')",
      "JSON.parse('+1')",
      "JSON.parse('trux')",
      "JSON.parse('é')",
      "JSON.parse('\"\\\\\\u0100\"')",
      // what a program passes by mistake
      'JSON.parse(undefined)',
      'JSON.parse({})',
      'JSON.parse(NaN)',
      // unexpected end
      "JSON.parse('')",
      "JSON.parse('   ')",
      "JSON.parse('[1, 2')",
      "JSON.parse('{\"a\":')",
      "JSON.parse('tru')",
      "JSON.parse('\"a\\\\')",
      // strings
      "JSON.parse('{\"a\": \"b')",
      "JSON.parse('\"a\\nb\"')",
      "JSON.parse('\"\\\\x\"')",
      "JSON.parse('{\"a\":\"\\\\u12\"}')",
      "JSON.parse('\"\\\\u12g4\"')",
      // numbers
      "JSON.parse('01')",
      "JSON.parse('-01')",
      "JSON.parse('-')",
      "JSON.parse('1.')",
      "JSON.parse('1e+')",
      "JSON.parse('tr1')",
      // objects and arrays
      "JSON.parse('{')",
      "JSON.parse(\"{'a': 1}\")",
      "JSON.parse('{a: 1}')",
      "JSON.parse('{\"a\": 1,}')",
      "JSON.parse('{\"a\" 1}')",
      "JSON.parse('{\"a\":1,\"b\" 1}')",
      "JSON.parse('{\"a\":1,\"b\" \"c\"}')",
      "JSON.parse('{\"a\":1 \"b\":2}')",
      "JSON.parse('[1 2]')",
      // trailing text
      "JSON.parse('{\"a\": 1} x')",
      "JSON.parse('[1]]')",
      "JSON.parse('0x10')",
    ],
    'non-iterables, named as V8 names them': [
      'const x = 5; for (const a of x) {}',
      'const o = { items: {} }; for (const a of o.items) {}',
      "const o = { a: {} }; for (const a of o['a']) {}",
      'let u; for (const a of u) {}',
      'for (const a of null) {}',
      'const o = {}; for (const a of o.list()) {}',
      'const o = { list() { return 5 } }; for (const a of o.list()) {}',
      'const x = {}; [...x]',
      'const o = { a: [{}] }; [...o.a[0]]',
      'const o = { f() { return 1 } }; [...o.f()]',
      '[...123n]',
      'const x = {}; Math.max(...x)',
      'let u; Math.max(...u)',
      'const o = {}; o.f = () => 1; o.f(...o.args)',
      'const f = () => 1; const x = 5; f(...x, 1)',
      'const x = 5; new Set(...x)',
      'const x = {}; const [a] = x',
      'let u; const [a, b] = u',
      'const [a] = null',
      'const [a] = undefined',
      "const [a] = 'x'.length",
      'const o = { f() { return 5 } }; const [a] = o.f()',
      'let a; [a] = 5',
      'function f([a]) {} f({})',
      'function f([a]) {} f()',
      '[1].forEach(([a]) => a)',
      'const [[a]] = [5]',
      'function* g() { yield* 5 } [...g()]',
      'new Map({})',
      'new Set(5)',
      'new WeakMap(5)',
      'Object.fromEntries(5)',
      'Object.fromEntries(undefined)',
      'await Promise.all(5)',
      'await Promise.all(undefined)',
      'const o = {}; for await (const a of o) {}',
      'const o = {}; for await (const a of o.x) {}',
      'new Map([1])',
      "Object.fromEntries(['ab'])",
    ],
    'calls of what is not a function, named as V8 names the callee': [
      'const a = {}; a.b()',
      'const a = { b() { return {} } }; a.b(1, 2).c()',
      'const a = [1]; a[0]()',
      "const o = {}; o['x y']()",
      'const o = {}; const k = "z"; o[k]()',
      'const o = {}; o[1 + 1]()',
      'const o = {}; o[`z`]()',
      'const o = {}; o[Symbol.iterator]()',
      'let i = 0; const o = {}; o[i++]()',
      '({}).x()',
      '[].x()',
      "'abc'.foo()",
      '(1).foo()',
      'let fn; fn()',
      'const fn = 5; fn()',
      'const o = {}; (o.x || o.y)()',
      'const o = {}; (o ? o.a : o.b)()',
      'const o = {}; (o.a = 5)()',
      'const o = {}; (0, o.x)()',
      'const x = 2; (x ** 2).f()',
      'const x = 2; (x < 2).f()',
      "('a' in {}).f()",
      'const x = 2; (x * 2 + 3).f()',
      'const x = 2; (x + 2 + 3).f()',
      'const x = 2; ((x + 2) + 3).f()',
      'const x = 2; (x && x || x).f()',
      '(2 ** 3 + -1 + ~1 + !0).f()',
      '(() => 1)()()',
      'Symbol()()',
      'null()',
      '`a`()',
      '/x/g()',
      '[1, , 2]()',
      '({ a: 1, b: 2 })()',
      'const arr = [1]; arr.filter((x) => x).map((x) => x).foo()',
      'class A { m() { super.x() } } new A().m()',
      'class A { #p = 1; m() { this.#p() } } new A().m()',
      'new (function () { this.x = 1 })().y()',
      'async function g() { const o = {}; (await o).x() } await g()',
      // optional calls
      'const o = {}; o?.f()',
      'const o = { a: {} }; o.a?.b()',
      "const o = { a: {} }; o.a?.['b']()",
      'const o = { f() {} }; o.f?.()()',
      // tagged templates
      'const t = 5; t`x`',
      'const o = {}; o.t`x`',
      'const t = (s) => 5; t`x``y`',
      // new
      'const obj = { method: 1 }; new obj.method()',
      'const X = 5; new X()',
      'new 5',
      'new (() => 1)()',
      'new Symbol()',
      "const o = {}; new o.X(...[1])",
      // calls inside callbacks and builtins that call
      '[1].map((x) => x.foo())',
      '[1].forEach(function (x) { x.bar() })',
      '[1].reduce((a, b) => a.q(), 0)',
      '[1].map(5)',
      '[1].map({})',
      '[1].map([1, 2])',
      "[1].map('abc')",
      '[1].forEach()',
      '[1].filter(null)',
      '[1].find(5)',
      '[1].findIndex(5)',
      '[1].findLast(5)',
      '[1].findLastIndex(5)',
      '[1].some(5)',
      '[1].every(5)',
      '[1].reduce(5)',
      '[1].reduceRight(5)',
      'Array.from([1], 5)',
      '[1].map(new Date(0))',
      "[1].map(new Error('x'))",
      '[1].map(new (class Foo {})())',
      '[1].map(Object.create(null))',
      '[1].map(Symbol("s"))',
      'new Uint8Array(1).find(5)',
      'new Map([[1, 2]]).forEach(5)',
      'new Set([1]).forEach(5)',
      'new Promise(5)',
      'new Promise()',
      // classes
      'class A {} A()',
      'const o = { A: class {} }; o.A()',
      '(class {})()',
      'class B extends 5 {}',
      'const o = {}; class B extends o.x {}',
      'class B extends {} {}',
      'class B extends null {} new B()',
      'class A {} class B extends A {} Object.setPrototypeOf(B, null); new B()',
      'class A {} class B extends A { constructor() { super() } } Object.setPrototypeOf(B, {}); new B()',
    ],
    'destructuring null and undefined': [
      'let u; const { a } = u',
      'const { a } = null',
      'const { a, b } = undefined',
      'function f({ a }) {} f()',
      'const o = {}; const { a } = o.x',
      'const o = { f() {} }; const { a } = o.f()',
      'async function g() {} const { data } = await g()',
      'const o = {}; const { a: { b } } = o',
      'let u; const {} = u',
      'let u; const { ...r } = u',
      'let u; let a; ({ a } = u)',
      "let u; const { ['x' + 1]: y } = u",
      'let u; const { 0: y } = u',
      "let u; const { 'a-b': y } = u",
      'const [{ a }] = [null]',
      '[undefined].map(({ a }) => a)',
      'class A { constructor({ a }) {} } new A()',
    ],
    'names used before they exist': [
      'o = {}',
      'undeclaredVar = 1',
      'fooBar()',
      'let a = 1; a + missing',
      'x = 1; let x',
      '{ t = 2; let t }',
      'let y = z + 1; const z = 2',
      'function f() { return q } f(); let q = 1',
      'class A { m() { return B } } new A().m(); class B {}',
      'const c = 1; c = 2',
      'const c = 1; c++',
    ],
    'other messages models meet': [
      'Object.keys(null)',
      'Object.entries(undefined)',
      '[].reduce((a, b) => a + b)',
      '[].reduceRight((a, b) => a + b)',
      'JSON.stringify({ n: 1n })',
      "'abc'.repeat(-1)",
      "'abc'.repeat(-1.5)",
      "'abc'.repeat(Infinity)",
      'null.foo',
      'undefined[0]',
      'let u; u.x = 1',
      'const s = "x"; s.foo.bar',
      '(1).toFixed(101)',
      '[1, 2].with(5, 0)',
      '[1, 2].with(-3.5, 0)',
      '[1].with(Infinity, 0)',
      "const { proxy, revoke } = Proxy.revocable({ a: 1 }, {}); revoke(); proxy.a",
      "const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); proxy.b = 1",
      "const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); 'a' in proxy",
      'const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); Object.keys(proxy)',
      'const { proxy, revoke } = Proxy.revocable(() => 1, {}); revoke(); proxy()',
      'const { proxy, revoke } = Proxy.revocable([], {}); revoke(); Array.isArray(proxy)',
    ],
  }

  for (const [group, programs] of Object.entries(groups)) {
    it.each(programs)(`${group}: %s`, async (program) => {
      expect(await ourMessage(program)).toBe(await nodeMessage(program))
    })
  }

  it('names callees and iterables the same in TypeScript, where types were erased around them', async () => {
    for (const program of ['const o: any = {}; (o as any).f()', 'const o = { a: {} } as { a: any }; o.a!.b()', 'const x: unknown = 5; for (const a of x as number[]) {}']) {
      expect(await ourMessage(program, 'typescript')).toBe(await nodeMessage(erased(program)))
    }
  })

  it("prints a date's time zone as V8 names UTC", async () => {
    const program = `const d = new Date(0)
console.log(String(d))
return [d.toString(), \`\${d}\`, d + '', d.toTimeString(), new Date(Date.UTC(2024, 4, 1, 10, 30)).toString(), new Date(NaN).toString(), Date.parse(d.toString())]`
    const result = await runtime.run({ source: program })
    const node = await vm.runInNewContext(`(async function () {"use strict"; const logs = []; const console = { log: (s) => logs.push(s) };\n${program.replace('return ', 'return [logs, ')}]})()`, {})
    expect(result).toMatchObject({ ok: true, value: node[1], logs: [{ level: 'log', text: node[0][0] }] })
    expect(node[1][0]).toBe('Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)')
  })

  it('names a deeply nested callee without running out of stack, and a huge one in part', async () => {
    // as deep as the parser takes them
    const deep = ['(' .repeat(300) + 'o' + ')'.repeat(300) + '.f()', '(' + 'x ** '.repeat(300) + 'x).f()']
    const child = await runInChild(`
const rt = runtime.createCodeRuntime()
const programs = ${JSON.stringify(deep)}
Promise.all(programs.map((p) => rt.run({ source: 'const o = {}, x = 1;' + p }))).then((results) => {
  console.log(JSON.stringify(results.map((r) => [r.error.kind, r.error.message.length])))
  return rt.dispose()
})`)
    expect(child.status, child.stderr).toBe(0)
    const [parenthesized, power] = JSON.parse(child.stdout)
    expect(parenthesized).toEqual(['runtime', 'o.f is not a function'.length])
    // V8 prints the whole expression; the runtime stops at 1,000 bytes
    expect(power).toEqual(['runtime', 1000 + '... is not a function'.length])
  })

  // Where V8's printer names something no reader can use, the runtime describes the value as V8
  // does where it names nothing; README ("The realm") lists these.
  const differences: [string, string, string][] = [
    ['for (const [k, v] of [1]) {}', 'TypeError: .for is not iterable', 'TypeError: number 1 is not iterable (cannot read property Symbol(Symbol.iterator))'],
    ['for (const { a } of [undefined]) {}', "TypeError: Cannot destructure property 'a' of '.for' as it is undefined.", "TypeError: Cannot destructure property 'a' of 'undefined' as it is undefined."],
    ['const { a: [b] } = { a: 5 }', 'TypeError: {(intermediate value)} is not iterable (cannot read property Symbol(Symbol.iterator))', 'TypeError: number 5 is not iterable (cannot read property Symbol(Symbol.iterator))'],
    ['const { a: [b] } = {}', "TypeError: Cannot destructure property 'Symbol(Symbol.iterator)' of '{}' as it is undefined.", 'TypeError: undefined is not iterable (cannot read property Symbol(Symbol.iterator))'],
  ]
  it.each(differences)('differs from V8 where V8 names nothing usable: %s', async (program, v8, ours) => {
    expect(await nodeMessage(program)).toBe(v8)
    expect(await ourMessage(program)).toBe(ours)
  })
})
