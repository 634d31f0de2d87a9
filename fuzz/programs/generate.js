'use strict'

// Generator of hostile programs for the crash fuzzer. Every program comes from a 32-bit seed
// through a small PRNG, so a seed printed with a finding reproduces the program exactly.
// A program is 1-3 snippets; each snippet is one template's output, named
// `template.variant…` and, where a variant only changes the input, also given a `site`: the
// built-in it drives, by which findings are grouped so one bug is recorded once.

/** mulberry32: tiny, fast, good enough to pick templates and arguments. */
function createRandom(seed) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const random = {
    next,
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** Picks from `{ name: value }` and returns [name, value]. */
    entry: (table) => {
      const names = Object.keys(table)
      const name = names[Math.floor(next() * names.length)]
      return [name, table[name]]
    },
  }
  return random
}

// Lengths around the limits engines get wrong: u32 wrap, i32 sign, safe-integer edge.
const LENGTHS = [
  '2 ** 32', '2 ** 32 - 1', '2 ** 32 + 1', '2 ** 31', '2 ** 31 - 1', '2 ** 53 - 1', '2 ** 53',
  '2 ** 30', '2 ** 28', '1e9', '2 ** 64', '-1', 'NaN', 'Infinity', '-Infinity', '2 ** 32 * 4',
]
const DEPTHS = ['1e4', '3e4', '1e5', '3e5', '1e6']
const REPEATS = ['1 << 20', '1 << 24', '1 << 26', '2 ** 28', '2 ** 29', '2 ** 30 - 1', '2 ** 31', '2 ** 32']
const COUNTS = ['1e4', '1e5', '1e6', '1e7']

// Ways to build a value nested `N` deep in `d`. Each is one line so a minimiser can drop it whole.
const DEEP_BUILDERS = {
  array: 'let d = []; for (let i = 0; i < N; i++) d = [d];',
  object: 'let d = {}; for (let i = 0; i < N; i++) d = { d };',
  proxy: 'let d = {}; for (let i = 0; i < N; i++) d = new Proxy(d, {});',
  proxyArray: 'let d = []; for (let i = 0; i < N; i++) d = new Proxy(d, {});',
  proxyOfArrays: 'let d = []; for (let i = 0; i < N; i++) d = new Proxy([d], {});',
  proto: 'let d = {}; for (let i = 0; i < N; i++) d = Object.create(d);',
  protoProxy: 'let d = {}; for (let i = 0; i < N; i++) d = Object.create(new Proxy(d, {}));',
  map: 'let d = new Map(); for (let i = 0; i < N; i++) d = new Map([[0, d]]);',
  set: 'let d = new Set(); for (let i = 0; i < N; i++) d = new Set([d]);',
  bound: 'let d = function () { return 1 }; for (let i = 0; i < N; i++) d = d.bind(null, i);',
  boundProxy: 'let d = function () { return 1 }; for (let i = 0; i < N; i++) d = new Proxy(d, {});',
  errorCause: "let d = new Error('x'); for (let i = 0; i < N; i++) d = new Error('e', { cause: d });",
  aggregate: "let d = new Error('x'); for (let i = 0; i < N; i++) d = new AggregateError([d], 'a');",
  toStringChain: "let d = 'x'; for (let i = 0; i < N; i++) { const p = d; d = { toString() { return String(p) } } }",
  toPrimitiveChain: 'let d = 1; for (let i = 0; i < N; i++) { const p = d; d = { [Symbol.toPrimitive]() { return +p } } }',
  getterChain: 'let d = { v: 1 }; for (let i = 0; i < N; i++) { const p = d; d = { get v() { return p.v } } }',
  arrayWithToString: "let d = []; for (let i = 0; i < N; i++) { d = [d]; d.toString = Array.prototype.join }",
  typedNest: 'let d = [new Uint8Array(4)]; for (let i = 0; i < N; i++) d = [d, new Uint8Array(1)];',
  thenable: 'let d = 1; for (let i = 0; i < N; i++) { const p = d; d = { then(r) { r(p) } } }',
  weakMapChain: 'let d = {}; for (let i = 0; i < N; i++) d = { w: new WeakMap([[d, d]]), d };',
  regexpSource: "let d = /x/; for (let i = 0; i < N; i++) d = { source: d, flags: '' };",
  symbolDesc: "let d = Symbol('x'); for (let i = 0; i < N; i++) d = [d, Symbol(String(i))];",
  sparse: 'let d = []; for (let i = 0; i < N; i++) { const a = []; a[2 ** 20] = d; d = a }',
}

const COMMON_DEEP_BUILDERS = ['array', 'object', 'proxy', 'proxyArray', 'proxyOfArrays', 'map', 'bound', 'protoProxy']
// Native recursion overflows only past a few hundred thousand levels: favour those depths.
const DEEP_DATA_DEPTHS = ['1e4', '1e5', '3e5', '3e5', '1e6', '1e6']

// What to do with the deep value `d`: every one of these may recurse natively.
const DEEP_CONSUMERS = {
  stringify: 'return JSON.stringify(d)?.length',
  stringifyIndent: "return JSON.stringify(d, null, '\\t')?.length",
  stringifyReplacer: 'return JSON.stringify(d, (k, v) => v)?.length',
  stringifyArrayReplacer: "return JSON.stringify(d, ['d', 'v'])?.length",
  string: 'return String(d).length',
  template: 'return `${d}`.length',
  concat: "return ('' + d).length",
  join: 'return Array.prototype.join.call(d).length',
  toLocale: 'return Array.prototype.toLocaleString.call(d).length',
  flat: 'return Array.prototype.flat.call(d, Infinity).length',
  flatMap: 'return [d].flatMap((x) => x).length',
  structuredClone: 'return typeof structuredClone(d)',
  freeze: 'return Object.isFrozen(Object.freeze(d))',
  seal: 'return Object.isSealed(Object.seal(d))',
  preventExtensions: 'return Object.isExtensible(Object.preventExtensions(d))',
  keys: 'return Object.keys(d).length',
  ownKeys: 'return Reflect.ownKeys(d).length',
  entries: 'return Object.entries(d).length',
  assign: 'return Object.keys(Object.assign({}, d)).length',
  spread: 'return Object.keys({ ...d }).length',
  get: 'return d.x',
  set: 'd.x = 1; return d.x',
  has: "return 'x' in d",
  del: 'return delete d.x',
  descriptor: "return Object.getOwnPropertyDescriptor(d, 'x')",
  getProto: 'return Object.getPrototypeOf(d) === null',
  instanceOf: 'return d instanceof Object',
  isPrototypeOf: 'return Object.prototype.isPrototypeOf.call(d, {})',
  isArray: 'return Array.isArray(d)',
  arrayConcat: 'return [].concat(d).length',
  call: 'return d()',
  construct: 'return typeof new d()',
  objectToString: 'return Object.prototype.toString.call(d)',
  console: 'console.log(d); return 1',
  consoleDir: 'console.dir(d); return 1',
  consoleError: 'console.error(d, d); return 1',
  consoleTable: 'console.table(d); return 1',
  returnIt: 'return d',
  returnWrapped: 'return { value: d }',
  echo: 'return await echo(d)',
  await: 'return await d',
  promiseResolve: 'return await Promise.resolve(d)',
  throwIt: 'throw d',
  rejectIt: 'return await Promise.reject(d)',
  equality: 'return d == 1',
  numberOf: 'return Number(d)',
  sort: 'return [d, d, d].sort().length',
  arrayFrom: 'return Array.from(d).length',
  mapFrom: 'return new Map(Object.entries(d)).size',
  weakRef: 'return typeof new WeakRef(d).deref()',
  textEncode: 'return new TextEncoder().encode(d).length',
  url: 'return new URL(d).href',
  btoa: 'return btoa(d).length',
  regexp: 'return new RegExp(d).source.length',
  errorToString: 'return Error.prototype.toString.call(d).length',
  functionToString: 'return Function.prototype.toString.call(d).length',
  errorStack: 'return String(d.stack).length',
  valueOf: 'return d.valueOf() === d',
}

const PRIMITIVE_TRAPS = [
  'getPrototypeOf', 'setPrototypeOf', 'isExtensible', 'preventExtensions', 'getOwnPropertyDescriptor',
  'defineProperty', 'has', 'get', 'set', 'deleteProperty', 'ownKeys', 'apply', 'construct',
]

/** A trap body returning something hostile for `trap`. */
function hostileTrap(r, trap) {
  const len = r.pick(LENGTHS)
  const bodies = {
    getPrototypeOf: ['return p', 'return Array.prototype', 'return null', 'throw 1'],
    setPrototypeOf: ['return true', 'return false', 'return Reflect.setPrototypeOf(t, p)'],
    isExtensible: ['return !Reflect.isExtensible(t)', 'return true'],
    preventExtensions: ['return true', 'return Reflect.preventExtensions(p)'],
    getOwnPropertyDescriptor: [
      'return { value: 1, configurable: true, enumerable: true, writable: true }',
      "return { get() { return 'x'.repeat(2 ** 28) }, configurable: true }",
      'return Reflect.getOwnPropertyDescriptor(p, k)',
      'return undefined',
    ],
    defineProperty: ['return true', 'return Reflect.defineProperty(p, k, d)'],
    has: ['return true', 'return k in p'],
    get: [
      `return k === 'length' ? ${len} : p`,
      `return k === 'length' ? ${len} : 1`,
      "return 'x'.repeat(1 << 20)",
      'return p[k]',
      `return k === 'length' ? { valueOf() { return ${len} } } : k`,
    ],
    set: ['return true', 'p[k] = v; return true', 'return Reflect.set(t, k, v, p)'],
    deleteProperty: ['return true', 'return delete p[k]'],
    ownKeys: [
      `return { length: ${len} }`,
      `return new Proxy([], { get: (_, k) => (k === 'length' ? ${len} : 'k') })`,
      "return Array.from({ length: 1e6 }, (_, i) => 'k' + i)",
      "return Array(1e5).fill('dup')",
      'return Reflect.ownKeys(p)',
    ],
    apply: ['return f.apply(null, { length: ' + len + ' })', 'return p()', "return 'x'.repeat(2 ** 28)"],
    construct: ['return new p()', 'return { length: ' + len + ' }', 'return Reflect.construct(p, { length: ' + len + ' })'],
  }
  return r.pick(bodies[trap])
}

