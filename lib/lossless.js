'use strict'

// The host's side of values crossing as lossless JSON (`crossing: 'lossless-json'`; the engine's
// side is src/realm/lossless.rs, which documents the token format). Only null, booleans, finite
// numbers other than -0, strings, and dense arrays and plain objects of them cross; anything else
// is refused, never converted. Values are walked with a stack of their own, so their nesting has
// no limit but their size.

const { isProxy } = require('node:util/types')

/** What a binding's resolution that is not lossless JSON gives the program (the DeepSeek Harness's words). */
const LOSSY_RESOLUTION = 'binding resolution must be lossless JSON'

/** Marks, on the walk's stack, that an object's members are all visited. */
class Leave {
  constructor(object) {
    this.object = object
  }
}

const codeUnits = (text) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))
const stringToken = (text) => (text.isWellFormed() ? text : { u: codeUnits(text) })

/** The own enumerable data value of `key`, or `lossy` for an accessor, a hidden or missing one. */
function dataValue(object, key, lossy) {
  const descriptor = Object.getOwnPropertyDescriptor(object, key)
  if (descriptor === undefined || !descriptor.enumerable || !('value' in descriptor)) return lossy
  return descriptor.value
}

/** The tokens of a host value, or undefined when it is not lossless JSON. */
function toTokens(value) {
  const lossy = {}
  const tokens = []
  const ancestors = new Set()
  const stack = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (item instanceof Leave) {
      ancestors.delete(item.object)
      continue
    }
    if (item === null || typeof item === 'boolean') {
      tokens.push(item)
      continue
    }
    if (typeof item === 'string') {
      tokens.push(stringToken(item))
      continue
    }
    if (typeof item === 'number') {
      if (!Number.isFinite(item) || Object.is(item, -0)) return undefined
      tokens.push(item)
      continue
    }
    if (typeof item !== 'object' || item === lossy || isProxy(item) || ancestors.has(item)) return undefined
    const keys = Reflect.ownKeys(item)
    const members = []
    if (Array.isArray(item)) {
      if (Object.getPrototypeOf(item) !== Array.prototype || keys.length !== item.length + 1) return undefined
      for (let index = 0; index < item.length; index++) members.push(dataValue(item, index, lossy))
      tokens.push({ a: item.length })
    } else {
      const prototype = Object.getPrototypeOf(item)
      if (prototype !== Object.prototype && prototype !== null) return undefined
      const names = []
      for (const key of keys) {
        if (typeof key !== 'string') return undefined
        names.push(stringToken(key))
        members.push(dataValue(item, key, lossy))
      }
      tokens.push({ o: names })
    }
    ancestors.add(item)
    stack.push(new Leave(item))
    for (let index = members.length - 1; index >= 0; index--) stack.push(members[index])
  }
  return tokens
}

/** A key or string token's text, or undefined when it is neither. */
function tokenText(token) {
  if (typeof token === 'string') return token
  const units = token?.u
  if (!Array.isArray(units) || !units.every((unit) => Number.isInteger(unit) && unit >= 0 && unit < 0x10000)) return undefined
  let text = ''
  for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.slice(i, i + 8192))
  return text
}

/** Sets `target[key]` as an own data property, `__proto__` included. */
function putMember(target, key, value) {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}

/**
 * The value the engine's tokens stand for, or `{ malformed: why }`: a process substrate's child
 * is not trusted, so nothing here assumes the tokens are well formed.
 */
function fromTokens(tokens) {
  if (!Array.isArray(tokens) || tokens.length === 0) return { malformed: 'no tokens' }
  const frames = []
  let root
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]
    const remaining = tokens.length - at - 1
    let value = token
    let frame
    if (token !== null && typeof token === 'object') {
      if (Number.isInteger(token.a) && token.a >= 0 && token.a <= remaining) {
        value = []
        if (token.a > 0) frame = { target: value, keys: undefined, length: token.a }
      } else if (Array.isArray(token.o) && token.o.length <= remaining) {
        const keys = token.o.map(tokenText)
        if (keys.includes(undefined)) return { malformed: 'a key is not text' }
        value = {}
        if (keys.length > 0) frame = { target: value, keys, length: keys.length }
      } else {
        value = tokenText(token)
        if (value === undefined) return { malformed: `${JSON.stringify(token)} is not a token` }
      }
    } else if (typeof token === 'number' && (!Number.isFinite(token) || Object.is(token, -0))) {
      return { malformed: 'a number is not lossless' }
    } else if (!['string', 'boolean', 'number'].includes(typeof token) && token !== null) {
      return { malformed: 'a token is not JSON' }
    }
    const parent = frames.at(-1)
    if (parent === undefined) {
      if (at !== 0) return { malformed: 'the tokens hold more than one value' }
      root = value
    } else {
      const index = parent.length - parent.left
      if (parent.keys === undefined) parent.target.push(value)
      else putMember(parent.target, parent.keys[index], value)
      parent.left--
    }
    if (frame !== undefined) frames.push({ ...frame, left: frame.length })
    while (frames.length > 0 && frames.at(-1).left === 0) frames.pop()
  }
  if (frames.length > 0) return { malformed: 'the tokens end before their value does' }
  return { value: root }
}

module.exports = { toTokens, fromTokens, LOSSY_RESOLUTION }
