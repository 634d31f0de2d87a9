'use strict'

// What a run or session offers its program besides its source, checked and shaped as the addon
// takes it (src/realm/surface.rs): the bindings' paths and namespaces, the error classes their
// calls fail with, how values cross, the `process` environment and the console's style.

const { describeValue } = require('./options.js')
const { flattenBindings } = require('./bridge.js')

const CROSSINGS = ['json', 'lossless-json']
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u
/** What an error class's member property may not be: what every Error already has. */
const ERROR_OWN = ['name', 'message', 'stack', 'cause']
const DEFAULT_CONSOLE = { depth: 2, format: true }

function checkCrossing(crossing) {
  if (crossing === undefined) return 'json'
  if (!CROSSINGS.includes(crossing)) throw new TypeError(`crossing must be 'json' or 'lossless-json', got ${describeValue(crossing)}`)
  return crossing
}

/** `env` as the addon takes it: `[{ name, value }]`, every value a string. */
function checkEnv(env) {
  if (env === undefined) return undefined
  if (env === null || typeof env !== 'object' || Array.isArray(env)) {
    throw new TypeError(`env must be an object of strings like { REGION: 'eu' } (it becomes process.env), got ${describeValue(env)}`)
  }
  return Object.entries(env).map(([name, value]) => {
    if (typeof value !== 'string') throw new TypeError(`env.${name} must be a string (process.env holds only strings), got ${describeValue(value)}`)
    return { name, value }
  })
}

function checkConsole(style) {
  if (style === undefined) return undefined
  if (style === null || typeof style !== 'object') throw new TypeError(`console must be an object like { depth: 4, format: false }, got ${describeValue(style)}`)
  const { depth = DEFAULT_CONSOLE.depth, format = DEFAULT_CONSOLE.format, ...rest } = style
  const unknown = Object.keys(rest)[0]
  if (unknown !== undefined) throw new TypeError(`console.${unknown} is not a console option; the options are depth and format`)
  if (typeof depth !== 'number' || !(depth >= 0)) throw new TypeError(`console.depth must be a number from 0 to Infinity (how many levels console shows), got ${describeValue(depth)}`)
  if (typeof format !== 'boolean') throw new TypeError(`console.format must be a boolean (whether %s-style directives apply), got ${describeValue(format)}`)
  return { depth, format }
}

/**
 * `errorClasses` (`{ namespace: { name, memberNameProperty } }`) as the addon takes them, each
 * for a namespace of `namespaces`, under a global name that is an identifier no binding or other
 * class already takes.
 */
function checkErrorClasses(errorClasses, functions, namespaces) {
  if (errorClasses === undefined) return []
  const shape = "errorClasses must be an object like { tools: { name: 'ToolCallError', memberNameProperty: 'toolName' } }"
  if (errorClasses === null || typeof errorClasses !== 'object') throw new TypeError(`${shape}, got ${describeValue(errorClasses)}`)
  // An identifier can only meet a top-level binding or namespace.
  const taken = new Set([...functions.keys(), ...namespaces])
  return Object.entries(errorClasses).map(([namespace, declared]) => {
    if (declared === null || typeof declared !== 'object') throw new TypeError(`${shape}; errorClasses.${namespace} is ${describeValue(declared)}`)
    const { name, memberNameProperty } = declared
    if (!namespaces.includes(namespace)) {
      throw new TypeError(`errorClasses.${namespace}: there is no binding namespace ${JSON.stringify(namespace)}; the namespaces are ${namespaces.map((n) => JSON.stringify(n)).join(', ') || 'none'}`)
    }
    if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
      throw new TypeError(`errorClasses.${namespace}.name must be an identifier (it becomes a global class), got ${describeValue(name)}`)
    }
    if (taken.has(name)) throw new TypeError(`errorClasses.${namespace}.name ${JSON.stringify(name)} is already a global of the program's bindings or another error class`)
    taken.add(name)
    if (typeof memberNameProperty !== 'string' || memberNameProperty === '' || ERROR_OWN.includes(memberNameProperty)) {
      throw new TypeError(
        `errorClasses.${namespace}.memberNameProperty must be a non-empty string other than ${ERROR_OWN.join(', ')} (the property naming the function called), got ${describeValue(memberNameProperty)}`,
      )
    }
    return { namespace, name, memberProperty: memberNameProperty }
  })
}

/**
 * The surface of a run or session from its options: `functions` (a Map of paths to the host
 * functions, which `fetch` may add to) for answering calls, and `surface` for the addon.
 */
function programSurface(options) {
  const { functions, namespaces } = flattenBindings(options.bindings)
  const crossing = checkCrossing(options.crossing)
  const surface = {
    paths: undefined,
    namespaces,
    errorClasses: checkErrorClasses(options.errorClasses, functions, namespaces),
    lossless: crossing === 'lossless-json',
    env: checkEnv(options.env),
    console: checkConsole(options.console),
  }
  return { functions, surface }
}

/** The surface as the addon takes it, once every function (fetch's too) is in `functions`. */
const nativeSurface = (surface, functions) => ({ ...surface, paths: [...functions.keys()] })

module.exports = { programSurface, nativeSurface, checkCrossing }
