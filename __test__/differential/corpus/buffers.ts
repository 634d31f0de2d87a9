// Node's Buffer as programs written for Node use it: encodings both ways, binary records read
// and written, chunks joined, digests and tokens printed, JSON of a Buffer, and the errors a
// model meets (and fixes its program from).
import { family } from '../harness'

export const buffers = family('Buffer', {
  'utf8, base64 and hex round trips of many strings': `const samples = ['hello', 'héllo wörld', '日本語', 'emoji 👍🏽 ok', '', 'tab\\there\\nnewline', 'a'.repeat(70)]
const rows = samples.map((s) => {
  const b64 = Buffer.from(s).toString('base64')
  const hex = Buffer.from(s, 'utf8').toString('hex')
  return { s: s.slice(0, 12), bytes: Buffer.byteLength(s), b64, back: Buffer.from(b64, 'base64').toString() === s, hexBack: Buffer.from(hex, 'hex').toString('utf8') === s }
})
console.log(rows)
return rows.map((r) => r.b64)`,
  'a Basic authorization header and its decoding': `const users = await tools.listUsers({ team: 'core' })
const headers = users.map((u) => ({ user: u.email, authorization: 'Basic ' + Buffer.from(u.email + ':' + u.name.toLowerCase().replace(/ /g, '-')).toString('base64') }))
console.log(headers)
const decoded = headers.map((h) => Buffer.from(h.authorization.slice(6), 'base64').toString('utf-8').split(':'))
console.log(decoded)
return decoded.length`,
  'a JWT payload decoded with base64url': `const header = { alg: 'HS256', typ: 'JWT' }
const payload = { sub: 'user_42', name: 'Zoë Ångström', roles: ['admin'], iat: 1700000000 }
const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
const token = encode(header) + '.' + encode(payload) + '.' + Buffer.from('not-a-real-signature').toString('base64url')
console.log(token)
const [h, p, s] = token.split('.')
const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'))
console.log(JSON.parse(Buffer.from(h, 'base64').toString()), claims, Buffer.from(s, 'base64url').toString())
return claims`,
  'base64url tokens from bytes, with and without padding': `const tokens: string[] = []
for (let n = 1; n <= 8; n++) {
  const bytes = Buffer.alloc(n)
  for (let i = 0; i < n; i++) bytes[i] = (i * 97 + n * 31) & 255
  tokens.push(bytes.toString('base64url') + ' ' + bytes.toString('base64'))
}
console.log(tokens)
const padded = tokens.map((t) => t.split(' ')[0]).map((t) => Buffer.from(t + '='.repeat((4 - (t.length % 4)) % 4), 'base64').length)
return padded`,
  'a binary packet parsed with read methods': `// magic, version, flags, count, then count records of (id u32, temperature i16 / 10, ok u8)
const packet = Buffer.from('CAFE0102' + '0003' + '000003E8FF9C01' + '000003E9012C00' + '0000FFFF800001', 'hex')
const magic = packet.readUInt16BE(0)
const version = packet.readUInt8(2)
const flags = packet.readUInt8(3)
const count = packet.readUInt16BE(4)
const records: any[] = []
let offset = 6
for (let i = 0; i < count; i++) {
  records.push({ id: packet.readUInt32BE(offset), temperature: packet.readInt16BE(offset + 4) / 10, ok: packet.readUInt8(offset + 6) === 1 })
  offset += 7
}
console.log(magic.toString(16), version, flags, count, records, offset === packet.length)
return records`,
  'a binary record written with write methods and dumped in hex': `const record = Buffer.alloc(32)
let at = 0
at = record.writeUInt32LE(0x12345678, at)
at = record.writeInt32BE(-42, at)
at = record.writeUInt16LE(65535, at)
at = record.writeInt8(-128, at)
at = record.writeFloatLE(1.5, at)
at = record.writeDoubleBE(Math.PI, at)
at = record.writeBigUInt64LE(2n ** 63n + 5n, at)
at += record.write('ok', at)
console.log(at, record.toString('hex'))
const lines: string[] = []
for (let i = 0; i < record.length; i += 8) lines.push(i.toString(16).padStart(4, '0') + '  ' + record.subarray(i, i + 8).toString('hex').match(/../g)!.join(' '))
console.log(lines.join('\\n'))
return [record.readUInt32LE(0), record.readInt32BE(4), record.readFloatLE(11), record.readDoubleBE(15), String(record.readBigUInt64LE(23))]`,
  'little- and big-endian integers of every size': `const b = Buffer.alloc(8)
const out: unknown[] = []
for (const size of [1, 2, 3, 4, 5, 6]) {
  const max = 2 ** (8 * size) - 1
  b.fill(0)
  b.writeUIntLE(max - 1, 0, size)
  out.push([size, b.readUIntLE(0, size), b.readUIntBE(0, size), b.readIntLE(0, size), b.readIntBE(0, size)])
  b.writeIntBE(-(2 ** (8 * size - 1)), 0, size)
  out.push(b.subarray(0, size).toString('hex'))
}
console.log(out)
return out`,
  'chunks of a streamed reply joined with concat': `const page = await tools.fetchPage({ url: 'https://example.com/' })
const chunks: Buffer[] = []
for (let i = 0; i < page.body.length; i += 17) chunks.push(Buffer.from(page.body.slice(i, i + 17)))
const body = Buffer.concat(chunks)
console.log(chunks.length, body.length, Buffer.byteLength(page.body), body.toString() === page.body)
const title = body.toString().match(/<title>(.*?)<\\/title>/)![1]
console.log(title, Buffer.concat([Buffer.from('['), Buffer.from(title), Buffer.from(']')]).toString())
return { chunks: chunks.length, total: body.length }`,
  'concat with a total length, shorter and longer': `const parts = [Buffer.from('abc'), new Uint8Array([1, 2]), Buffer.from('de')]
console.log(Buffer.concat(parts), Buffer.concat(parts, 4), Buffer.concat(parts, 10), Buffer.concat([]), Buffer.concat([Buffer.alloc(0)]))
return Buffer.concat(parts, 5).toString('hex')`,
  'a checksum printed as a hex digest': `// FNV-1a 32 and a CRC-32 over the bytes of each order, printed as 8 hex digits
const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0 })
const crc32 = (buf: Buffer) => { let c = 0xffffffff; for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0 }
const fnv1a = (buf: Buffer) => { let h = 0x811c9dc5; for (let i = 0; i < buf.length; i++) { h ^= buf[i]; h = Math.imul(h, 0x01000193) >>> 0 } return h }
const orders = await tools.getOrders({ status: 'paid' })
const digests = orders.map((o: any) => {
  const bytes = Buffer.from(JSON.stringify(o))
  const out = Buffer.alloc(8)
  out.writeUInt32BE(crc32(bytes), 0)
  out.writeUInt32BE(fnv1a(bytes), 4)
  return { id: o.id, crc32: out.toString('hex', 0, 4), fnv1a: out.subarray(4).toString('hex') }
})
console.log(digests)
return digests`,
  'JSON of a Buffer and back': `const buf = Buffer.from('héllo')
const json = JSON.stringify({ name: 'greeting', data: buf })
console.log(json, JSON.stringify(Buffer.alloc(0)), buf.toJSON())
const parsed = JSON.parse(json)
const back = Buffer.from(parsed.data)
console.log(back, back.equals(buf), back.toString(), Buffer.from(JSON.parse(JSON.stringify(buf))).toString())
return parsed`,
  'a Buffer printed in objects, arrays and at depth': `const short = Buffer.from('hi')
const long = Buffer.from('x'.repeat(60))
console.log(short, long, Buffer.alloc(0), Buffer.alloc(51, 1))
console.log([short, short], { data: short, meta: { inner: short } }, { a: { b: { c: short } } })
console.log({ a: { b: { c: { d: short } } } })
console.log('%s|%o|%O|%j', short, short, short, short)
return short`,
  'a Buffer with own properties printed': `const b = Buffer.from('xyz') as any
b.label = 'tag'
b.meta = { n: 1, list: [1, 2, 3, 4, 5, 6, 7, 8] }
console.log(b)
const empty = Buffer.alloc(0) as any
empty.note = true
console.log(empty, [b])
return Object.keys(b)`,
  'slices and subarrays share memory': `const whole = Buffer.from('hello world')
const hello = whole.slice(0, 5)
const world = whole.subarray(-5)
hello[0] = 0x48
world.write('W')
console.log(whole.toString(), hello.toString(), world.toString(), hello.buffer === whole.buffer, world.byteOffset - whole.byteOffset)
console.log(whole.slice(3, 1), whole.slice(-3, -1).toString(), whole.slice(100).length, whole.subarray(2, 100).toString(), Buffer.isBuffer(whole.slice(1)))
return [whole.toString(), hello.length, world.length]`,
  'Buffer.from an ArrayBuffer shares its memory': `const ab = new ArrayBuffer(8)
const view = new Uint8Array(ab)
const whole = Buffer.from(ab)
const part = Buffer.from(ab, 2, 4)
view[2] = 7
whole[3] = 9
console.log(whole, part, part.byteOffset, part.length, view[3], Buffer.from(ab, 6).length, Buffer.from(new Uint8Array([1, 2, 3]).buffer, 1))
const copy = Buffer.from(view)
copy[0] = 99
console.log(view[0], copy[0], Buffer.from(whole) !== whole)
return part`,
  'copy between buffers': `const source = Buffer.from('abcdefgh')
const target = Buffer.alloc(10, '.')
const copied = [source.copy(target), source.copy(target, 6, 2, 4), source.copy(target, 8), source.copy(target, 20)]
console.log(copied, target.toString())
const same = Buffer.from('0123456789')
same.copy(same, 2, 0, 6)
console.log(same.toString())
return copied`,
  'fill with numbers, strings, encodings and buffers': `const b = Buffer.alloc(10)
console.log(b.fill(1), b.fill('ab'), b.fill('é'), b.fill('ab', 2, 7), b.fill(0x101, 8))
console.log(b.fill('deadbeef', 'hex'), b.fill('aGk=', 'base64'), b.fill(Buffer.from([7, 8, 9]), 1), b.fill(''))
console.log(Buffer.alloc(4, 'abc'), Buffer.alloc(5, 'ab', 'utf16le'), Buffer.alloc(3, -1), Buffer.alloc(3, 2.7))
return b.fill('z').toString()`,
  'searching a buffer with indexOf, lastIndexOf and includes': `const log = Buffer.from('GET /a HTTP/1.1\\r\\nHost: x\\r\\n\\r\\nbody\\r\\n')
const headerEnd = log.indexOf('\\r\\n\\r\\n')
const lines: string[] = []
let start = 0
for (let i = log.indexOf('\\r\\n'); i !== -1 && i < headerEnd + 1; i = log.indexOf('\\r\\n', start)) { lines.push(log.toString('utf8', start, i)); start = i + 2 }
console.log(headerEnd, lines, log.lastIndexOf('\\r\\n'), log.includes('Host'), log.includes('host'), log.indexOf(0x0a), log.lastIndexOf(10, -5))
console.log(log.indexOf(Buffer.from('HTTP')), log.indexOf('48545450', 0, 'hex'), log.indexOf('x', -20), log.indexOf('', 3), log.lastIndexOf('', 100))
return log.subarray(headerEnd + 4).toString().trim()`,
  'comparing and sorting buffers': `const list = ['pear', 'apple', 'fig', 'apples', 'Zebra', ''].map((s) => Buffer.from(s))
const sorted = [...list].sort(Buffer.compare).map((b) => b.toString())
console.log(sorted, Buffer.compare(list[1], list[3]), list[1].compare(list[3]), list[0].equals(Buffer.from('pear')), list[0].equals(new Uint8Array([112, 101, 97, 114])))
console.log(list[3].compare(list[1], 0, 5, 0, 5), list[0].compare(list[1], 1, 2, 3, 4))
return sorted`,
  'utf16le text and byte swapping': `const text = 'Hi ✓ 👍'
const le = Buffer.from(text, 'utf16le')
const be = Buffer.from(le).swap16()
console.log(le, be, le.toString('ucs2'), be.swap16().toString('utf16le') === text, Buffer.byteLength(text, 'ucs-2'))
const words = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8])
console.log(Buffer.from(words).swap32(), Buffer.from(words).swap64(), words.readUInt32LE(0).toString(16))
return le.length`,
  'latin1, binary and ascii': `const s = 'café £5 — ok'
const latin = Buffer.from(s, 'latin1')
console.log(latin, latin.toString('latin1'), latin.toString('binary'), latin.toString('ascii'), Buffer.from(s, 'ascii').equals(latin))
console.log(Buffer.from([0xe9, 0xff, 0x80, 0x41]).toString('latin1'), JSON.stringify(Buffer.from([0xe9, 0x41]).toString('ascii')))
return latin.length`,
  'decoding invalid UTF-8 and truncating to a byte budget': `const bytes = Buffer.from([0x61, 0xff, 0xc3, 0x28, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98])
console.log(JSON.stringify(bytes.toString()), bytes.toString().length)
const truncate = (s: string, max: number) => {
  const b = Buffer.from(s)
  if (b.length <= max) return s
  let end = max
  while (end > 0 && (b[end] & 0xc0) === 0x80) end--
  return b.toString('utf8', 0, end)
}
const names = (await tools.listUsers()).map((u: any) => u.name + ' 👩‍💻')
console.log(names.map((n: string) => truncate(n, 10)), names.map((n: string) => Buffer.from(n).toString('utf8', 0, 10)))
return names.map((n: string) => Buffer.byteLength(n))`,
  'lone surrogates in and out': `const broken = 'a\\ud800b\\udc00'
const b = Buffer.from(broken)
console.log(b, Buffer.byteLength(broken), JSON.stringify(b.toString()), Buffer.from(broken, 'utf16le'), JSON.stringify(Buffer.from(broken, 'utf16le').toString('utf16le')))
return b.length`,
  'hex strings a model parses': `const inputs = ['deadbeef', 'DEADBEEF', '0x1f', 'abc', 'ab cd', 'zz', '', '00ff00ff']
const parsed = inputs.map((s) => { const b = Buffer.from(s, 'hex'); return [s, b.length, b.toString('hex')] })
console.log(parsed)
const color = Buffer.from('ff8800', 'hex')
console.log({ r: color[0], g: color[1], b: color[2] }, color.readUIntBE(0, 3).toString(16))
return parsed`,
  'lenient base64 a model decodes': `const inputs = ['aGVsbG8=', 'aGVsbG8', 'aGVs\\nbG8=', 'aGVs bG8=', '-_-_', '+/+/', 'YQ==YQ==', '!!!!aGk=', 'a', '====', 'aGk=extra']
const out = inputs.map((s) => [JSON.stringify(s), Buffer.from(s, 'base64').toString('hex'), Buffer.from(s, 'base64url').toString('hex'), Buffer.byteLength(s, 'base64')])
console.log(out)
return out.length`,
  'PEM-style base64 wrapped at 64 columns': `const bytes = Buffer.alloc(150)
for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 37 + 11) % 256
const b64 = bytes.toString('base64')
const pem = ['-----BEGIN DATA-----', ...(b64.match(/.{1,64}/g) ?? []), '-----END DATA-----'].join('\\n')
console.log(pem)
const body = pem.split('\\n').slice(1, -1).join('')
console.log(Buffer.from(body, 'base64').equals(bytes), Buffer.from(pem.split('\\n').slice(1, -1).join('\\n'), 'base64').length)
return b64.length`,
  'iterating, mapping and converting a Buffer': `const b = Buffer.from('abc')
const spread = [...b]
const mapped = b.map((x) => x + 1)
const filtered = b.filter((x) => x !== 98)
const entries = [...b.entries()]
console.log(spread, Array.from(b), mapped, Buffer.isBuffer(mapped), mapped.toString(), filtered, entries, b.reduce((a, x) => a + x, 0))
let s = ''
for (const byte of b) s += byte.toString(2).padStart(8, '0') + ' '
console.log(s.trim(), b.join('-'), b.at(-1), b.toReversed ? 'has toReversed' : 'no toReversed')
return spread`,
  'Buffer as a string': `const b = Buffer.from('plain text')
console.log(String(b), \`\${b}\`, b + '!', b.toString('utf8', 6), b.toString(undefined, 0, 5), b.toString('hex', 2, 4), b.toLocaleString())
console.log(b.toString('utf8', -5, 100), b.toString('utf8', 5, 2) === '', b.toString('utf8', NaN, 3))
return String(b)`,
  'write a string into a buffer at offsets': `const b = Buffer.alloc(12, '-')
const written = [b.write('abc'), b.write('xyz', 4), b.write('éé', 8), b.write('hello', 10), b.write('ffee', 6, 'hex'), b.write('Zm9v', 0, 2, 'base64')]
console.log(written, b.toString(), b)
return written`,
  'isBuffer, isEncoding and the class': `const b = Buffer.alloc(2)
const u = new Uint8Array(2)
console.log(Buffer.isBuffer(b), Buffer.isBuffer(u), Buffer.isBuffer('x'), b instanceof Buffer, b instanceof Uint8Array, u instanceof Buffer)
console.log(['utf8', 'UTF-8', 'hex', 'Base64', 'base64url', 'latin1', 'binary', 'ucs2', 'utf16le', 'ascii', 'utf32', '', 'nope'].map((e) => Buffer.isEncoding(e)))
console.log(typeof Buffer, Buffer.name, Buffer.length, Buffer.poolSize, Object.getPrototypeOf(Buffer) === Uint8Array, b.constructor === Buffer, Object.prototype.toString.call(b))
return [Buffer.isBuffer(b), Buffer.isEncoding('hex')]`,
  'allocation functions': `const zeros = Buffer.alloc(4)
const filled = Buffer.alloc(4, 'a')
const unsafe = Buffer.allocUnsafe(4).fill(0)
const slow = Buffer.allocUnsafeSlow(3).fill(1)
const legacy = Buffer.from([1, 2, 3])
console.log(zeros, filled, unsafe, slow, legacy, Buffer.of(1, 2, 257), Buffer.alloc(2.7), Buffer.alloc(0).length)
return [zeros.length, filled.toString()]`,
  'a Buffer returned and sent to a tool': `const b = Buffer.from('payload')
const echoed = await tools.echo({ bytes: b, text: b.toString('base64') })
console.log(echoed.bytes instanceof Uint8Array, Buffer.isBuffer(echoed.bytes), echoed.text, Buffer.from(echoed.bytes).toString())
return { buf: b, sub: b.subarray(1, 3) }`,
  'a 64-bit id in BigInt': `const ids = [0n, 1n, 2n ** 53n + 1n, 2n ** 64n - 1n, 9007199254740993n]
const out = ids.map((id) => {
  const b = Buffer.alloc(8)
  b.writeBigUInt64BE(id)
  return [b.toString('hex'), String(b.readBigUInt64BE()), String(b.readBigInt64BE()), String(b.readBigUint64LE())]
})
console.log(out)
return out`,
  'floats read and written': `const values = [0, -0, 1.5, -2.25, 3.4028234663852886e38, 1e-45, NaN, Infinity, 0.1]
const out = values.map((v) => {
  const b = Buffer.alloc(12)
  b.writeFloatLE(v, 0)
  b.writeDoubleBE(v, 4)
  return [b.toString('hex'), b.readFloatLE(0), b.readDoubleBE(4)]
})
console.log(out)
return out.length`,
  'a read past the end and its error': `const header = Buffer.from([0, 1, 2])
try { header.readUInt32BE(0) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
try { header.readUInt16LE(2) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
try { header.readUInt8(3) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
try { header.readInt8(-1) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
try { header.readUInt8(0.5) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
try { header.readUInt8('0' as any) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
try { Buffer.alloc(0).readUInt8() } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
try { header.readUIntBE(0, 7) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) }
return header.readUInt16BE(1)`,
  'writes out of range and their errors': `const b = Buffer.alloc(4)
const attempts = [() => b.writeUInt8(256), () => b.writeUInt8(-1), () => b.writeInt8(128), () => b.writeUInt16BE(70000), () => b.writeInt32LE(2 ** 31), () => b.writeUInt32BE(2 ** 32), () => b.writeUInt32LE(1, 1), () => b.writeUIntBE(2 ** 40, 0, 5), () => b.writeBigInt64LE(1n), () => b.writeBigUInt64BE(-1n), () => b.writeDoubleLE(1), () => b.writeUInt8(1.5, 2)]
for (const attempt of attempts) { try { console.log('wrote', attempt()) } catch (e) { console.log(e.name, (e as any).code, (e as Error).message) } }
return [...b]`,
  'a BigInt writer given a number': `const b = Buffer.alloc(8)
try { b.writeBigInt64BE(5 as any) } catch (e) { console.log(e.name, (e as Error).message) }
try { b.writeBigUInt64LE(2n ** 64n) } catch (e) { console.log(e.name, (e as Error).message) }
return 'done'`,
  'arguments of the wrong type': `const attempts: Array<() => unknown> = [
  () => Buffer.from(undefined as any), () => Buffer.from(42 as any), () => Buffer.from(null as any), () => Buffer.from({ a: 1 } as any), () => Buffer.from(Symbol('s') as any),
  () => Buffer.alloc('10' as any), () => Buffer.alloc(-5), () => Buffer.alloc(2 ** 33), () => Buffer.concat('ab' as any), () => Buffer.concat([Buffer.from('a'), 'b' as any]),
  () => Buffer.byteLength(5 as any), () => Buffer.compare(Buffer.alloc(1), [1] as any), () => Buffer.from('a').equals('a' as any), () => Buffer.from('a').indexOf({} as any),
  () => Buffer.from('a').toString('utf-7' as any), () => Buffer.from('a', 'utf-9' as any), () => Buffer.alloc(2).write(5 as any), () => Buffer.alloc(2).fill('a', 0, 1, 'bad' as any),
  () => Buffer.alloc(4).fill('zz', 'hex'), () => Buffer.alloc(3).swap16(), () => Buffer.alloc(2).copy('x' as any), () => Buffer.alloc(2).write('a', 5),
]
for (const attempt of attempts) {
  try { console.log('ok', attempt()) } catch (e) { console.log(\`\${(e as Error).name} [\${(e as any).code}]: \${(e as Error).message}\`) }
}
return attempts.length`,
  'errors logged, printed as strings and checked by code': `const errors: any[] = []
for (const f of [() => Buffer.alloc(-1), () => Buffer.from(1 as any), () => Buffer.from('a').toString('nope' as any), () => Buffer.alloc(1).readUInt16LE(0)]) {
  try { f() } catch (e) { errors.push(e) }
}
for (const e of errors) console.log(e)
console.log(errors.map((e) => String(e)), errors.map((e) => e instanceof RangeError), errors.map((e) => e.constructor.name), errors.map((e) => Object.keys(e)))
console.log(errors.map((e) => e.code === 'ERR_OUT_OF_RANGE' ? 'range' : e.code === 'ERR_INVALID_ARG_TYPE' ? 'type' : 'other'))
return errors.map((e) => e.message)`,
  'an uncaught error from Buffer ends the run': `const sizes = [4, 2, 1]
const b = Buffer.alloc(3)
const read = sizes.map((size) => b.readUIntBE(0, size))
return read`,
  'an uncaught type error from Buffer.from': `const users = await tools.listUsers({ team: 'nobody' })
const first = users[0]
return Buffer.from(first?.name).toString('base64')`,
  'Buffer.from of array-likes and odd values': `console.log(Buffer.from([1.7, -1, 256, 'x', '5', null]), Buffer.from({ length: 3, 0: 65, 2: 67 }), Buffer.from({ length: -1 }), Buffer.from({ length: 'x' } as any))
console.log(Buffer.from(new String('text')), Buffer.from({ type: 'Buffer', data: [104, 105] } as any), Buffer.from({ valueOf: () => 'vo' } as any), Buffer.from({ [Symbol.toPrimitive]: () => 'prim' } as any))
console.log(Buffer.from(new Uint16Array([1, 256, 65535])), Buffer.from(new Float64Array([1.9, -1])), Buffer.copyBytesFrom(new Uint16Array([1, 256])), Buffer.copyBytesFrom(new Uint16Array([1, 2, 3]), 1, 1))
return Buffer.from('x', 'nope-but-falsy-check' as any === 'x' ? 'hex' : undefined)`,
  'encodings named in any case': `const names = ['utf8', 'UTF8', 'utf-8', 'Utf-8', 'HEX', 'Hex', 'BASE64', 'base64URL', 'LATIN1', 'Binary', 'UCS2', 'UCS-2', 'UTF16LE', 'utf-16le', 'ASCII']
const out = names.map((n) => [n, Buffer.from('hi', n as BufferEncoding).toString(n as BufferEncoding), Buffer.byteLength('hi', n as BufferEncoding)])
console.log(out, Buffer.byteLength('héllo', 'nope' as any), Buffer.from('hi', '' as any), Buffer.from('hi', null as any))
return out.length`,
  'Buffer methods and statics listed': `const statics = Object.keys(Buffer)
const own = Object.getOwnPropertyNames(Buffer.prototype)
console.log(statics, own.length, own.slice(0, 12), own.includes('readUint8'), own.includes('toJSON'), typeof Buffer.prototype.parent)
console.log(Buffer.prototype.readFloatLE.name, Buffer.prototype.readUint8.name, Buffer.prototype.readUInt32BE.length, Buffer.prototype.writeUIntLE.length, Buffer.of.name, Buffer.from.name)
return statics`,
  'Buffer used many times in one loop': `const out: string[] = []
for (let i = 0; i < 20; i++) {
  const b = Buffer.alloc(4)
  b.writeUInt16BE(i * 1000, 0)
  b.writeUInt16LE(i, 2)
  out.push(b.toString('hex') + ':' + Buffer.from(String(i)).toString('base64'))
}
console.log(out.join(' '))
return out.length`,
})
