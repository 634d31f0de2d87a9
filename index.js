'use strict'

// The public API over the native addon (binding.js): bindings are flattened to paths and
// answered here, on the host's event loop; programs run on the addon's threads.

const { randomUUID } = require('node:crypto')
const { NativeRuntime, STAGED_INPUTS_ENV } = require('./binding.js')
const { describeBindings } = require('./describe.js')
const { registerCodeRuntime } = require('./register.js')

const LIMIT_KEYS = ['computeMs', 'maxWallMs', 'maxLogBytes', 'maxResultBytes', 'maxMemoryBytes']
const LANGUAGES = ['typescript', 'javascript']
const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug'])
const DEFAULT_OBSERVE_MS = 10_000
const DEFAULT_IDLE_MS = 600_000
const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024
const MAX_STAGED_BYTES = 64 * 1024 * 1024
const STAGED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

function checkLimits(limits, where) {
  if (limits === undefined || limits === null) return undefined
  if (typeof limits !== 'object') throw new TypeError(`${where} must be an object like { computeMs: 1000 }`)
  const checked = {}
  for (const [key, value] of Object.entries(limits)) {
    if (value === undefined) continue
    if (!LIMIT_KEYS.includes(key)) {
      throw new TypeError(`${where}.${key} is not a limit; the limits are ${LIMIT_KEYS.join(', ')}`)
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new TypeError(`${where}.${key} must be a finite number >= 0, got ${String(value)}`)
    }
    checked[key] = value
  }
  return checked
}

function checkLanguage(language) {
  if (language === undefined) return 'typescript'
  if (!LANGUAGES.includes(language)) {
    throw new TypeError(`language must be 'typescript' or 'javascript', got ${JSON.stringify(language)}`)
  }
  return language
}

/** Flattens `{ a: fn, ns: { b: fn } }` into a Map of 'a' and 'ns.b' to their functions. */
function flattenBindings(bindings) {
  const functions = new Map()
  if (bindings === undefined || bindings === null) return functions
  const visit = (namespace, prefix, seen) => {
    if (seen.includes(namespace)) throw new TypeError(`bindings${prefix ? '.' + prefix : ''} contains itself`)
    for (const key of Object.keys(namespace)) {
      const path = prefix ? `${prefix}.${key}` : key
      if (key.includes('.') || key === '') {
        throw new TypeError(`binding name ${JSON.stringify(path)} is not usable: names may not be empty or contain '.'`)
      }
      const value = namespace[key]
      if (typeof value === 'function') functions.set(path, value)
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) visit(value, path, [...seen, namespace])
      else throw new TypeError(`bindings.${path} must be a function or an object of functions, got ${value === null ? 'null' : typeof value}`)
    }
  }
  if (typeof bindings !== 'object') throw new TypeError('bindings must be an object of functions, like { search, github: { listIssues } }')
  visit(bindings, '', [])
  return functions
}

function hostError(error) {
  try {
    if (error instanceof Error) return { name: String(error.name), message: String(error.message) }
    return { name: 'Error', message: typeof error === 'string' ? error : `the host function failed with ${JSON.stringify(error) ?? String(error)}` }
  } catch {
    return { name: 'Error', message: 'the host function failed with a value that cannot be described' }
  }
}

/** The JSON text of a host function's value for the program ('' for undefined). */
function encodeReply(path, value) {
  let payload
  try {
    payload = value === undefined ? '' : JSON.stringify(value)
  } catch (error) {
    throw new TypeError(`${path}() returned a value that cannot cross to the program (${error.message})`)
  }
  if (payload === undefined) {
    throw new TypeError(`${path}() returned a ${typeof value}, which cannot cross to the program; return JSON data`)
  }
  return payload
}

/**
 * Runs a host function for the program and sends back its value or error, once. A synchronous
 * value is answered at once, without a trip through the microtask queue.
 */
function answerCall(functions, event, reply) {
  // `reply` is false when the program has ended meanwhile: the answer is dropped.
  const fail = (error) => reply(false, JSON.stringify(hostError(error)))
  const succeed = (value) => {
    let payload
    try {
      payload = encodeReply(event.path, value)
    } catch (error) {
      return fail(error)
    }
    reply(true, payload)
  }
  let value
  try {
    const fn = functions.get(event.path)
    if (!fn) throw new TypeError(`${event.path} is not a binding`)
    value = fn(...JSON.parse(event.text))
    if (value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function') {
      Promise.resolve(value).then(succeed, fail)
      return
    }
  } catch (error) {
    fail(error)
    return
  }
  succeed(value)
}

