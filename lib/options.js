'use strict'

// Checks what the host passes in, before anything starts: a bad option is a TypeError that names
// the option and the values it accepts, never a half-started program.

/** The longest duration any option takes: setTimeout's limit, about 24.8 days. */
const MAX_MS = 2 ** 31 - 1
/** The largest byte count any option takes. */
const MAX_BYTES = Number.MAX_SAFE_INTEGER
// maxTokenBytes bounds the token of a paused run (lib/durable.js) and maxFetchBytes a fetch's
// response body (lib/network.js); the addon ignores both.
const LIMIT_MAXIMA = { computeMs: MAX_MS, maxWallMs: MAX_MS, maxLogBytes: MAX_BYTES, maxResultBytes: MAX_BYTES, maxMemoryBytes: MAX_BYTES, maxTokenBytes: MAX_BYTES, maxFetchBytes: MAX_BYTES }
const LIMIT_KEYS = Object.keys(LIMIT_MAXIMA)
const LANGUAGES = ['typescript', 'javascript']

/**
 * A short, safe description of any value for an error message: it never calls user code, so a
 * value whose toString, toJSON or proxy traps throw (or a BigInt, which JSON refuses) still gets
 * a message that names the option.
 */
function describeValue(value) {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    case 'bigint':
      return `${value}n`
    case 'symbol':
      return 'a symbol'
    case 'function':
      return 'a function'
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object'
    default:
      return String(value)
  }
}

/**
 * `value` as a number from 0 to `max` (or Infinity when `infinite`), else a TypeError naming
 * `name` and the range. `fallback` stands in for undefined; without one, undefined is an error.
 */
function checkNumber(value, name, max, { fallback, infinite = false } = {}) {
  if (value === undefined && fallback !== undefined) return fallback
  const inRange = typeof value === 'number' && value >= 0 && (value <= max || (infinite && value === Infinity))
  if (!inRange) {
    throw new TypeError(`${name} must be a number from 0 to ${max}${infinite ? ' or Infinity' : ''}, got ${describeValue(value)}`)
  }
  return value
}

const checkMs = (value, name, options) => checkNumber(value, name, MAX_MS, options)
const checkBytes = (value, name, options) => checkNumber(value, name, MAX_BYTES, options)

function checkLimits(limits, where) {
  if (limits === undefined || limits === null) return undefined
  if (typeof limits !== 'object') throw new TypeError(`${where} must be an object like { computeMs: 1000 }, got ${describeValue(limits)}`)
  const checked = {}
  for (const [key, value] of Object.entries(limits)) {
    if (value === undefined) continue
    if (!LIMIT_KEYS.includes(key)) {
      throw new TypeError(`${where}.${key} is not a limit; the limits are ${LIMIT_KEYS.join(', ')}`)
    }
    checked[key] = checkNumber(value, `${where}.${key}`, LIMIT_MAXIMA[key])
  }
  return checked
}

function checkLanguage(language) {
  if (language === undefined) return 'typescript'
  if (!LANGUAGES.includes(language)) {
    throw new TypeError(`language must be 'typescript' or 'javascript', got ${describeValue(language)}`)
  }
  return language
}

/** `{ 'specifier.js': 'export …' }`: module source text by the specifier `import()` names. */
function checkModules(modules) {
  if (modules === undefined || modules === null) return undefined
  if (typeof modules !== 'object' || Array.isArray(modules)) throw new TypeError("modules must be an object like { 'helpers.js': 'export const x = 1' }")
  for (const [specifier, text] of Object.entries(modules)) {
    if (typeof text !== 'string') throw new TypeError(`modules[${JSON.stringify(specifier)}] must be the module's source text, got ${describeValue(text)}`)
  }
  return { ...modules }
}

const readAborted = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted').get

/**
 * A signal of our own that follows the caller's AbortSignal, or undefined; checked before a
 * program starts. Only a genuine AbortSignal is taken, and the runtime listens on the copy:
 * a look-alike or an overridden addEventListener/removeEventListener would otherwise throw
 * later, from inside the addon's callback, after the program had started.
 */
function checkSignal(signal) {
  if (signal === undefined) return undefined
  try {
    // the prototype's getter throws for anything but a real AbortSignal (AbortSignal.any alone takes look-alikes)
    readAborted.call(signal)
    return AbortSignal.any([signal])
  } catch {
    throw new TypeError(`signal must be an AbortSignal (from new AbortController().signal), got ${describeValue(signal)}`)
  }
}

function checkFunction(value, name) {
  if (value !== undefined && typeof value !== 'function') throw new TypeError(`${name} must be a function, got ${describeValue(value)}`)
  return value
}

module.exports = { MAX_MS, describeValue, checkNumber, checkLimits, checkLanguage, checkModules, checkMs, checkBytes, checkSignal, checkFunction }
