'use strict'

const { default: Ajv } = require('ajv')
const { default: Ajv2020 } = require('ajv/dist/2020')
const { default: addFormats } = require('ajv-formats')
const { describeValue: describePrimitive } = require('./options.js')
const { IDENTIFIER } = require('./names.js')
// Types of TypeScript's standard and DOM libraries a definition's name would shadow or clash with
const GLOBAL_TYPES = new Set(['Promise', 'Array', 'Record', 'Partial', 'Object', 'String', 'Number', 'Boolean', 'Symbol', 'Function', 'Date', 'RegExp', 'Error', 'Map', 'Set', 'JSON', 'Math', 'URL', 'Node', 'Element', 'Event', 'Text', 'Comment', 'Document', 'Window', 'Request', 'Response', 'Headers', 'File', 'Blob', 'Range', 'Selection', 'Location', 'History', 'Storage'])

/**
 * Turns a catalog of JSON-Schema-described tools into TypeScript declarations to show a model
 * and bindings that check every call against the tool's input schema before its execute runs.
 */
function describeBindings(catalog, options = {}) {
  const namespace = checkNamespace(options.namespace, 'describeBindings')
  const tree = catalogTree(catalog)
  const validators = new Validators()
  forEachTool(tree, [], (tool, path) => {
    const problem = schemaProblem(tool.inputSchema, 'inputSchema', validators) ?? schemaProblem(tool.outputSchema, 'outputSchema', validators)
    if (problem) throw new TypeError(`describeBindings: tool '${path.join('.')}' ${problem}`)
  })
  const bindings = buildBindings(tree, [], { namespace, validators })
  return { ...declare(tree, namespace, new Map()), bindings: { [namespace]: bindings } }
}

/**
 * Declarations, and the index describeBindings gives, for tools that check their own input (an
 * MCP server's): no bindings are made, and a schema that is missing or not JSON Schema is
 * declared `unknown` with a note saying why, instead of refused, since its owner cannot be asked
 * to fix it.
 */
function declareTools(catalog, options = {}) {
  const namespace = checkNamespace(options.namespace, 'declareTools')
  const tree = catalogTree(catalog)
  const validators = new Validators()
  const notes = new Map()
  forEachTool(tree, [], (tool) => {
    const input = schemaProblem(tool.inputSchema, 'inputSchema', validators)
    const output = schemaProblem(tool.outputSchema, 'outputSchema', validators)
    if (input || output) notes.set(tool, { input, output })
  })
  return declare(tree, namespace, notes)
}

/**
 * Declarations and the index for host functions that come without schemas: each is declared as
 * taking any arguments and promising `unknown`, so a model at least knows it exists.
 */
function declareFunctions(bindings) {
  const declarations = []
  const tools = []
  for (const [key, value] of Object.entries(bindings)) {
    if (typeof value === 'function') {
      const declaration = `declare const ${key}: (...args: any[]) => Promise<unknown>;\n`
      declarations.push(declaration)
      tools.push({ name: key, parameters: [], declaration })
    } else {
      const described = declare(functionTree(value), key, new Map())
      declarations.push(described.declarations)
      tools.push(...described.tools)
    }
  }
  return { declarations: declarations.join(''), tools }
}

/** A host function with no schema, as a leaf of a tree of tools. */
class UntypedFunction {}

const functionTree = (namespace) =>
  new Map(Object.entries(namespace).map(([key, value]) => [key, typeof value === 'function' ? new UntypedFunction() : functionTree(value)]))

function checkNamespace(namespace = 'tools', caller) {
  if (typeof namespace !== 'string' || !IDENTIFIER.test(namespace)) {
    throw new TypeError(`${caller}: namespace must be a JavaScript identifier such as 'tools', got ${describePrimitive(namespace)}`)
  }
  return namespace
}

/** The catalog as nested Maps of namespaces and tools, so no tool name can be mistaken for part of a tool. */
function catalogTree(catalog) {
  const tree = new Map()
  for (const [path, tool] of flatten(catalog, [])) insert(tree, path, tool)
  return tree
}

