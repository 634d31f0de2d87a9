// Node's side of the behaviour differential, run as a child process with TZ=UTC and an en-US
// locale (the realm's clock and Intl). It reads a JSON array of programs on stdin and writes one
// JSON array of outcomes, each shaped as the spec shapes a realm's RunResult.
//
// Each program runs in this process's own realm, as the body of an async function compiled with
// vm.Script (filename `program.ts`, lines counted from the body's first line), so the web globals
// are Node's real ones. What a run sees that Node would not give a bare script, it gets as the
// realm gives it: its console writes into a capture, its bindings are frozen null-prototype
// namespaces on globalThis whose calls cross as JSON copies (README, "What crosses the bridge"),
// timers still pending when it settles are dropped, and a rejection still unhandled then becomes a
// `warn` entry after its output (where Node would end the process). Globals and prototype properties a program adds are removed before the next one runs.
import { Console } from 'node:console'
import { Writable } from 'node:stream'
import { inspect } from 'node:util'
import vm from 'node:vm'
import amaro from 'amaro'
import { createBindings } from './bindings.mjs'
import { crossedBinary, showBinary } from './binary.mjs'

const FILE = 'program.ts'
const STANDARD_ERRORS = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError }
const SHARED = [globalThis, Object.prototype, Array.prototype, String.prototype, Number.prototype, Function.prototype, Promise.prototype]

/** Where `crossing` holds a piece of binary data while the rest goes through JSON. */
const BINARY_PLACE = '\u0000binary'

/** A value the bridge refuses (README's table); the realm reports it as a `result` error. */
class Refused extends Error {}

/**
 * `value` as it crosses the bridge: JSON's reading, refusing what JSON would silently lose, with
 * binary data crossing as bytes.
 */
function crossing(value) {
  if (value === undefined) return undefined
  const binaries = []
  let text
  try {
    text = JSON.stringify(value, function (key, v) {
      const binary = crossedBinary(this[key])
      if (binary) {
        binaries.push(binary)
        return { [BINARY_PLACE]: binaries.length - 1 }
      }
      const lost = ['bigint', 'function', 'symbol'].includes(typeof v) || v instanceof Promise || v instanceof Map || v instanceof Set
      if (lost) throw new Refused()
      return v
    })
  } catch (error) {
    if (error instanceof TypeError && /circular/.test(error.message)) throw new Refused()
    throw error
  }
  if (text === undefined) return undefined
  return JSON.parse(text, (_key, v) => (v !== null && typeof v === 'object' && BINARY_PLACE in v ? binaries[v[BINARY_PLACE]] : v))
}

/** A host function's failure as the program receives it: its class or name, its message, no stack. */
function fromHost(error) {
  const name = error instanceof Error ? String(error.name) : 'Error'
  const message = error instanceof Error ? String(error.message) : String(error)
  const Standard = STANDARD_ERRORS[name] ?? Error
  const received = new Standard(message)
  if (received.name !== name) Object.defineProperty(received, 'name', { value: name, writable: true, configurable: true })
  delete received.stack
  return received
}

function bridged(namespace) {
  const out = Object.create(null)
  for (const [name, fn] of Object.entries(namespace)) {
    out[name] = async (...args) => {
      let reply
      try {
        reply = await fn(...crossing(args))
      } catch (error) {
        throw fromHost(error)
      }
      return crossing(reply)
    }
  }
  return Object.freeze(out)
}

/** The first position in `stack` that is the program's: line and column, 1-based. */
function programPosition(stack) {
  for (const line of String(stack).split('\n')) {
    const at = /^\s+at .*\bprogram\.ts:(\d+):(\d+)\)?$/.exec(line)
    if (at) return { line: Number(at[1]), column: Number(at[2]) }
  }
  return {}
}

/** A thrown value as the realm describes an uncaught one. */
function uncaught(thrown) {
  if (thrown === null || (typeof thrown !== 'object' && typeof thrown !== 'function')) {
    return { ok: false, kind: 'runtime', name: 'Error', message: `Uncaught ${inspect(thrown)}` }
  }
  const name = typeof thrown.name === 'string' ? thrown.name : 'Error'
  const message = typeof thrown.message === 'string' ? thrown.message : inspect(thrown)
  return { ok: false, kind: 'runtime', name, message, ...programPosition(thrown.stack) }
}

