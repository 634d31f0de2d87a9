// The test262 ratchet (conformance/test262/) without a test262 checkout: the table's parser and
// drop detection on small synthetic tables, what a test file becomes (metadata, applicability,
// the program and its verdict), and the command itself on a tiny checkout made here, with
// harness files of our own.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { drops, formatTable, parseTable, rises, tally } from '../conformance/test262/table.js'
import { judge, metadata, moduleGraph, notApplicable, programFor } from '../conformance/test262/tests.js'
import { ROOT } from './helpers'

const COMMIT = 'be13516fb6441b950ba8a3df97eb34062c186972'
const row = (passed: number, run: number, notApplicable = 0) => ({ passed, run, notApplicable })
const table = (directories: Record<string, ReturnType<typeof row>>) => ({ test262: COMMIT, totals: row(0, 0), directories })
const test262File = (frontmatter: string, body = '') => `// a test\n/*---\n${frontmatter}\n---*/\n${body}\n`

describe('the table', () => {
  it('parses what formatTable writes, directories sorted', () => {
    const counts = tally([
      { directory: 'language/types', verdict: 'pass' },
      { directory: 'built-ins/Array', verdict: 'fail' },
      { directory: 'built-ins/Array', verdict: 'pass' },
      { directory: 'built-ins/Array', verdict: 'na' },
    ])
    const text = formatTable(counts, COMMIT)
    expect(parseTable(text)).toEqual({ test262: COMMIT, ...counts })
    expect(text.indexOf('built-ins/Array')).toBeLessThan(text.indexOf('language/types'))
  })

  it('counts a crashed or hung test as a failed run', () => {
    const counts = tally(['pass', 'fail', 'crashed', 'hung', 'na'].map((verdict) => ({ directory: 'built-ins/X', verdict })))
    expect(counts.directories['built-ins/X']).toEqual(row(1, 4, 1))
    expect(counts.totals).toEqual(row(1, 4, 1))
  })

  it.each([
    ['not JSON', '{', /is not JSON .*--update/],
    ['no commit', JSON.stringify({ totals: row(0, 0), directories: {} }), /"test262" must be the 40-hex-digit test262 commit/],
    ['a count below zero', JSON.stringify(table({ 'built-ins/X': row(-1, 2) })), /directories\["built-ins\/X"\]\.passed must be a whole number >= 0, got -1/],
    ['more passed than run', JSON.stringify(table({ 'built-ins/X': row(3, 2) })), /passed \(3\) is more than run \(2\)/],
    ['directories as an array', JSON.stringify({ ...table({}), directories: [] }), /"directories" must be an object/],
  ])('refuses a table with %s, saying what is wrong', (_, text, message) => {
    expect(() => parseTable(text, 'counts.json')).toThrow(message)
  })
})

describe('drop detection', () => {
  const committed = table({ 'built-ins/Array': row(10, 12), 'built-ins/Date': row(5, 5), 'language/types': row(3, 4) })

  it('reports each directory whose pass count fell, and only those', () => {
    const now = { totals: row(0, 0), directories: { 'built-ins/Array': row(9, 12), 'built-ins/Date': row(6, 6), 'language/types': row(3, 4) } }
    expect(drops(committed, now)).toEqual([{ directory: 'built-ins/Array', was: 10, now: 9 }])
    expect(rises(committed, now)).toEqual([{ directory: 'built-ins/Date', was: 5, now: 6 }])
  })

  it('counts a directory a full run did not see as 0 passed', () => {
    const now = { totals: row(0, 0), directories: { 'built-ins/Array': row(10, 12), 'built-ins/Date': row(5, 5) } }
    expect(drops(committed, now)).toEqual([{ directory: 'language/types', was: 3, now: 0 }])
  })

  it('compares a partial run on the directories it covered only', () => {
    const now = { totals: row(0, 0), directories: { 'built-ins/Date': row(5, 5) } }
    expect(drops(committed, now, ['built-ins/Date'])).toEqual([])
    expect(drops(committed, { totals: row(0, 0), directories: {} }, ['built-ins/Date'])).toEqual([{ directory: 'built-ins/Date', was: 5, now: 0 }])
  })
})

