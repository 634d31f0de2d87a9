'use strict'

// A session: one realm on its own thread that runs programs one after another (notebook state),
// observed in intervals while they run, with staged inputs the programs can read.

const { randomUUID } = require('node:crypto')
const { MAX_MS, describeValue, checkLimits, checkLanguage, checkMs, checkBytes, checkSignal } = require('./options.js')
const { answerCall, nativePort, withBytes } = require('./bridge.js')
const { programSurface, nativeSurface } = require('./surface.js')
const { runResult, stoppedResult, terminalText } = require('./outcome.js')
const { fetchBindings } = require('./network.js')

const DEFAULT_OBSERVE_MS = 10_000
const DEFAULT_IDLE_MS = 600_000
const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024
const MAX_STAGED_BYTES = 64 * 1024 * 1024
const STAGED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

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

/** The frame as the JSON data the session's programs see: a copy, without what JSON drops. */
function frameData(frame) {
  if (frame === undefined) return undefined
  const mustBe = 'frame must be JSON data (an object, array, string, number, boolean or null)'
  let json
  try {
    json = JSON.stringify(frame)
  } catch (error) {
    // a cycle, a BigInt, or a toJSON that throws
    throw new TypeError(`${mustBe}: ${error instanceof Error ? error.message : 'it cannot be written as JSON'}`, { cause: error })
  }
  if (json === undefined) throw new TypeError(mustBe)
  return { data: JSON.parse(json) }
}

class CodeSession {
  #native
  #routes
  #nativeId
  /** Where the session's calls are answered. */
  #port
  #functions
  /** What the session's programs get besides their source (lib/surface.js). */
  #surface
  #limits
  #observeMs
  #idleMs
  #idleTimer
  #current
  #executions = 0
  #busy = false
  #closed
  /** Bytes staged under each name: staging a name again replaces its bytes. */
  #staged = new Map()
  #forget
  #frame
  /** The session's fetches, when it has a network policy. */
  #network

  /** Checks the options; the session's thread starts with `open()`. `routes`: where the addon's
   * events reach it; `network`: its policy and body limit. */
  constructor(native, routes, options, network, forget) {
    if (options === null || typeof options !== 'object') throw new TypeError('createSession(options) takes an object')
    const { bindings, limits, frame, observeMs, idleMs } = options
    this.id = randomUUID()
    this.#native = native
    this.#routes = routes
    this.#forget = forget
    const { functions, surface } = programSurface(options)
    this.#functions = functions
    this.#surface = surface
    this.#limits = checkLimits(limits, 'limits')
    this.#observeMs = checkMs(observeMs, 'observeMs', { fallback: DEFAULT_OBSERVE_MS, infinite: true })
    this.#idleMs = checkMs(idleMs, 'idleMs', { fallback: DEFAULT_IDLE_MS, infinite: true })
    this.#frame = frameData(frame)
    if (network?.policy) this.#network = fetchBindings(network.policy, network.maxFetchBytes, this.#functions)
  }

  open() {
    this.#nativeId = this.#native.openSession(nativeSurface(this.#surface, this.#functions), this.#limits, this.#frame)
    const { lossless } = this.#surface
    this.#routes.add(this.#nativeId, (json, buffers) => this.#onEvent(withBytes(JSON.parse(json), buffers, lossless)))
    this.#port = nativePort(this.#native, this.#nativeId)
    this.#touch()
  }

  #onEvent(event) {
    const current = this.#current
    switch (event.kind) {
      case 'call':
        answerCall(this.#functions, event.call, this.#port, this.#surface.lossless)
        break
      case 'log':
        if (current && event.execution === current.id) current.output += terminalText(event.entry)
        break
      case 'done': {
        // The program's fetches in flight have no one left to answer.
        this.#network?.abortAll()
        const result = runResult(event.outcome)
        const lost = event.outcome.realmLost
        if (lost && !result.ok) result.error = { ...result.error, message: `${result.error.message}; the session ended with it, its state could not be kept` }
        if (current && event.execution === current.id) {
          current.result = result
          for (const wake of current.waiters.splice(0)) wake()
        }
        // Idle time counts from the end of the program, observed or not.
        this.#touch()
        if (lost && result.error?.kind === 'crashed') this.#shutdown(`the session was lost: ${event.outcome.error.message}`)
        else if (lost) this.#shutdown(`the session ended after its last program (${result.error?.kind ?? 'completed'}): its state could not be kept`)
        break
      }
    }
  }

