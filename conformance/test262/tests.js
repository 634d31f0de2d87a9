'use strict'
// What one test262 file becomes here: its metadata, whether it can fit a program at all, the run
// that carries it (source, modules) and the verdict on that run's result. No I/O but through the
// `checkout` object passed in, so the vitest spec can drive it with synthetic files.

const path = require('node:path')
const yaml = require('js-yaml')
const acorn = require('acorn')

/** The trees the ratchet runs, under the checkout's `test/`. */
const TREES = ['built-ins', 'language']

/** Host hooks test262 lets a host define on `$262` that this realm cannot give. */
const MISSING_HOOKS = {
  createRealm: 'a program has one realm',
  evalScript: 'programs cannot compile strings',
  agent: 'a program has no other agents (threads) to share memory with',
  AbstractModuleSource: 'the modules option takes JavaScript source text only',
}

/** Module types other than JavaScript: the modules option takes JavaScript source text only. */
const NON_JAVASCRIPT_MODULES = ['json-modules', 'import-text', 'import-bytes']

/** Budgets per test: far above what any test262 test needs here, so the counts do not depend
 * on the machine's speed; a test that spins forever ends with compute_budget. */
const LIMITS = { computeMs: 30_000, maxWallMs: 120_000, maxMemoryBytes: 512 * 1024 * 1024 }

/** How long an async test may take to call `$DONE` once its body has run: wall-clock time, so
 * far more than any test needs on a starved machine; only a test that never calls it waits it out. */
const ASYNC_DONE_MS = 60_000

/** The test's metadata: the YAML between `/*---` and `---*\/`. Throws when it does not parse. */
function metadata(source) {
  const frontmatter = /\/\*---([\s\S]*?)---\*\//.exec(source)
  if (!frontmatter) throw new Error('no /*--- ---*/ metadata block')
  const data = yaml.load(frontmatter[1]) ?? {}
  const list = (key) => (Array.isArray(data[key]) ? data[key].map(String) : [])
  const negative = data.negative && typeof data.negative === 'object' ? { phase: String(data.negative.phase), type: String(data.negative.type) } : undefined
  return { includes: list('includes'), flags: list('flags'), features: list('features'), negative }
}

/**
 * Why a test cannot fit a program here (a string), or undefined when it can. Only reasons a
 * test's metadata or text states: a test that merely fails here (it needs eval, sloppy-mode
 * semantics it does not flag, a global script scope) is run and counted as failing.
 * `includedText` is the text of its harness includes (a hook used through a harness file counts).
 */
function notApplicable(meta, source, includedText = '') {
  if (meta.flags.includes('noStrict')) return 'noStrict: sloppy mode only, and programs are strict'
  if (meta.flags.includes('CanBlockIsTrue')) return 'CanBlockIsTrue: a program may not block its thread (Atomics.wait throws)'
  const nonJavaScript = meta.features.find((feature) => NON_JAVASCRIPT_MODULES.includes(feature))
  if (nonJavaScript) return `${nonJavaScript}: the modules option takes JavaScript modules only`
  for (const [hook, why] of Object.entries(MISSING_HOOKS)) {
    if (source.includes(`$262.${hook}`) || includedText.includes(`$262.${hook}`)) return `$262.${hook}: ${why}`
  }
  return undefined
}

/** Specifiers a module's text imports or re-exports (static, dynamic and phase imports). */
function importedSpecifiers(source) {
  const found = new Set()
  const patterns = [/\bfrom\s*(['"])([^'"\n]+)\1/g, /\bimport\s*(['"])([^'"\n]+)\1/g, /\bimport(?:\.\w+)?\s*\(\s*(['"])([^'"\n]+)\1/g]
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[2])
  return [...found]
}

/**
 * The modules a test reaches through relative imports (static, dynamic, re-exports; a module
 * test also itself), keyed by their path relative to the test's directory: the program imports
 * them by those names, and relative specifiers between them resolve as they do on disk. Files
 * that do not exist are left out: importing one is the test's business.
 */
function moduleGraph(key, source, isModule, checkout) {
  const directory = path.posix.dirname(key)
  const entry = path.posix.basename(key)
  const modules = isModule ? { [entry]: source } : {}
  const pending = [[entry, source]]
  while (pending.length > 0) {
    const [from, text] = pending.pop()
    for (const specifier of importedSpecifiers(text)) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
      if (target in modules || target.startsWith('../')) continue
      const found = checkout.readTest(path.posix.join(directory, target))
      if (found === undefined) continue
      modules[target] = found
      pending.push([target, found])
    }
  }
  return modules
}

/** Names a harness file declares at its top level, to make globals of them for modules. */
function declaredNames(harnessSource) {
  const names = []
  const program = acorn.parse(harnessSource, { ecmaVersion: 'latest', sourceType: 'script' })
  for (const node of program.body) {
    if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) names.push(node.id.name)
    if (node.type === 'VariableDeclaration') {
      for (const declarator of node.declarations) if (declarator.id.type === 'Identifier') names.push(declarator.id.name)
    }
  }
  return names
}