describe('a test file', () => {
  it('reads flags, includes (either list form), features and the negative phase', () => {
    const meta = metadata(test262File('description: x\nincludes:\n  - compareArray.js\n  - propertyHelper.js\nflags: [module, async]\nfeatures: [json-modules]\nnegative:\n  phase: parse\n  type: SyntaxError'))
    expect(meta).toEqual({ includes: ['compareArray.js', 'propertyHelper.js'], flags: ['module', 'async'], features: ['json-modules'], negative: { phase: 'parse', type: 'SyntaxError' } })
    expect(() => metadata('// no metadata')).toThrow('no /*--- ---*/ metadata block')
  })

  it.each([
    ['flags: [noStrict]', '', /^noStrict/],
    ['flags: [CanBlockIsTrue]', '', /^CanBlockIsTrue/],
    ['features: [json-modules]', '', /^json-modules/],
    ['features: [import-text]', '', /^import-text/],
    ['description: x', 'var other = $262.createRealm().global;', /^\$262\.createRealm/],
    ['description: x', '$262.evalScript("var x;");', /^\$262\.evalScript/],
  ])('is not applicable with %s %s', (frontmatter, body, reason) => {
    const source = test262File(frontmatter, body)
    expect(notApplicable(metadata(source), source)).toMatch(reason)
  })

  it('is not applicable when a harness file it includes needs a missing hook', () => {
    const source = test262File('includes: [atomicsHelper.js]')
    expect(notApplicable(metadata(source), source, '$262.agent.start(code)')).toMatch(/^\$262\.agent/)
  })

  it.each(['flags: [onlyStrict]', 'flags: [CanBlockIsFalse]', 'flags: [module]', 'features: [eval]'])('is run with %s', (frontmatter) => {
    const source = test262File(frontmatter, 'eval("1")')
    expect(notApplicable(metadata(source), source)).toBeUndefined()
  })
})

describe('the verdict', () => {
  const meta = (frontmatter: string) => metadata(test262File(frontmatter))
  const failure = (kind: string, name: string, message = 'm') => ({ ok: false, error: { kind, name, message } })
  const parseNegative = meta('negative:\n  phase: parse\n  type: SyntaxError')
  const runtimeNegative = meta('negative:\n  phase: runtime\n  type: ReferenceError')
  const verdict = (m: any, result: any, source = '') => judge({ key: 'language/x/t.js', source, meta: m }, result).verdict

  it('passes a parse-phase negative test only on a syntax failure', () => {
    expect(verdict(parseNegative, failure('syntax', 'SyntaxError'))).toBe('pass')
    expect(verdict(parseNegative, failure('runtime', 'SyntaxError'))).toBe('fail')
    expect(verdict(parseNegative, { ok: true })).toBe('fail')
  })

  it('passes a runtime-phase negative test only on a runtime error of the expected name', () => {
    expect(verdict(runtimeNegative, failure('runtime', 'ReferenceError'))).toBe('pass')
    expect(verdict(runtimeNegative, failure('runtime', 'TypeError'))).toBe('fail')
    expect(verdict(runtimeNegative, failure('syntax', 'SyntaxError'))).toBe('fail')
  })

  it('counts a test expecting a fixture not to parse as not applicable, and no other', () => {
    const script = meta('description: x')
    const module = meta('flags: [module]')
    const fixtureRefused = failure('syntax', 'SyntaxError', 'module "bad_FIXTURE.js" does not parse: SyntaxError: x')
    const expectsRejection = "import('./bad_FIXTURE.js').catch((e) => assert(e instanceof SyntaxError))"
    expect(verdict(script, fixtureRefused, expectsRejection)).toBe('na')
    expect(verdict(script, fixtureRefused, "import('./bad_FIXTURE.js').then(() => $DONE())")).toBe('fail')
    expect(verdict(module, failure('syntax', 'SyntaxError', 'module "t.js" does not parse: SyntaxError: x'), expectsRejection)).toBe('fail')
    expect(judge({ key: 'language/x/t.js', source: '', meta: script }, failure('runtime', 'TypeError', 'boom\nat x')).message).toBe('runtime TypeError: boom')
  })
})

