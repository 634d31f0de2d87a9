'use strict'

const acorn = require('acorn')
const { createCodeRuntime } = require('../runtime.js')
const { isAnyArrayBuffer } = require('node:util/types')
const { pause, isPause } = require('../pause.js')
const { describeValue } = require('../options.js')
const { IDENTIFIER, sanitizeToolName } = require('../names.js')
const { formatLog, formatError } = require('../outcome.js')

// The one binding every tool call goes through, and the program-side helper built on it.
const DISPATCH = '__codemodeDispatch'
const HELPER = '__codemode'

// Provider names codemode's own executors refuse, so that a provider set accepted here is
// accepted there too: their harness names, and the globals a program relies on (a namespace
// named `console` or `Promise` would hide them). Ours are added for the same reason.
const RESERVED_PROVIDER_NAMES = new Set([
  '__dispatchers', '__connectors', '__logs', '__CODEMODE_BINARY_TAG', '__bytesToBase64', '__base64ToBytes',
  '__encodeCodemodeValue', '__decodeCodemodeValue', '__stringifyForCodemode', '__parseForCodemode',
  'WorkerEntrypoint', 'CodeExecutor', 'Promise', 'setTimeout', 'Error', 'console', DISPATCH, HELPER,
])

// codemode's tagged base64 form of binary data. Inside the realm bytes cross as bytes; this form
// is met only at the adapter's edge, where codemode's own codec would have decoded it.
const BINARY_TAG = '__codemode_binary_v1__'

