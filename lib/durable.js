'use strict'

// Durable runs, the host's side: `pause(data)` for bindings, the journal of what crossed the
// bridge during a run, and the signed token a paused run ends with. A token holds the program
// and the record of everything the outside world gave it; `resume()` hands that record to the
// addon, which replays the program to its pause without calling a binding (src/run/replay.rs).
//
// Token: `crb<format>.<key id>.<payload>.<signature>`, the payload the base64url of JSON, the
// signature HMAC-SHA-256 over everything before it. Signed, not encrypted: it carries the
// source and every reply in readable form.

const { createHmac, randomBytes, timingSafeEqual } = require('node:crypto')
const { describeValue } = require('./options.js')
const { hostError, encodeValue } = require('./bridge.js')
const { runResult, stoppedResult } = require('./outcome.js')

/** Bumped whenever a runtime could no longer replay tokens of the previous format. */
const FORMAT = 1
const FORMAT_PREFIX = /^crb(\d+)(\.|$)/
const MIN_KEY_BYTES = 32
const DEFAULT_MAX_TOKEN_BYTES = 4 * 1024 * 1024
/** 32 bytes of HMAC-SHA-256 in base64url. */
const SIGNATURE_CHARS = 43
const KEY_ID_LABEL = 'code-runtime-boa durable key id'

/** The bytes of a `durableKey`, checked. */
function keyBytes(key) {
  let bytes
  if (typeof key === 'string') bytes = Buffer.from(key, 'utf8')
  else if (ArrayBuffer.isView(key)) bytes = Buffer.from(key.buffer, key.byteOffset, key.byteLength)
  else throw new TypeError(`durableKey must be a string or bytes (a Buffer or Uint8Array), got ${describeValue(key)}`)
  if (bytes.length < MIN_KEY_BYTES) {
    throw new TypeError(`durableKey must be at least ${MIN_KEY_BYTES} bytes, got ${bytes.length}: make one with crypto.randomBytes(${MIN_KEY_BYTES}) and keep it secret`)
  }
  // A copy: the caller may reuse its buffer.
  return Buffer.from(bytes)
}

/** Signs a runtime's tokens and checks the tokens it is asked to resume. */
class TokenKeys {
  #key
  #keyId
  #ownRandomKey

  constructor(durableKey) {
    this.#ownRandomKey = durableKey === undefined
    this.#key = this.#ownRandomKey ? randomBytes(MIN_KEY_BYTES) : keyBytes(durableKey)
    // Names the key without revealing it, so that a token signed with another one is told apart
    // from an altered one.
    this.#keyId = createHmac('sha256', this.#key).update(KEY_ID_LABEL).digest('base64url').slice(0, 11)
  }

  #sign(signed) {
    return createHmac('sha256', this.#key).update(signed).digest('base64url')
  }

  seal(payload) {
    const signed = `crb${FORMAT}.${this.#keyId}.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`
    return `${signed}.${this.#sign(signed)}`
  }

  /** The payload of `token`, or `{ refused: why }` when it is not one this runtime may resume. */
  open(token) {
    const format = FORMAT_PREFIX.exec(token)
    if (!format) return { refused: `this is not a paused run's token (result.paused.token), which starts with 'crb${FORMAT}.'` }
    if (Number(format[1]) !== FORMAT) {
      return { refused: `the token was made by an incompatible version of code-runtime-boa (token format ${format[1]}; this version reads format ${FORMAT}); run the program again` }
    }
    const parts = token.split('.')
    if (parts.length < 4 || (parts.length === 4 && parts[3].length < SIGNATURE_CHARS)) {
      return { refused: 'the token is truncated: it must be stored and passed whole' }
    }
    const [, keyId, body, signature] = parts
    if (keyId !== this.#keyId) {
      return {
        refused: this.#ownRandomKey
          ? 'the token was made by another runtime: this one has no durableKey, so it signs with a random key of its own and resumes only its own tokens; pass the same createCodeRuntime({ durableKey }) to every runtime that pauses or resumes runs'
          : "the token was signed with another key than this runtime's durableKey: resume it with the key that made it",
      }
    }
    const expected = Buffer.from(this.#sign(parts.slice(0, 3).join('.')))
    const given = Buffer.from(parts.length === 4 ? signature : '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { refused: 'the token was altered after it was made (its signature does not match its content); only an unchanged token resumes' }
    }
    return { payload: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) }
  }
}

