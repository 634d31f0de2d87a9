// JSON in and out, bytes (typed arrays, TextEncoder/TextDecoder, base64), and the Intl subset
// (README "Intl").
import { family, matrix, type Program, quoted } from '../harness'

const jsonTexts: Record<string, string> = {
  'an API status body': '{"ok":true,"version":"1.4.2","uptime":123456.789,"regions":["eu-west","us-east"]}',
  'nested arrays': '[[1,2],[3,[4,[5]]],[]]',
  'unicode escapes': '{"name":"Zo\\u00eb","emoji":"\\ud83d\\ude80","tab":"a\\tb"}',
  'big and small numbers': '{"big":12345678901234567890,"small":1e-7,"neg":-0,"exp":1E3}',
  'duplicate keys': '{"a":1,"a":2,"b":{"a":3}}',
  'a string at the top': '"just a string"',
  'whitespace around': '  \n {"x" : [ 1 , 2 ] }\t ',
}

const jsonOps: Record<string, string> = {
  'parse and stringify back': 'const v = JSON.parse(text)\nconsole.log(v)\nreturn JSON.stringify(v)',
  'stringify with two-space indent': 'const v = JSON.parse(text)\nconst out = JSON.stringify(v, null, 2)\nconsole.log(out)\nreturn out.split("\\n").length',
  'a reviver that counts values': 'let count = 0\nconst v = JSON.parse(text, (k, val) => { count++; return typeof val === "number" ? Math.round(val) : val })\nconsole.log(count, v)\nreturn v',
  'a replacer array and tab indent': 'const v = JSON.parse(text)\nconst out = JSON.stringify(v, ["ok", "version", "name", "x", "a"], "\\t")\nconsole.log(out)\nreturn out',
}

const json: Program[] = matrix('json', 'text', quoted(jsonTexts), jsonOps)