/**
 * A syntax error of V8's (the decorated stack: `program.ts:N`, the line, a caret) or of amaro's.
 * One found on the wrapper's closing line is at the end of the program.
 */
function syntaxError(error, source) {
  let at
  if (typeof error.code === 'string' && typeof error.startLine === 'number') at = { line: error.startLine - 1, column: error.startColumn + 1 }
  else {
    const decorated = /^program\.ts:(\d+)\n.*\n( *)\^/.exec(String(error.stack))
    if (decorated) at = { line: Number(decorated[1]), column: decorated[2].length + 1 }
  }
  const lines = source.split('\n')
  if (at && at.line > lines.length) at = { line: lines.length, column: lines[lines.length - 1].length + 1 }
  return { ok: false, kind: 'syntax', name: error.name ?? 'SyntaxError', message: error.message, ...at }
}

/** The rejections of the running program that nothing handled (yet), in order. */
let unhandled = null
process.on('unhandledRejection', (reason, promise) => unhandled?.set(promise, reason))
process.on('rejectionHandled', (promise) => unhandled?.delete(promise))

async function run({ source, language }) {
  const logs = []
  const capture = (stream) =>
    new Writable({
      write(chunk, _encoding, done) {
        logs.push({ stream, text: chunk.toString().replace(/\n$/, '') })
        done()
      },
    })
  const bindings = Object.fromEntries(Object.entries(createBindings()).map(([name, ns]) => [name, bridged(ns)]))
  const wrapped = `"use strict"; (async function () {\n${source}\n})`
  let code = wrapped
  try {
    if (language === 'typescript') code = amaro.transformSync(wrapped, { mode: 'strip-only' }).code
    code = new vm.Script(code, { filename: FILE, lineOffset: -1 })
  } catch (error) {
    return { logs, outcome: syntaxError(error, source) }
  }

  // a timer callback that throws fails the run, as in the realm
  let failTimer
  const timerFailure = new Promise((_, reject) => (failTimer = reject))
  timerFailure.catch(() => {})
  const pending = new Set()
  // Node's own timer otherwise: its TypeError for a callback that is not a function, its name
  // and length, and the Timeout as the callback's `this`
  const tracked = (schedule, once) => {
    const track = function (callback, ms, ...args) {
      if (typeof callback !== 'function') return schedule(callback, ms)
      const handle = schedule(function () {
        if (once) pending.delete(handle)
        try {
          callback.apply(this, args)
        } catch (error) {
          failTimer(error)
        }
      }, ms)
      pending.add(handle)
      return handle
    }
    return Object.defineProperties(track, { name: { value: schedule.name }, length: { value: schedule.length } })
  }
  const runGlobals = {
    console: new Console({ stdout: capture('out'), stderr: capture('err'), colorMode: false }),
    setTimeout: tracked(setTimeout, true),
    setInterval: tracked(setInterval, false),
    ...bindings,
  }
  const saved = Object.fromEntries(Object.keys(runGlobals).map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]))
  const before = SHARED.map((target) => new Set(Reflect.ownKeys(target)))
  Object.assign(globalThis, runGlobals)
  unhandled = new Map()
  let outcome
  try {
    const value = await Promise.race([code.runInThisContext()(), timerFailure])
    try {
      outcome = { ok: true, value: crossing(value) }
    } catch (error) {
      outcome = error instanceof Refused ? { ok: false, kind: 'result' } : uncaught(error)
    }
  } catch (error) {
    outcome = uncaught(error)
  } finally {
    for (const handle of pending) clearTimeout(handle)
  }
  // Node reports unhandled rejections once this turn's microtasks have run
  await new Promise((resolve) => setImmediate(resolve))
  for (const reason of unhandled.values()) logs.push({ stream: 'err', text: `Unhandled promise rejection: ${inspect(reason)}` })
  unhandled = null
  SHARED.forEach((target, i) => {
    for (const key of Reflect.ownKeys(target)) if (!before[i].has(key)) delete target[key]
  })
  for (const [key, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(globalThis, key, descriptor)
    else delete globalThis[key]
  }
  return { logs, outcome }
}

let input = ''
process.stdin.setEncoding('utf8')
for await (const chunk of process.stdin) input += chunk
const outcomes = []
for (const program of JSON.parse(input)) outcomes.push(await run(program))
process.stdout.write(JSON.stringify(outcomes, showBinary))