/**
 * What crossed the bridge during one run, by call id: the call event's JSON text as it arrived
 * (a binding may change the arguments it was given; the text stays as the program sent them)
 * and the reply sent back. A pause makes the token's log of it. It keeps at most what a token of
 * `maxTokenBytes` can hold: past that it lets go of everything, and a pause says why it failed.
 */
class Journal {
  #entries
  #bytes
  #maxTokenBytes
  /** What each paused call's binding gave `pause()`, by call id. */
  #pauses = new Map()

  /** `calls`: the log of the token being resumed, whose calls the replay answers from it. */
  constructor(maxTokenBytes, baseBytes, calls = []) {
    this.#maxTokenBytes = maxTokenBytes
    this.#bytes = baseBytes
    this.#entries = calls
  }

  #grow(bytes) {
    this.#bytes += bytes
    // base64 makes four characters of three bytes
    if (this.#entries && (this.#bytes * 4) / 3 > this.#maxTokenBytes) this.#entries = undefined
  }

  call(id, eventJson) {
    if (!this.#entries) return
    this.#entries[id - 1] = { event: eventJson }
    this.#grow(eventJson.length)
  }

  /**
   * `port` (where a run's calls are answered) with each answer logged here on its way, and a
   * binding's `pause()` kept here and passed to `pauseRun(callId)`.
   */
  port(port, pauseRun) {
    return {
      reply: (callId, encoded) => {
        const logged = loggedValue(encoded)
        this.#logReply(callId, logged, (logged.value?.length ?? 0) + (logged.bytes?.data.reduce((sum, data) => sum + data.length, 0) ?? 0))
        port.reply(callId, encoded)
      },
      replyError: (callId, name, message) => {
        this.#logReply(callId, { error: { name, message } }, name.length + message.length)
        port.replyError(callId, name, message)
      },
      pause: (call, data) => {
        this.#pauses.set(call.id, data)
        pauseRun(call.id)
      },
    }
  }

  #logReply(id, reply, size) {
    const entry = this.#entries?.[id - 1]
    if (!entry) return
    Object.assign(entry, reply)
    this.#grow(size)
  }

  /** The token's log of the calls: path, arguments and reply of each. */
  loggedCalls() {
    return this.#entries?.map(({ event, path, args, value, bytes, error }) => {
      const call = event === undefined ? { path, args } : JSON.parse(event).call
      return { path: call.path, args: call.args, value, bytes, error }
    })
  }

  pauseData(id) {
    return this.#pauses.get(id)
  }
}

/** The token limit of a run: the `maxTokenBytes` of its limits, or the default. */
const maxTokenBytesOf = (limits) => limits?.maxTokenBytes ?? DEFAULT_MAX_TOKEN_BYTES

/** A fresh run's journal. */
function journalFor(job) {
  return new Journal(maxTokenBytesOf(job.tokenLimits), programBytes(job))
}

const programBytes = ({ source, modules }) => source.length + Object.entries(modules ?? {}).reduce((sum, [name, text]) => sum + name.length + text.length, 0)

/**
 * The result of a run a binding paused: the outcome with `paused: { token, call, data }`, or an
 * error of kind 'result' when the token would be larger than `maxTokenBytes`.
 */