json.push(
  ...family('json', {
    'a tool body parsed as JSON': `const res = await tools.fetchPage({ url: 'https://api.example.com/v1/status' })
const data = res.headers['content-type'].includes('json') ? JSON.parse(res.body) : null
console.log(data.version, data.regions.length)
return data`,
    'a truncated tool body': `const res = await tools.fetchPage({ url: 'https://api.example.com/v1/broken' })
return JSON.parse(res.body)`,
    'a truncated body caught with its message': `const res = await tools.fetchPage({ url: 'https://api.example.com/v1/broken' })
try { JSON.parse(res.body) } catch (e) { console.log(e.name, e.message) }
return 'caught'`,
    'parse errors of common mistakes': `const bad = ["{'a': 1}", '{a: 1}', '[1, 2,]', 'undefined', 'NaN', '{"a": 1} extra', '']
for (const text of bad) {
  try { JSON.parse(text) } catch (e) { console.log(e.name + ': ' + e.message) }
}
return bad.length`,
    'stringify of special values': `const value = { u: undefined, f() {}, s: Symbol('x'), n: null, nan: NaN, inf: -Infinity, d: new Date(0), nested: [undefined, () => 1, NaN], negZero: -0 }
console.log(JSON.stringify(value))
console.log(JSON.stringify(undefined), JSON.stringify(() => 1), JSON.stringify(null), JSON.stringify('s'))
return JSON.parse(JSON.stringify(value))`,
    'toJSON on classes and Dates': `class Secret { constructor(v) { this.v = v } toJSON(key) { return \`<hidden \${key}>\` } }
const out = JSON.stringify({ a: new Secret(1), list: [new Secret(2)], at: new Date(Date.UTC(2024, 0, 1)) })
console.log(out)
return JSON.parse(out)`,
    'a circular structure stringified': `const node = { name: 'root', children: [] }
node.children.push({ name: 'child', parent: node })
return JSON.stringify(node)`,
    'a circular structure caught': `const a = { name: 'a' }
a.self = a
try { JSON.stringify(a) } catch (e) { console.log(e.name, e.message.split('\\n')[0]) }
return 'ok'`,
    'a BigInt stringified': `return JSON.stringify({ id: 10n })`,
    'a replacer function dropping keys': `const user = await tools.getUser({ id: 2 })
const safe = JSON.stringify(user, (k, v) => (k === 'email' ? undefined : typeof v === 'number' ? Math.round(v) : v))
console.log(safe)
return JSON.parse(safe)`,
    'stringify key order with integer-like keys': `const obj = { b: 1, 2: 'two', a: 2, 1: 'one', '-1': 'neg', '01': 'lead' }
console.log(JSON.stringify(obj), Object.keys(obj))
return obj`,
    'deep equality by JSON': `const a = { x: 1, y: [1, 2] }, b = { y: [1, 2], x: 1 }
console.log(JSON.stringify(a) === JSON.stringify(b), JSON.stringify(a) === JSON.stringify({ ...a }))
return [JSON.stringify(a), JSON.stringify(b)]`,
    'a result with a lone surrogate': `const s = '😀'.slice(0, 1)
return { s, length: s.length }`,
    'a boxed string and number returned': `return { s: new String('text'), n: new Number(5), b: new Boolean(false) }`,
    'a boxed value sent to a tool': `const back = await tools.echo({ label: new String('x'), count: new Number(2) })
console.log(back)
return back`,
    'a function in the result': `return { ok: true, run: () => 1 }`,
    'a BigInt in the result': `return { total: 10n }`,
    'a circular result': `const a = { n: 1 }
a.self = a
return a`,
    'a typed array in the result': `return { bytes: new Uint8Array([1, 2, 3]) }`,
    'undefined, NaN and Infinity in the result': `return { a: undefined, b: [undefined, NaN, -Infinity], c: -0, d: null }`,
    'a date in the result': `return { at: new Date(Date.UTC(2024, 4, 1, 12)), list: [new Date(0)] }`,
    'a class instance in the result': `class P { constructor() { this.x = 1; this.y = 2 } get sum() { return 3 } }
return [new P()]`,
    'an object with a toJSON that throws in the result': `return { bad: { toJSON() { throw new Error('cannot serialize') } } }`,
  }),
)