function forEachTool(tree, path, visit) {
  for (const [key, entry] of tree) {
    if (entry instanceof Map) forEachTool(entry, [...path, key], visit)
    else visit(entry, [...path, key])
  }
}

/** Why a tool's schema cannot be used, as the end of a sentence about the tool; undefined when it can. */
function schemaProblem(schema, which, validators) {
  if (which === 'outputSchema' && schema === undefined) return undefined
  if (!isObject(schema) && typeof schema !== 'boolean') {
    return `needs an ${which} (a JSON Schema object, e.g. { type: 'object', properties: {} })`
  }
  if (isObject(schema) && '_zod' in schema) return `has a zod schema; pass JSON Schema instead (z.toJSONSchema(schema))`
  const problem = validators.metaSchemaProblem(schema)
  return problem && `has an invalid ${which}: ${problem}`
}

/** Yields [path segments, tool] for an array of named tools or an object keyed by (dotted) names. */
function* flatten(catalog, prefix) {
  if (Array.isArray(catalog)) {
    for (const tool of catalog) {
      if (!isObject(tool) || typeof tool.name !== 'string') {
        throw new TypeError(`describeBindings: every tool in a catalog array needs a string name, got ${describeValue(tool)}${where(prefix)}`)
      }
      yield [[...prefix, ...splitName(tool.name, prefix)], tool]
    }
    return
  }
  if (!isObject(catalog)) {
    throw new TypeError(`describeBindings: a catalog must be an array of tools or an object of tools and namespaces, got ${describeValue(catalog)}${where(prefix)}`)
  }
  for (const [key, value] of Object.entries(catalog)) {
    const path = [...prefix, ...splitName(key, prefix)]
    if (isTool(value)) yield [path, value]
    else if (isObject(value)) yield* flatten(value, path)
    else {
      throw new TypeError(`describeBindings: '${path.join('.')}' must be a tool ({ inputSchema, execute }) or a nested catalog object, got ${describeValue(value)}`)
    }
  }
}

function insert(tree, path, tool) {
  const name = path.join('.')
  let node = tree
  for (const segment of path.slice(0, -1)) {
    if (!node.has(segment)) node.set(segment, new Map())
    node = node.get(segment)
    if (!(node instanceof Map)) throw new TypeError(`describeBindings: '${segment}' in '${name}' is both a tool and a namespace`)
  }
  const last = path[path.length - 1]
  if (node.has(last)) {
    throw new TypeError(`describeBindings: '${name}' is ${node.get(last) instanceof Map ? 'both a tool and a namespace' : 'defined twice'}`)
  }
  node.set(last, tool)
}

function buildBindings(tree, path, context) {
  const out = {}
  for (const [key, entry] of tree) {
    const entryPath = [...path, key]
    out[key] = entry instanceof Map ? buildBindings(entry, entryPath, context) : bindTool(entry, entryPath.join('.'), context)
  }
  return out
}

function bindTool(tool, name, { namespace, validators }) {
  if (typeof tool.execute !== 'function') {
    throw new TypeError(`describeBindings: tool '${name}' needs an execute(input) function`)
  }
  const validate = validators.compile(tool.inputSchema, name)
  const optional = inputIsOptional(tool.inputSchema)
  // async so a validation failure reaches the program as a rejected promise, like any binding error
  return async (input) => {
    const value = input === undefined && optional ? {} : input
    if (!validate(value)) throw new TypeError(`${namespace}.${name}: invalid input: ${formatErrors(validate.errors)}`)
    return tool.execute(value)
  }
}

/** One Ajv instance per JSON Schema dialect, created on first use and shared by a catalog's tools. */
class Validators {
  constructor() {
    this.instances = new Map()
  }

  /** The Ajv instance of the schema's dialect. */
  for(schema) {
    // Zod's toJSONSchema and many MCP servers emit 2020-12; AI SDK and most hand-written schemas are draft-07
    const Dialect = isObject(schema) && /draft\/2020-12/.test(schema.$schema ?? '') ? Ajv2020 : Ajv
    if (!this.instances.has(Dialect)) {
      // strict: false accepts the vendor keywords (x-*, examples, ...) tool schemas often carry
      const ajv = new Dialect({ allErrors: true, strict: false })
      addFormats(ajv)
      this.instances.set(Dialect, ajv)
    }
    return this.instances.get(Dialect)
  }

