'use strict'

// The conformance suites: one per data file (`ours` for our own cases, in ours/; `api` is what
// README's Conformance table says it checks). `cases(data)` turns the file's contents into named
// cases; `check(value)` judges one case and returns null when it passes, or a short text of what
// it got. `check` is not called here: its source text runs in a program, once in our realm and
// once in Node (runner.js), so it may use nothing but its argument, the web globals and the
// helpers of `prelude`. What a check throws is what the case got.

/**
 * Helpers every check may call, defined first in each program: `show` writes a value as JSON (a
 * lone surrogate as its escape); `thrown` names what a throw threw; `differences` lists the keys
 * where two objects differ (null for none); `judge` runs `run` and wants a value whose JSON is
 * `expected`'s, or, when `expected` is null, an error named `errorName`.
 */
const prelude = `
const show = (value) => {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
const thrown = (error) =>
  error instanceof Error ? 'threw ' + error.name + ': ' + error.message : 'threw a non-error: ' + show(String(error))
const differences = (actual, expected, keys = Object.keys(expected)) =>
  keys.filter((key) => actual[key] !== expected[key]).map((key) => key + ' ' + show(actual[key]) + ' (expected ' + show(expected[key]) + ')').join(', ') || null
const judge = (run, expected, errorName) => {
  let value
  try {
    value = run()
  } catch (error) {
    return expected === null && error instanceof Error && error.name === errorName ? null : thrown(error)
  }
  if (expected === null) return 'gave ' + show(value) + ' (expected a ' + errorName + ')'
  return show(value) === show(expected) ? null : show(value)
}
`

/** The objects of a WPT list, without its comment strings. */
const entries = (data) => data.filter((entry) => typeof entry === 'object' && entry !== null)

/** `text` with every character outside printable ASCII as a `\u` escape, for case names. */
const printable = (text) => String(text).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** A decoder case's name: the label, the options, and what is decoded. */
const decoderName = ({ label, options, view }, what, input = '') =>
  `${JSON.stringify(label ?? null)}${options ? ` ${JSON.stringify(options)}` : ''} ${what}${view ? ` (${view})` : ''} ${input}`.trim()

const URL_PARTS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']

