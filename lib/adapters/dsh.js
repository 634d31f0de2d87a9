'use strict'

// The DeepSeek Harness's `ctx.codeRuntime`: `BoaCodeRuntime` implements the seam
// `@deepseek-ai/dsh-code-runtime` (`CodeRuntime`, a `@deepseek-ai/cordis` 4 service) that the
// tool registry's Code Mode (`@deepseek-ai/dsh-tools`, `run_code`) runs programs through. A DSH
// app selects it in its cordis.yml instead of `@deepseek-ai/dsh-code-runtime-worker-thread`, with
// the same config block. Each `run()` is one run of this package's runtime in a fresh realm;
// what the seam promises of results, failures, output and misuse is kept here.

const { createCodeRuntime } = require('../runtime.js')
const { MAX_MS } = require('../options.js')

const PACKAGE = 'code-runtime-boa/dsh'

/** The seam's packages (optional peers: only users of this adapter install them). */
function requirePeers() {
  try {
    return {
      seam: require('@deepseek-ai/dsh-code-runtime'),
      Schema: require('@deepseek-ai/schemastery'),
    }
  } catch (error) {
    if (error.code === 'ERR_REQUIRE_ESM') {
      throw new Error(`${PACKAGE} needs Node.js 22.12 or later, as the DeepSeek Harness does (it loads the harness's ES modules with require()); this is ${process.version}`, { cause: error })
    }
    throw new Error(
      `${PACKAGE} needs the DeepSeek Harness's packages beside it: npm install @deepseek-ai/cordis @deepseek-ai/dsh-code-runtime @deepseek-ai/schemastery (${error.message})`,
      { cause: error },
    )
  }
}

const { seam, Schema } = requirePeers()
const { CodeRuntime, DUNDER_MEMBER, PORTABLE_RESERVED_WORDS, RESERVED_BINDING_GLOBALS, RESERVED_ERROR_MEMBERS } = seam

/** The seam's language-portable identifiers (no `$`: the same bindings must work on every backend). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
/** Globals of the realm that can be neither replaced nor shadowed by a binding's namespace. */
const FIXED_GLOBALS = new Set(['undefined', 'NaN', 'Infinity'])
/** The smallest ledger: an empty logs array and an empty failure message. */
const MIN_OUTPUT_BYTES = 4
/** As the worker renders logs: strings as they are, values inspected 4 levels deep, no `%` directives. */
const CONSOLE = { depth: 4, format: false }
const LOSSY_ARGUMENTS = 'binding arguments must be lossless JSON'
const LOSSY_COMPLETION = 'program completion must be lossless JSON'

const config = Schema.object({
  computeMs: Schema.number().default(60_000).description('CPU time budget of a run, in milliseconds (time spent waiting on bindings is not counted).'),
  maxWallMs: Schema.number().default(600_000).description('Wall-clock ceiling of a run, in milliseconds; never pauses.'),
  maxOutputBytes: Schema.number().default(67_108_864).description('Cap on the serialized logs plus the completion value or failure message, in bytes.'),
  maxOldGenerationSizeMb: Schema.number().default(512).description("Memory budget of a run's program, in MiB."),
  substrate: Schema.union(['thread', 'process']).default('thread').description("Where programs run: threads of this process, or fenced child processes ('process': Linux, macOS, Windows)."),
  maxConcurrency: Schema.number().description('Runs admitted at once (further runs wait); default: a quarter of the memory, in MiB.'),
  pool: Schema.object({
    minWarm: Schema.natural(),
    maxChildren: Schema.natural(),
    runsPerChild: Schema.natural(),
    childExecutable: Schema.string(),
  }).description("The process substrate's children."),
  fetchAllow: Schema.array(Schema.string()).default([]).description('URL patterns (`*` matches anything) programs may fetch; none by default.'),
})

const fail = (message) => new Error(`${PACKAGE}: ${message}`)
const quoted = (value) => JSON.stringify(String(value))