// Variants of the functions template that first build a chain 1e4-1e6 long.
const DEEP_FUNCTION_CHAINS = [
  'bindChainCall', 'bindChainNew', 'bindChainName', 'bindChainToString', 'callApplyChain', 'recursionGeneratorDelegate',
  'recursionIterator', 'recursionSuper', 'classChain', 'closureChain',
]

const TEMPLATES = {
  // Natively recursing operations over data nested 1e4-1e6 deep.
  deep(r) {
    // Half the time one of the plain shapes the known native recursions walk.
    const [builder, build] = r.chance(0.5) ? r.pick(COMMON_DEEP_BUILDERS.map((name) => [name, DEEP_BUILDERS[name]])) : r.entry(DEEP_BUILDERS)
    const [consumer, consume] = r.entry(DEEP_CONSUMERS)
    return { name: `deep.${builder}.${consumer}`, site: `deep.${consumer}`, lines: [build.replace('N', r.pick(DEEP_DATA_DEPTHS)), consume], deep: true }
  },

  // Functions that turn an array-like into an argument list (CreateListFromArrayLike).
  arrayLikeArguments(r) {
    const len = r.pick(LENGTHS)
    const [shape, arrayLike] = r.entry({
      plain: `{ length: ${len} }`,
      filled: `{ length: ${len}, 0: 1, 1: 2 }`,
      valueOf: `{ length: { valueOf() { return ${len} } } }`,
      proxy: `new Proxy({}, { get: (t, k) => (k === 'length' ? ${len} : 1) })`,
      sparseArray: `(() => { const a = []; a.length = 2 ** 32 - 1; return a })()`,
      typed: 'new Uint8Array(2 ** 26)',
      string: "Object('x'.repeat(1 << 24))",
    })
    const [call, code] = r.entry({
      mathMax: 'return Math.max.apply(null, A)',
      mathMin: 'return Math.min.apply(Math, A)',
      fromCharCode: 'return String.fromCharCode.apply(null, A).length',
      fromCodePoint: 'return String.fromCodePoint.apply(null, A).length',
      reflectApply: 'return Reflect.apply(Math.max, null, A)',
      reflectConstruct: 'return Reflect.construct(Array, A).length',
      reflectConstructDate: 'return typeof Reflect.construct(Date, A)',
      functionApply: 'return (function () { return arguments.length }).apply(null, A)',
      arrowApply: 'return ((...xs) => xs.length).apply(null, A)',
      callApply: 'return Function.prototype.call.apply(Math.max, [null, ...Array.from({ length: 10 })]) && Function.prototype.apply.call(Math.max, null, A)',
      bindApply: 'return Function.prototype.bind.apply(Math.max, A)()',
      arrayOf: 'return Array.of.apply(null, A).length',
      push: 'return [].push.apply([], A)',
      unshift: 'return [].unshift.apply([], A)',
      splice: 'return [].splice.apply([], A).length',
      consoleLog: 'console.log.apply(console, A); return 1',
      promiseAll: 'return (await Promise.all(Array.from(A))).length',
      proxyOwnKeys: 'return Object.keys(new Proxy({}, { ownKeys: () => A })).length',
      proxyApplyTrap: 'return new Proxy(function () {}, { apply: (f, t, a) => a.length })(...Array.from(A))',
      spreadCall: 'return Math.max(...A)',
      spreadArray: 'return [...Array.from(A)].length',
      newArraySpread: 'return new Array(...Array.prototype.slice.call(A, 0, 2 ** 20)).length',
    })
    return { name: `arrayLikeArguments.${shape}.${call}`, site: `arrayLikeArguments.${call}`, lines: [`const A = ${arrayLike};`, code] }
  },

  // Array.prototype methods over array-likes and sparse arrays with lengths near 2^32 and 2^53.
  arrayMethods(r) {
    const len = r.pick(LENGTHS)
    const [shape, target] = r.entry({
      arrayLike: `{ length: ${len} }`,
      arrayLikeFilled: `{ length: ${len}, 0: 'a', [${len} - 1]: 'z' }`,
      sparse: `(() => { const a = []; a.length = 2 ** 32 - 1; a[5] = 1; return a })()`,
      holey: 'new Array(2 ** 32 - 1)',
      bigHoley: 'new Array(2 ** 26)',
      filled: 'new Array(2 ** 22).fill(1)',
      proxy: `new Proxy([], { get: (t, k) => (k === 'length' ? ${len} : 1), has: () => true })`,
      string: "Object('x'.repeat(1 << 24))",
      getters: `(() => { const o = { length: ${len} }; Object.defineProperty(o, 0, { get() { o.length = 2 ** 53 - 1; return 1 } }); return o })()`,
    })
    const [method, code] = r.entry({
      join: "return Array.prototype.join.call(T, 'x'.repeat(1 << 10)).length",
      joinEmpty: "return Array.prototype.join.call(T, '').length",
      toString: 'return Array.prototype.toString.call(T).length',
      toLocaleString: 'return Array.prototype.toLocaleString.call(T).length',
      indexOf: 'return Array.prototype.indexOf.call(T, 2)',
      lastIndexOf: 'return Array.prototype.lastIndexOf.call(T, 2)',
      includes: 'return Array.prototype.includes.call(T, 2)',
      reverse: 'return Array.prototype.reverse.call(T).length',
      sort: 'return Array.prototype.sort.call(T).length',
      sortCmp: 'return Array.prototype.sort.call(T, (a, b) => b - a).length',
      toSorted: 'return Array.prototype.toSorted.call(T).length',
      toReversed: 'return Array.prototype.toReversed.call(T).length',
      toSpliced: 'return Array.prototype.toSpliced.call(T, 0, 1).length',
      with: 'return Array.prototype.with.call(T, 0, 1).length',
      fill: 'return Array.prototype.fill.call(T, 0).length',
      copyWithin: 'return Array.prototype.copyWithin.call(T, 1, 0).length',
      slice: 'return Array.prototype.slice.call(T).length',
      splice: 'return Array.prototype.splice.call(T, 0).length',
      spliceInsert: 'return Array.prototype.splice.call(T, 1, 0, 1, 2, 3)',
      shift: 'return Array.prototype.shift.call(T)',
      unshift: 'return Array.prototype.unshift.call(T, 1, 2)',
      pop: 'return Array.prototype.pop.call(T)',
      push: 'return Array.prototype.push.call(T, 1)',
      concat: 'return [].concat(T).length',
      concatSpreadable: `const s = { length: ${len}, [Symbol.isConcatSpreadable]: true }; return [].concat(T, s).length`,
      flat: 'return Array.prototype.flat.call(T, Infinity).length',
      map: 'return Array.prototype.map.call(T, (x) => x).length',
      filter: 'return Array.prototype.filter.call(T, () => true).length',
      forEach: 'let n = 0; Array.prototype.forEach.call(T, () => n++); return n',
      reduce: 'return Array.prototype.reduce.call(T, (a) => a + 1, 0)',
      reduceRight: 'return Array.prototype.reduceRight.call(T, (a) => a + 1, 0)',
      find: 'return Array.prototype.find.call(T, () => false)',
      findLast: 'return Array.prototype.findLast.call(T, () => false)',
      findIndex: 'return Array.prototype.findIndex.call(T, () => false)',
      every: 'return Array.prototype.every.call(T, () => true)',
      some: 'return Array.prototype.some.call(T, () => false)',
      at: 'return Array.prototype.at.call(T, -1)',
      keys: 'return [...Array.prototype.keys.call(T)].length',
      entries: 'let n = 0; for (const e of Array.prototype.entries.call(T)) n++; return n',
      arrayFrom: 'return Array.from(T).length',
      arrayFromMap: 'return Array.from(T, (x) => x).length',
      spread: 'return [...Array.from(T)].length',
      objectKeys: 'return Object.keys(T).length',
      typedFrom: 'return Uint8Array.from(T).length',
      typedNew: 'return new Float64Array(T).length',
      jsonStringify: 'return JSON.stringify(T)?.length',
      structuredClone: 'return structuredClone(T).length',
      setLength: 'T.length = 0; T.length = 2 ** 32 - 1; return T.length',
    })
    return { name: `arrayMethods.${shape}.${method}`, site: `arrayMethods.${method}`, lines: [`const T = ${target};`, code] }
  },

  // Results that are huge even though the program is tiny: the memory budget must catch them.
  hugeStrings(r) {
    const n = r.pick(REPEATS)
    const piece = r.pick(["'x'", "'\\u{1F600}'", "'\\u00e9'", "'ab'", "'x'.repeat(1 << 20)", "'\\u0130'"])
    const [op, code] = r.entry({
      repeat: `return ${piece}.repeat(${n}).length`,
      padStart: `return ${piece}.padStart(${n}, 'ab').length`,
      padEnd: `return ${piece}.padEnd(${n}).length`,
      joinFill: `return Array(1000).fill(${piece}.repeat(1 << 20)).join('').length`,
      joinSep: `return Array(1 << 20).join(${piece}.repeat(1000)).length`,
      toStringFill: `return Array(1000).fill('x'.repeat(1 << 20)).toString().length`,
      jsonFill: `return JSON.stringify(Array(1000).fill('x'.repeat(1 << 20))).length`,
      jsonSparse: `return JSON.stringify(Array(${r.pick(['2 ** 28', '2 ** 26', '1e8'])})).length`,
      doubling: `let s = ${piece}; for (let i = 0; i < 40; i++) s += s; return s.length`,
      doublingTemplate: `let s = ${piece}; for (let i = 0; i < 40; i++) s = \`\${s}\${s}\`; return s.length`,
      concatSpread: `return ''.concat(...Array(${r.pick(['1e4', '1e5', '6e4'])}).fill('x'.repeat(${r.pick(['1000', '1e4', '1 << 16'])}))).length`,
      concatLoop: `let s = ''; for (let i = 0; i < ${r.pick(COUNTS)}; i++) s += 'x'.repeat(1000); return s.length`,
      normalize: `return ${piece}.repeat(1 << 24).normalize('${r.pick(['NFKD', 'NFD', 'NFC', 'NFKC'])}').length`,
      normalizeLigature: `return '\\uFDFA'.repeat(1 << 22).normalize('NFKD').length`,
      upper: `return '\\u00df'.repeat(1 << 26).toUpperCase().length`,
      lower: `return '\\u0130'.repeat(1 << 26).toLowerCase().length`,
      localeUpper: `return '\\u00df'.repeat(1 << 26).toLocaleUpperCase().length`,
      replaceAll: `return 'x'.repeat(1 << 20).replaceAll('', 'y'.repeat(1000)).length`,
      replaceAllPattern: `return 'x'.repeat(1 << 20).replaceAll('x', '$&$&$&$&$&$&$&$&').length`,
      replaceFn: `return 'x'.repeat(1 << 16).replace(/x/g, () => 'y'.repeat(1 << 14)).length`,
      split: `return 'x'.repeat(1 << 26).split('').length`,
      splitLimit: `return 'x,'.repeat(1 << 24).split(',', 2 ** 32 - 1).length`,
      rawHuge: `return String.raw({ raw: { length: ${r.pick(LENGTHS)} } }, 'x'.repeat(1 << 20)).length`,
      rawArray: `return String.raw({ raw: Array(1 << 20).fill('ab') }, ...Array(1 << 20).fill('x'.repeat(1000))).length`,
      at: `return ${piece}.repeat(1 << 10).at(${r.pick(LENGTHS)})`,
      substring: `return 'x'.repeat(1 << 24).substring(${r.pick(LENGTHS)}, -(${r.pick(LENGTHS)})).length`,
      localeCompare: `return 'a'.repeat(1 << 26).localeCompare('a'.repeat(1 << 26) + 'b')`,
      wellFormed: `return '\\uD800'.repeat(1 << 26).toWellFormed().length`,
      errorMessage: `return new Error('x'.repeat(${n})).message.length`,
      symbolDescription: `return Symbol('x'.repeat(1 << 26)).toString().length`,
      templateRepeat: `const b = 'x'.repeat(1 << 24); return \`\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\${b}\`.length`,
      numberString: `return Array.from({ length: 1 << 22 }, (_, i) => i).join(${piece}.repeat(64)).length`,
    })
    return { name: `hugeStrings.${op}`, lines: [code] }
  },

  // Native string search and comparison whose work grows with program data.
  stringSearch(r) {
    const [op, code] = r.entry({
      indexOf: "return 'a'.repeat(2e6).indexOf('a'.repeat(2e5) + 'b')",
      lastIndexOf: "return 'a'.repeat(2e6).lastIndexOf('b' + 'a'.repeat(2e5))",
      includes: "return 'a'.repeat(4e6).includes('a'.repeat(1e6) + 'b')",
      split: "return 'a'.repeat(2e6).split('a'.repeat(2e5) + 'b').length",
      replace: "return 'a'.repeat(2e6).replace('a'.repeat(2e5) + 'b', 'c').length",
      replaceAll: "return 'a'.repeat(2e6).replaceAll('a'.repeat(2e5) + 'b', 'c').length",
      startsWith: "return 'a'.repeat(1 << 26).startsWith('a'.repeat(1 << 26))",
      equality: "const a = 'a'.repeat(1 << 26); let n = 0; for (let i = 0; i < 1e4; i++) n += a === a + '' ? 1 : 0; return n",
      compare: "const a = 'a'.repeat(1 << 26), b = 'a'.repeat(1 << 26); let n = 0; for (let i = 0; i < 1e4; i++) n += a < b ? 1 : 0; return n",
      mapKeys: "const m = new Map(); const a = 'a'.repeat(1 << 24); for (let i = 0; i < 1e4; i++) m.set(a + i, i); return m.size",
      search: "return 'a'.repeat(2e6).search('a'.repeat(2e5) + 'b')",
      trim: "return (' '.repeat(1 << 27) + 'x' + ' '.repeat(1 << 27)).trim().length",
    })
    return { name: `stringSearch.${op}`, lines: [code] }
  },

  // Regular expressions: catastrophic backtracking, huge patterns, lookbehind, hostile exec.
  regexp(r) {
    const n = r.pick(['1e4', '1e5', '3e5', '1e6'])
    const [op, code] = r.entry({
      catastrophic: `return /(a+)+$/.test('a'.repeat(${r.pick(['30', '40', '1e4'])}) + 'b')`,
      nestedStar: `return /(?:a*)*b/.test('a'.repeat(${r.pick(['40', '1e4', '1e6'])}))`,
      alternation: `return /(a|aa)+$/.test('a'.repeat(${r.pick(['40', '100', '1e4'])}) + 'b')`,
      backref: `return /(a*)\\1*b/.test('a'.repeat(${r.pick(['1e3', '1e4', '1e5'])}))`,
      lookbehind: `return /(?<=a+)b/.test('a'.repeat(${r.pick(['1e5', '1e6', '4e6'])}) + 'c')`,
      lookbehindGlobal: `return ('a'.repeat(${r.pick(['1e4', '1e5'])}) + 'b').replace(/(?<=a*)a/g, 'c').length`,
      lookahead: `return /(?=(a+))*b/.test('a'.repeat(${r.pick(['1e3', '1e4'])}))`,
      manyAlternatives: `return new RegExp('a|'.repeat(${n}) + 'b').test('c'.repeat(1000))`,
      nestedGroups: `return new RegExp('('.repeat(${n}) + 'a' + ')'.repeat(${n})).test('a')`,
      nestedNonCapturing: `return new RegExp('(?:'.repeat(${n}) + 'a' + ')'.repeat(${n})).test('a')`,
      nestedLookahead: `return new RegExp('(?='.repeat(${n}) + 'a' + ')'.repeat(${n})).test('a')`,
      nestedClass: `return new RegExp('[' + '[a]'.repeat(${n}) + ']', 'v').test('a')`,
      nestedClassV: `return new RegExp('['.repeat(${n}) + 'a' + ']'.repeat(${n}), 'v').test('a')`,
      manyGroups: `return new RegExp('(a)'.repeat(${n})).exec('a'.repeat(${n}))?.length`,
      namedGroups: `return new RegExp(Array.from({ length: ${n} }, (_, i) => '(?<g' + i + '>a)').join('')).test('a')`,
      bigQuantifier: `return /a{0,4294967295}b/.test('a'.repeat(1e6))`,
      bigQuantifierNested: `return /(?:a{0,65535}){0,65535}b/.test('a'.repeat(1e4))`,
      hugeQuantifierCompile: `return new RegExp('(?:a{1000}){1000}{1000}'.replace('{1000}{1000}', '{1000}')).test('a'.repeat(1e6))`,
      counted: `return new RegExp('a{${r.pick(['1000000', '4294967295', '2147483648'])}}').test('a')`,
      caseFold: `return new RegExp('[\\\\u0000-\\\\u{10FFFF}]'.repeat(${r.pick(['1e3', '1e4'])}), 'iu').test('x')`,
      unicodeSets: `return new RegExp('[\\\\p{L}--[a-z]]'.repeat(${r.pick(['1e3', '1e4'])}), 'v').test('x')`,
      propertyEscape: `return new RegExp('\\\\p{Script=Greek}'.repeat(${r.pick(['1e3', '1e4', '1e5'])}), 'u').test('x')`,
      replaceHuge: `return 'x'.repeat(1 << 20).replace(/x/g, '$&'.repeat(1 << 10)).length`,
      splitHuge: `return 'x'.repeat(1 << 24).split(/(?:)/u).length`,
      matchAll: `return [...'x'.repeat(1 << 22).matchAll(/x/g)].length`,
      matchAllEmpty: `return [...'x'.repeat(1 << 22).matchAll(/(?:)/g)].length`,
      hostileExec: `const re = /x/g; re.exec = () => ({ 0: 'x'.repeat(1 << 20), length: ${r.pick(LENGTHS)}, index: 0 }); return 'xx'.replace(re, 'y').length`,
      hostileExecLoop: `const re = /x/g; let n = 0; re.exec = () => (n++ < 1e7 ? { 0: '', length: 1, index: 0 } : null); return 'xx'.replace(re, 'y').length`,
      hostileLastIndex: `const re = /x/y; Object.defineProperty(re, 'lastIndex', { value: ${r.pick(LENGTHS)}, writable: true }); return re.test('x'.repeat(1000))`,
      speciesSplit: `class R extends RegExp { static get [Symbol.species]() { return function () { return { exec: () => ({ length: ${r.pick(LENGTHS)}, index: 0, 0: '' }), get flags() { return 'y' }, lastIndex: 0 } } } }; return 'abc'.split(new R('b'), 2 ** 32 - 1).length`,
      symbolReplace: `return RegExp.prototype[Symbol.replace].call({ exec: () => null, flags: 'g', get global() { return true }, set lastIndex(v) {}, get lastIndex() { return ${r.pick(LENGTHS)} } }, 'x'.repeat(1 << 20), 'y').length`,
      sourceHuge: `return new RegExp('x'.repeat(1 << 26)).source.length`,
      flagsGetter: `return RegExp.prototype.flags.call ? 1 : Object.getOwnPropertyDescriptor(RegExp.prototype, 'flags').get.call({ get hasIndices() { return 'x'.repeat(1 << 28) } })`,
      emptyLoop: `return /(?:|a)*b/.test('a'.repeat(1e5))`,
      manyRegexps: `let n = 0; for (let i = 0; i < ${r.pick(['1e5', '1e6'])}; i++) n += new RegExp('a' + i + '(b|c)*d').test('x') ? 1 : 0; return n`,
      literalInSource: `return /${'(?:a|b)'.repeat(2000)}c/.test('ab'.repeat(1e4))`,
    })
    return { name: `regexp.${op}`, lines: [code] }
  },

  // TypedArrays, ArrayBuffers and DataViews with sizes and offsets near the limits.
  typedArrays(r) {
    const len = r.pick(LENGTHS)
    const ctor = r.pick(['Uint8Array', 'Int16Array', 'Float64Array', 'BigInt64Array', 'Uint8ClampedArray', 'Float32Array', 'Int32Array'])
    const [op, code] = r.entry({
      newLength: `return new ${ctor}(${len}).length`,
      newBuffer: `return new ArrayBuffer(${len}).byteLength`,
      resizable: `const b = new ArrayBuffer(8, { maxByteLength: ${len} }); b.resize(${len}); return b.byteLength`,
      resizableView: `const b = new ArrayBuffer(8, { maxByteLength: 2 ** 30 }); const v = new ${ctor}(b); b.resize(2 ** 30); return v.length`,
      shrinkDuringSort: `const b = new ArrayBuffer(1 << 20, { maxByteLength: 1 << 20 }); const v = new Uint8Array(b); return v.sort(() => (b.resize(0), 0)).length`,
      shrinkDuringJoin: `const b = new ArrayBuffer(1 << 20, { maxByteLength: 1 << 20 }); const v = new Uint8Array(b); return Array.prototype.join.call(v, { toString() { b.resize(0); return ',' } }).length`,
      transfer: `return new ArrayBuffer(8).transfer(${len}).byteLength`,
      slice: `return new ArrayBuffer(1 << 20).slice(-(${len}), ${len}).byteLength`,
      viewOffset: `return new ${ctor}(new ArrayBuffer(16), ${len}).length`,
      viewLength: `return new ${ctor}(new ArrayBuffer(16), 0, ${len}).length`,
      dataView: `return new DataView(new ArrayBuffer(16), 0).getUint32(${len})`,
      dataViewLength: `return new DataView(new ArrayBuffer(16), 8, ${len}).byteLength`,
      fromArrayLike: `return ${ctor}.from({ length: ${len} }).length`,
      newArrayLike: `return new ${ctor}({ length: ${len} }).length`,
      setArrayLike: `return new ${ctor}(16).set({ length: ${len} }) ?? 0`,
      setOffset: `return new ${ctor}(16).set([1], ${len}) ?? 0`,
      fill: `return new ${ctor}(1 << 26).fill(${ctor.startsWith('Big') ? '1n' : '1'}).length`,
      sortComparator: `return new ${ctor}(1 << 22).sort((a, b) => (a < b ? -1 : 1)).length`,
      join: `return new ${ctor}(1 << 24).join('x'.repeat(64)).length`,
      toStringBig: `return new ${ctor}(1 << 25).toString().length`,
      subarray: `return new ${ctor}(16).subarray(-(${len}), ${len}).length`,
      species: `class T extends ${ctor} { static get [Symbol.species]() { return function () { return new ${ctor}(1) } } }; return new T(1 << 20).map((x) => x).length`,
      speciesShort: `const a = new ${ctor}(1 << 10); a.constructor = { [Symbol.species]: function (n) { return new ${ctor}(new ArrayBuffer(8 * n), 0, 1) } }; return a.slice(0).length`,
      toPrimitiveLength: `return new ${ctor}({ [Symbol.toPrimitive]() { return ${len} } }).length`,
      textEncode: `return new TextEncoder().encode('\\u{1F600}'.repeat(1 << 26)).length`,
      textEncodeInto: `const u = new Uint8Array(1 << 10); return new TextEncoder().encodeInto('x'.repeat(1 << 26), u).written`,
      textDecode: `return new TextDecoder().decode(new Uint8Array(1 << 28).fill(0xe0)).length`,
      textDecodeUtf16: `return new TextDecoder('utf-16le').decode(new Uint16Array(1 << 27)).length`,
      textDecodeView: `return new TextDecoder().decode(new DataView(new ArrayBuffer(1 << 26))).length`,
      textDecodeFake: `return new TextDecoder().decode({ length: ${len}, byteLength: ${len}, buffer: new ArrayBuffer(8) }).length`,
      atob: `return atob('QUFB'.repeat(1 << 26)).length`,
      atobInvalid: `return atob('='.repeat(1 << 26) + '!').length`,
      btoa: `return btoa('\\u00ff'.repeat(1 << 27)).length`,
      structuredCloneBuffer: `return structuredClone(new ArrayBuffer(1 << 26), { transfer: [] }).byteLength`,
      structuredCloneTransfer: `const b = new ArrayBuffer(1 << 20); return structuredClone({ b, v: new Uint8Array(b) }, { transfer: [b] }).v.length`,
      atomicsWait: `return Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)`,
      atomicsWaitTimeout: `return Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1e12)`,
      sharedGrow: `const b = new SharedArrayBuffer(8, { maxByteLength: ${len} }); b.grow(${len}); return b.byteLength`,
      bigIntLength: `return new BigUint64Array(${len}).length`,
      manyBuffers: `const keep = []; for (let i = 0; i < 1e5; i++) keep.push(new ArrayBuffer(1 << 16)); return keep.length`,
    })
    return { name: `typedArrays.${op}`, lines: [code] }
  },

  // JSON.parse and stringify with deep text, hostile replacers, reviver and toJSON.
  json(r) {
    const n = r.pick(DEPTHS)
    const [op, code] = r.entry({
      parseDeepArray: `return JSON.parse('['.repeat(${n}) + ']'.repeat(${n})).length`,
      parseDeepObject: `return typeof JSON.parse('{"a":'.repeat(${n}) + '1' + '}'.repeat(${n}))`,
      parseReviver: `return typeof JSON.parse('['.repeat(${n}) + ']'.repeat(${n}), (k, v) => v)`,
      parseUnclosed: `return JSON.parse('['.repeat(${n}))`,
      parseHugeNumber: `return JSON.parse('1'.repeat(1 << 24))`,
      parseHugeString: `return JSON.parse('"' + '\\\\u0041'.repeat(1 << 22) + '"').length`,
      parseManyKeys: `return Object.keys(JSON.parse('{' + Array.from({ length: 1 << 20 }, (_, i) => '"k' + i + '":1').join(',') + '}')).length`,
      parseDuplicateKeys: `return Object.keys(JSON.parse('{' + '"k":1,'.repeat(1 << 22) + '"k":2}')).length`,
      stringifyIndent: `return JSON.stringify([[[[[[1]]]]]], null, ${r.pick(['10', '1e9', "'x'.repeat(1 << 20)", '-1'])}).length`,
      stringifyToJSON: `let n = 0; const o = { toJSON() { return n++ < ${n} ? [o, o] : 1 } }; return JSON.stringify(o).length`,
      stringifyToJSONDeep: `const o = { toJSON() { return { a: o } } }; return JSON.stringify(o).length`,
      stringifyReplacerGrow: `return JSON.stringify({ a: 1 }, (k, v) => (k.length < 1e6 ? { [k + 'x']: v } : v)).length`,
      stringifyProxyKeys: `return JSON.stringify(new Proxy({}, { ownKeys: () => Array.from({ length: 1 << 20 }, (_, i) => 'k' + i), getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }), get: () => 'x'.repeat(1 << 10) })).length`,
      stringifyArrayLikeProxy: `return JSON.stringify(new Proxy([], { get: (t, k) => (k === 'length' ? ${r.pick(LENGTHS)} : 1) })).length`,
      stringifyBigReplacerList: `return JSON.stringify({ a: 1 }, Array.from({ length: 1 << 22 }, (_, i) => 'k' + i)).length`,
      stringifyCycle: `const a = []; a.push(a); return JSON.stringify(a)`,
      stringifyRawJSON: `return JSON.stringify(JSON.rawJSON ? JSON.rawJSON('1'.repeat(1 << 26)) : 1).length`,
      stringifyWide: `return JSON.stringify(Array.from({ length: 1 << 22 }, () => ({ a: 'x'.repeat(16) }))).length`,
      deepTextToStructure: `const t = '['.repeat(${n}) + ']'.repeat(${n}); return String(JSON.parse(t)).length`,
    })
    return { name: `json.${op}`, lines: [code] }
  },

  // Proxies whose traps answer with hostile values, driven by the operations that consult them.
  proxyTraps(r) {
    const traps = PRIMITIVE_TRAPS.filter(() => r.chance(0.5))
    if (traps.length === 0) traps.push(r.pick(PRIMITIVE_TRAPS))
    // One trap a line, so minimising can drop the traps a finding does not need.
    const handler = traps.map((trap) => `  ${trap}(t, k, v, d) { ${hostileTrap(r, trap)} },`).join('\n')
    const target = r.pick(['{}', '[]', 'function () {}', 'new Map()', 'new Uint8Array(8)', 'Object.create(null)'])
    const [op, code] = r.entry({
      keys: 'return Object.keys(p).length',
      ownNames: 'return Object.getOwnPropertyNames(p).length',
      entries: 'return Object.entries(p).length',
      assign: 'return Object.keys(Object.assign({}, p)).length',
      spread: 'return Object.keys({ ...p }).length',
      forIn: 'let n = 0; for (const k in p) if (n++ > 1e7) break; return n',
      freeze: 'return Object.isFrozen(Object.freeze(p))',
      defineProperties: 'return Object.keys(Object.defineProperties({}, p)).length',
      create: 'return typeof Object.create(null, p)',
      json: 'return JSON.stringify(p)?.length',
      structuredClone: 'return typeof structuredClone(p)',
      apply: 'return p(1, 2, 3)',
      construct: 'return typeof new p()',
      arrayFrom: 'return Array.from(p).length',
      join: 'return Array.prototype.join.call(p).length',
      concat: 'return [].concat(p).length',
      instanceOf: 'return p instanceof Array',
      protoWalk: 'return Object.prototype.isPrototypeOf.call(p, {})',
      string: 'return String(p)',
      console: 'console.log(p); return 1',
      returnIt: 'return p',
      echo: 'return await echo(p)',
      await: 'return await p',
      reflectApply: 'return Reflect.apply(Math.max, null, p)',
      functionApply: 'return Math.max.apply(null, p)',
      has: "return 'x' in p",
      setProto: 'return Object.setPrototypeOf({}, p) !== null',
      objectProto: 'const o = Object.create(p); return o.anything',
    })
    return {
      name: `proxyTraps.${op}`,
      lines: [
        'const f = function () { return 1 };',
        `let p = new Proxy(${target}, {});`,
        `p = new Proxy(${target}, {`,
        handler,
        '});',
        code,
      ],
    }
  },

  // Coercion hooks (Symbol.toPrimitive, valueOf, toString, getters) that return hostile values.
  coercion(r) {
    const len = r.pick(LENGTHS)
    const [hook, value] = r.entry({
      toPrimitiveLength: `{ [Symbol.toPrimitive]() { return ${len} } }`,
      toPrimitiveHuge: `{ [Symbol.toPrimitive]() { return 'x'.repeat(2 ** 28) } }`,
      valueOfThrows: '{ valueOf() { throw new RangeError("v") } }',
      toStringSelf: '{ toString() { return this } }',
      toPrimitiveObject: '{ [Symbol.toPrimitive]() { return {} } }',
      getterLength: `{ get length() { return ${len} } }`,
      mutating: `{ valueOf() { globalThis.shared.length = 0; return ${len} } }`,
    })
    const [use, code] = r.entry({
      repeat: "return 'x'.repeat(V).length",
      padStart: "return 'x'.padStart(V).length",
      arrayCtor: 'return new Array(V).length',
      arrayLength: 'const a = []; a.length = V; return a.length',
      buffer: 'return new ArrayBuffer(V).byteLength',
      typed: 'return new Uint8Array(V).length',
      slice: 'return shared.slice(V, V).length',
      splice: 'return shared.splice(V, V).length',
      fill: 'return shared.fill(0, V).length',
      toFixed: 'return (1.5).toFixed(V)',
      toPrecision: 'return (1.5).toPrecision(V)',
      toString: 'return (123.456).toString(V)',
      dateSet: 'return new Date().setFullYear(V)',
      stringIndex: "return 'abc'.indexOf('', V)",
      fromCharCode: 'return String.fromCharCode(V, V, V).length',
      sortSelf: 'return shared.sort((a, b) => V - V).length',
      bigintAsUint: 'return BigInt.asUintN(V, -1n).toString().length',
      copyWithin: 'return shared.copyWithin(V, 0).length',
      atomics: 'return Atomics.add(new Int32Array(4), V, 1)',
      setTimeoutDelay: 'setTimeout(() => {}, V); return 1',
      setIntervalDelay: 'setInterval(() => {}, V); return await tool()',
      json: 'return JSON.stringify({ a: 1 }, null, V)',
      add: 'return (V + V).length',
      date: 'return new Date(V).toISOString()',
      property: 'const o = {}; o[V] = 1; return Object.keys(o)[0].length',
      flat: 'return shared.flat(V).length',
      at: 'return shared.at(V)',
      with: 'return shared.with(V, 1).length',
    })
    return {
      name: `coercion.${hook}.${use}`,
      site: `coercion.${use}`,
      lines: [
        "globalThis.shared = Array.from({ length: 1 << 16 }, (_, i) => i);",
        `const V = ${value};`,
        code,
      ],
    }
  },

  // Species and constructor tricks that make built-ins build something other than they expect.
  species(r) {
    const len = r.pick(LENGTHS)
    const [op, code] = r.entry({
      arrayMap: `const a = [1, 2, 3]; a.constructor = { [Symbol.species]: function () { return { length: ${len} } } }; return a.map((x) => x).length`,
      arrayMapProxy: `const a = [1, 2, 3]; a.constructor = { [Symbol.species]: function () { return new Proxy([], { defineProperty: () => true, set: () => true }) } }; return a.map((x) => x).length`,
      arraySliceHuge: `const a = new Array(2 ** 32 - 1); a.constructor = { [Symbol.species]: function (n) { return {} } }; return a.slice(0).length`,
      arraySplice: `const a = new Array(2 ** 32 - 1); a.constructor = { [Symbol.species]: function (n) { return {} } }; return a.splice(0).length`,
      arrayConcat: `const a = []; a.constructor = { [Symbol.species]: function () { return new Proxy({}, { defineProperty: () => true }) } }; return a.concat({ length: ${len}, [Symbol.isConcatSpreadable]: true }).length`,
      arrayFilter: `class A extends Array { static get [Symbol.species]() { return function () { return new Uint8Array(1) } } }; return A.from({ length: 1 << 20 }).filter(() => true).length`,
      arrayFlatMap: `class A extends Array { static get [Symbol.species]() { return A } }; let a = A.of(1); for (let i = 0; i < 20; i++) a = a.flatMap((x) => [x, x]); return a.length`,
      promiseThen: `class P extends Promise { static get [Symbol.species]() { return function (e) { e(() => {}, () => {}); return P.resolve(1) } } }; return await P.resolve(1).then((x) => x)`,
      promiseLoop: `class P extends Promise { constructor(e) { super(e); this.then(() => {}) } }; return await P.resolve(1)`,
      promiseAllResolve: `const fake = function (e) { e(() => {}, () => {}) }; fake.resolve = (x) => ({ then: (r) => r(x) }); return await Promise.all.call(fake, Array(1e6).fill(0))`,
      regexpSplit: `class R extends RegExp { static get [Symbol.species]() { return R } }; return 'ab'.repeat(1 << 20).split(new R('b')).length`,
      mapCtorSet: `const old = Map.prototype.set; Map.prototype.set = function (k, v) { return old.call(this, k, v) }; return new Map(Array.from({ length: 1 << 20 }, (_, i) => [i, i])).size`,
      setAdd: `Set.prototype.add = function () { throw new RangeError('x') }; return new Set([1]).size`,
      setLikeUnion: `return new Set([1]).union({ size: ${len}, has: () => true, keys: () => ({ next: () => ({ done: false, value: 1 }) }) }).size`,
      setLikeIntersection: `return new Set(Array.from({ length: 1 << 16 }, (_, i) => i)).intersection({ size: ${len}, has: () => true, keys: () => [].values() }).size`,
      setLikeDifference: `return new Set([1]).isSubsetOf({ size: -1, has: () => false, keys: () => [].values() })`,
      typedSubclassMap: `class T extends Uint8Array { static get [Symbol.species]() { return Array } }; return new T(8).map((x) => x).length`,
      arrayBufferSlice: `class B extends ArrayBuffer { static get [Symbol.species]() { return function () { return new ArrayBuffer(1) } } }; return new B(1 << 20).slice(0).byteLength`,
      iteratorHelpers: `return Iterator.from({ next: () => ({ done: false, value: 1 }) }).map((x) => x).take(${r.pick(['1e7', '2 ** 53 - 1', 'Infinity'])}).toArray().length`,
      iteratorDrop: `return [1].values().drop(${r.pick(LENGTHS)}).toArray().length`,
      arrayFromIterator: `return Array.from({ [Symbol.iterator]: () => ({ next: () => ({ done: false, value: 'x'.repeat(1 << 10) }) }) }).length`,
      groupBy: `return Object.keys(Object.groupBy({ [Symbol.iterator]: function* () { for (let i = 0; ; i++) yield i } }, (x) => x)).length`,
      fromEntries: `return Object.keys(Object.fromEntries({ [Symbol.iterator]: function* () { for (let i = 0; ; i++) yield ['k' + i, i] } })).length`,
      weakMapGrow: `const w = new WeakMap(); const keep = []; for (let i = 0; i < 1e7; i++) { const k = {}; keep.push(k); w.set(k, i) } return keep.length`,
      mapGrow: `const m = new Map(); for (let i = 0; ; i++) m.set(i, 'x'.repeat(100)); return m.size`,
      setGrow: `const s = new Set(); for (let i = 0; ; i++) s.add('k' + i); return s.size`,
    })
    return { name: `species.${op}`, lines: [code] }
  },

  // Sorting with comparators that lie, mutate, throw or cost a lot.
  sorting(r) {
    const size = r.pick(['1e3', '1e5', '1 << 20', '1 << 22'])
    const [cmp, comparator] = r.entry({
      random: '() => Math.random() - 0.5',
      inconsistent: '(a, b) => (a & 1 ? -1 : 1)',
      mutateShrink: '(a, b) => { arr.length = 0; return a - b }',
      mutateGrow: '(a, b) => { if (arr.length < 1 << 24) arr.push(a, b); return a - b }',
      throws: '(a, b) => { throw new RangeError("cmp") }',
      nanResult: '() => NaN',
      objectResult: `() => ({ valueOf() { return ${r.pick(LENGTHS)} } })`,
      bigString: "(a, b) => String(a).repeat(1 << 10).localeCompare(String(b).repeat(1 << 10))",
      recursiveSort: '(a, b) => { arr.slice(0, 10).sort(); return a - b }',
      swapProto: '(a, b) => { Object.setPrototypeOf(arr, null); return a - b }',
      slow: '(a, b) => { let x = 0; for (let i = 0; i < 1e3; i++) x += i; return a - b }',
    })
    const [what, call] = r.entry({
      sort: 'return arr.sort(C).length',
      toSorted: 'return arr.toSorted(C).length',
      typed: 'return Float64Array.from(arr).sort(C).length',
      arrayLike: `return Array.prototype.sort.call({ length: ${r.pick(LENGTHS)}, 0: 2, 1: 1 }, C).length`,
      holey: 'arr.length = 2 ** 32 - 1; return arr.sort(C).length',
    })
    return {
      name: `sorting.${cmp}.${what}`,
      site: `sorting.${what}`,
      lines: [`const arr = Array.from({ length: ${size} }, (_, i) => (i * 7919) % 1000);`, `const C = ${comparator};`, call],
    }
  },

  // Function.prototype.apply/call/bind with huge argument lists and deep bound chains.
  functions(r) {
    const [op, code] = r.entry({
      bindManyArgs: 'let f = Math.max; for (let i = 0; i < 100; i++) f = f.bind(null, ...Array(1 << 16).fill(i)); return f()',
      bindChainCall: `let f = () => 1; for (let i = 0; i < ${r.pick(DEPTHS)}; i++) f = f.bind(null); return f()`,
      bindChainNew: `let f = function () {}; for (let i = 0; i < ${r.pick(DEPTHS)}; i++) f = f.bind(null); return typeof new f()`,
      bindChainName: `let f = function () {}; for (let i = 0; i < ${r.pick(['1e4', '1e5'])}; i++) f = f.bind(null); return f.name.length`,
      bindChainToString: `let f = function () {}; for (let i = 0; i < ${r.pick(DEPTHS)}; i++) f = f.bind(null); return String(f).length`,
      callApplyChain: `let f = Math.max; for (let i = 0; i < ${r.pick(DEPTHS)}; i++) { const g = f; f = (...a) => Function.prototype.apply.call(g, null, a) } return f(1, 2)`,
      applyHuge: 'return Math.max.apply(null, new Array(1 << 24).fill(1))',
      spreadHuge: 'return Math.max(...new Array(1 << 24).fill(1))',
      argumentsHuge: 'return (function () { return arguments.length })(...new Array(1 << 24))',
      recursion: 'const f = (n) => f(n + 1); return f(0)',
      recursionTry: 'const f = (n) => { try { return f(n + 1) } catch { return f(n + 1) } }; return f(0)',
      recursionFinally: 'const f = (n) => { try { return f(n + 1) } finally { f(n + 1) } }; return f(0)',
      recursionGetter: 'const o = { get x() { return this.x } }; return o.x',
      recursionToString: 'const o = { toString() { return `${o}` } }; return `${o}`',
      recursionValueOf: 'const o = { valueOf() { return +o } }; return +o',
      recursionProxy: 'const p = new Proxy({}, { get: (t, k, rcv) => rcv[k] }); return p.x',
      recursionSetter: 'const o = { set x(v) { this.x = v } }; o.x = 1; return 1',
      recursionJSON: 'const o = { toJSON() { return JSON.stringify(o) } }; return JSON.stringify(o)',
      recursionSort: 'const f = (n) => [3, 2, 1].sort(() => f(n + 1)); return f(0)',
      recursionMap: 'const f = (n) => [1].map(() => f(n + 1)); return f(0)',
      recursionReplace: "const f = (n) => 'x'.replace('x', () => f(n + 1)); return f(0)",
      recursionAsync: 'const f = async (n) => await f(n + 1); return await f(0)',
      recursionGenerator: 'function* g(n) { yield* g(n + 1) } return [...g(0)].length',
      recursionGeneratorDelegate: `let g = (function* () { yield 1 })(); for (let i = 0; i < ${r.pick(DEPTHS)}; i++) { const inner = g; g = (function* () { yield* inner })() } return [...g].length`,
      recursionIterator: `let it = [1][Symbol.iterator](); for (let i = 0; i < ${r.pick(DEPTHS)}; i++) { const inner = it; it = { [Symbol.iterator]() { return this }, next: () => inner.next(), return: () => inner.return?.() } } return Array.from(it).length`,
      recursionSuper: 'class A { m() { return 1 } } let C = A; for (let i = 0; i < 1e5; i++) C = class extends C { m() { return super.m() } }; return new C().m()',
      classChain: 'let C = class {}; for (let i = 0; i < 1e6; i++) C = class extends C {}; return typeof new C()',
      closureChain: `let f = () => 0; for (let i = 0; i < ${r.pick(DEPTHS)}; i++) { const g = f; f = () => g() + 1 } return f()`,
      functionToString: 'return Function.prototype.toString.call(Math.max).repeat(1 << 22).length',
      newFunction: "return new Function('return 1')()",
      evalIndirect: "return (0, eval)('1')",
      asyncFromSync: `let n = 0; for await (const x of { [Symbol.iterator]: () => ({ next: () => ({ done: n++ > ${r.pick(['1e6', '1e7'])}, value: Promise.resolve(1) }) }) }) {} return n`,
    })
    return { name: `functions.${op}`, lines: [code], deep: DEEP_FUNCTION_CHAINS.includes(op) }
  },

  // Numbers, BigInts, Math and Date with values at the edges of their ranges.
  numbers(r) {
    const [op, code] = r.entry({
      bigPow: `return (2n ** ${r.pick(['2n ** 32n', '2n ** 24n', '10000000n', '2n ** 40n'])}).toString().length`,
      bigShift: `return (1n << ${r.pick(['2n ** 32n', '2n ** 40n', '2n ** 30n', '2n ** 53n'])}).toString(16).length`,
      bigAsUint: `return BigInt.asUintN(${r.pick(['2 ** 53 - 1', '2 ** 32', '2 ** 30'])}, -1n).toString(2).length`,
      bigAsInt: `return BigInt.asIntN(${r.pick(['2 ** 53 - 1', '2 ** 32', '2 ** 30'])}, -1n) < 0n`,
      bigParse: `return BigInt('9'.repeat(${r.pick(['1e5', '1e6', '1e7'])})).toString(36).length`,
      bigToString: `return (3n ** ${r.pick(['100000n', '1000000n', '3000000n'])}).toString().length`,
      bigMultiply: `let x = 3n ** 200000n; for (let i = 0; i < 20; i++) x *= x; return x > 0n`,
      bigDivide: `return ((7n ** 500000n) / (3n ** 400000n)) > 0n`,
      bigFromNumber: 'return BigInt(Number.MAX_VALUE).toString(2).length',
      bigToNumber: `return Number(2n ** ${r.pick(['100000n', '1000000n'])})`,
      bigMixedJSON: 'return JSON.stringify({ a: 1n })',
      toFixed: `return (1e21 - 1).toFixed(${r.pick(['100', '101', '1e9', '-1'])})`,
      toPrecision: `return Math.PI.toPrecision(${r.pick(['100', '101', '1e9', '0'])})`,
      toExponential: `return Number.MIN_VALUE.toExponential(${r.pick(['100', '101', '1e9'])})`,
      toStringRadix: `return (${r.pick(['Number.MAX_VALUE', 'Number.MIN_VALUE', '1 / 3', '-0', '2 ** 1023 * 1.999'])}).toString(${r.pick(['2', '3', '36', '37', '1'])}).length`,
      parseFloat: `return parseFloat('1'.repeat(1 << 24) + '.' + '1'.repeat(1 << 24))`,
      parseInt: `return parseInt('1'.repeat(1 << 24), ${r.pick(['2', '10', '36'])})`,
      numberLiteral: `return Number('0x' + 'f'.repeat(1 << 24))`,
      mathHypot: 'return Math.hypot(...Array(1 << 20).fill(1e308))',
      mathMaxSpread: 'return Math.max(...Array(1 << 22).keys())',
      mathSumPrecise: 'return typeof Math.sumPrecise === "function" ? Math.sumPrecise(Array(1 << 22).fill(1e308)) : 0',
      mathRandomLoop: 'let x = 0; for (;;) x += Math.random(); return x',
      dateExtreme: `return new Date(${r.pick(['8.64e15', '8.64e15 + 1', '-8.64e15', '2 ** 53', 'NaN'])}).toString()`,
      dateParse: `return Date.parse('2020-01-01T00:00:00' + '0'.repeat(${r.pick(['1e5', '1e6', '1 << 24'])}))`,
      dateParseGarbage: `return Date.parse('x'.repeat(1 << 24))`,
      dateLocale: `return new Date(0).toLocaleString(${r.pick(["'x'.repeat(1 << 20)", "['en', 'x'.repeat(1 << 20)]", 'undefined'])}, { timeZone: ${r.pick(["'UTC'", "'x'.repeat(1 << 20)", "'Etc/GMT+14'"])} })`,
      dateSetters: `const d = new Date(); d.setFullYear(${r.pick(LENGTHS)}, ${r.pick(LENGTHS)}, ${r.pick(LENGTHS)}); return d.getTime()`,
      dateUTC: `return Date.UTC(${r.pick(LENGTHS)}, ${r.pick(LENGTHS)}, ${r.pick(LENGTHS)}, ${r.pick(LENGTHS)})`,
      dateLoop: 'let n = 0; for (let i = 0; i < 1e6; i++) n += new Date(i * 86400000).toString().length; return n',
      numberFormat: `return (1234.5).toLocaleString(${r.pick(["'de'", "'x'.repeat(1 << 20)", 'undefined'])}, { maximumFractionDigits: ${r.pick(['100', '20', '1e9'])} })`,
      intl: 'return typeof Intl === "object" ? new Intl.NumberFormat("en").format(1) : 0',
    })
    return { name: `numbers.${op}`, lines: [code] }
  },

  // Promises, timers and the event loop: starvation, floods and never-ending jobs. Programs whose
  // timers do nothing but wait must still return their value (`returns`), not run out of budget.
  eventLoop(r) {
    const [op, code] = r.entry({
      intervalZero: 'setInterval(() => {}, 0); return await tool()',
      intervalHuge: `setInterval(() => {}, ${r.pick(['2 ** 62', '2 ** 31', 'Infinity', '-1', 'NaN'])}); return await tool()`,
      timeoutHuge: `setTimeout(() => {}, ${r.pick(['2 ** 62', '2 ** 53', '1e308'])}); return 1`,
      timeoutChain: 'const f = () => setTimeout(f, 0); f(); return await tool()',
      timeoutFlood: `for (let i = 0; i < ${r.pick(['1e5', '1e6', '1e7'])}; i++) setTimeout(() => {}, i % 100); return await tool()`,
      timeoutFloodSameTime: `for (let i = 0; i < ${r.pick(['1e5', '1e6'])}; i++) setTimeout(() => { for (let j = 0; j < 1e3; j++); }, 0); return 1`,
      timeoutBusy: 'setTimeout(() => { for (;;); }, 0); return await tool()',
      // 2^14 arguments: with 2^20 the spread itself throws a RangeError in Node (and in Boa runs
      // past a small compute budget), before any timer exists.
      timeoutArgs: 'setTimeout((...a) => a.length, 0, ...Array(1 << 14)); return 1',
      timeoutString: "setTimeout('globalThis.x = 1', 0); return 1",
      clearWeird: `clearTimeout(${r.pick(['-1', '2 ** 53', '{}', "'x'", 'NaN'])}); clearInterval(${r.pick(['0', '1e308', 'null'])}); return 1`,
      microtaskLoop: 'const f = () => Promise.resolve().then(f); f(); return await tool()',
      microtaskLoopQueue: 'const f = () => queueMicrotask(f); f(); return await tool()',
      microtaskFlood: `for (let i = 0; i < ${r.pick(['1e6', '1e7'])}; i++) queueMicrotask(() => {}); return 1`,
      thenChain: `let p = Promise.resolve(0); for (let i = 0; i < ${r.pick(['1e5', '1e6'])}; i++) p = p.then((x) => x + 1); return await p`,
      thenableChain: `let p = 1; for (let i = 0; i < ${r.pick(['1e5', '1e6'])}; i++) { const q = p; p = { then: (res) => res(q) } } return await p`,
      promiseAllHuge: `return (await Promise.all(Array(${r.pick(['1e6', '1e7'])}).fill(Promise.resolve(1)))).length`,
      promiseRaceInfinite: 'return await Promise.race({ [Symbol.iterator]: function* () { for (;;) yield new Promise(() => {}) } })',
      promiseAnyRejects: `return await Promise.any(Array(${r.pick(['1e5', '1e6'])}).fill(Promise.reject(1))).catch((e) => e.errors.length)`,
      neverResolves: 'return await new Promise(() => {})',
      manyToolCalls: `const all = []; for (let i = 0; i < ${r.pick(['1e4', '1e5', '1e6'])}; i++) all.push(tool()); return (await Promise.all(all)).length`,
      toolInLoop: 'let n = 0; for (;;) n += await tool(); return n',
      echoHuge: "return (await echo('x'.repeat(1 << 26))).length",
      echoWide: 'return (await echo(Array(1 << 22).fill(1))).length',
      asyncGeneratorLoop: 'async function* g() { for (;;) yield 1 } let n = 0; for await (const x of g()) n++; return n',
      unhandledRejections: `for (let i = 0; i < ${r.pick(['1e5', '1e6'])}; i++) Promise.reject(new Error('x')); return 1`,
      finalization: "const r = new FinalizationRegistry(() => { for (;;); }); for (let i = 0; i < 1e6; i++) r.register({}, i); return await tool()",
      awaitInFinally: 'try { for (;;); } finally { await tool() }',
    })
    const returns = ['intervalZero', 'intervalHuge', 'timeoutHuge', 'timeoutChain', 'timeoutArgs', 'clearWeird'].includes(op) ? 1 : undefined
    return { name: `eventLoop.${op}`, lines: [code], returns }
  },

  // structuredClone, URL, atob/btoa, console and other web APIs with hostile input.
  webApis(r) {
    const [op, code] = r.entry({
      cloneWide: 'return structuredClone(Array.from({ length: 1 << 22 }, (_, i) => ({ i }))).length',
      cloneMapCycle: 'const m = new Map(); m.set(m, m); return structuredClone(m).size',
      cloneGetterMutates: "const o = {}; let n = 0; Object.defineProperty(o, 'a', { enumerable: true, get() { o['k' + n++] = 1; return 1 } }); return Object.keys(structuredClone(o)).length",
      cloneProxy: 'return structuredClone(new Proxy({}, {}))',
      cloneHugeString: "return structuredClone('x'.repeat(1 << 28)).length",
      cloneSparse: 'const a = []; a[2 ** 32 - 2] = 1; return structuredClone(a).length',
      cloneTransferHostile: 'return structuredClone(1, { transfer: { length: 2 ** 32 } })',
      cloneTransferProxy: `return structuredClone(1, { transfer: new Proxy([], { get: (t, k) => (k === 'length' ? ${r.pick(LENGTHS)} : new ArrayBuffer(1)) }) })`,
      urlHugeHost: "return new URL('http://' + 'a'.repeat(1 << 24) + '.com/').href.length",
      urlManyDots: "return new URL('http://x/' + '../'.repeat(1 << 20)).href.length",
      urlBase: "return new URL('a', 'http://x/' + 'a/'.repeat(1 << 20)).href.length",
      urlPercent: "return new URL('http://x/?' + '%'.repeat(1 << 24)).search.length",
      urlIdn: "return new URL('http://' + '\\u00e9'.repeat(1 << 20) + '.com').hostname.length",
      urlIpv6: "return new URL('http://[' + '1:'.repeat(1 << 20) + ']').hostname",
      urlPort: `return new URL('http://x:${r.pick(['99999999999999999999', '65536', '-1'])}/').port`,
      urlSearchParams: "const u = new URL('http://x/'); for (let i = 0; i < 1e5; i++) u.searchParams.append('k', 'v'.repeat(100)); return u.href.length",
      urlSearchParamsSort: "const p = new URLSearchParams('a=1&'.repeat(1 << 20)); p.sort(); return p.toString().length",
      urlParse: "return URL.canParse?.('x'.repeat(1 << 24), 'http://' + 'y'.repeat(1 << 24)) ?? 0",
      urlSetters: "const u = new URL('http://x/'); u.hash = '#'.repeat(1 << 26); u.pathname = '/'.repeat(1 << 26); return u.href.length",
      consoleHuge: "console.log('x'.repeat(1 << 28)); return 1",
      consoleMany: `for (let i = 0; i < ${r.pick(['1e5', '1e6'])}; i++) console.log('x'.repeat(1000)); return 1`,
      consoleFormat: "console.log('%s'.repeat(1 << 20), ...Array(1 << 20).fill('x'.repeat(100))); return 1",
      consoleFormatObject: "console.log('%o %O %j %d %i %f %c', new Proxy({}, { get: () => { throw 1 } })); return 1",
      consoleGroup: `for (let i = 0; i < ${r.pick(['1e5', '1e6'])}; i++) console.group('g'); console.log('x'); return 1`,
      consoleCount: "for (let i = 0; i < 1e6; i++) console.count('k' + i); return 1",
      consoleTime: "for (let i = 0; i < 1e6; i++) console.time('k' + i); return 1",
      consoleAssert: "console.assert(false, 'x'.repeat(1 << 26)); return 1",
      consoleTable: 'console.table(Array.from({ length: 1 << 16 }, (_, i) => ({ [i]: i }))); return 1',
      consoleGetterThrows: "console.log({ get x() { throw new Error('g') } }, new Proxy([], { ownKeys: () => { throw 1 } })); return 1",
      consoleWide: 'console.log(Array.from({ length: 1 << 20 }, (_, i) => ({ i }))); return 1',
      consoleMapDeep: 'let m = new Map(); for (let i = 0; i < 1e5; i++) m = new Map([[m, m]]); console.log(m); return 1',
      consoleSymbolKeys: 'const o = {}; for (let i = 0; i < 1e5; i++) o[Symbol(i)] = i; console.log(o); return 1',
      textDecoderStream: "const d = new TextDecoder(); let n = 0; for (let i = 0; i < 1e6; i++) n += d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }).length; return n",
      textDecoderFatal: "return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(1 << 26).fill(0xff))",
      textDecoderLabel: "return new TextDecoder('x'.repeat(1 << 26)).encoding",
      abortReason: "const c = new AbortController(); c.abort('x'.repeat(1 << 26)); return String(c.signal.reason).length",
      returnHuge: "return 'x'.repeat(1 << 27)",
      returnWide: 'return Array(1 << 22).fill(1)',
      returnGetterThrows: "return { get x() { throw new Error('g') } }",
      returnBigInt: 'return 1n',
      returnSymbol: 'return Symbol()',
      returnFunction: 'return () => 1',
      returnCycle: 'const a = {}; a.a = a; return a',
      returnProxyThrows: 'return new Proxy({}, { ownKeys: () => { throw new Error("o") } })',
      returnToJSONHuge: "return { toJSON: () => 'x'.repeat(1 << 27) }",
      returnManyKeys: 'const o = {}; for (let i = 0; i < 1 << 20; i++) o["k" + i] = i; return o',
      logThenThrow: "for (let i = 0; i < 1e4; i++) console.log(i); throw { toString() { return 'x'.repeat(1 << 28) } }",
      throwHugeMessage: "throw new Error('x'.repeat(1 << 28))",
      throwProxy: 'throw new Proxy({}, { get: () => { throw new Error("p") } })',
      throwDeepCause: "let e = new Error('x'); for (let i = 0; i < 1e5; i++) e = new Error('e', { cause: e }); throw e",
      errorStackDeep: 'const f = (n) => (n ? f(n - 1) : new Error("x").stack); return f(1e4).length',
      processEnv: 'return typeof process === "object" ? JSON.stringify(process.env).length : 0',
      globalThisScan: 'return Object.getOwnPropertyNames(globalThis).map((k) => { try { return String(globalThis[k]) } catch { return "" } }).join().length',
    })
    return { name: `webApis.${op}`, lines: [code] }
  },

  // Memory growth in ordinary code: the budget must stop each before the host pays for it.
  memory(r) {
    const [op, code] = r.entry({
      arrayPush: 'const a = []; for (;;) a.push({ a: 1, b: 2 });',
      arrayOfArrays: 'const a = []; for (;;) a.push(new Array(1 << 10).fill(0));',
      strings: "const a = []; for (let i = 0; ; i++) a.push('x'.repeat(1 << 16) + i);",
      closures: 'const a = []; for (let i = 0; ; i++) a.push(() => i);',
      objects: 'let o = {}; for (let i = 0; ; i++) o["k" + i] = i;',
      typed: 'const a = []; for (;;) a.push(new Float64Array(1 << 16));',
      buffers: 'const a = []; for (;;) a.push(new ArrayBuffer(1 << 24));',
      bigints: 'const a = []; for (let i = 0n; ; i++) a.push(2n ** 10000n + i);',
      regexps: "const a = []; for (let i = 0; ; i++) a.push(new RegExp('a' + i + '(b|c)*'));",
      maps: 'const a = []; for (;;) a.push(new Map([[1, 2]]));',
      symbols: 'const a = []; for (let i = 0; ; i++) a.push(Symbol(String(i)));',
      promises: 'const a = []; for (;;) a.push(new Promise(() => {}));',
      errors: 'const a = []; for (;;) a.push(new Error("x"));',
      sparseGrow: 'const a = []; for (let i = 0; ; i += 1 << 10) a[i] = i;',
      arrayLengthGrow: 'const a = [1]; for (;;) a.push(...a);',
      stringConcatGrow: "let s = 'x'; for (;;) s += s;",
      arrayDoubling: 'let a = [1]; for (;;) a = a.concat(a);',
      sliceCopies: "const s = 'x'.repeat(1 << 24); const a = []; for (let i = 0; ; i++) a.push(s.slice(i % 2));",
      generators: 'const a = []; function* g() { yield 1 } for (;;) a.push(g());',
      weakRefs: 'const a = []; for (;;) a.push(new WeakRef({}));',
      bound: 'const a = []; for (;;) a.push(Math.max.bind(null, 1, 2, 3));',
      dates: 'const a = []; for (;;) a.push(new Date());',
      arrayFromBig: 'return Array.from({ length: 1 << 26 }, () => 0).length',
      fillBig: 'return new Array(1 << 26).fill({}).length',
      keysBig: "return Object.keys('x'.repeat(1 << 24)).length",
      entriesBig: "return Object.entries('x'.repeat(1 << 22)).length",
      stringArrayBig: "return [...'x'.repeat(1 << 24)].length",
    })
    return { name: `memory.${op}`, lines: [code] }
  },

  // The program text itself: deep nesting and sheer size for the strip step, parser and compiler.
  // Each variant is a JS expression that builds the source (N is the size), so a finding stays
  // a few lines long however large the program it stands for.
  source(r) {
    const n = r.pick(['1e3', '1e4', '3e4', '1e5', '3e5'])
    const [kind, expression] = r.entry({
      arrays: "'return ' + '['.repeat(N) + ']'.repeat(N) + '.length'",
      parens: "'return ' + '('.repeat(N) + '1' + ')'.repeat(N)",
      blocks: "'{'.repeat(N) + '}'.repeat(N) + ' return 1'",
      objects: "'return ' + '{a:'.repeat(N) + '1' + '}'.repeat(N)",
      arrows: "'return (' + '() => '.repeat(N) + '1)'",
      functions: "'function f() {'.repeat(N) + '}'.repeat(N) + ' return 1'",
      ternaries: "'return ' + '1 ? '.repeat(N) + '1' + ' : 0'.repeat(N)",
      binaryChain: "'return ' + '1 + '.repeat(N) + '1'",
      binaryRight: "'return ' + '1 + ('.repeat(N) + '1' + ')'.repeat(N)",
      unary: "'return ' + '- '.repeat(N) + '1'",
      not: "'return ' + '!'.repeat(N) + '1'",
      typeofChain: "'return ' + 'typeof '.repeat(N) + '1'",
      awaitChain: "'return ' + 'await '.repeat(N) + '1'",
      newChain: "'return typeof ' + 'new '.repeat(N) + 'Object'",
      ifChain: "'if (1) '.repeat(N) + 'return 1'",
      elseIfChain: "'if (0) {} else '.repeat(N) + 'return 1'",
      templateNest: "'return ' + '`${'.repeat(N) + '1' + '}`'.repeat(N)",
      calls: "'const f = (x) => x; return ' + 'f('.repeat(N) + '1' + ')'.repeat(N)",
      members: "'const o = {}; o.a = o; return o' + '.a'.repeat(N) + ' === o'",
      optionalChain: "'const o = {}; return o' + '?.a'.repeat(N)",
      destructuring: "'const ' + '['.repeat(N) + 'x' + ']'.repeat(N) + ' = ' + '['.repeat(N) + '1' + ']'.repeat(N) + '; return x'",
      commaChain: "'return (' + '1, '.repeat(N) + '1)'",
      assignChain: "'let a; return ' + 'a = '.repeat(N) + '1'",
      labels: "Array.from({ length: N }, (_, i) => 'l' + i + ': ').join('') + 'for (;;) break; return 1'",
      classes: "'return typeof ' + 'class extends '.repeat(N) + 'Object' + ' {}'.repeat(N)",
      generics: "'let x: ' + 'Array<'.repeat(N) + 'number' + '>'.repeat(N) + ' = [] as any; return 1'",
      unionType: "'let x: ' + 'number | '.repeat(N) + 'string = 1; return x'",
      typeObjects: "'let x: ' + '{ a: '.repeat(N) + '1' + ' }'.repeat(N) + ' = null as any; return 1'",
      conditionalType: "'type T = ' + '1 extends 1 ? '.repeat(N) + '1' + ' : 0'.repeat(N) + '; return 1'",
      manyVars: "Array.from({ length: N }, (_, i) => 'let v' + i + ' = ' + i + ';').join('\\n') + ' return 1'",
      bigSwitch: "'switch (1) { ' + Array.from({ length: N }, (_, i) => 'case ' + i + ': ').join('') + 'default: } return 1'",
      bigStringLiteral: "'return \\'' + 'x'.repeat(N * 100) + '\\'.length'",
      bigArrayLiteral: "'return [' + '1,'.repeat(N * 10) + '].length'",
      bigObjectLiteral: "'return Object.keys({ ' + Array.from({ length: N }, (_, i) => 'k' + i + ': ' + i).join(', ') + ' }).length'",
      regexLiteral: "'return /' + '(a'.repeat(N) + ')'.repeat(N) + '/.test(\\'a\\')'",
      comments: "'/* x */'.repeat(N) + ' return 1'",
      lineComments: "'// x\\n'.repeat(N) + ' return 1'",
      htmlOpen: "'a <!--b})()}); return 1'",
      htmlClose: "'return 1\\n--> x})()}); globalThis.escaped = 1'",
      htmlMany: "'<!-- x\\n'.repeat(N) + 'return 1'",
      unicodeEscapes: "'const \\\\u{61}' + '\\\\u{61}'.repeat(N) + ' = 1; return 1'",
      asyncNest: "'return await ' + '(async () => '.repeat(N) + '1' + ')()'.repeat(N)",
      withStatement: "'with ({}) {} return 1'",
      arguments: "'return (function () { return arguments.length })(' + '1,'.repeat(N) + ')'",
      params: "'return (function (' + Array.from({ length: N }, (_, i) => 'p' + i).join(', ') + ') { return 1 })()'",
      spreadArgs: "'return Math.max(' + '...[1], '.repeat(N) + '1)'",
    })
    return { name: `source.${kind}`, lines: [expression.replaceAll('N', n)], raw: true }
  },
}