const suites = [
  {
    file: 'urltestdata.json',
    api: 'URL: the parser (constructor, `origin`, `searchParams`)',
    cases: (data) => entries(data).map((entry) => ({ name: printable(`<${entry.input}> against <${entry.base}>`), value: entry })),
    check: `(entry) => {
      const parse = () => (entry.base === null ? new URL(entry.input) : new URL(entry.input, entry.base))
      if (entry.failure) return judge(() => parse().href, null, 'TypeError')
      const url = parse()
      const keys = ${JSON.stringify(URL_PARTS)}.concat('origin' in entry ? ['origin'] : [])
      const parts = differences(url, entry, keys)
      if (parts || !('searchParams' in entry)) return parts
      const params = url.searchParams.toString()
      return params === entry.searchParams ? null : 'searchParams ' + show(params) + ' (expected ' + show(entry.searchParams) + ')'
    }`,
  },
  {
    file: 'setters_tests.json',
    api: 'URL: the setters',
    cases: (data) =>
      Object.entries(data)
        .filter(([attribute]) => attribute !== 'comment')
        .flatMap(([attribute, list]) =>
          list.map(({ href, new_value, expected }) => ({
            name: printable(`<${href}> set ${attribute} to <${new_value}>`),
            value: { href, attribute, new_value, expected },
          })),
        ),
    check: `({ href, attribute, new_value, expected }) => {
      const url = new URL(href)
      url[attribute] = new_value
      return differences(url, expected)
    }`,
  },
  {
    file: 'toascii.json',
    api: 'URL: IDNA ToASCII of hosts (constructor, `host` and `hostname` setters)',
    cases: (data) => entries(data).map((entry) => ({ name: printable(entry.input), value: entry })),
    check: `({ input, output }) => {
      const found = []
      let url = null
      try {
        url = new URL('https://' + input + '/x')
      } catch {}
      if (output === null && url) found.push('constructor: host ' + show(url.host) + ' (expected a TypeError)')
      if (output !== null && !url) found.push('constructor threw')
      if (output !== null && url && (url.host !== output || url.hostname !== output || url.pathname !== '/x')) {
        found.push('constructor: ' + differences(url, { host: output, hostname: output, pathname: '/x' }))
      }
      for (const setter of ['host', 'hostname']) {
        const url = new URL('https://x/x')
        url[setter] = input
        // a host that does not parse leaves the URL as it was
        const expected = output === null ? 'x' : output
        if (url.host !== expected) found.push(setter + ' setter: host ' + show(url.host) + ' (expected ' + show(expected) + ')')
      }
      return found.join('; ') || null
    }`,
  },
  {
    file: 'urlencoded-parser-data.json',
    api: 'URLSearchParams: parsing `application/x-www-form-urlencoded`',
    cases: (data) => data.map((entry) => ({ name: printable(entry.input), value: entry })),
    check: `({ input, output }) => judge(() => [...new URLSearchParams(input)], output)`,
  },
  {
    file: 'base64.json',
    api: '`atob`: forgiving-base64 decode',
    cases: (data) => data.map(([input, output]) => ({ name: printable(JSON.stringify(input)), value: { input, output } })),
    check: `({ input, output }) => judge(() => [...atob(input)].map((char) => char.charCodeAt(0)), output, 'InvalidCharacterError')`,
  },
  {
    file: 'encodings.json',
    api: 'TextDecoder: every encoding label',
    cases: (data) =>
      data.flatMap(({ encodings }) =>
        encodings.flatMap(({ name, labels }) => labels.map((label) => ({ name: `${label} => ${name}`, value: { label, name } }))),
      ),
    check: `({ label, name }) => {
      // the replacement encoding's labels are refused; every other label names its encoding in
      // any ASCII case and with ASCII whitespace around it
      if (name === 'replacement') return judge(() => new TextDecoder(label).encoding, null, 'RangeError')
      const spellings = [label, label.toUpperCase()]
      for (const space of ['\\t', '\\n', '\\f', '\\r', ' ']) spellings.push(space + label, label + space, space + label + space)
      for (const spelling of spellings) {
        let encoding
        try {
          encoding = new TextDecoder(spelling).encoding
        } catch (error) {
          return show(spelling) + ' ' + thrown(error)
        }
        if (encoding !== name) return show(spelling) + ' gave ' + show(encoding)
      }
      return null
    }`,
  },
  // ---- our own cases, where WPT has no data file (ours/) ----
  {
    file: 'textdecoder.json',
    ours: true,
    api: 'TextDecoder: UTF-8 and UTF-16, fatal mode, BOM, lone surrogates, streaming, attributes',
    cases: ({ decode, attributes }) => [
      ...decode.map((entry) => ({ name: decoderName(entry, 'decode', printable(JSON.stringify(entry.bytes ?? entry.chunks))), value: entry })),
      ...attributes.map((entry) => ({ name: decoderName(entry, 'attributes'), value: { ...entry, attributes: true } })),
    ],
    check: `({ label, options, bytes, chunks, view, expected, attributes }) => {
      if (attributes) {
        const decoder = new TextDecoder(label, options)
        return differences({ encoding: decoder.encoding, fatal: decoder.fatal, ignoreBOM: decoder.ignoreBOM }, expected)
      }
      const decode = () => {
        const decoder = new TextDecoder(label, options)
        if (chunks) return chunks.map((chunk) => decoder.decode(new Uint8Array(chunk), { stream: true })).join('') + decoder.decode()
        const array = new Uint8Array(bytes)
        const input =
          view === 'ArrayBuffer' ? array.buffer
          : view === 'DataView' ? new DataView(array.buffer)
          : view === 'subarray' ? new Uint8Array([255, ...bytes, 255]).subarray(1, bytes.length + 1)
          : view === 'Uint16Array' ? new Uint16Array(array.buffer)
          : array
        return decoder.decode(input)
      }
      return judge(decode, expected, 'TypeError')
    }`,
  },
  {
    file: 'textencoder.json',
    ours: true,
    api: 'TextEncoder: `encode`, `encodeInto`, lone surrogates',
    cases: (data) => [
      ...data.encode.map(({ input, expected }) => ({ name: `encode(${printable(JSON.stringify(input))})`, value: { input, expected } })),
      ...data.encodeInto.map(({ input, size, expected }) => ({
        name: `encodeInto(${printable(JSON.stringify(input))}, ${size} bytes)`,
        value: { input, size, expected, into: true },
      })),
    ],
    check: `({ input, size, expected, into }) => {
      const encoder = new TextEncoder()
      if (!into) return judge(() => [...encoder.encode(input)], expected)
      const encodeInto = () => {
        const destination = new Uint8Array(size)
        const { read, written } = encoder.encodeInto(input, destination)
        return { read, written, bytes: [...destination] }
      }
      return judge(encodeInto, expected)
    }`,
  },
  {
    file: 'btoa.json',
    ours: true,
    api: '`btoa`',
    cases: ({ cases }) => cases.map(([input, output]) => ({ name: printable(JSON.stringify(input)), value: { input, output } })),
    check: `({ input, output }) => judge(() => btoa(input), output, 'InvalidCharacterError')`,
  },
  {
    file: 'urlsearchparams.json',
    ours: true,
    api: 'URLSearchParams: constructor, methods, serializing, `URL#searchParams`',
    cases: ({ cases }) =>
      cases.map((entry) => {
        const start = 'url' in entry ? `new URL(${JSON.stringify(entry.url)}).searchParams` : `new URLSearchParams(${JSON.stringify(entry.init)})`
        const steps = (entry.steps ?? []).map(([step, ...args]) => {
          if (step === 'sameObject') return 'url.searchParams === params'
          const text = args.map((arg) => JSON.stringify(arg)).join(', ')
          return step.startsWith('url.') ? `${step} = ${text}` : `${step}(${text})`
        })
        return { name: printable([start, ...steps].join('; ')), value: entry }
      }),
    check: `(entry) => {
      if (entry.throws) return judge(() => [...new URLSearchParams(entry.init)], null, entry.throws)
      const url = 'url' in entry ? new URL(entry.url) : null
      const params = url ? url.searchParams : new URLSearchParams(entry.init)
      const results = (entry.steps ?? []).map(([step, ...args]) => {
        if (step === 'url.search' || step === 'url.href') {
          url[step.slice(4)] = args[0]
          return null
        }
        if (step === 'sameObject') return url.searchParams === params
        const result = params[step](...args)
        if (result === undefined) return null
        return typeof result === 'object' && result !== null && Symbol.iterator in result ? [...result] : result
      })
      const found = []
      if ('results' in entry && show(results) !== show(entry.results)) found.push('results ' + show(results))
      if ('string' in entry && params.toString() !== entry.string) found.push('toString() ' + show(params.toString()))
      if ('size' in entry && params.size !== entry.size) found.push('size ' + show(params.size))
      if ('href' in entry && url.href !== entry.href) found.push('href ' + show(url.href))
      return found.join(', ') || null
    }`,
  },
  {
    file: 'structuredclone.json',
    ours: true,
    api: '`structuredClone`',
    cases: ({ cases }) =>
      cases.map((entry) => ({
        name: entry.noArguments ? 'structuredClone()' : entry.options ? `${entry.value} with options ${entry.options}` : entry.value,
        value: entry,
      })),
    // the cases hold expressions: they become functions in the program's source
    renderValues: (values) =>
      `[${values
        .map(
          (entry) => `{
        make: () => (${entry.value ?? 'undefined'}),
        options: ${entry.options ?? 'undefined'},
        check: ${entry.check ?? 'undefined'},
        throws: ${JSON.stringify(entry.throws)},
        noArguments: ${Boolean(entry.noArguments)},
      }`,
        )
        .join(',\n')}]`,
    check: `(() => {
      const ERROR_NAMES = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError']
      const tag = (value) => Object.prototype.toString.call(value)
      const keys = (object) => show(Object.keys(object))
      // null when clone is what the structured clone algorithm makes of original
      const sameClone = (original, clone, copies) => {
        if (typeof original !== 'object' || original === null) {
          return Object.is(original, clone) ? null : 'got ' + show(typeof clone === 'bigint' ? clone + 'n' : clone)
        }
        if (typeof clone !== 'object' || clone === null) return 'got ' + show(clone) + ' for an object'
        if (copies.has(original)) return copies.get(original) === clone ? null : 'one object became two'
        if (clone === original) return 'the clone is the original'
        copies.set(original, clone)
        if (tag(clone) !== tag(original)) return 'got ' + tag(clone) + ' for ' + tag(original)
        const kind = tag(original).slice(8, -1)
        if (['Boolean', 'Number', 'String', 'BigInt'].includes(kind)) {
          return Object.is(original.valueOf(), clone.valueOf()) ? null : 'got ' + show(String(clone.valueOf()))
        }
        if (kind === 'Date') return Object.is(original.getTime(), clone.getTime()) ? null : 'got ' + clone.getTime()
        if (kind === 'RegExp') {
          const actual = { source: clone.source, flags: clone.flags, lastIndex: clone.lastIndex, keys: keys(clone) }
          return differences(actual, { source: original.source, flags: original.flags, lastIndex: 0, keys: '[]' })
        }
        if (kind === 'ArrayBuffer') {
          const describe = (buffer) => ({ bytes: show([...new Uint8Array(buffer)]), resizable: buffer.resizable, maxByteLength: buffer.maxByteLength })
          return differences(describe(clone), describe(original))
        }
        if (ArrayBuffer.isView(original)) {
          if (Object.getPrototypeOf(clone) !== globalThis[kind].prototype) return 'a ' + kind + ' not on its standard prototype'
          const describe = (view) => ({ byteOffset: view.byteOffset, byteLength: view.byteLength, length: view.length })
          return differences(describe(clone), describe(original)) || sameClone(original.buffer, clone.buffer, copies)
        }
        if (kind === 'Map' || kind === 'Set') {
          const [from, to] = [[...original], [...clone]]
          if (from.length !== to.length) return kind + ' of ' + to.length + ' entries for ' + from.length
          for (let i = 0; i < from.length; i++) {
            const found = sameClone(from[i], to[i], copies)
            if (found) return kind + ' entry ' + i + ': ' + found
          }
          return null
        }
        if (kind === 'Error') {
          const name = ERROR_NAMES.includes(original.name) ? original.name : 'Error'
          const message = (object) => (Object.prototype.hasOwnProperty.call(object, 'message') ? String(object.message) : undefined)
          const actual = { name: clone.name, standardPrototype: Object.getPrototypeOf(clone) === globalThis[name].prototype, message: message(clone) }
          return differences(actual, { name, standardPrototype: true, message: message(original) })
        }
        const prototype = Array.isArray(original) ? Array.prototype : Object.prototype
        if (Object.getPrototypeOf(clone) !== prototype) return 'not on the standard prototype'
        if (Array.isArray(original) && clone.length !== original.length) return 'length ' + clone.length
        if (keys(clone) !== keys(original)) return 'keys ' + keys(clone)
        for (const key of Object.keys(original)) {
          const found = sameClone(original[key], clone[key], copies)
          if (found) return show(key) + ': ' + found
        }
        return null
      }
      return (entry) => {
        const original = entry.noArguments ? undefined : entry.make()
        const cloneIt = () =>
          entry.noArguments ? structuredClone()
          : entry.options ? structuredClone(original, entry.options(original))
          : structuredClone(original)
        if (entry.throws) return judge(cloneIt, null, entry.throws)
        const clone = cloneIt()
        if (entry.check) return entry.check(original, clone) ? null : 'the check failed'
        return sameClone(original, clone, new Map())
      }
    })()`,
  },
]

module.exports = { prelude, suites }