// Runs in the realm before the program: the namespaces (a tool the provider lacks rejects as
// codemode's do; a prelude's own properties win).
const HELPER_SOURCE = `const ${HELPER} = ((dispatch) => {
  const namespace = (provider) => new Proxy({}, {
    get(target, key) {
      if (Object.hasOwn(target, key)) return target[key]
      if (typeof key !== 'string') return undefined
      return (...args) => dispatch(provider, key, args)
    },
  })
  return { namespace }
})(globalThis.${DISPATCH});`

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
  #modules

  constructor(options = {}) {
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`BoaExecutor: options must be an object like { runtime, limits, language, timeout }, got ${describeValue(options)}`)
    }
    const { runtime, limits, language = 'typescript', timeout, modules } = options
    if (runtime !== undefined && typeof runtime?.run !== 'function') {
      throw new TypeError('BoaExecutor: options.runtime must be a runtime from createCodeRuntime()')
    }
    if (language !== 'typescript' && language !== 'javascript') {
      throw new TypeError(`BoaExecutor: options.language must be 'typescript' or 'javascript', got ${describeValue(language)}`)
    }
    if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
      throw new TypeError(`BoaExecutor: options.timeout must be a positive number of milliseconds, got ${String(timeout)}`)
    }
    this.#runtime = runtime
    this.#ownsRuntime = runtime === undefined
    this.#limits = timeout === undefined ? limits : { ...limits, maxWallMs: timeout }
    this.#language = language
    // codemode reserves executor.js for its harness and ignores a module of that name
    const { 'executor.js': _harness, ...importable } = modules ?? {}
    this.#modules = importable
  }

  /** Runs `code` normalized as codemode normalizes it; resolves to { result, error?, logs? }, never rejects. */
  async execute(code, providersOrFns, options) {
    try {
      if (typeof code !== 'string') return failure(`code must be a string, got ${typeof code}`)
      if (options?.connectors?.length) {
        return failure('BoaExecutor does not support connectors (Workers RPC bindings); pass their tools as providers instead')
      }
      const providers = providersOf(providersOrFns)
      const tools = toolsOf(providers)
      const opening =
        `${HELPER_SOURCE}\nreturn await (async () => {\n` +
        providers.map((p) => `const ${p.name} = ${HELPER}.namespace(${JSON.stringify(p.name)});\n`).join('') +
        providers.filter((p) => p.prelude).map((p) => `${p.prelude}\n`).join('') +
        // a block of its own, as codemode's wrapping function gives it: the code may declare a
        // name a provider has
        '{\n'
      return await this.#runReadings(code, readingsOf(code), opening, tools)
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

  /**
   * Continues an execute that a tool paused (its result's `paused.token`) as if the paused tool
   * call had returned `answer.reply` (or thrown `answer.error`); the providers are given again,
   * since functions do not travel in the token. Resolves like `execute`, never rejects; its
   * errors carry no line, the code not being at hand.
   */
  async resume(token, answer, providersOrFns) {
    try {
      const tools = toolsOf(providersOf(providersOrFns))
      const reply = answer !== null && typeof answer === 'object' && 'reply' in answer ? { reply: codemodeForm(answer.reply) } : answer
      const runtime = (this.#runtime ??= createCodeRuntime())
      const run = await runtime.resume(token, reply, { bindings: { [DISPATCH]: dispatcher(tools) }, limits: this.#limits })
      return executeResult(run, () => ({ line: undefined, column: undefined }))
    } catch (error) {
      return failure(error instanceof Error ? error.message : String(error))
    }
  }

  /** Runs each reading of the code until one parses; syntax errors never run any of the program. */
  async #runReadings(code, readings, opening, tools) {
    const runtime = (this.#runtime ??= createCodeRuntime())
    let furthest
    for (const reading of readings) {
      const edits = [{ at: 0, text: opening }, ...reading.edits, { at: code.length, text: '\n}\n})();' }]
      const run = await runtime.run({
        source: applyEdits(code, edits),
        language: this.#language,
        bindings: { [DISPATCH]: dispatcher(tools) },
        modules: this.#modules,
        limits: this.#limits,
      })
      const position = (error) => positionInCode(error, code, edits)
      if (run.ok || run.error.kind !== 'syntax') return executeResult(run, position)
      const error = { ...run.error, ...position(run.error) }
      // the reading that parsed furthest before failing is the one the author meant
      if (!furthest || (error.line ?? 0) > (furthest.line ?? 0)) furthest = error
    }
    return failureWithLogs(furthest, [])
  }
}

const providersOf = (providersOrFns) => (Array.isArray(providersOrFns) ? providersOrFns : [{ name: 'codemode', fns: providersOrFns ?? {} }])

/** The one binding every tool call of the code goes through: `tools` by provider and name. */
function dispatcher(tools) {
  return async (provider, toolName, args) => {
    const fn = tools.get(provider)?.get(toolName)
    if (!fn) throw new Error(`Tool "${toolName}" not found`)
    const value = await fn(...codemodeForm(args))
    // a pause() crosses to the runtime as it is
    return isPause(value) ? value : codemodeForm(value)
  }
}

// ---- normalizing the code as codemode's normalizeCode does ----------------------------------
// A reading is the code with text inserted at offsets (and, for `export default`, blanked), so
// that every position in the program maps back to the code execute() was given.

const FENCED = /^(\s*```(?:js|javascript|typescript|ts|tsx|jsx)?\s*\n)([\s\S]*?)```\s*$/
const blank = (from, to) => ({ at: from, text: '', remove: to - from })

/** The readings of `code` to try, most specific first. */
function readingsOf(code) {
  const fence = FENCED.exec(code.trim())
  const leading = code.length - code.trimStart().length
  // the fences become blanks, so positions still count from the start of the given code
  const [start, end] = fence ? [leading + fence[1].length, leading + fence[1].length + fence[2].length] : [0, code.length]
  const outside = [blank(0, start), blank(end, code.length)].filter((edit) => edit.remove > 0)
  const body = code.slice(start, end)
  if (!body.trim()) return [{ edits: outside }]
  const withOutside = (edits) => ({ edits: [...outside, ...edits].sort((a, b) => a.at - b.at) })
  let program
  try {
    program = acorn.parse(body, { ecmaVersion: 'latest', sourceType: 'module' })
  } catch {
    // TypeScript, a top-level return, or an error the engine will report with its position
    return fallbackReadings(body).map((edits) => withOutside(shift(edits, start)))
  }
  return [withOutside(shift(astReading(program.body), start))]
}

const shift = (edits, by) => edits.map((edit) => ({ ...edit, at: edit.at + by }))

/** The reading acorn's view of the code gives, as codemode's normalizeCode reads it. */
function astReading(statements) {
  const only = statements.length === 1 ? statements[0] : undefined
  if (only?.type === 'ExpressionStatement' && only.expression.type === 'ArrowFunctionExpression') {
    return [{ at: only.expression.start, text: 'return await (' }, { at: only.expression.end, text: '\n)()' }]
  }
  if (only?.type === 'ExportDefaultDeclaration') {
    const declaration = only.declaration
    const unexported = blank(only.start, declaration.start)
    if (declaration.type === 'FunctionDeclaration' && !declaration.id) {
      return [unexported, { at: declaration.start, text: 'return await (' }, { at: declaration.end, text: ')()' }]
    }
    if (declaration.type === 'ClassDeclaration' && !declaration.id) {
      return [unexported, { at: declaration.start, text: 'return (' }, { at: declaration.end, text: ')' }]
    }
    const inner = declaration.type.endsWith('Declaration') ? declaration : { type: 'ExpressionStatement', expression: declaration, start: declaration.start, end: declaration.end }
    return [unexported, ...astReading([inner])]
  }
  if (only?.type === 'FunctionDeclaration') return [{ at: only.end, text: `\nreturn ${only.id.name}();` }]
  const last = statements.at(-1)
  if (last?.type === 'ExpressionStatement') {
    return [{ at: last.expression.start, text: 'return (' }, { at: last.expression.end, text: ')' }]
  }
  return []
}

// normalizeCode in @cloudflare/codemode parses with acorn, which fails on TypeScript; it then wraps the
// source unchanged as `async () => {\n<source>\n}`, where an arrow function would be declared, never called.
const CODEMODE_WRAPPER = /^(async \(\) => \{\n)([\s\S]*)\n\}$/
const LOOKS_LIKE_FUNCTION = /^(async\b|function\b|\()/
// A function expression is called; any other expression is its own result.
const CALL_OR_VALUE = "return await ((f) => (typeof f === 'function' ? f() : f))("

/** Readings for code acorn cannot parse: a wrapped function, an expression, or statements. */
function fallbackReadings(body) {
  const callOrValue = (from, to) => [{ at: from, text: CALL_OR_VALUE }, { at: to, text: '\n)' }]
  const readings = []
  const wrapped = CODEMODE_WRAPPER.exec(body)
  if (wrapped && LOOKS_LIKE_FUNCTION.test(wrapped[2].trim())) {
    const innerStart = wrapped[1].length
    const innerEnd = innerStart + wrapped[2].length
    readings.push([blank(0, innerStart), ...callOrValue(innerStart, innerEnd), blank(innerEnd, body.length)])
  }
  readings.push(callOrValue(0, body.length), [])
  return readings
}

/** The code with the edits applied, in order of their offsets. */
function applyEdits(code, edits) {
  let out = ''
  let from = 0
  for (const edit of edits) {
    out += code.slice(from, edit.at) + edit.text
    from = edit.at + (edit.remove ?? 0)
  }
  return out + code.slice(from)
}

/** An error's position in the code execute() was given; none when it lies in text we inserted. */
function positionInCode({ line, column }, code, edits) {
  if (line === undefined) return { line: undefined, column: undefined }
  const program = applyEdits(code, edits)
  let offset = 0
  for (let l = 1; l < line; l++) offset = program.indexOf('\n', offset) + 1
  offset += (column ?? 1) - 1
  // walk the edits, turning the program offset back into an offset in the code
  let programAt = 0
  let codeAt = 0
  for (const edit of edits) {
    const plain = edit.at - codeAt
    if (offset < programAt + plain) break
    programAt += plain
    codeAt = edit.at
    if (offset < programAt + edit.text.length) return { line: undefined, column: undefined }
    programAt += edit.text.length
    codeAt += edit.remove ?? 0
  }
  const codeOffset = codeAt + (offset - programAt)
  const before = code.slice(0, codeOffset)
  const codeLine = before.split('\n').length
  return { line: codeLine, column: column === undefined ? undefined : codeOffset - before.lastIndexOf('\n') }
}

// ---- providers and tools ---------------------------------------------------------------------

/** Each provider's tools by sanitized name; throws, with a message for the result's error, on a bad provider. */
function toolsOf(providers) {
  const tools = new Map()
  for (const provider of providers) {
    const { name, fns } = provider ?? {}
    if (RESERVED_PROVIDER_NAMES.has(name)) throw new Error(`Provider name "${name}" is reserved`)
    if (typeof name !== 'string' || !IDENTIFIER.test(name)) throw new Error(`Provider name ${JSON.stringify(name)} is not a valid JavaScript identifier`)
    if (tools.has(name)) throw new Error(`Duplicate provider name "${name}"`)
    if (typeof fns !== 'object' || fns === null) throw new Error(`Provider "${name}" needs an object of functions as fns`)
    const byName = new Map()
    const origins = new Map()
    for (const [toolName, fn] of Object.entries(fns)) {
      if (typeof fn !== 'function') throw new Error(`Tool "${toolName}" in provider "${name}" is not a function`)
      const safeName = sanitizeToolName(toolName)
      if (origins.has(safeName)) {
        throw new Error(`Tool names "${origins.get(safeName)}" and "${toolName}" both sanitize to "${safeName}" in provider "${name}"`)
      }
      origins.set(safeName, toolName)
      byName.set(safeName, fn)
    }
    tools.set(name, byName)
  }
  return tools
}

const isPlainObject = (value) => {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * A value as codemode's codec would leave it on the far side: typed arrays other than Uint8Array
 * (and DataViews) become a Uint8Array of their bytes, and values in codemode's tagged base64 form
 * become the bytes they stand for.
 */
function codemodeForm(value) {
  if (typeof value !== 'object' || value === null) return value
  if (isAnyArrayBuffer(value) || value instanceof Uint8Array) return value
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
  if (Array.isArray(value)) return value.map(codemodeForm)
  if (typeof value[BINARY_TAG] === 'string' && typeof value.data === 'string') {
    const bytes = new Uint8Array(Buffer.from(value.data, 'base64'))
    return value[BINARY_TAG] === 'ArrayBuffer' ? bytes.buffer : bytes
  }
  if (!isPlainObject(value) || typeof value.toJSON === 'function') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, codemodeForm(item)]))
}

// ---- results -----------------------------------------------------------------------------------

const BUDGETS_OF_TIME = new Set(['wall_budget', 'compute_budget'])

/**
 * An execute's result from the run's: its value, a pause (with the tool call as the code made
 * it), or its error at `position(error)` in the code.
 */
function executeResult(run, position) {
  const logs = run.logs.map(formatLog)
  if (run.ok) return { result: codemodeForm(run.value), logs }
  if (run.paused) {
    const { token, call, data } = run.paused
    const [provider, toolName, args] = call.args
    const path = `${provider}.${toolName}`
    const error = `the code paused at ${path}(): resume it with executor.resume(paused.token, { reply }, providers)`
    return { result: undefined, error, logs, paused: { token, call: { path, args: codemodeForm(args) }, data } }
  }
  return failureWithLogs({ ...run.error, ...position(run.error) }, logs)
}

/**
 * codemode's executors report the bare message (its MCP server and code tool add their own
 * prefix); what ours knows beyond that, the error's name and position, goes to the logs.
 */
function failureWithLogs(error, logs) {
  const message = BUDGETS_OF_TIME.has(error.kind) ? 'Execution timed out' : error.message
  return { result: undefined, error: message, logs: [...logs, `[error] ${formatError(error)}`] }
}

const failure = (error) => ({ result: undefined, error })

module.exports = { BoaExecutor, pause }