// Ends a program early in the wrapper's terms (`})()});` closes the runtime's async function and
// its strict shell) when a comment form hides it from one parser but not the other.
const WRAPPER_CLOSE = '})()});'
const WRAPPER_REOPEN = '(function(){return(async function(){'
// Builds the escape marker only where `this` of a plain call is the global object: sloppy mode.
const SLOPPY_PAYLOAD = "throw 'ESCAPED-' + ((function () { return this })() === undefined ? 'strict' : 'SLOPPY');"

Object.assign(TEMPLATES, {
  // Comment and line-terminator forms the strip step and Boa may read differently, each followed
  // by code that closes the wrapper; the escape check sees whether that code ran sloppy.
  wrapperEscape(r) {
    const [form, opener] = r.entry({
      htmlOpen: 'a <!--b',
      htmlOpenLineStart: '\n<!-- b',
      htmlClose: 'x = 1\n--> b',
      htmlCloseAfterComment: 'x = 1\n/* c */ --> b',
      htmlCloseAfterMultiline: 'x = 1\n/*\n*/ --> b',
      lineSeparator: '// c\u2028',
      paragraphSeparator: '// c\u2029',
      carriageReturn: '// c\r',
      hashbang: '#! b\n',
      hashbangLater: 'x = 1\n#! b\n',
      regexOrDivide: 'let a = 1, g = 1; a = a / 2 /g; /',
      templateComment: '`${1 /* `',
      jsxLike: 'let q = <b>1</b>; //',
      typeAssertion: 'let q = <any>1; <!--',
      genericArrow: 'const f = <T,>(x: T) => x; <!--',
      decoratorLike: '@x class A {} <!--',
    })
    const payload = r.pick([
      `${SLOPPY_PAYLOAD} ${WRAPPER_REOPEN}`,
      `${SLOPPY_PAYLOAD} //`,
      `with ({}) ${SLOPPY_PAYLOAD} ${WRAPPER_REOPEN}`,
    ])
    const program = `${opener}${WRAPPER_CLOSE} ${payload}`
    return { name: `wrapperEscape.${form}`, lines: [JSON.stringify(program)], raw: true }
  },
})

