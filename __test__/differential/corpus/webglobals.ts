// The web globals as programs use them: each used twice at the same code site, in loops and in
// `.map`, so that the first use (which defines the global) and later ones behave alike.
import { family, type Program } from '../harness'

const programs: Record<string, string> = {
  'TextEncoder in a map over strings': `const words = ['abc', 'héllo', '日本', '😀', '']
const sizes = words.map((w) => new TextEncoder().encode(w).length)
const again = words.map((w) => new TextEncoder().encode(w).byteLength)
console.log(sizes, again)
return sizes`,
  'TextEncoder and TextDecoder round trip in a loop': `const out: string[] = []
for (const s of ['plain', 'ünïcödé', 'emoji 👍🏽', 'tab\\tnewline\\n']) {
  const bytes = new TextEncoder().encode(s)
  const back = new TextDecoder().decode(bytes)
  out.push(back === s ? 'same ' + bytes.length : 'DIFF')
}
console.log(out)
return out`,
  'TextDecoder with labels and a BOM': `const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])
const decoders = ['utf-8', 'utf8', 'UTF-8'].map((l) => new TextDecoder(l))
console.log(decoders.map((d) => [d.encoding, d.fatal, d.ignoreBOM, d.decode(bytes)]))
console.log(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).length, new TextDecoder('latin1').decode(new Uint8Array([0xe9, 0x80])))
return new TextDecoder().decode(bytes)`,
  'TextDecoder fatal on bad bytes': `const bad = new Uint8Array([0x61, 0xff, 0x62])
console.log(new TextDecoder().decode(bad), JSON.stringify(new TextDecoder().decode(bad)))
try { new TextDecoder('utf-8', { fatal: true }).decode(bad) } catch (e) { console.log((e as Error).name, (e as Error).message, (e as any).code) }
try { new TextDecoder('nope') } catch (e) { console.log((e as Error).name, (e as Error).message) }
return 'done'`,
  'encodeInto a fixed buffer': `const buf = new Uint8Array(8)
const results = ['hi', 'héllo wörld', '🙂🙂🙂'].map((s) => new TextEncoder().encodeInto(s, buf))
console.log(results, buf)
return results`,
  'TextEncoder printed and its prototype': `const enc = new TextEncoder()
console.log(enc, enc.encoding, new TextDecoder(), Object.prototype.toString.call(enc))
console.log(enc.encode('ab'))
return enc.encoding`,
  'atob and btoa of tokens in a loop': `const tokens = ['user:pass', 'ada@example.com', '', 'a', 'ab', 'abc']
const encoded = tokens.map((t) => btoa(t))
const decoded = encoded.map((e) => atob(e))
console.log(encoded, decoded.every((d, i) => d === tokens[i]))
return encoded`,
  'base64url of JSON and back': `const toB64Url = (s: string) => btoa(s).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')
const fromB64Url = (s: string) => atob(s.replace(/-/g, '+').replace(/_/g, '/'))
const claims = [{ sub: 1, name: 'Ada' }, { sub: 2, roles: ['admin', 'ops'], exp: 1700000000 }]
const jwts = claims.map((c) => toB64Url(JSON.stringify({ alg: 'none' })) + '.' + toB64Url(JSON.stringify(c)) + '.')
console.log(jwts)
const back = jwts.map((j) => JSON.parse(fromB64Url(j.split('.')[1])))
console.log(back)
return back`,
  'btoa of non-Latin-1 text fails and the workaround': `const messages: string[] = []
for (const s of ['café', '日本', '😀']) {
  try { messages.push(btoa(s)) } catch (e) { messages.push((e as Error).name + ': ' + (e as Error).message) }
}
const utf8b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)))
console.log(messages, ['日本', '😀'].map(utf8b64))
try { atob('not base64!') } catch (e) { console.log((e as DOMException).name, (e as DOMException).code, (e as Error).message) }
return messages`,
  'atob of whitespace and missing padding': `const inputs = ['aGVsbG8=', 'aGVsbG8', ' aGVs bG8= ', 'aGVsbG8==', 'YQ', 'YQ=']
const out = inputs.map((s) => { try { return atob(s) } catch (e) { return (e as Error).name } })
console.log(out)
return out`,
  'structuredClone of a tool result, twice': `const orders = await tools.getOrders()
const copies = [0, 1].map(() => structuredClone(orders[0]))
copies[0].items[0].qty = 999
console.log(copies[0] !== copies[1], copies[1].items[0].qty === orders[0].items[0].qty, copies[1])
return copies[1].id`,
  'structuredClone of Maps, Dates, cycles and typed arrays': `const shared = { tag: 'shared' }
const value: any = { when: new Date(0), m: new Map([['k', shared]]), s: new Set([1, 2]), bytes: new Uint8Array([1, 2, 3]), re: /x/gi, big: 10n, list: [shared, shared] }
value.self = value
const c = structuredClone(value)
console.log(c.self === c, c.list[0] === c.list[1], c.m.get('k') === c.list[0], c.when instanceof Date, c.re.flags, c)
return Object.keys(c)`,
  'structuredClone refuses functions and class identity is lost': `class Point { constructor(public_x: number) { this.x = public_x } x: number; norm() { return Math.abs(this.x) } }
const copy = structuredClone(new Point(-3))
console.log(copy, copy instanceof Point, typeof (copy as any).norm)
for (const bad of [() => 1, { f() {} }, Symbol('s')]) {
  try { structuredClone(bad) } catch (e) { console.log((e as Error).name, (e as Error).message) }
}
const err = structuredClone(new RangeError('cloned', { cause: 'why' }))
console.log(err instanceof RangeError, err.message, (err as any).cause)
return 'ok'`,
  'crypto.randomUUID shapes in a loop': `const ids = Array.from({ length: 20 }, () => crypto.randomUUID())
const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
console.log(ids.every((id) => shape.test(id)), new Set(ids).size, typeof ids[0], ids[0].length)
return ids.map((id) => id.length)`,
  'crypto.getRandomValues fills and returns its argument': `const a = new Uint8Array(16)
const r = crypto.getRandomValues(a)
const b = crypto.getRandomValues(new Uint32Array(4))
console.log(r === a, a.length, b.length, b.every((x) => Number.isInteger(x) && x >= 0))
try { crypto.getRandomValues(new Float64Array(2) as any) } catch (e) { console.log((e as Error).name) }
try { crypto.getRandomValues(new Uint8Array(70000)) } catch (e) { console.log((e as Error).name, (e as Error).message) }
return typeof crypto.randomUUID`,
  'URLs built in a map over a tool': `const issues = await tools.searchIssues({ q: 'a' })
const links = issues.slice(0, 5).map((i) => {
  const u = new URL('/repos/acme/app/issues/' + i.number, 'https://github.example')
  u.searchParams.set('title', i.title)
  return u.href
})
const again = links.map((l) => new URL(l).searchParams.get('title'))
console.log(links, again)
return links`,
  'URLSearchParams from an object, twice in a loop': `const queries = [{ q: 'boa engine', page: '2' }, { q: 'a&b=c', tags: 'x,y' }, {}]
const out: string[] = []
for (const q of queries) {
  const p = new URLSearchParams(q)
  p.append('sort', 'desc')
  out.push(p.toString())
}
for (const q of queries) out.push(String(new URLSearchParams(q).size))
console.log(out)
return out`,
  'URLSearchParams iteration, getAll and sort': `const p = new URLSearchParams('?b=2&a=1&b=3&c=%20sp+ace&empty=&flag')
console.log([...p], p.getAll('b'), p.get('c'), p.get('missing'), p.has('flag'), p.has('b', '3'))
p.sort()
p.delete('b', '2')
console.log(p.toString(), Object.fromEntries(p), p)
return [...p.keys()]`,
  'URL parts of many addresses': `const addresses = ['https://user:pw@api.example.com:8443/v1/items?id=5#top', 'http://localhost:3000', 'file:///tmp/x.txt', 'mailto:ada@example.com', 'https://例え.jp/パス']
const parts = addresses.map((a) => { const u = new URL(a); return [u.protocol, u.host, u.pathname, u.search, u.hash, u.origin] })
console.table(parts)
return parts`,
  'URL.canParse and invalid URLs': `const inputs = ['https://ok.example', 'not a url', '/relative', '//host.example/x', 'http://[::1]:80/']
console.log(inputs.map((i) => URL.canParse(i)), URL.canParse('/relative', 'https://base.example'))
for (const i of inputs) {
  try { console.log(new URL(i).href) } catch (e) { console.log((e as Error).name, (e as Error).message, (e as any).code) }
}
return inputs.filter((i) => URL.canParse(i))`,
  'URL setters and normalisation': `const u = new URL('HTTPS://Example.COM:443/a/./b/../c?x=1#h')
console.log(u.href)
u.port = '8080'; u.pathname = '/new path/ü'; u.hash = ''; u.search = '?q=1 2'
console.log(u.href, u.port, u.pathname, u.search)
u.protocol = 'http'; u.hostname = 'other.example'
console.log(String(u), JSON.stringify({ u }))
return u.toJSON()`,
  'a URL logged whole': `const u = new URL('https://api.example.com/search?q=boa&limit=10#results')
console.log(u)
console.log(u.searchParams)
console.log([u, u.searchParams])
return u.href`,
  'query strings parsed from event paths': `const events = await tools.getEvents()
const params = events.map((e) => new URL(e.path, 'http://svc.local').searchParams).filter((p) => p.size > 0)
const merged = new Map<string, Set<string>>()
for (const p of params) for (const [k, v] of p) (merged.get(k) ?? merged.set(k, new Set()).get(k)!).add(v)
console.log(merged)
return Object.fromEntries([...merged].map(([k, v]) => [k, [...v]]))`,
  'encodeURIComponent against URLSearchParams encoding': `const values = ['a b', 'a+b', 'ü', '&=?', '~*()!\\'', '/path']
const rows = values.map((v) => [v, encodeURIComponent(v), new URLSearchParams({ v }).toString().slice(2), encodeURI(v), escape(v)])
console.table(rows)
return rows.map((r) => r[2])`,
}

export const webGlobals: Program[] = family('web globals', programs)