  /** Restarts the idle reaper; a session with a program still running is never idle. */
  #touch() {
    clearTimeout(this.#idleTimer)
    if (this.#closed || this.#idleMs === Infinity) return
    this.#idleTimer = setTimeout(() => {
      if (this.#current && !this.#current.result) return this.#touch()
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
      const signal = checkSignal(options.signal)
      const observation = this.#observation(options)
      if (signal?.aborted) throw new Error('execute: the signal was already aborted; the program was not started')
      // `signal` rides along so the runtime's copy of the caller's signal lives as long as the program
      const current = { id: ++this.#executions, output: '', result: undefined, waiters: [], terminated: false, signal }
      this.#current = current
      this.#native.execute(this.#nativeId, current.id, options.code, language, limits)
      signal?.addEventListener('abort', () => this.#stopCurrent(current), { once: true })
      return this.#observe(observation)
    })
  }

  wait(options = {}) {
    return this.#control('wait', async () => {
      if (options === null || typeof options !== 'object') throw new TypeError('wait(options) takes an object like { observeMs }')
      const observation = this.#observation(options)
      if (!this.#current) throw new Error('wait: no program is running in this session; execute() one first')
      return this.#observe(observation)
    })
  }

  terminate() {
    return this.#control('terminate', async () => {
      const current = this.#current
      if (!current) return { status: 'terminated', output: '' }
      this.#stopCurrent(current)
      return this.#observe({ observeMs: Infinity, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES })
    })
  }

  #stopCurrent(current) {
    if (current.result) return
    current.terminated = true
    this.#native.stop(this.#nativeId, 'aborted')
  }

  /** How long to observe and how much output to give back, checked before anything starts. */
  #observation(options) {
    return {
      observeMs: checkMs(options.observeMs, 'observeMs', { fallback: this.#observeMs, infinite: true }),
      maxOutputBytes: checkBytes(options.maxOutputBytes, 'maxOutputBytes', { fallback: DEFAULT_MAX_OUTPUT_BYTES }),
    }
  }

  async #observe({ observeMs, maxOutputBytes }) {
    const current = this.#current
    if (!current.result) {
      await new Promise((resolve) => {
        // A timer holds Node's event loop open while someone awaits the program (the session's
        // own channel does not, so an idle session never keeps the process alive); an endless
        // observation holds it with the longest timer there is, renewed until the program ends.
        const timer = observeMs === Infinity ? setInterval(() => {}, MAX_MS) : setTimeout(resolve, observeMs)
        current.waiters.push(() => {
          // one clear for either kind: timeouts and intervals share their ids
          clearTimeout(timer)
          resolve()
        })
      })
    }
    const output = boundOutput(current.output, maxOutputBytes)
    current.output = ''
    const result = current.result
    if (!result) return { status: 'still_working', output }
    this.#current = undefined
    if (result.ok) return { status: 'completed', output, value: result.value }
    if (current.terminated && (result.error.kind === 'aborted' || result.error.kind === 'disposed')) {
      return { status: 'terminated', output }
    }
    return { status: 'error', output, error: result.error }
  }

  stageInputs(inputs) {
    return this.#control('stageInputs', async () => {
      if (!Array.isArray(inputs)) throw new TypeError('stageInputs(inputs) takes an array of { name, data }')
      // Array.from, not map: a hole is an input too, and `map` would skip it unchecked.
      const staged = Array.from(inputs, (input, index) => {
        const where = `stageInputs: input ${index}`
        if (input === null || typeof input !== 'object') throw new TypeError(`${where} must be an object { name, data }`)
        if (typeof input.name !== 'string' || !STAGED_NAME.test(input.name)) {
          throw new TypeError(`${where}: name ${describeValue(input.name)} must be 1-128 letters, digits, '.', '_' or '-', not starting with '.', '_' or '-'`)
        }
        const bytes = typeof input.data === 'string' ? Buffer.from(input.data, 'utf8')
          : input.data instanceof Uint8Array ? Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength)
          : undefined
        if (!bytes) throw new TypeError(`${where}: data must be a string or a Uint8Array`)
        return { name: input.name, bytes }
      })
      const sizes = new Map(this.#staged)
      for (const input of staged) sizes.set(input.name, input.bytes.length)
      let total = 0
      for (const size of sizes.values()) total += size
      if (total > MAX_STAGED_BYTES) {
        throw new RangeError(`stageInputs: a session holds at most ${MAX_STAGED_BYTES} bytes of staged inputs; these would make ${total}. Stage less, or start a new session`)
      }
      for (const input of staged) this.#native.stage(this.#nativeId, input.name, input.bytes)
      this.#staged = sizes
      return staged.map((input) => ({ name: input.name, path: `/inputs/${input.name}` }))
    })
  }

  #shutdown(reason) {
    if (this.#closed) return
    this.#closed = reason
    clearTimeout(this.#idleTimer)
    this.#network?.abortAll()
    this.#native.close(this.#nativeId)
    const current = this.#current
    if (current && !current.result) {
      current.terminated = true
      current.result = stoppedResult('disposed', reason)
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

module.exports = { CodeSession }