function pausedResult(job, outcome, keys) {
  const { logs, stats } = runResult(outcome)
  const { call: id, tape } = outcome.paused
  const calls = job.journal.loggedCalls()
  const maxTokenBytes = maxTokenBytesOf(job.tokenLimits)
  const tooLarge = (size) => {
    const message = `a binding paused the run, but its token would be larger than limits.maxTokenBytes (${maxTokenBytes} bytes${size}): raise the limit, or have the program exchange less data with its bindings before it pauses`
    return { ok: false, error: { kind: 'result', name: 'ResultError', message }, logs, stats }
  }
  if (!calls) return tooLarge('')
  const { path, args } = calls[id - 1]
  const token = keys.seal({
    source: job.source,
    language: job.language,
    modules: job.modules,
    limits: job.tokenLimits,
    call: { id, path, args },
    tape: { ...tape, calls },
  })
  if (token.length > maxTokenBytes) return tooLarge(`; it is ${token.length}`)
  const error = { kind: 'paused', name: 'Paused', message: `the run paused at ${path}(): resume it with runtime.resume(result.paused.token, { reply })` }
  return { ok: false, error, paused: { token, call: { path, args }, data: job.journal.pauseData(id) }, logs, stats }
}

/** `answer` as a call's logged reply: `{ value }` (JSON text), `{ error }` or `{}` for undefined. */
function loggedAnswer(answer, reply = 'the reply') {
  const shape = 'resume(token, answer) takes the paused call\'s answer as { reply } or { error: { name, message } }'
  if (answer === null || typeof answer !== 'object') throw new TypeError(`${shape}, got ${describeValue(answer)}`)
  const hasReply = 'reply' in answer
  const hasError = 'error' in answer
  if (hasReply === hasError) throw new TypeError(`${shape}: give exactly one of them`)
  if (hasError) {
    const { error } = answer
    if (error instanceof Error) return { error: hostError(error) }
    if (error === null || typeof error !== 'object' || typeof error.message !== 'string') {
      throw new TypeError(`${shape}: error must be an Error or { name, message } with a string message, got ${describeValue(error)}`)
    }
    return { error: { name: typeof error.name === 'string' ? error.name : 'Error', message: error.message } }
  }
  return loggedValue(encodeValue(`${reply} is`, answer.reply))
}

/**
 * A reply as the token logs it: `{ value }` (JSON text) or `{}` for undefined, and the binary data
 * in it as `bytes: { slots, data }`, each buffer in base64 (the addon's replay reads it back).
 */
function loggedValue({ json, slotsJson, buffers }) {
  if (json === undefined) return {}
  if (slotsJson === undefined) return { value: json }
  const data = buffers.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'))
  return { value: json, bytes: { slots: JSON.parse(slotsJson), data } }
}

/**
 * What `resume()` runs: the token's program and the tape the addon replays, with the paused
 * call answered by `answer`; or `{ refused }` when the token cannot be resumed here.
 */
function resumption(keys, token, answer) {
  if (typeof token !== 'string') throw new TypeError(`resume(token) needs the paused run's token, a string (result.paused.token), got ${describeValue(token)}`)
  const opened = keys.open(token)
  if (opened.refused) {
    // A malformed answer is the host's mistake whatever the token: said first.
    loggedAnswer(answer)
    return opened
  }
  const { source, language, modules, limits, call, tape } = opened.payload
  const calls = tape.calls
  Object.assign(calls[call.id - 1], loggedAnswer(answer, `the reply to ${call.path}()`))
  const program = { source, language, modules, tokenLimits: limits }
  return { ...program, tape: JSON.stringify(tape), journal: new Journal(maxTokenBytesOf(limits), programBytes(program), calls) }
}

/** The result of a resume refused before anything ran. */
function refusedResult(message) {
  const { logs, stats } = stoppedResult('aborted')
  return { ok: false, error: { kind: 'token', name: 'TokenError', message }, logs, stats }
}

module.exports = { TokenKeys, journalFor, pausedResult, resumption, refusedResult }
