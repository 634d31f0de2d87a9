'use strict'

const { isAnyArrayBuffer, isArrayBufferView } = require('node:util/types')
const { isPause } = require('./pause.js')
const { toTokens, fromTokens, LOSSY_RESOLUTION } = require('./lossless.js')

// The host side of the bindings bridge: bindings are flattened to paths for the addon, and each
// call the program makes is answered here, on the host's event loop, exactly once.

/** Whether a call's path is one of the runtime's own bindings (lib/network.js's fetch), which
 * cross as JSON and bytes whatever the program's bindings do; a binding's path never starts
 * with '.'. */
const isRuntimePath = (path) => path.startsWith('.')

/** A name as a segment of a path: a '.' or '\' in it escaped by '\' (the addon reads them back),
 * so a binding's name may be any string. */
const escapeName = (name) => name.replace(/[\\.]/g, '\\$&')

/**
 * Flattens `{ a: fn, ns: { b: fn } }` into `functions`, a Map of the paths 'a' and 'ns.b' to
 * their functions, and `namespaces`, the paths of the objects holding them ('ns'), which the
 * program sees even when they hold no function.
 */
function flattenBindings(bindings) {
  const functions = new Map()
  const namespaces = []
  if (bindings === undefined || bindings === null) return { functions, namespaces }
  const visit = (namespace, prefix, seen) => {
    if (seen.includes(namespace)) throw new TypeError(`bindings${prefix ? '.' + prefix : ''} contains itself`)
    for (const key of Object.keys(namespace)) {
      const path = prefix ? `${prefix}.${escapeName(key)}` : escapeName(key)
      const value = namespace[key]
      if (typeof value === 'function') functions.set(path, value)
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        namespaces.push(path)
        visit(value, path, [...seen, namespace])
      } else throw new TypeError(`bindings.${path} must be a function or an object of functions, got ${value === null ? 'null' : typeof value}`)
    }
  }
  if (typeof bindings !== 'object') throw new TypeError('bindings must be an object of functions, like { search, github: { listIssues } }')
  visit(bindings, '', [])
  return { functions, namespaces }
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

// Binary data crosses beside the JSON text, never in it: its place in the JSON holds null, and a
// table of slots says where each buffer goes ({ at: [keys and indices], kind }), in the order of
// the buffers. Both directions use this form; from the program, a string with a lone surrogate
// (which JSON text read by serde cannot hold) comes the same way, as its UTF-16 code units.

/** The constructors the program's binary data arrives as, by kind. */
const VIEWS = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  BigInt64Array, BigUint64Array, Float32Array, Float64Array, DataView,
  // Node 20 has no Float16Array: its bytes arrive as a Uint8Array there.
  ...(typeof Float16Array === 'function' ? { Float16Array } : {}),
}

// A typed array's kind, read from the engine (Buffer is a Uint8Array); undefined for a DataView.
const typedArrayKind = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get

/** A string from its UTF-16 code units (a string with a lone surrogate, which JSON text cannot carry). */
function stringOfUnits(bytes) {
  const units = new Uint16Array(bytes.buffer, 0, bytes.length / 2)
  let text = ''
  for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.subarray(i, i + 8192))
  return text
}

/** The program's bytes as the kind of value they were; `bytes` owns its whole buffer. */
function binaryValue(kind, bytes) {
  if (kind === 'String') return stringOfUnits(bytes)
  if (kind === 'ArrayBuffer') return bytes.buffer
  return new (VIEWS[kind] ?? Uint8Array)(bytes.buffer)
}

/** `root` with each buffer put where its slot says. */
function placeBytes(root, slots, buffers) {
  for (let i = 0; i < slots.length; i++) {
    const { at, kind } = slots[i]
    const value = binaryValue(kind, buffers[i])
    if (at.length === 0) {
      root = value
      continue
    }
    let holder = root
    for (let j = 0; j < at.length - 1; j++) holder = holder[at[j]]
    holder[at[at.length - 1]] = value
  }
  return root
}

/**
 * An addon event with its values as the host takes them: in a run whose values cross as lossless
 * JSON, read from their tokens (a call whose arguments do not form values gets `malformed`, a
 * result that does not, an error); else with the bytes that came beside them in place.
 */
function withBytes(event, buffers, lossless = false) {
  if (lossless && !(event.kind === 'call' && isRuntimePath(event.call.path))) return withLosslessValues(event)
  if (!buffers) return event
  if (event.kind === 'call') event.call.args = placeBytes(event.call.args, event.call.bytes, buffers)
  else if (event.kind === 'done') event.outcome.value = placeBytes(event.outcome.value, event.outcome.bytes, buffers)
  return event
}

function withLosslessValues(event) {
  if (event.kind === 'call') {
    const args = event.call.args.map(fromTokens)
    const malformed = args.find((arg) => arg.malformed)
    if (malformed) event.call.malformed = malformed.malformed
    event.call.args = args.map((arg) => arg.value)
  } else if (event.kind === 'done' && event.outcome.value !== undefined) {
    const { value, malformed } = fromTokens(event.outcome.value)
    if (malformed === undefined) event.outcome.value = value
    else {
      delete event.outcome.value
      event.outcome.ok = false
      event.outcome.error = { kind: 'crashed', name: 'ProtocolError', message: `the program's result arrived malformed (${malformed})` }
    }
  }
  return event
}