function stoppedResult(kind, message) {
  const name = kind === 'aborted' ? 'AbortError' : 'DisposedError'
  return { ok: false, error: { kind, name, message }, logs: [], stats: { computeMs: 0, wallMs: 0, bindingCalls: 0 } }
}

/** The run's result, and whether its thread ended with it (a session then has no realm left). */
function parseOutcome(text) {
  const { ended = false, ...outcome } = JSON.parse(text)
  if (outcome.ok && !('value' in outcome)) outcome.value = undefined
  return { outcome, ended }
}

class CodeRuntime {
  #native
  #maxConcurrency
  #running = 0
  #queue = []
  #sessions = new Set()
  #disposed = false
  #disposing

  constructor(options, enforceBudgets) {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new TypeError('createCodeRuntime(options) takes an object like { limits, maxConcurrency }')
    }
    const { limits, maxConcurrency } = options ?? {}
    if (maxConcurrency !== undefined && !(Number.isInteger(maxConcurrency) && maxConcurrency >= 1)) {
      throw new TypeError(`maxConcurrency must be a whole number >= 1, got ${String(maxConcurrency)}`)
    }
    this.#native = new NativeRuntime(checkLimits(limits, 'limits'), enforceBudgets)
    this.#maxConcurrency = maxConcurrency ?? Infinity
  }

  get substrate() {
    return 'thread'
  }

  get language() {
    return 'typescript'
  }

  /** @internal Program threads alive now (for leak checks). */
  get liveThreads() {
    return this.#native.liveThreads()
  }

  run(options) {
    let job
    try {
      if (options === null || typeof options !== 'object') throw new TypeError('run(options) takes an object like { source }')
      if (typeof options.source !== 'string') throw new TypeError('run({ source }) needs the program text as a string')
      if (options.onLog !== undefined && typeof options.onLog !== 'function') throw new TypeError('onLog must be a function')
      job = {
        source: options.source,
        language: checkLanguage(options.language),
        functions: flattenBindings(options.bindings),
        limits: checkLimits(options.limits, 'limits'),
        signal: options.signal,
        onLog: options.onLog,
      }
    } catch (error) {
      return Promise.reject(error)
    }
    return new Promise((resolve) => {
      job.resolve = resolve
      if (this.#disposed) return resolve(stoppedResult('disposed', 'the runtime was disposed'))
      if (job.signal?.aborted) return resolve(stoppedResult('aborted', 'the run was aborted before it started'))
      if (this.#running < this.#maxConcurrency) this.#start(job)
      else {
        this.#queue.push(job)
        job.signal?.addEventListener('abort', () => {
          const at = this.#queue.indexOf(job)
          if (at >= 0) {
            this.#queue.splice(at, 1)
            resolve(stoppedResult('aborted', 'the run was aborted before it started'))
          }
        }, { once: true })
      }
    })
  }

  #start(job) {
    this.#running++
    let id
    const onAbort = () => this.#native.stop(id, 'aborted')
    const finish = (result) => {
      job.signal?.removeEventListener('abort', onAbort)
      this.#running--
      job.resolve(result)
      const next = this.#queue.shift()
      if (next) this.#start(next)
    }
    const onEvent = (event) => {
      if (event.kind === 'log') {
        if (job.onLog && LEVELS.has(event.level)) {
          try {
            job.onLog({ level: event.level, text: event.text })
          } catch {
            // A failing log listener must not break the run.
          }
        }
      } else if (event.kind === 'call') {
        answerCall(job.functions, event, (ok, payload) => this.#native.reply(id, event.callId, ok, payload))
      } else if (event.kind === 'done') {
        finish(parseOutcome(event.text).outcome)
      }
    }
    try {
      id = this.#native.run(job.source, job.language, [...job.functions.keys()], job.limits, onEvent)
    } catch (error) {
      return finish(stoppedResult('disposed', error.message))
    }
    job.signal?.addEventListener('abort', onAbort, { once: true })
  }

  async createSession(options = {}) {
    if (this.#disposed) throw new Error('the runtime is disposed; create a new one with createCodeRuntime()')
    const session = new CodeSession(this.#native, options, () => this.#sessions.delete(session))
    this.#sessions.add(session)
    return session
  }

  dispose() {
    if (!this.#disposing) {
      this.#disposed = true
      for (const job of this.#queue.splice(0)) job.resolve(stoppedResult('disposed', 'the runtime was disposed'))
      const sessions = [...this.#sessions]
      this.#disposing = Promise.all(sessions.map((s) => s.stop())).then(() => this.#native.dispose()).then(() => undefined)
    }
    return this.#disposing
  }
}

function byteLength(text) {
  return Buffer.byteLength(text, 'utf8')
}

/** Cuts text to `max` bytes with the in-band marker saying how much was dropped. */
function boundOutput(text, max) {
  const size = byteLength(text)
  if (size <= max) return text
  const kept = Buffer.from(text, 'utf8').subarray(0, max).toString('utf8').replace(/\uFFFD$/, '')
  return `${kept}\n[output truncated: ${size - byteLength(kept)} bytes dropped past the ${max}-byte observation limit]\n`
}

class CodeSession {
  #native
  #nativeId
  #functions
  #limits
  #observeMs
  #idleMs
  #idleTimer
  #current
  #executions = 0
  #busy = false
  #closed
  #stagedBytes = 0
  #forget

  constructor(native, options, forget) {
    if (options === null || typeof options !== 'object') throw new TypeError('createSession(options) takes an object')
    const { bindings, limits, frame, observeMs, idleMs } = options
    this.id = randomUUID()
    this.#native = native
    this.#forget = forget
    this.#functions = flattenBindings(bindings)
    this.#limits = checkLimits(limits, 'limits')
    this.#observeMs = checkMs(observeMs, 'observeMs', DEFAULT_OBSERVE_MS)
    this.#idleMs = checkMs(idleMs, 'idleMs', DEFAULT_IDLE_MS)
    let frameJson
    if (frame !== undefined) {
      frameJson = JSON.stringify(frame)
      if (frameJson === undefined) throw new TypeError('frame must be JSON data (an object, array, string, number, boolean or null)')
    }
    this.#nativeId = native.openSession([...this.#functions.keys()], this.#limits, frameJson, (event) => this.#onEvent(event))
    this.#touch()
  }

  #onEvent(event) {
    const current = this.#current
    if (event.kind === 'call') {
      answerCall(this.#functions, event, (ok, payload) => this.#native.reply(this.#nativeId, event.callId, ok, payload))
      return
    }
    if (event.kind === 'done') {
      const { outcome, ended } = parseOutcome(event.text)
      const lost = 'the session ended with it, its state could not be kept'
      if (ended && !outcome.ok) outcome.error = { ...outcome.error, message: `${outcome.error.message}; ${lost}` }
      if (current && event.execution === current.id) {
        current.outcome = outcome
        for (const wake of current.waiters.splice(0)) wake()
      }
      if (ended) this.#shutdown(`the session ended after its last program (${outcome.error?.kind ?? 'completed'}): its state could not be kept`)
    } else if (event.kind === 'log' && current && event.execution === current.id) {
      current.output += `${event.text}\n`
    }
  }

  #touch() {
    clearTimeout(this.#idleTimer)
    if (this.#closed) return
    this.#idleTimer = setTimeout(() => {
      if (this.#current) return this.#touch()
      this.#shutdown(`the session was stopped after being idle for ${this.#idleMs} ms`)
    }, this.#idleMs)
    this.#idleTimer.unref?.()
  }

  #check(operation) {
    if (this.#closed) throw new Error(`${operation}: ${this.#closed}; create a new session with runtime.createSession()`)
    if (this.#busy) throw new Error(`${operation}: another operation on this session is still in progress; await it first`)
  }

  async #control(operation, body) {
    this.#check(operation)
    this.#busy = true
    try {
      return await body()
    } finally {
      this.#busy = false
      this.#touch()
    }
  }

  execute(options) {
    return this.#control('execute', async () => {
      if (options === null || typeof options !== 'object' || typeof options.code !== 'string') {
        throw new TypeError('execute({ code }) needs the program text as a string')
      }
      if (this.#current) throw new Error('execute: a program is still running in this session; wait() for it or terminate() it first')
      const language = checkLanguage(options.language)
      const limits = { ...this.#limits }
      if (options.timeoutMs !== undefined) limits.maxWallMs = checkMs(options.timeoutMs, 'timeoutMs')
      const current = { id: ++this.#executions, output: '', outcome: undefined, waiters: [], terminated: false }
      if (options.signal?.aborted) throw new Error('execute: the signal was already aborted; the program was not started')
      this.#current = current
      this.#native.execute(this.#nativeId, current.id, options.code, language, limits)
      options.signal?.addEventListener('abort', () => this.#stopCurrent(current), { once: true })
      return this.#observe(options)
    })
  }

  wait(options = {}) {
    return this.#control('wait', async () => {
      if (!this.#current) throw new Error('wait: no program is running in this session; execute() one first')
      return this.#observe(options)
    })
  }

  terminate() {
    return this.#control('terminate', async () => {
      const current = this.#current
      if (!current) return { status: 'terminated', output: '' }
      this.#stopCurrent(current)
      return this.#observe({ observeMs: Infinity })
    })
  }

  #stopCurrent(current) {
    if (current.outcome) return
    current.terminated = true
    this.#native.stop(this.#nativeId, 'aborted')
  }

  async #observe(options) {
    const current = this.#current
    const observeMs = checkMs(options.observeMs, 'observeMs', this.#observeMs)
    const maxOutputBytes = checkMs(options.maxOutputBytes, 'maxOutputBytes', DEFAULT_MAX_OUTPUT_BYTES)
    if (!current.outcome) {
      await new Promise((resolve) => {
        const timer = Number.isFinite(observeMs) ? setTimeout(resolve, observeMs) : undefined
        current.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    const output = boundOutput(current.output, maxOutputBytes)
    current.output = ''
    const outcome = current.outcome
    if (!outcome) return { status: 'still_working', output }
    this.#current = undefined
    if (outcome.ok) return { status: 'completed', output, value: outcome.value }
    if (current.terminated && (outcome.error.kind === 'aborted' || outcome.error.kind === 'disposed')) {
      return { status: 'terminated', output }
    }
    return { status: 'error', output, error: outcome.error }
  }

  stageInputs(inputs) {
    return this.#control('stageInputs', async () => {
      if (!Array.isArray(inputs)) throw new TypeError('stageInputs(inputs) takes an array of { name, data }')
      const staged = inputs.map((input, index) => {
        const where = `stageInputs: input ${index}`
        if (input === null || typeof input !== 'object') throw new TypeError(`${where} must be an object { name, data }`)
        if (typeof input.name !== 'string' || !STAGED_NAME.test(input.name)) {
          throw new TypeError(`${where}: name ${JSON.stringify(input.name)} must be 1-128 letters, digits, '.', '_' or '-', not starting with '.', '_' or '-'`)
        }
        const bytes = typeof input.data === 'string' ? Buffer.from(input.data, 'utf8')
          : input.data instanceof Uint8Array ? Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength)
          : undefined
        if (!bytes) throw new TypeError(`${where}: data must be a string or a Uint8Array`)
        return { name: input.name, bytes }
      })
      const total = staged.reduce((sum, input) => sum + input.bytes.length, this.#stagedBytes)
      if (total > MAX_STAGED_BYTES) {
        throw new RangeError(`stageInputs: a session holds at most ${MAX_STAGED_BYTES} bytes of staged inputs; these would make ${total}. Stage less, or start a new session`)
      }
      for (const input of staged) this.#native.stage(this.#nativeId, input.name, input.bytes)
      this.#stagedBytes = total
      return staged.map((input) => ({ name: input.name, path: `/inputs/${input.name}` }))
    })
  }

  #shutdown(reason) {
    if (this.#closed) return
    this.#closed = reason
    clearTimeout(this.#idleTimer)
    this.#native.close(this.#nativeId)
    const current = this.#current
    if (current && !current.outcome) {
      current.terminated = true
      current.outcome = stoppedResult('disposed', reason)
      for (const wake of current.waiters.splice(0)) wake()
    }
    this.#forget()
  }

  async stop() {
    this.#shutdown('the session is stopped')
  }

  close() {
    return this.stop()
  }
}

function checkMs(value, name, fallback) {
  if (value === undefined) {
    if (fallback === undefined) throw new TypeError(`${name} is required`)
    return fallback
  }
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) throw new TypeError(`${name} must be a number >= 0, got ${String(value)}`)
  return value
}

function createCodeRuntime(options) {
  return new CodeRuntime(options, true)
}

/**
 * A runtime that does not enforce compute, wall or memory budgets inside running code. It exists
 * only so the benchmark can measure what enforcement costs; never run untrusted code with it.
 */
function __unsafeCreateUnbudgetedRuntime(options) {
  return new CodeRuntime(options, false)
}

module.exports = {
  createCodeRuntime,
  describeBindings,
  registerCodeRuntime,
  STAGED_INPUTS_ENV,
  __unsafeCreateUnbudgetedRuntime,
}