const binary = family('bytes', {
  'TextEncoder and TextDecoder round trip': `const enc = new TextEncoder()
const dec = new TextDecoder()
const texts = ['hello', 'Crème brûlée', '東京', '🚀', '']
const out = texts.map((t) => { const b = enc.encode(t); return [b.length, dec.decode(b) === t] })
console.log(out)
return out`,
  'encoded bytes listed': `const bytes = new TextEncoder().encode('é€😀')
console.log(bytes, Array.from(bytes).map((b) => b.toString(16).padStart(2, '0')).join(' '))
return Array.from(bytes)`,
  'encodeInto a buffer': `const buf = new Uint8Array(8)
const r = new TextEncoder().encodeInto('héllo wörld', buf)
console.log(r, buf)
return [r.read, r.written]`,
  'decoding invalid UTF-8': `const bad = new Uint8Array([0x68, 0xff, 0x69, 0xe2, 0x82])
console.log(JSON.stringify(new TextDecoder().decode(bad)))
try { new TextDecoder('utf-8', { fatal: true }).decode(bad) } catch (e) { console.log(e.name, e instanceof TypeError) }
return new TextDecoder().decode(bad).length`,
  'TextDecoder labels and the BOM': `const withBom = new Uint8Array([0xef, 0xbb, 0xbf, 0x61])
console.log(new TextDecoder().encoding, new TextDecoder('UTF8').encoding, new TextDecoder().decode(withBom).length, new TextDecoder('utf-8', { ignoreBOM: true }).decode(withBom).length)
const le = new Uint8Array([0x61, 0, 0x62, 0])
return new TextDecoder('utf-16le').decode(le)`,
  'base64 with btoa and atob': `const s = 'user:pa55w0rd'
const b64 = btoa(s)
console.log(b64, atob(b64), atob('SGVsbG8='), btoa(''))
return b64`,
  'base64 of UTF-8 text': `const toB64 = (s) => btoa(String.fromCharCode(...new TextEncoder().encode(s)))
const fromB64 = (b) => new TextDecoder().decode(Uint8Array.from(atob(b), (c) => c.charCodeAt(0)))
const e = toB64('Zoë 🚀')
console.log(e, fromB64(e))
return e`,
  'btoa of a character outside Latin-1': `return btoa('€')`,
  'atob of invalid base64': `try { atob('not base64!') } catch (e) { console.log(e.name) }
return atob(' SGk= ')`,
  'base64url decoding of a JWT payload': `const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEiLCJyb2xlIjoiYWRtaW4iLCJleHAiOjE3MTQ1NTc2MDB9.sig'
const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
const json = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '=')))
console.log(json, new Date(json.exp * 1000).toISOString())
return json`,
  'typed array views over one buffer': `const buf = new ArrayBuffer(8)
const u8 = new Uint8Array(buf)
const u32 = new Uint32Array(buf)
const dv = new DataView(buf)
u32[0] = 0xdeadbeef
dv.setUint16(4, 0x1234)
dv.setInt16(6, -2, true)
console.log(u8, u32, dv.getUint32(0, true).toString(16), dv.getUint16(4), dv.getInt16(6, true))
return Array.from(u8)`,
  'typed array methods': `const a = Float64Array.from([3.5, -1, 2, 10, 0.25])
const sorted = a.slice().sort()
console.log(sorted, a.map((x) => x * 2), a.filter((x) => x > 1), a.reduce((s, x) => s + x), a.indexOf(2), a.includes(10))
console.log(a.subarray(1, 3), [...a.entries()].length, a.join('|'), a.at(-1), a.toSorted?.())
return Array.from(sorted)`,
  'clamped and overflowing integer arrays': `const c = new Uint8ClampedArray([300, -5, 12.5, 13.5])
const u = new Uint8Array([300, -5, 12.5])
const i = new Int8Array([200, -200])
console.log(c, u, i)
return [Array.from(c), Array.from(u), Array.from(i)]`,
  'a checksum over bytes': `const bytes = new TextEncoder().encode('The quick brown fox')
let sum = 0
let xor = 0
for (const b of bytes) { sum = (sum + b) % 65536; xor ^= b }
let crc = 0xffffffff
for (const b of bytes) {
  crc ^= b
  for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
}
const hex = ((crc ^ 0xffffffff) >>> 0).toString(16)
console.log(sum, xor, hex)
return hex`,
  'hex encoding and decoding': `const toHex = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, '0')).join('')
const fromHex = (h) => new Uint8Array(h.match(/../g).map((x) => parseInt(x, 16)))
const h = toHex(new TextEncoder().encode('hi✓'))
console.log(h, new TextDecoder().decode(fromHex(h)))
return h`,
  'an ArrayBuffer sliced and resized copy': `const src = new Uint8Array([1, 2, 3, 4, 5, 6])
const part = new Uint8Array(src.buffer.slice(2, 5))
const bigger = new Uint8Array(10)
bigger.set(src, 2)
console.log(part, bigger, src.buffer.byteLength, part.byteOffset, src.subarray(2).byteOffset)
return Array.from(bigger)`,
  'structuredClone of data with dates, maps and bytes': `const orig = { at: new Date(0), tags: new Set(['a']), m: new Map([[1, { deep: true }]]), bytes: new Uint8Array([1, 2]), nested: { arr: [1, { x: 2 }] } }
const copy = structuredClone(orig)
copy.nested.arr[1].x = 99
console.log(copy, orig.nested.arr[1].x, copy.at instanceof Date, copy.m.get(1))
return copy.nested`,
  'structuredClone of a function fails': `const task = { name: 'x', run() {} }
return structuredClone(task)`,
  'a BigInt64Array and DataView BigInts': `const b = new BigInt64Array([1n, -1n, 2n ** 62n])
const dv = new DataView(b.buffer)
console.log(b, dv.getBigUint64(8, true), dv.getBigInt64(16, true))
return Array.from(b, String)`,
  'typed array out-of-range writes': `const u = new Uint8Array(2)
u[5] = 1
u[-1] = 2
console.log(u, u.length, Object.keys(u))
return Array.from(u)`,
})