describe('the program a test becomes', () => {
  // A checkout in memory: harness files of our own, and the tests and fixtures given.
  const checkoutOf = (tests: Record<string, string>) => ({
    readTest: (key: string) => tests[key],
    readHarness: (name: string) => harness[name],
    harnessNames: (name: string) => ({ 'assert.js': ['assert'], 'sta.js': ['Test262Error', '$DONOTEVALUATE'], 'extra.js': ['helper'] })[name] ?? [],
  })
  const harness: Record<string, string> = {
    'assert.js': 'function assert(value, message) { if (value !== true) throw new Test262Error(message) }',
    'sta.js': 'function Test262Error(message) { this.message = message || "" }\nfunction $DONOTEVALUATE() { throw "not to be evaluated" }',
    'extra.js': 'function helper() { return 42 }',
  }
  const runtime = createCodeRuntime()
  afterAll(() => runtime.dispose())
  const run = async (key: string, tests: Record<string, string>) => {
    const checkout = checkoutOf(tests)
    const test = { key, source: tests[key], meta: metadata(tests[key]) }
    const { source, modules } = programFor(test, checkout)
    return judge(test, await runtime.run({ source, modules, language: 'javascript' }))
  }

  it('runs a script after its harness and includes', async () => {
    expect(await run('built-ins/X/t.js', { 'built-ins/X/t.js': test262File('includes: [extra.js]', 'assert(helper() === 42, "helper")') })).toEqual({ verdict: 'pass' })
    expect(await run('built-ins/X/t.js', { 'built-ins/X/t.js': test262File('description: x', 'assert(false, "nope")') })).toEqual({ verdict: 'fail', message: 'runtime Error: nope' })
  })

  it('passes an async test when it calls $DONE, and fails it with the error it passes', async () => {
    const done = test262File('flags: [async]', 'Promise.resolve().then(() => $DONE())')
    const failed = test262File('flags: [async]', 'Promise.resolve().then(() => $DONE(new TypeError("late")))')
    expect(await run('built-ins/X/t.js', { 'built-ins/X/t.js': done })).toEqual({ verdict: 'pass' })
    expect(await run('built-ins/X/t.js', { 'built-ins/X/t.js': failed })).toEqual({ verdict: 'fail', message: 'runtime TypeError: late' })
  })

  it('names a thrown Test262Error by its constructor for a runtime-phase negative test', async () => {
    const source = test262File('negative:\n  phase: runtime\n  type: Test262Error', 'throw new Test262Error()')
    expect(await run('built-ins/X/t.js', { 'built-ins/X/t.js': source })).toEqual({ verdict: 'pass' })
  })

  it('imports a module test with its fixtures, its harness as globals', async () => {
    const tests = {
      'language/m/t.js': test262File('flags: [module]\nincludes: [extra.js]', "import { x } from './dep_FIXTURE.js'\nassert(x === helper(), 'x')"),
      'language/m/dep_FIXTURE.js': "export { y as x } from './deeper_FIXTURE.js'",
      'language/m/deeper_FIXTURE.js': 'export const y = 42',
    }
    expect(moduleGraph('language/m/t.js', tests['language/m/t.js'], true, checkoutOf(tests))).toEqual({
      't.js': tests['language/m/t.js'],
      'dep_FIXTURE.js': tests['language/m/dep_FIXTURE.js'],
      'deeper_FIXTURE.js': tests['language/m/deeper_FIXTURE.js'],
    })
    expect(await run('language/m/t.js', tests)).toEqual({ verdict: 'pass' })
  })

  it("gives a script the modules its import() calls name, and leaves out what does not exist", async () => {
    const tests = {
      'language/d/t.js': test262File('flags: [async]', "import('./a_FIXTURE.js').then((m) => assert(m.a === 1, 'a')).then(() => import('./missing_FIXTURE.js')).catch(() => $DONE())"),
      'language/d/a_FIXTURE.js': 'export const a = 1',
    }
    expect(moduleGraph('language/d/t.js', tests['language/d/t.js'], false, checkoutOf(tests))).toEqual({ 'a_FIXTURE.js': 'export const a = 1' })
    expect(await run('language/d/t.js', tests)).toEqual({ verdict: 'pass' })
  })

  it('runs a raw test as its text alone', async () => {
    const checkout = checkoutOf({})
    const source = test262File('flags: [raw]', 'var x = 1')
    expect(programFor({ key: 'language/r/t.js', source, meta: metadata(source) }, checkout)).toEqual({ source, modules: undefined })
  })
})