// `$262` as INTERPRETING.md describes it, with the hooks this realm can give: the global, and
// detaching a buffer (structuredClone transfers it, which detaches it; detaching a detached
// buffer again does nothing, where a second transfer would throw).
const HOST = `{ const detached = new WeakSet();
globalThis.$262 = { global: globalThis, detachArrayBuffer(buffer) { if (!detached.has(buffer)) { structuredClone(buffer, { transfer: [buffer] }); detached.add(buffer) } return null } }; }`

// An async test ends when it calls $DONE: the program awaits that, or fails when it never comes.
// $DONE is a global, as asyncHelpers.js checks. The runner's own names start with `$262_`, clear
// of test262's.
const ASYNC_START = `let $262_finish; const $262_finished = new Promise((resolve) => { $262_finish = resolve });
globalThis.$DONE = (error) => $262_finish(error ? { error } : {});`
const ASYNC_END = `const $262_timer = setTimeout(() => $262_finish({ error: new Error('$DONE was not called within ${ASYNC_DONE_MS} ms') }), ${ASYNC_DONE_MS});
const $262_outcome = await $262_finished;
clearTimeout($262_timer);
if ($262_outcome.error) throw $262_outcome.error;`

/**
 * The run that carries a test: `{ source, modules? }` for `runtime.run` (JavaScript). A script
 * test is the program body after its harness; a module test is a module the program imports
 * after making globals of its harness; a raw test gets no harness (a raw script is its text alone).
 */
function programFor(test, checkout) {
  const { key, source, meta } = test
  const isModule = meta.flags.includes('module')
  const isAsync = meta.flags.includes('async')
  const harnessFiles = meta.flags.includes('raw') ? [] : ['assert.js', 'sta.js', ...meta.includes.filter((name) => name !== 'doneprintHandle.js')]
  const parts = harnessFiles.length > 0 ? [HOST, ...(isAsync ? [ASYNC_START] : []), ...harnessFiles.map((name) => checkout.readHarness(name))] : []
  // A run reports a thrown object's `name` property; sta.js's Test262Error has none of its own.
  if (harnessFiles.length > 0 && meta.negative) parts.push(`Test262Error.prototype.name = 'Test262Error';`)
  if (isModule) {
    const names = new Set(harnessFiles.flatMap((name) => checkout.harnessNames(name)))
    if (names.size > 0) parts.push(`Object.assign(globalThis, { ${[...names].join(', ')} });`)
    parts.push(`await import(${JSON.stringify(`./${path.posix.basename(key)}`)});`)
  } else {
    parts.push(source)
  }
  if (isAsync) parts.push(ASYNC_END)
  const modules = moduleGraph(key, source, isModule, checkout)
  return { source: parts.join('\n'), modules: Object.keys(modules).length > 0 ? modules : undefined }
}

/**
 * Whether a run passed the test: a parse-phase negative test when the run failed with kind
 * `syntax`, a resolution- or runtime-phase one when the error thrown has the expected name
 * (a resolution error may also be a module that does not parse), any other when the run succeeded.
 */
function passed(meta, result) {
  const expected = meta.negative
  if (!expected) return result.ok
  if (result.ok) return false
  const { kind, name } = result.error
  if (expected.phase === 'parse') return kind === 'syntax' && expected.type === 'SyntaxError'
  if (expected.phase === 'resolution' && kind === 'syntax') return expected.type === 'SyntaxError'
  return kind === 'runtime' && name === expected.type
}

/**
 * The verdict on a run: `{ verdict: 'pass' }`, `{ verdict: 'fail', message }`, or 'na' when the
 * run shows the test cannot fit: it imports a module that does not parse (not the test itself)
 * and expects that import to be rejected with a SyntaxError, where the modules option refuses
 * the whole run before the program starts. A module that does not parse because the engine lacks
 * its syntax fails the test.
 */
function judge(test, result) {
  if (passed(test.meta, result)) return { verdict: 'pass' }
  if (result.ok) return { verdict: 'fail', message: 'the run succeeded' }
  const { kind, name, message } = result.error
  const unparsable = kind === 'syntax' && /^module "(.+?)" does not parse/.exec(message)?.[1]
  const isOwn = test.meta.flags.includes('module') && unparsable === path.posix.basename(test.key)
  if (unparsable && !isOwn && /\bSyntaxError\b/.test(test.source)) {
    return { verdict: 'na', message: `expects importing ${unparsable}, which does not parse, to be rejected: the modules option refuses the whole run` }
  }
  return { verdict: 'fail', message: `${kind} ${name}: ${firstLine(message)}` }
}

/** The first line of a message, at most 300 characters, for one-line failure listings. */
function firstLine(text) {
  return String(text).split('\n')[0].slice(0, 300)
}

/** The table row a test counts in: its first two path segments under `test/`. */
function directoryOf(key) {
  return key.split('/').slice(0, 2).join('/')
}

module.exports = { TREES, LIMITS, metadata, notApplicable, moduleGraph, declaredNames, programFor, judge, firstLine, directoryOf }
