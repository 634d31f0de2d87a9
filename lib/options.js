'use strict'

// Checks what the host passes in, before anything starts: a bad option is a TypeError that names
// the option and what it accepts, never a half-started program.

const LIMIT_KEYS = ['computeMs', 'maxWallMs', 'maxLogBytes', 'maxResultBytes', 'maxMemoryBytes']
const LANGUAGES = ['typescript', 'javascript']

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

/** `{ 'specifier.js': 'export …' }`: module source text by the specifier `import()` names. */
function checkModules(modules) {
  if (modules === undefined || modules === null) return undefined
  if (typeof modules !== 'object' || Array.isArray(modules)) throw new TypeError("modules must be an object like { 'helpers.js': 'export const x = 1' }")
  for (const [specifier, text] of Object.entries(modules)) {
    if (typeof text !== 'string') throw new TypeError(`modules[${JSON.stringify(specifier)}] must be the module's source text, got ${typeof text}`)
  }
  return { ...modules }
}

function checkMs(value, name, fallback) {
  if (value === undefined) {
    if (fallback === undefined) throw new TypeError(`${name} is required`)
    return fallback
  }
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) throw new TypeError(`${name} must be a number >= 0, got ${String(value)}`)
  return value
}

module.exports = { checkLimits, checkLanguage, checkModules, checkMs }