// Deep data reaches the native recursions only when its builder and consumer meet: pick it more.
const TEMPLATE_WEIGHTS = { deep: 3 }
const TEMPLATE_NAMES = Object.keys(TEMPLATES).flatMap((name) => Array(TEMPLATE_WEIGHTS[name] ?? 1).fill(name))
// Parsers and the strip step see TypeScript; keep JavaScript too since it skips the strip step.
const LANGUAGES = ['javascript', 'typescript']

/** The program a seed stands for: 1-3 snippets, each from a random template. */
function generateProgram(seed) {
  const r = createRandom(seed)
  const count = r.chance(0.7) ? 1 : r.chance(0.6) ? 2 : 3
  const snippets = []
  for (let i = 0; i < count; i++) {
    const snippet = TEMPLATES[r.pick(TEMPLATE_NAMES)](r)
    // Source-shape snippets (HTML comments, type syntax, top-level nesting) only mean
    // something as the whole program.
    if (snippet.raw) {
      snippets.length = 0
      snippets.push(snippet)
      break
    }
    snippets.push(snippet)
  }
  const typescriptOnly = snippets.some((s) => /^source\.(generics|unionType|typeObjects|conditionalType)$/.test(s.name))
  // A value to expect only holds when nothing else in the program spends its budget.
  const returns = snippets.length === 1 ? snippets[0].returns : undefined
  // Building data 1e4-1e6 deep takes seconds in Boa: such programs get the deep budgets.
  const deep = snippets.some((s) => s.deep)
  return { seed, language: typescriptOnly ? 'typescript' : r.pick(LANGUAGES), snippets, returns, deep }
}

/**
 * The program's source. Every snippet but the last runs in its own async function inside a
 * try/catch, so its throw or `return` still lets the later ones run; the last one's value is
 * the program's.
 */
function renderProgram(program) {
  // A source-shape program is the value of its expression (the fuzzer's own text, not a program's).
  if (program.snippets[0].raw) return new Function(`return (${program.snippets[0].lines[0]})`)()
  const last = program.snippets.length - 1
  return program.snippets
    .map((s, i) => (i === last ? s.lines.join('\n') : `try { await (async () => {\n${s.lines.join('\n')}\n})() } catch {}`))
    .join('\n')
}

/** The built-ins the program drives, by which findings are grouped and deduplicated. */
function programLabel(program) {
  return program.snippets.map((s) => s.site ?? s.name).join('+')
}

/** Every snippet's full template and variant names. */
function programName(program) {
  return program.snippets.map((s) => s.name).join('+')
}

module.exports = { createRandom, generateProgram, renderProgram, programLabel, programName, TEMPLATES }