  compile(schema, name) {
    try {
      return this.for(schema).compile(schema)
    } catch (error) {
      throw new TypeError(`describeBindings: tool '${name}' has an invalid inputSchema: ${error.message}`)
    }
  }

  /** What makes the schema break its dialect's meta-schema, or undefined (also when the dialect is one Ajv lacks). */
  metaSchemaProblem(schema) {
    const ajv = this.for(schema)
    try {
      // the first error says what is wrong; the rest are the alternatives the meta-schema would also take
      return ajv.validateSchema(schema) ? undefined : ajv.errorsText(ajv.errors.slice(0, 1), { dataVar: 'schema' })
    } catch {
      // a $schema Ajv has no meta-schema for (draft-04, 2019-09): nothing to check it against
      return undefined
    }
  }
}

function formatErrors(errors) {
  return errors
    .map((error) => {
      const at = instancePathToExpression(error.instancePath)
      switch (error.keyword) {
        case 'required':
          return `${at}${propertyAccess(error.params.missingProperty)} is required`
        case 'additionalProperties':
          return `${at}${propertyAccess(error.params.additionalProperty)} is not allowed`
        case 'enum':
          return `${at} must be one of ${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
        default:
          return `${at} ${error.message}`
      }
    })
    .join('; ')
}

/** '/items/0/first~1name' → 'input.items[0]["first/name"]' */
function instancePathToExpression(pointer) {
  const segments = pointer === '' ? [] : pointer.slice(1).split('/')
  return 'input' + segments.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map(propertyAccess).join('')
}

function propertyAccess(key) {
  if (/^\d+$/.test(key)) return `[${key}]`
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
}

function inputIsOptional(schema) {
  return schema === true || schema === undefined || (isObject(schema) && schema.type === 'object' && !(schema.required?.length > 0))
}

/** The declarations of a tree of tools, and an index entry for each tool (its name, description and its own declaration). */
function declare(tree, namespace, notes) {
  const tools = []
  forEachTool(tree, [], (tool, path) => tools.push(toolEntry(namespace, path, tool, notes)))
  return { declarations: declaration(tree, namespace, notes), tools }
}

function toolEntry(namespace, path, tool, notes) {
  // the tool alone in its namespaces, so that its declaration reads as it does in the whole
  const alone = path.slice(0, -1).reduceRight((inner, key) => new Map([[key, inner]]), new Map([[path.at(-1), tool]]))
  return {
    name: [namespace, ...path].join('.'),
    description: typeof tool.description === 'string' ? tool.description : undefined,
    parameters: isObject(tool.inputSchema) && isObject(tool.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : [],
    declaration: declaration(alone, namespace, notes),
  }
}

/** `declare const namespace: {...}` for `tree`, after the named types its schemas share. */
function declaration(tree, namespace, notes) {
  const printer = new TypePrinter(tree, namespace, notes)
  const body = printer.declareTree(tree, '')
  return `${printer.namedTypes()}declare const ${namespace}: ${body};\n`
}

/** A tool's schemas as its declaration prints them: one that cannot be read (a note says why) as none. */
function schemasOf(tool, notes) {
  const note = notes.get(tool) ?? {}
  return { note, inputSchema: note.input ? undefined : tool.inputSchema, outputSchema: note.output ? undefined : tool.outputSchema }
}

/**
 * Prints a catalog's schemas as TypeScript. A `$ref` target referenced from one place is printed
 * there; one referenced from several places, or from inside itself, becomes a named type printed
 * once (`type Address = {...}`), so the text, and the time to make it, grow with the size of the
 * schemas, not with the number of paths through their references.
 */
class TypePrinter {
  constructor(tree, namespace, notes) {
    this.notes = notes
    /** `$ref` targets printed as named types: target -> { name, root } */
    this.named = new Map()
    this.taken = new Set([...GLOBAL_TYPES, namespace])
    const references = new Map()
    forEachTool(tree, [], (tool, path) => {
      if (tool instanceof UntypedFunction) return
      const { inputSchema, outputSchema } = schemasOf(tool, notes)
      for (const [root, role] of [[inputSchema, 'Input'], [outputSchema, 'Output']]) {
        countReferences(root, root, references, new Set())
        for (const [target, { count, recursive, ref }] of references) {
          if ((count > 1 || recursive) && !this.named.has(target)) this.named.set(target, { name: this.nameFor(ref, path, role), root })
        }
      }
    })
  }

  /** A type name for the definition `ref` points to, unused so far. */
  nameFor(ref, toolPath, role) {
    const words = (pointerKeys(ref).pop() ?? '').split(/[^A-Za-z0-9_$]+/).filter(Boolean)
    // `#` is the whole schema: named after its tool
    const parts = words.length ? words : [...toolPath, role]
    let base = parts.map((w) => w[0].toUpperCase() + w.slice(1)).join('')
    if (!/^[A-Za-z_$]/.test(base)) base = `T${base}`
    if (GLOBAL_TYPES.has(base)) base = `${base}Type`
    let name = base
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`
    this.taken.add(name)
    return name
  }

  /** `type Name = ...;` for each named type, in the order they were found. */
  namedTypes() {
    let out = ''
    for (const [target, named] of this.named) {
      out += `${docComment(target.description, '')}type ${named.name} = ${this.print(target, named.root, '', target)};\n`
    }
    return out
  }

  declareTree(tree, indent) {
    const inner = indent + '  '
    const members = [...tree].map(([key, entry]) => {
      if (entry instanceof Map) return `${inner}${propertyKey(key)}: ${this.declareTree(entry, inner)};`
      if (entry instanceof UntypedFunction) return `${inner}${propertyKey(key)}(...args: any[]): Promise<unknown>;`
      const { note, inputSchema, outputSchema } = schemasOf(entry, this.notes)
      const comment = [entry.description, note.input && `Note: it ${note.input}, so its input is typed unknown.`, note.output && `Note: it ${note.output}, so its result is typed unknown.`]
      const input = `input${inputIsOptional(inputSchema) ? '?' : ''}: ${this.type(inputSchema, inputSchema, inner)}`
      const output = outputSchema === undefined ? 'unknown' : this.type(outputSchema, outputSchema, inner)
      return `${docComment(comment.filter((part) => typeof part === 'string').join('\n'), inner)}${inner}${propertyKey(key)}(${input}): Promise<${output}>;`
    })
    return `{\n${members.join('\n')}\n${indent}}`
  }

  /** A readable TypeScript type for a JSON Schema; anything it cannot express becomes `unknown`. */
  type(schema, root, indent) {
    return this.print(schema, root, indent, undefined)
  }

  /** `schema` as a type, its name if it is a named type (other than `defining`, being printed). */
  print(schema, root, indent, defining) {
    const named = this.named.get(schema)
    if (named !== undefined && schema !== defining) return named.name
    if (schema === true || schema === undefined) return 'unknown'
    if (schema === false) return 'never'
    if (!isObject(schema)) return 'unknown'
    if (typeof schema.$ref === 'string') {
      const target = resolveLocalRef(root, schema.$ref)
      return target === undefined ? 'unknown' : this.type(target, root, indent)
    }
    const recurse = (s) => this.type(s, root, indent)
    if ('const' in schema) return JSON.stringify(schema.const)
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
    const union = schema.anyOf ?? schema.oneOf
    if (Array.isArray(union)) return union.map(recurse).join(' | ')
    if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => parenthesize(recurse(s))).join(' & ')
    if (Array.isArray(schema.type)) return schema.type.map((type) => recurse({ ...schema, type })).join(' | ')
    switch (schema.type) {
      case 'string':
      case 'boolean':
      case 'null':
        return schema.type
      case 'number':
      case 'integer':
        return 'number'
      case 'array': {
        // draft 2020-12 spells tuples prefixItems; draft-07 spells them as an items array
        const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined)
        if (tuple) return `[${tuple.map(recurse).join(', ')}]`
        return `Array<${recurse(schema.items)}>`
      }
      case 'object':
        return this.objectType(schema, root, indent)
      default:
        return schema.properties ? this.objectType(schema, root, indent) : 'unknown'
    }
  }

  objectType(schema, root, indent) {
    const inner = indent + '  '
    const required = new Set(schema.required ?? [])
    const members = Object.entries(schema.properties ?? {}).map(([key, property]) => {
      const type = this.type(property, root, inner)
      const description = isObject(property) ? property.description : undefined
      return `${docComment(description, inner)}${inner}${propertyKey(key)}${required.has(key) ? '' : '?'}: ${type};`
    })
    const extra = schema.additionalProperties
    if (extra !== false && (members.length === 0 || isObject(extra))) {
      members.push(`${inner}[key: string]: ${this.type(extra, root, inner)};`)
    }
    return `{\n${members.join('\n')}\n${indent}}`
  }
}

/** [path segments, tool] of every tool in a catalog tree. */

/**
 * Counts, for each `$ref` target reachable from `schema`, the places that refer to it, and marks
 * the targets a reference reaches from inside themselves. Each target is walked once, so this is
 * linear in the size of the schema. It follows the keywords `TypePrinter#print` prints.
 */
function countReferences(schema, root, references, walking) {
  if (!isObject(schema)) return
  if (typeof schema.$ref === 'string') {
    const target = resolveLocalRef(root, schema.$ref)
    if (target === undefined) return
    const seen = references.get(target)
    if (seen !== undefined) {
      seen.count++
      if (walking.has(target)) seen.recursive = true
      return
    }
    references.set(target, { count: 1, recursive: false, ref: schema.$ref })
    walking.add(target)
    countReferences(target, root, references, walking)
    walking.delete(target)
    return
  }
  const children = [
    ...(schema.anyOf ?? schema.oneOf ?? []),
    ...(schema.allOf ?? []),
    ...(schema.prefixItems ?? []),
    ...[schema.items].flat(),
    ...Object.values(schema.properties ?? {}),
    schema.additionalProperties,
  ]
  for (const child of children) countReferences(child, root, references, walking)
}

/** The keys a local JSON Pointer (`#/$defs/a~1b`) names, decoded. */
const pointerKeys = (ref) => ref.slice(1).split('/').filter(Boolean).map((raw) => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'))

function resolveLocalRef(root, ref) {
  if (!ref.startsWith('#')) return undefined
  let node = root
  for (const key of pointerKeys(ref)) {
    if (!isObject(node) && !Array.isArray(node)) return undefined
    node = node[key]
  }
  return node
}

function docComment(text, indent) {
  if (typeof text !== 'string' || text.trim() === '') return ''
  const lines = text.trim().replace(/\*\//g, '*\\/').split(/\r?\n/)
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join('\n')}\n${indent} */\n`
}

const propertyKey = (key) => (IDENTIFIER.test(key) ? key : JSON.stringify(key))
const parenthesize = (type) => (type.includes('|') ? `(${type})` : type)
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)
// a nested catalog may hold a tool named 'execute', so only an execute *function* marks a tool
const isTool = (value) => isObject(value) && (typeof value.execute === 'function' || 'inputSchema' in value)
const where = (prefix) => (prefix.length ? ` (in '${prefix.join('.')}')` : '')

function splitName(name, prefix) {
  const segments = name.split('.')
  if (segments.some((s) => s === '')) {
    throw new TypeError(`describeBindings: tool name '${name}'${where(prefix)} has an empty segment; use names like 'search' or 'github.listIssues'`)
  }
  return segments
}

function describeValue(value) {
  const described = describePrimitive(value)
  return ['string', 'number', 'bigint', 'boolean'].includes(typeof value) ? `${typeof value} ${described}` : described
}

/** Whether `value` is a describeBindings() result rather than bindings themselves. */
const isDescribed = (value) => isObject(value) && typeof value.declarations === 'string' && isObject(value.bindings)

module.exports = { describeBindings, declareTools, declareFunctions, isDescribed }