const intl = family('intl', {
  'NumberFormat with grouping and fraction digits': `const values = [0, 1, 12.5, 1234.5678, 1000000, -9876.54321, 0.000123]
const fmt = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 })
const out = values.map((v) => fmt.format(v))
console.log(out)
return out`,
  'currencies': `const amount = 1234.5
const codes = ['USD', 'EUR', 'GBP', 'JPY', 'INR', 'CAD', 'AUD', 'CNY', 'CHF', 'KRW']
const out = codes.map((currency) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount))
console.log(out)
return out`,
  'negative and rounded currencies': `const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const out = [-5, -0.005, 0.005, 1.005, 2.675, 1e9, -1234.565].map((v) => usd.format(v))
console.log(out)
return out`,
  'percentages': `const pct = new Intl.NumberFormat('en-US', { style: 'percent' })
const pct1 = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1 })
const out = [0, 0.5, 0.123, 1, 1.5, -0.25, 0.9999].map((v) => [pct.format(v), pct1.format(v)])
console.log(out)
return out`,
  'useGrouping off and resolvedOptions': `const f = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 0 })
console.log(f.format(1234567.89), new Intl.NumberFormat().format(1234567.891))
const r = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).resolvedOptions()
console.log(r.locale, r.style, r.currency, r.minimumFractionDigits, r.maximumFractionDigits)
return [r.locale, r.minimumFractionDigits]`,
  'toLocaleString of numbers in a report': `const orders = await tools.getOrders()
const total = orders.reduce((s, o) => s + o.total, 0)
console.log(\`Total: \${total.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}\`)
console.log(\`Count: \${(orders.length * 1000).toLocaleString()}\`)
return total.toLocaleString(undefined, { maximumFractionDigits: 0 })`,
  'Collator sorting with options': `const words = ['résumé', 'resume', 'Resume', 'rèsume', 'apple', 'Äpfel', 'zebra', 'Zürich', 'item10', 'item9']
const c = new Intl.Collator('en')
const base = new Intl.Collator('en', { sensitivity: 'base' })
const num = new Intl.Collator(undefined, { numeric: true })
console.log([...words].sort(c.compare))
console.log(base.compare('resume', 'Résumé'), c.compare('a', 'B'), num.compare('item9', 'item10'))
return [...words].sort(num.compare)`,
  'localeCompare in a sort of names': `const users = await tools.listUsers()
const names = users.map((u) => u.name.split(' ').reverse().join(', '))
const sorted = names.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'accent' }))
console.log(sorted)
return sorted`,
  'Intl.DateTimeFormat': `const f = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
return f.format(new Date(0))`,
  'Intl.PluralRules': `const pr = new Intl.PluralRules('en-US')
return [0, 1, 2].map((n) => pr.select(n))`,
  'Intl.RelativeTimeFormat': `const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
return rtf.format(-1, 'day')`,
  'Intl.ListFormat': `const lf = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' })
return lf.format(['a', 'b', 'c'])`,
  'NumberFormat reused across many values': `const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const products = await tools.listProducts()
const lines = products.map((p) => \`\${p.name.padEnd(20)} \${fmt.format(p.price).padStart(10)}\`)
console.log(lines.join('\\n'))
return lines.length`,
  'compact notation': `return new Intl.NumberFormat('en-US', { notation: 'compact' }).format(1234567)`,
  'NumberFormat constructed in a loop': `const out = []
for (const v of [1, 22.5, 333.333]) out.push(new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(v))
console.log(out)
return out`,
})

export const data: Program[] = [...json, ...binary, ...intl]
