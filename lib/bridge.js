'use strict'

// The host side of the bindings bridge: bindings are flattened to dotted paths for the addon, and
// each call the program makes is answered here, on the host's event loop, exactly once.

const { isPause } = require('./pause.js')

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

/** What the program sees of a host function's failure: a name and a message, nothing else. */
function hostError(error) {
  try {
    if (error instanceof Error) return { name: String(error.name), message: String(error.message) }
    return { name: 'Error', message: typeof error === 'string' ? error : `the host function failed with ${JSON.stringify(error) ?? String(error)}` }
  } catch {
    return { name: 'Error', message: 'the host function failed with a value that cannot be described' }
  }
}

/**
 * The JSON text of a host value for the program (undefined for undefined); `giving` names what
 * gave it, as `tools.search() returned`.
 */
function encodeValue(giving, value) {
  if (value === undefined) return undefined
  let json
  try {
    json = JSON.stringify(value)
  } catch (error) {
    throw new TypeError(`${giving} a value that cannot cross to the program (${error.message})`)
  }
  if (json === undefined) {
    throw new TypeError(`${giving} a ${typeof value}, which cannot cross to the program; give JSON data`)
  }
  return json
}

/**
 * Runs the host function of a `call` event and sends its value or error back through `port`
 * (`reply(callId, valueJson)`, `replyError(callId, name, message)`), once. A synchronous value is
 * answered at once, without a trip through the microtask queue. A `pause()` goes to
 * `port.pause(call, data)`; where there is none (sessions), the call fails saying so.
 */
function answerCall(functions, call, port) {
  const fail = (error) => {
    const { name, message } = hostError(error)
    port.replyError(call.id, name, message)
  }
  const succeed = (value) => {
    if (isPause(value)) {
      if (port.pause) return port.pause(call, value.data)
      return fail(new TypeError(`${call.path}() returned pause(), but only runs pause: a session cannot (use runtime.run() and runtime.resume())`))
    }
    let valueJson
    try {
      valueJson = encodeValue(`${call.path}() returned`, value)
    } catch (error) {
      return fail(error)
    }
    port.reply(call.id, valueJson)
  }
  let value
  try {
    const fn = functions.get(call.path)
    if (!fn) throw new TypeError(`${call.path} is not a binding`)
    value = fn(...call.args)
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

/** The port `answerCall` answers program `programId`'s calls through: straight to the addon. */
function nativePort(native, programId) {
  return {
    reply: (callId, valueJson) => native.reply(programId, callId, valueJson),
    replyError: (callId, name, message) => native.replyError(programId, callId, name, message),
  }
}

module.exports = { flattenBindings, answerCall, nativePort, hostError, encodeValue }