describe('npm run test262 on a checkout made here', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'test262-ratchet-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const checkout = path.join(dir, 'checkout')
  const files: Record<string, string> = {
    'harness/assert.js': withFrontmatter('function assert(value, message) { if (value !== true) throw new Test262Error(message) }'),
    'harness/sta.js': withFrontmatter('function Test262Error(message) { this.message = message || "" }'),
    'test/built-ins/Thing/passes.js': test262File('description: x', 'assert(1 + 1 === 2, "sum")'),
    'test/built-ins/Thing/fails.js': test262File('description: x', 'assert(false, "always")'),
    'test/built-ins/Thing/sloppy.js': test262File('flags: [noStrict]', 'with ({}) {}'),
    'test/language/other/passes.js': test262File('description: x', ''),
  }
  const writeTree = (root: string, tree: Record<string, string>) => {
    for (const [name, text] of Object.entries(tree)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
      writeFileSync(path.join(root, name), text)
    }
  }
  writeTree(checkout, files)
  function withFrontmatter(text: string) {
    return `/*---\ndescription: ours\n---*/\n${text}\n`
  }
  // Each run starts worker processes and loads the addon: seconds on a loaded machine.
  const CLI_MS = 120_000
  const cliWith = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [path.join(ROOT, 'conformance/test262/run.js'), ...args], { encoding: 'utf8', timeout: CLI_MS, env }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
      })
    })
  const cli = (...args: string[]) => cliWith(process.env, ...args)
  const tableFile = path.join(dir, 'counts.json')

  it('writes the table with --update, then passes against it', async () => {
    const update = await cli(checkout, '--update', '--commit', COMMIT, '--table', tableFile, '--jobs', '1')
    expect(update.code).toBe(0)
    expect(parseTable(readFileSync(tableFile, 'utf8'))).toEqual({
      test262: COMMIT,
      totals: row(2, 3, 1),
      directories: { 'built-ins/Thing': row(1, 2, 1), 'language/other': row(1, 1, 0) },
    })
    const check = await cli(checkout, '--table', tableFile, '--jobs', '1')
    expect(check.code).toBe(0)
    expect(check.stdout).toContain('no directory passed fewer tests than the table records')
  }, 2 * CLI_MS)

  it('fails naming the directory whose count dropped', async () => {
    writeFileSync(tableFile, formatTable({ totals: row(3, 3), directories: { 'built-ins/Thing': row(2, 2), 'language/other': row(1, 1) } }, COMMIT))
    const check = await cli(checkout, '--table', tableFile, '--jobs', '1', '--failures', path.join(dir, 'failures.txt'))
    expect(check.code).toBe(1)
    expect(check.stdout).toContain('DROP built-ins/Thing: 2 -> 1 passed')
    expect(check.stdout).not.toContain('DROP language/other')
    expect(readFileSync(path.join(dir, 'failures.txt'), 'utf8')).toBe(
      'fail built-ins/Thing/fails.js: runtime Error: always\nna built-ins/Thing/sloppy.js: noStrict: sloppy mode only, and programs are strict\n',
    )
  }, CLI_MS)

  it('survives a test that kills its process and one that never answers, and reports both', async () => {
    // A stand-in for the package that crashes or wedges on a marker, as an engine bug would.
    const fake = path.join(dir, 'fake-package')
    mkdirSync(fake, { recursive: true })
    writeFileSync(
      path.join(fake, 'index.js'),
      `const real = require(${JSON.stringify(path.join(ROOT, 'index.js'))})
exports.createCodeRuntime = (options) => {
  const runtime = real.createCodeRuntime(options)
  return {
    run(job) {
      if (job.source.includes('CRASH_HERE')) process.kill(process.pid, 'SIGKILL')
      if (job.source.includes('HANG_HERE')) return new Promise(() => {})
      return runtime.run(job)
    },
    dispose: () => runtime.dispose(),
  }
}`,
    )
    const hostile = path.join(dir, 'hostile')
    writeTree(hostile, {
      'harness/assert.js': files['harness/assert.js'],
      'harness/sta.js': files['harness/sta.js'],
      'test/built-ins/Thing/a-passes.js': test262File('description: x', ''),
      'test/built-ins/Thing/crash.js': test262File('description: x', '// CRASH_HERE'),
      'test/built-ins/Thing/hang.js': test262File('description: x', '// HANG_HERE'),
      'test/built-ins/Thing/z-passes.js': test262File('description: x', ''),
      'test/language/other/passes.js': test262File('description: x', ''),
    })
    const env = { ...process.env, CODE_RUNTIME_ROOT: fake }
    const result = await cliWith(env, hostile, '--update', '--commit', COMMIT, '--table', path.join(dir, 'hostile.json'), '--jobs', '1', '--hang-ms', '10000')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('CRASHED built-ins/Thing/crash.js: the process died (SIGKILL) running this test alone')
    expect(result.stdout).toContain('HUNG built-ins/Thing/hang.js: no answer after 10 s')
    expect(parseTable(readFileSync(path.join(dir, 'hostile.json'), 'utf8')).directories).toEqual({ 'built-ins/Thing': row(2, 4, 0), 'language/other': row(1, 1, 0) })
  }, CLI_MS)

  it('says how to get a checkout when given something else', async () => {
    const check = await cli(dir, '--table', tableFile)
    expect(check.code).toBe(2)
    expect(check.stderr).toContain('is not a test262 checkout')
    expect(check.stderr).toContain('git clone https://github.com/tc39/test262')
  }, CLI_MS)
})
