'use strict'

const { createCodeRuntime } = require('../runtime.js')
const { describeValue } = require('../options.js')

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

// The words @cloudflare/codemode's sanitizeToolName suffixes with `_`; its generated types name
// tools that way, so the sandbox must expose them under the same names.
const RESERVED = new Set(
  ('abstract arguments await boolean break byte case catch char class const continue debugger default delete do ' +
    'double else enum eval export extends false final finally float for function goto if implements import in ' +
    'instanceof int interface let long native new null package private protected public return short static super ' +
    'switch synchronized this throw throws transient true try typeof undefined var void volatile while with yield').split(' '),
)

// normalizeCode in @cloudflare/codemode parses with acorn, which fails on TypeScript; it then wraps the
// source unchanged as `async () => {\n<source>\n}`, where an arrow function would be declared, never called.
const CODEMODE_WRAPPER = /^async \(\) => \{\n([\s\S]*)\n\}$/
const LOOKS_LIKE_FUNCTION = /^(async\b|function\b|\()/

/**
 * An @cloudflare/codemode Executor that runs code in a Boa realm of a code-runtime-boa runtime.
 * Pass `runtime` to share one; otherwise the executor creates its own on first use and
 * `dispose()` releases it.
 */
class BoaExecutor {
  #runtime
  #ownsRuntime
  #limits
  #language

  constructor(options = {}) {
    const { runtime, limits, language = 'typescript' } = options
    if (runtime !== undefined && typeof runtime?.run !== 'function') {
      throw new TypeError('BoaExecutor: options.runtime must be a runtime from createCodeRuntime()')
    }
    if (language !== 'typescript' && language !== 'javascript') {
      throw new TypeError(`BoaExecutor: options.language must be 'typescript' or 'javascript', got ${describeValue(language)}`)
    }
    this.#runtime = runtime
    this.#ownsRuntime = runtime === undefined
    this.#limits = limits
    this.#language = language
  }

  /** Runs `code` (an async arrow function source, or plain statements); resolves to { result, error?, logs? }, never rejects. */
  async execute(code, providersOrFns, options) {
    try {
      if (typeof code !== 'string') return failure(`code must be a string, got ${typeof code}`)
      if (options?.connectors?.length) {
        return failure('BoaExecutor does not support connectors (Workers RPC bindings); pass their tools as providers instead')
      }
      const providers = Array.isArray(providersOrFns) ? providersOrFns : [{ name: 'codemode', fns: providersOrFns ?? {} }]
      const bindings = bindingsFor(providers)
      // binding namespaces are frozen globals, so a prelude extends a program-local copy of its namespace
      const prelude = providers
        .filter((p) => p.prelude)
        .map((p) => `const ${p.name} = { ...globalThis.${p.name} };\n${p.prelude}`)
        .join('\n')
      return await this.#runCandidates(candidatePrograms(code.trim()), bindings, prelude)
    } catch (error) {
      return failure(error instanceof Error ? error.message : String(error))
    }
  }

  async dispose() {
    if (!this.#ownsRuntime) return
    // a later execute starts a fresh runtime of its own
    const runtime = this.#runtime
    this.#runtime = undefined
    await runtime?.dispose()
  }

  /** Runs each reading of the code until one parses; syntax errors never run any of the program. */
  async #runCandidates(candidates, bindings, prelude) {
    const runtime = (this.#runtime ??= createCodeRuntime())
    const preludeLines = prelude ? prelude.split('\n').length : 0
    let furthest
    for (const candidate of candidates) {
      const run = await runtime.run({
        source: prelude ? `${prelude}\n${candidate.source}` : candidate.source,
        language: this.#language,
        bindings,
        limits: this.#limits,
      })
      const logs = run.logs.map(formatLog)
      if (run.ok) return { result: run.value, logs }
      const error = { ...run.error, ...positionInCode(run.error, preludeLines, candidate) }
      if (error.kind !== 'syntax') return { result: undefined, error: formatError(error), logs }
      // the reading that parsed furthest before failing is the one the author meant
      if (!furthest || (error.line ?? 0) > (furthest.line ?? 0)) furthest = error
    }
    return failure(formatError(furthest))
  }
}

/** The readings of `code` to try, most specific first. */
function candidatePrograms(code) {
  const candidates = []
  const wrapped = CODEMODE_WRAPPER.exec(code)
  if (wrapped && LOOKS_LIKE_FUNCTION.test(wrapped[1].trim())) candidates.push(callOrValue(wrapped[1], 1))
  candidates.push(callOrValue(code, 0), { source: code, lineOffset: 0, firstLineShift: 0 })
  return candidates
}

// A function expression is called; any other expression is its own result. The expression starts
// on the program's first line, so only that line's columns are shifted.
const CALL_OR_VALUE = "return await ((f) => (typeof f === 'function' ? f() : f))("
const callOrValue = (expression, lineOffset) => ({
  source: `${CALL_OR_VALUE}${expression}\n)`,
  lineOffset,
  firstLineShift: CALL_OR_VALUE.length,
})

/** An error's position in terms of the code execute() was given, to compare readings and to report. */
function positionInCode({ line, column }, preludeLines, { lineOffset, firstLineShift }) {
  if (line === undefined) return {}
  const programLine = line - preludeLines
  const shift = programLine === 1 && column !== undefined ? firstLineShift : 0
  return { line: programLine + lineOffset, column: column === undefined ? undefined : column - shift }
}

/** The bindings for the providers; throws, with a message for the result's error, on a bad provider. */
function bindingsFor(providers) {
  const bindings = {}
  for (const provider of providers) {
    const { name, fns } = provider ?? {}
    if (typeof name !== 'string' || !IDENTIFIER.test(name)) throw new Error(`Provider name ${JSON.stringify(name)} is not a valid JavaScript identifier`)
    if (name in bindings) throw new Error(`Duplicate provider name "${name}"`)
    if (typeof fns !== 'object' || fns === null) throw new Error(`Provider "${name}" needs an object of functions as fns`)
    const namespace = {}
    const origins = new Map()
    for (const [toolName, fn] of Object.entries(fns)) {
      if (typeof fn !== 'function') throw new Error(`Tool "${toolName}" in provider "${name}" is not a function`)
      const safeName = sanitizeToolName(toolName)
      if (origins.has(safeName)) {
        throw new Error(`Tool names "${origins.get(safeName)}" and "${toolName}" both sanitize to "${safeName}" in provider "${name}"`)
      }
      origins.set(safeName, toolName)
      namespace[safeName] = fn
    }
    bindings[name] = namespace
  }
  return bindings
}

/** The same names @cloudflare/codemode's sanitizeToolName gives. */
function sanitizeToolName(name) {
  const sanitized = name.replace(/[-.\s]/g, '_').replace(/[^a-zA-Z0-9_$]/g, '')
  if (!sanitized) return '_'
  const prefixed = /^[0-9]/.test(sanitized) ? `_${sanitized}` : sanitized
  return RESERVED.has(prefixed) ? `${prefixed}_` : prefixed
}

// codemode's own executors keep console.log as is and prefix the other levels
const formatLog = ({ level, text }) => (level === 'log' ? text : `[${level}] ${text}`)

function formatError({ name, message, line, column }) {
  const at = line === undefined ? '' : ` (line ${line}${column === undefined ? '' : `, column ${column}`})`
  return `${name}: ${message}${at}`
}

const failure = (error) => ({ result: undefined, error })

module.exports = { BoaExecutor }