/** The four budgets as the worker checks them, with its words; ours beside them. */
function checkConfig(values) {
  for (const key of ['computeMs', 'maxWallMs', 'maxOutputBytes', 'maxOldGenerationSizeMb']) {
    const value = values[key]
    if (!(Number.isFinite(value) && value > 0)) throw fail(`config.${key} must be a positive number, got ${String(value)}`)
  }
  if (!Number.isSafeInteger(values.maxOutputBytes) || values.maxOutputBytes < MIN_OUTPUT_BYTES) {
    throw fail(`config.maxOutputBytes must be a safe integer of at least ${MIN_OUTPUT_BYTES}, got ${String(values.maxOutputBytes)}`)
  }
  for (const key of ['computeMs', 'maxWallMs']) {
    if (values[key] > MAX_MS) throw fail(`config.${key} must be at most ${MAX_MS} (Node clamps a longer setTimeout delay to 1ms), got ${String(values[key])}`)
  }
  const memoryBytes = values.maxOldGenerationSizeMb * 2 ** 20
  if (!Number.isSafeInteger(Math.ceil(memoryBytes))) throw fail(`config.maxOldGenerationSizeMb is too large, got ${String(values.maxOldGenerationSizeMb)}`)
  if (values.substrate !== 'process' && Object.keys(values.pool ?? {}).length > 0) {
    throw fail("config.pool configures the process substrate's children: set substrate: 'process' with it")
  }
  return values
}

/** Serialized JSON bytes of a string, as the ledger counts it. */
const stringBytes = (text) => Buffer.byteLength(JSON.stringify(text), 'utf8')

/** Serialized JSON bytes of a lossless JSON value, or Infinity once past `max` (walked without recursion). */
function valueBytes(value, max) {
  let bytes = 0
  const stack = [value]
  while (stack.length > 0 && bytes <= max) {
    const item = stack.pop()
    if (typeof item === 'string') bytes += stringBytes(item)
    else if (item === null || typeof item !== 'object') bytes += String(item).length
    else if (Array.isArray(item)) {
      bytes += 2 + Math.max(0, item.length - 1)
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i])
    } else {
      const keys = Object.keys(item)
      bytes += 2 + Math.max(0, keys.length - 1) + keys.reduce((sum, key) => sum + stringBytes(key) + 1, 0)
      for (let i = keys.length - 1; i >= 0; i--) stack.push(item[keys[i]])
    }
  }
  return bytes <= max ? bytes : Infinity
}

/** The longest prefix of `text`, whole code points, whose JSON string fits `max` bytes. */
function fittingPrefix(text, max) {
  let bytes = 2
  let end = 0
  for (const character of text) {
    const cost = stringBytes(character) - 2
    if (bytes + cost > max) break
    bytes += cost
    end += character.length
  }
  return text.slice(0, end)
}

/**
 * One run's outer output: the logs, then the completion value or the failure message, counted
 * together as serialized UTF-8 JSON against maxOutputBytes (the seam's ledger). Past the cap the
 * run fails with `output-limit`, keeping the prefix of its logs that fits beside that message.
 */
class OutputLedger {
  logs = []
  #bytes = 2
  #max
  /** The entry that crossed the cap, of which `limit()` may keep a prefix. */
  #over

  constructor(max) {
    this.#max = max
  }

  /** Keeps a log entry; false once it would cross the cap (the run must stop). */
  admit(text) {
    const bytes = (this.logs.length > 0 ? 1 : 0) + stringBytes(text)
    if (this.#bytes + bytes > this.#max) {
      this.#over = text
      return false
    }
    this.#bytes += bytes
    this.logs.push(text)
    return true
  }

  get overflowed() {
    return this.#over !== undefined
  }