/** The kind and the visible bytes of a host value that is binary data; undefined for any other. */
function binaryOf(value) {
  if (isArrayBufferView(value)) {
    return { kind: typedArrayKind.call(value) ?? 'DataView', bytes: new Uint8Array(value.buffer, value.byteOffset, value.byteLength) }
  }
  if (isAnyArrayBuffer(value)) return { kind: 'ArrayBuffer', bytes: new Uint8Array(value) }
  return undefined
}

/**
 * Whether a host value may hold binary data, decided without serializing it: JSON.stringify with
 * a replacer (which finding the buffers needs) is 2-3x slower, and most replies hold none. A
 * `toJSON` other than Date's could return some, and a cycle is left for JSON.stringify to name.
 */
function mayHoldBinary(value, ancestors) {
  if (typeof value !== 'object' || value === null) return false
  if (isArrayBufferView(value) || isAnyArrayBuffer(value)) return true
  if (typeof value.toJSON === 'function') return value.toJSON !== Date.prototype.toJSON
  if (ancestors.has(value)) return true
  ancestors.add(value)
  let found = false
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && !found; i++) found = mayHoldBinary(value[i], ancestors)
  } else {
    for (const key in value) {
      if (Object.hasOwn(value, key) && mayHoldBinary(value[key], ancestors)) {
        found = true
        break
      }
    }
  }
  ancestors.delete(value)
  return found
}

/** JSON text of `value` with its binary data taken out into `slots` and `buffers`. */
function stringifyWithBytes(value) {
  const slots = []
  const buffers = []
  // Where each object being serialized sits, so a buffer's slot can name its place.
  const places = new Map()
  const json = JSON.stringify(value, function (key, item) {
    const parent = places.get(this)
    const at = parent === undefined ? [] : [...parent, Array.isArray(this) ? Number(key) : key]
    // `this[key]` is the value before its toJSON ran (Buffer's would make it { type, data }).
    const binary = binaryOf(this[key]) ?? binaryOf(item)
    if (binary) {
      slots.push({ at, kind: binary.kind })
      buffers.push(binary.bytes)
      return null
    }
    if (typeof item === 'object' && item !== null) places.set(item, at)
    return item
  })
  return { json, slots, buffers }
}

/**
 * A host value as it crosses to the program: `json` (undefined for undefined) and, when it holds
 * binary data, `slotsJson` and `buffers`. `giving` names what gave it, as `tools.search() returned`.
 */
function encodeValue(giving, value) {
  if (value === undefined) return { json: undefined }
  let encoded
  try {
    encoded = mayHoldBinary(value, new Set()) ? stringifyWithBytes(value) : { json: JSON.stringify(value), slots: [] }
  } catch (error) {
    throw new TypeError(`${giving} a value that cannot cross to the program (${error.message})`)
  }
  const { json, slots, buffers } = encoded
  if (json === undefined) {
    throw new TypeError(`${giving} a ${typeof value}, which cannot cross to the program; give JSON data`)
  }
  if (slots.length === 0) return { json }
  return { json, slotsJson: JSON.stringify(slots), buffers }
}

/** A host value as it crosses to a program whose values cross as lossless JSON (`encodeValue`'s form). */
function encodeLossless(value) {
  const tokens = toTokens(value)
  if (tokens === undefined) throw new TypeError(LOSSY_RESOLUTION)
  return { json: JSON.stringify(tokens) }
}

/**
 * Runs the host function of a `call` event and sends its value or error back through `port`
 * (`reply(callId, encoded)` with `encodeValue`'s form, `replyError(callId, name, message)`), once.
 * A synchronous value is answered at once, without a trip through the microtask queue. A
 * `pause()` goes to `port.pause(call, data)`; where there is none (sessions), the call fails
 * saying so. `lossless`: the program's values cross as lossless JSON.
 */
function answerCall(functions, call, port, lossless = false) {
  const fail = (error) => {
    const { name, message } = hostError(error)
    port.replyError(call.id, name, message)
  }
  const succeed = (value) => {
    if (isPause(value)) {
      if (port.pause) return port.pause(call, value.data)
      return fail(new TypeError(`${call.path}() returned pause(), but only runs pause: a session cannot (use runtime.run() and runtime.resume())`))
    }
    let encoded
    try {
      encoded = lossless && !isRuntimePath(call.path) ? encodeLossless(value) : encodeValue(`${call.path}() returned`, value)
    } catch (error) {
      return fail(error)
    }
    port.reply(call.id, encoded)
  }
  let value
  try {
    const fn = functions.get(call.path)
    if (!fn) throw new TypeError(`${call.path} is not a binding`)
    if (call.malformed) throw new TypeError(`the call's arguments arrived malformed (${call.malformed})`)
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
    reply: (callId, { json, slotsJson, buffers }) => native.reply(programId, callId, json, slotsJson, buffers),
    replyError: (callId, name, message) => native.replyError(programId, callId, name, message),
  }
}

/**
 * Where the addon's events go: it sends every event of a runtime's runs and sessions through one
 * function, `dispatch`, with the id of what sent it, and the id alone once that sends nothing
 * more. `dispatch` holds the routes only, never the runtime: the addon holds it as long as the
 * runtime lives, and a runtime it held could never be collected.
 */
class EventRoutes {
  #routes = new Map()

  dispatch = (id, json, buffers) => {
    if (json == null) this.#routes.delete(id)
    else this.#routes.get(id)?.(json, buffers)
  }

  /** Routes the events of run or session `id` to `route(json, buffers)` until it has ended. */
  add(id, route) {
    this.#routes.set(id, route)
  }
}

module.exports = { EventRoutes, flattenBindings, answerCall, nativePort, hostError, encodeValue, encodeLossless, withBytes, binaryOf }