  success(value) {
    if (value === undefined) return { logs: this.logs }
    if (valueBytes(value, this.#max - this.#bytes) === Infinity) return this.limit()
    return { logs: this.logs, value }
  }

  failure(kind, message) {
    if (this.#bytes + stringBytes(message) > this.#max) return this.limit()
    return { logs: this.logs, error: { kind, message } }
  }

  limit() {
    const full = `outer output exceeded ${this.#max} bytes`
    const kept = []
    let bytes = 2
    const room = this.#max - stringBytes(full)
    for (const text of this.#over === undefined ? this.logs : [...this.logs, this.#over]) {
      const separator = kept.length > 0 ? 1 : 0
      const cost = separator + stringBytes(text)
      if (bytes + cost <= room) {
        kept.push(text)
        bytes += cost
        continue
      }
      const prefix = fittingPrefix(text, room - bytes - separator)
      if (prefix.length > 0) {
        kept.push(prefix)
        bytes += separator + stringBytes(prefix)
      }
      break
    }
    return { logs: kept, error: { kind: 'output-limit', message: fittingPrefix(full, this.#max - bytes) } }
  }
}

/** The message of a thrown value, as the worker gives it to the program. */
const messageOf = (error) => (error instanceof Error ? error.message : String(error))

/** A namespace's function as the program's call reaches it: one argument, lossless JSON both ways
 * (the runtime refuses lossy values), and a failure as an Error of its message. */
function seamBinding(fn) {
  return async (...args) => {
    // The worker's programs pass one argument; a call with none passes nothing JSON can say.
    if (args.length === 0) throw new Error(LOSSY_ARGUMENTS)
    try {
      return await fn(args[0])
    } catch (error) {
      throw new Error(messageOf(error))
    }
  }
}

/** Refuses what the seam calls misuse, as every backend does, and shapes the rest as our options. */
function checkBindings(bindings) {
  if (!Array.isArray(bindings)) throw fail(`request.bindings must be an array of binding namespaces, got ${bindings === null ? 'null' : typeof bindings}`)
  const checkGlobal = (name, what) => {
    if (typeof name !== 'string' || !IDENTIFIER.test(name) || PORTABLE_RESERVED_WORDS.has(name)) throw fail(`${what} ${quoted(name)} is not a usable identifier`)
    if (RESERVED_BINDING_GLOBALS.has(name)) throw fail(`reserved binding global ${quoted(name)}`)
    if (FIXED_GLOBALS.has(name)) throw fail(`${what} ${quoted(name)} names a global every program relies on, which cannot be replaced`)
  }
  const globals = new Set()
  const options = { bindings: {}, errorClasses: {} }
  for (const namespace of bindings) {
    checkGlobal(namespace?.global, 'binding global')
    if (globals.has(namespace.global)) throw fail(`duplicate binding global ${quoted(namespace.global)}`)
    globals.add(namespace.global)
    const functions = Object.create(null)
    for (const [name, fn] of Object.entries(namespace.functions ?? {})) {
      if (typeof fn !== 'function') throw fail(`binding ${namespace.global}.${name} must be a function, got ${fn === null ? 'null' : typeof fn}`)
      Object.defineProperty(functions, name, { value: seamBinding(fn), enumerable: true })
    }
    options.bindings[namespace.global] = functions
  }
  const classes = new Set()
  for (const namespace of bindings) {
    const declared = namespace.errorClass
    if (declared === undefined) continue
    checkGlobal(declared?.name, 'binding error class')
    if (globals.has(declared.name) || classes.has(declared.name)) throw fail(`duplicate injected global ${quoted(declared.name)}`)
    const member = declared.memberNameProperty
    if (typeof member !== 'string' || member.length === 0 || RESERVED_ERROR_MEMBERS.has(member) || DUNDER_MEMBER.test(member)) {
      throw fail(`binding error member property ${quoted(member)} is not usable`)
    }
    classes.add(declared.name)
    options.errorClasses[namespace.global] = { name: declared.name, memberNameProperty: member }
  }
  // A namespace or class named `process` is the program's `process`, as a parameter of that
  // name shadows the global in the worker.
  options.env = globals.has('process') || classes.has('process') ? undefined : {}
  return options
}

/** A run's failure of ours as the seam's failure, counted in its ledger. */
function seamFailure(ledger, error, config) {
  const { computeMs, maxWallMs, maxOldGenerationSizeMb } = config
  const text = error.stack ?? `${error.name}: ${error.message}`
  switch (error.kind) {
    case 'syntax':
      return ledger.failure('exception', error.codeFrame ? `${text}\n\n${error.codeFrame}` : text)
    case 'runtime':
      return ledger.failure('exception', error.thrown ?? text)
    case 'result':
      return error.message === LOSSY_COMPLETION ? ledger.failure('invalid-output', error.message) : ledger.limit()
    case 'compute_budget':
      return ledger.failure('timeout', `compute budget exhausted (${computeMs}ms of CPU time)`)
    case 'wall_budget':
      return ledger.failure('timeout', `wall-clock ceiling reached (${maxWallMs}ms)`)
    case 'memory_budget':
      return ledger.failure('worker-exit', `the program ran out of memory: it went past its budget of ${maxOldGenerationSizeMb} MiB (maxOldGenerationSizeMb) and was stopped`)
    case 'exit':
      return ledger.failure('worker-exit', `worker exited with code ${error.exitCode} before completing`)
    case 'disposed':
      return ledger.failure('abort', 'runtime disposed')
    default:
      // 'crashed' (a process substrate's child died) and anything a program cannot cause.
      return ledger.failure('worker-exit', error.message)
  }
}

/** Where an instance keeps its state: cordis hands out services behind a Proxy, which private
 * fields (#x) cannot pass through. */
const STATE = Symbol('code-runtime-boa/dsh state')

class BoaCodeRuntime extends CodeRuntime {
  static Config = config

  language = 'typescript'
  /** The substrate's name: a diagnostic label, not a security claim ('process' or 'thread'). */
  isolation

  constructor(ctx, values) {
    super(ctx)
    const checked = checkConfig(values)
    const { substrate, maxConcurrency, pool, fetchAllow, computeMs, maxWallMs, maxOutputBytes, maxOldGenerationSizeMb } = checked
    this.isolation = substrate
    const runtime = createCodeRuntime({
      substrate,
      maxConcurrency,
      ...(substrate === 'process' ? { pool } : {}),
      ...(fetchAllow.length > 0 ? { fetch: { allow: fetchAllow } } : {}),
      limits: {
        computeMs,
        maxWallMs,
        maxMemoryBytes: Math.ceil(maxOldGenerationSizeMb * 2 ** 20),
        // The ledger here is the only output cap; binding values have none (the seam's rule).
        maxLogBytes: maxOutputBytes,
        maxResultBytes: Number.MAX_SAFE_INTEGER,
      },
    })
    // `live`: each run in flight, with what stops it (disposal aborts them all).
    const state = { config: checked, runtime, live: new Set(), disposed: false }
    Object.defineProperty(this, STATE, { value: state })
    ctx.effect(() => () => teardown(state), 'code-runtime-boa teardown')
  }

  async run(request) {
    const state = this[STATE]
    if (state.disposed) throw fail('run() after disposal')
    if (request === null || typeof request !== 'object') throw fail('run(request) takes { program, bindings, signal? }')
    const { program, signal } = request
    if (typeof program !== 'string') throw fail(`request.program must be the program's source text, got ${program === null ? 'null' : typeof program}`)
    const options = checkBindings(request.bindings)
    const ledger = new OutputLedger(state.config.maxOutputBytes)
    if (signal?.aborted) return ledger.failure('abort', String(signal.reason))

    const controller = new AbortController()
    let stopped
    const stop = (why) => {
      stopped ??= why
      controller.abort()
    }
    const onAbort = () => stop('aborted')
    signal?.addEventListener('abort', onAbort, { once: true })
    let ended
    const live = { stop, ended: new Promise((resolve) => (ended = resolve)) }
    state.live.add(live)
    try {
      const result = await state.runtime.run({
        source: program,
        ...options,
        crossing: 'lossless-json',
        console: CONSOLE,
        signal: controller.signal,
        onLog: ({ text }) => {
          if (!ledger.overflowed && !ledger.admit(text)) stop('output')
        },
      })
      // Output past the cap fails the run whatever it did next; a stop that came after the
      // program ended is not what ended it.
      if (stopped === 'output') return ledger.limit()
      if (!result.ok && result.error.kind === 'aborted') {
        return ledger.failure('abort', stopped === 'disposed' ? 'runtime disposed' : String(signal?.reason))
      }
      return result.ok ? ledger.success(result.value) : seamFailure(ledger, result.error, state.config)
    } finally {
      signal?.removeEventListener('abort', onAbort)
      state.live.delete(live)
      ended()
    }
  }
}

/** Aborts every run in flight as the seam says, waits for each to end, then for the runtime. */
async function teardown(state) {
  state.disposed = true
  const runs = [...state.live]
  for (const run of runs) run.stop('disposed')
  await Promise.all(runs.map((run) => run.ended))
  await state.runtime.dispose()
}

module.exports = { BoaCodeRuntime, default: BoaCodeRuntime }
