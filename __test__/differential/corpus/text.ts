// Text as tool results need it: JSON with replacers and indents, regular expressions with named
// groups, matchAll, replace callbacks and sticky flags, unicode strings, and date arithmetic.
import { family, type Program } from '../harness'

const json: Record<string, string> = {
  'JSON.stringify with a key whitelist and indents': `const users = await tools.listUsers({ team: 'math' })
console.log(JSON.stringify(users, ['id', 'name'], 2))
console.log(JSON.stringify(users[0], null, '\\t'))
console.log(JSON.stringify({ a: [1, { b: 2 }], c: {} , d: [] }, null, 12))
console.log(JSON.stringify([1, 2], null, '--->'))
return JSON.stringify(users, ['id'])`,
  'JSON.stringify replacer function redacting fields': `const users = await tools.listUsers()
const redacted = JSON.stringify(users.slice(0, 2), function (key, value) {
  if (key === 'email') return value.replace(/^[^@]+/, '***')
  if (key === 'score') return undefined
  if (typeof value === 'number' && key !== 'id') return Math.round(value)
  return value
}, 1)
console.log(redacted)
return JSON.parse(redacted)`,
  'JSON.stringify of special values': `const value = { u: undefined, f() {}, s: Symbol('x'), n: NaN, i: -Infinity, z: -0, d: new Date(0), nested: [undefined, () => 1, Symbol('y')], m: new Map([[1, 2]]), set: new Set([1]), re: /x/, err: new Error('e'), typed: new Uint8Array([1, 2]) }
console.log(JSON.stringify(value))
console.log(JSON.stringify(undefined), JSON.stringify(() => 1), JSON.stringify(null), JSON.stringify('he said "hi"\\n'), JSON.stringify('\\u2028\\ud800'))
return JSON.stringify(value).length`,
  'toJSON on classes and dates': `class Money { amount: number; currency: string; constructor(a: number, c: string) { this.amount = a; this.currency = c } toJSON() { return this.amount.toFixed(2) + ' ' + this.currency } }
const doc = { price: new Money(9.5, 'USD'), at: new Date(Date.UTC(2024, 1, 29, 12)), nested: { toJSON(key: string) { return 'key was ' + JSON.stringify(key) } } }
console.log(JSON.stringify(doc, null, 2))
return JSON.parse(JSON.stringify(doc))`,
  'JSON.parse with a reviver restoring dates': `const text = JSON.stringify(await tools.searchIssues({ q: 'docs' }))
const iso = /^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$/
const parsed = JSON.parse(text, (key, value) => (typeof value === 'string' && iso.test(value) ? new Date(value) : value))
console.log(parsed.map((i: any) => [i.number, i.createdAt instanceof Date, i.createdAt.getUTCDay()]))
const order: string[] = []
JSON.parse('{"a":{"b":1},"c":[2]}', function (k, v) { order.push(k === '' ? '(root)' : k); return v })
console.log(order)
return parsed.length`,
  'JSON.parse errors a model meets': `const inputs = ['{"a":1,}', "{'a':1}", '[1, 2', '', 'undefined', '{"a":01}', '"unterminated', 'NaN', '{"a":1}garbage', '\\u00ef\\u00bb\\u00bf{}']
for (const s of inputs) {
  try { JSON.parse(s); console.log('ok', s) } catch (e) { console.log((e as Error).name + ': ' + (e as Error).message) }
}
return inputs.length`,
  'deep JSON round trip and key order': `const obj: Record<string, unknown> = { b: 1, a: 2, 10: 'ten', 2: 'two', '-1': 'neg', '01': 'lead' }
console.log(JSON.stringify(obj), Object.keys(obj))
const deep = JSON.parse(JSON.stringify({ l1: { l2: { l3: { l4: { l5: [1, { l6: true }] } } } } }))
console.log(deep, JSON.stringify(deep))
return obj`,
}

const regex: Record<string, string> = {
  'named groups parsing log lines': `const lines = ['2024-01-15 09:30:00 ERROR [api] upstream timeout (1234ms)', '2024-01-15 09:31:10 INFO [web] request served (12ms)', 'garbage line']
const re = /^(?<date>\\d{4}-\\d{2}-\\d{2}) (?<time>[\\d:]+) (?<level>[A-Z]+) \\[(?<svc>\\w+)\\] (?<msg>.+?) \\((?<ms>\\d+)ms\\)$/
const parsed = lines.map((l) => l.match(re)?.groups ?? null)
console.log(parsed)
console.log(lines[0].match(re))
return parsed.map((g) => (g ? { ...g, ms: Number(g.ms) } : null))`,
  'matchAll with indices and named groups': `const text = 'Contact ada@example.com or grace@navy.example; cc: kj@nasa.example.'
const re = /(?<user>[\\w.]+)@(?<domain>[\\w.]+\\w)/dg
const found = [...text.matchAll(re)].map((m) => ({ user: m.groups!.user, domain: m.groups!.domain, at: m.index, span: m.indices![0] }))
console.log(found)
try { text.matchAll(/x/ as any) ; [...'a'.matchAll(/a/)] } catch (e) { console.log((e as Error).name, (e as Error).message) }
return found`,
  'replace with a callback and named references': `const dates = 'from 2024-01-15 to 2024-02-29, again 2024-01-15'
const us = dates.replace(/(?<y>\\d{4})-(?<m>\\d{2})-(?<d>\\d{2})/g, '$<m>/$<d>/$<y>')
const fn = dates.replace(/(\\d{4})-(\\d{2})-(\\d{2})/g, (all, y, m, d, offset, whole, groups) => [d, m, y].join('.') + '@' + offset + (groups === undefined ? '' : '!'))
const named = dates.replace(/(?<y>\\d{4})/g, (...args) => JSON.stringify(args.at(-1)))
console.log(us, fn, named)
console.log('a-b-c'.replaceAll('-', '$&$&'), 'x'.replace('x', '$$'), 'abc'.replace(/b/, "[$\`|$'|$&]"))
return [us, fn]`,
  'sticky regex tokenizer': `function tokenize(src: string) {
  const re = /\\s*(?:(?<num>\\d+(?:\\.\\d+)?)|(?<id>[A-Za-z_]\\w*)|(?<op>[-+*/()=]))/y
  const out: string[] = []
  re.lastIndex = 0
  while (re.lastIndex < src.length) {
    const start = re.lastIndex
    const m = re.exec(src)
    if (!m) throw new SyntaxError('unexpected character at ' + start + ': ' + JSON.stringify(src[start]))
    const [kind, text] = Object.entries(m.groups!).find(([, v]) => v !== undefined)!
    out.push(kind + ':' + text)
  }
  return out
}
console.log(tokenize('x = 3.5 * (y + 42)'))
try { tokenize('a $ b') } catch (e) { console.log((e as Error).message) }
return tokenize('a+b')`,
  'global regex lastIndex pitfalls': `const re = /o/g
const results = ['foo', 'foo', 'foo', 'bar'].map((s) => [re.test(s), re.lastIndex])
console.log(results)
const word = /\\w+/g
let m: RegExpExecArray | null
const words: string[] = []
while ((m = word.exec('one two  three')) !== null) words.push(m[0] + '@' + m.index)
console.log(words, 'aaa'.split(/(a)/), 'a1b2c3'.split(/\\d/, 2))
return words`,
  'unicode and flags in regular expressions': `const text = 'Café ☕ naïve 😀 日本語'
console.log(text.match(/\\p{L}+/gu), text.match(/\\p{Emoji_Presentation}/gu), /^.$/.test('😀'), /^.$/u.test('😀'))
console.log(/a.c/s.test('a\\nc'), /^b/m.test('a\\nb'), /ABC/i.test('abc'), new RegExp('x', 'gimsuy').flags)
const re = /(?<word>\\w+)/g
console.log(re.source, re.flags, re.global, re.hasIndices, String(re), re)
try { new RegExp('(?<dup>a)(?<dup>b)') } catch (e) { console.log((e as Error).name, (e as Error).message) }
return text.match(/\\p{L}+/gu)`,
  'RegExp escaping user input': `const escape = (s: string) => s.replace(/[.*+?^\${}()|[\\]\\\\]/g, '\\\\$&')
const terms = ['a.b', 'c++', '(x)', '[1]', 'cost $5']
const found = terms.map((t) => new RegExp(escape(t), 'i').test('In a.b we trust; C++ is (x) and [1] cost $5'))
console.log(terms.map(escape), found)
return found`,
  'split, search and lookbehind': `const csvLine = 'a,"b,c",d,"e ""q"" f",'
const cells = csvLine.match(/("([^"]|"")*"|[^,]*)(?=,|$)/g)
console.log(cells)
console.log('price: $42.50, tax: $3.10'.match(/(?<=\\$)\\d+(\\.\\d+)?/g), 'no digits'.search(/\\d/), 'abc123'.search(/\\d/))
console.log('CamelCaseString'.split(/(?=[A-Z])/), 'snake_case_here'.replace(/_(\\w)/g, (_, c) => c.toUpperCase()))
return cells`,
}

const unicode: Record<string, string> = {
  'emoji lengths and code points': `const strings = ['a', 'é', 'e\\u0301', '😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '日本']
const rows = strings.map((s) => ({ s, length: s.length, codePoints: [...s].length, first: s.codePointAt(0)!.toString(16), charCode: s.charCodeAt(0).toString(16) }))
console.table(rows)
return rows.map((r) => [r.length, r.codePoints])`,
  'graphemes with Intl.Segmenter': `const seg = new Intl.Segmenter('en', { granularity: 'grapheme' })
const texts = ['👨‍👩‍👧 family', 'e\\u0301te\\u0301', '🇫🇷🇩🇪', 'abc']
const counts = texts.map((t) => [...seg.segment(t)].length)
console.log(counts, [...seg.segment('🇫🇷🇩🇪')].map((s) => s.segment))
const truncate = (s: string, n: number) => [...seg.segment(s)].slice(0, n).map((x) => x.segment).join('')
console.log(truncate('👍🏽👍🏽👍🏽 ok', 2))
return counts`,
  'words and sentences with Intl.Segmenter': `const text = "Hello, world! It's 3.14 o'clock. Is it? Yes."
const words = [...new Intl.Segmenter('en', { granularity: 'word' }).segment(text)].filter((s) => s.isWordLike).map((s) => s.segment)
const sentences = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map((s) => s.segment)
console.log(words, sentences)
const seg = new Intl.Segmenter().segment('abc def')
console.log(seg.containing(5), seg.containing(10))
return words.length`,
  'normalize and comparing accented text': `const a = 'caf\\u00e9', b = 'cafe\\u0301'
console.log(a === b, a.length, b.length, a.normalize() === b.normalize(), b.normalize('NFC').length, a.normalize('NFD').length)
console.log('ﬁ'.normalize('NFKC'), '①'.normalize('NFKD'), 'Ångström'.normalize('NFD').replace(/[\\u0300-\\u036f]/g, ''))
try { a.normalize('bad' as any) } catch (e) { console.log((e as Error).name, (e as Error).message) }
return [a.normalize('NFD').length, b.normalize().length]`,
  'slugs from titles with unicode': `const issues = await tools.searchIssues({ q: '' })
const slug = (s: string) => s.normalize('NFKD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
const out = [...issues.slice(0, 4).map((i) => i.title), 'Zoë Ångström — café!', '  Ünïcödé  '].map(slug)
console.log(out)
return out`,
  'case mapping and surrogates': `console.log('ß'.toUpperCase(), 'İ'.toLowerCase().length, 'ǅ'.toLowerCase(), 'Σ'.toLowerCase(), 'ΌΣΟΣ'.toLowerCase(), 'ﬀ'.toUpperCase())
console.log('😀'.split(''), [...'😀'], '😀'.charAt(0).length, String.fromCodePoint(0x1f600, 0x41), '\\ud83d'.isWellFormed?.(), 'ab'.isWellFormed?.())
console.log('abc'.codePointAt(5), '😀'.codePointAt(1), 'x'.padStart(3, '😀'))
return '😀'.codePointAt(0)`,
  'reversing and truncating strings safely': `const s = 'naïve café 😀👍🏽 done'
const naive = s.split('').reverse().join('')
const byCodePoint = [...s].reverse().join('')
const cut = (t: string, n: number) => (t.length > n ? t.slice(0, n - 1) + '…' : t)
console.log(JSON.stringify(naive), byCodePoint, cut(s, 14), cut('short', 14))
return [...s].length`,
  'localeUpperCase, trim and padding with wide characters': `const cells = ['日本', 'abc', '😀x', 'é']
console.log(cells.map((c) => '[' + c.padEnd(5, '.') + ']').join(''))
console.log('  \\u00a0\\t text \\u2003\\n'.trim().length, '\\ufeffbom'.trim(), 'istanbul'.toLocaleUpperCase('en-US'))
return cells.map((c) => c.padStart(4).length)`,
}

const dates: Record<string, string> = {
  'adding days, months and the month-end overflow': `const base = new Date(Date.UTC(2024, 0, 31))
const addMonths = (d: Date, n: number) => { const x = new Date(d); x.setUTCMonth(x.getUTCMonth() + n); return x.toISOString().slice(0, 10) }
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86400000).toISOString().slice(0, 10)
console.log([1, 2, 12, -1].map((n) => addMonths(base, n)), [1, 29, 30, 366].map((n) => addDays(base, n)))
return addMonths(base, 1)`,
  'differences between dates in days and weeks': `const issues = await tools.searchIssues({ q: '' })
const now = new Date('2024-01-15T09:30:00Z')
const ages = issues.slice(0, 8).map((i) => {
  const days = Math.floor((now.getTime() - new Date(i.createdAt).getTime()) / 86_400_000)
  return i.number + ': ' + (days >= 7 ? Math.floor(days / 7) + 'w ' + (days % 7) + 'd' : days + 'd')
})
console.log(ages)
return ages`,
  'start of week, month and quarter': `const d = new Date('2024-05-16T15:45:30.123Z')
const startOfDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
const startOfWeek = new Date(startOfDay.getTime() - ((d.getUTCDay() + 6) % 7) * 86400000)
const startOfMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))
const quarter = Math.floor(d.getUTCMonth() / 3) + 1
const endOfMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0))
console.log(startOfDay, startOfWeek.toISOString(), startOfMonth.toDateString(), 'Q' + quarter, endOfMonth.getUTCDate())
return [startOfWeek.toISOString(), endOfMonth.toISOString()]`,
  'leap years and invalid dates': `const isLeap = (y: number) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1
console.log([1900, 2000, 2023, 2024, 2100].map(isLeap))
const bad = new Date('2024-02-30')
const worse = new Date('not a date')
console.log(bad.getTime(), String(worse), worse.getTime(), isNaN(+worse), JSON.stringify({ worse }))
try { worse.toISOString() } catch (e) { console.log((e as Error).name, (e as Error).message) }
console.log(new Date(2024, 1, 30).toISOString(), new Date(8.64e15 + 1).getTime())
return isLeap(2024)`,
  'grouping events by hour and weekday': `const events = await tools.getEvents()
const byHour = new Map<number, number>()
const byDay = new Map<string, number>()
const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
for (const e of events) {
  const d = new Date(e.ts)
  byHour.set(d.getUTCHours(), (byHour.get(d.getUTCHours()) ?? 0) + 1)
  byDay.set(days[d.getUTCDay()], (byDay.get(days[d.getUTCDay()]) ?? 0) + 1)
}
console.log(new Map([...byHour].sort((a, b) => a[0] - b[0])), byDay)
return Object.fromEntries(byDay)`,
  'date strings in several formats': `const d = new Date(Date.UTC(2024, 6, 4, 18, 5, 9, 7))
console.log(d.toString(), d.toDateString(), d.toTimeString(), d.toUTCString(), d.toISOString(), d.toJSON())
console.log(d.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }), d.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' }))
console.log(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(d), d.toLocaleString())
return d.toISOString()`,
  'parsing date strings of many shapes': `const inputs = ['2024-03-10', '2024-03-10T10:00', '2024-03-10T10:00:00+02:00', 'March 10, 2024', '10 Mar 2024 10:00 GMT', '2024/03/10', 'Sun, 10 Mar 2024 10:00:00 GMT', '1710064800000', '2024-3-1']
const out = inputs.map((s) => { const t = Date.parse(s); return isNaN(t) ? 'Invalid' : new Date(t).toISOString() })
console.table(inputs.map((s, i) => [s, out[i]]))
return out`,
  'sorting and bucketing ISO timestamps': `const orders = await tools.getOrders()
const sorted = orders.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
const byDay = Object.entries(orders.reduce((acc: Record<string, number>, o) => { const k = o.createdAt.slice(0, 10); acc[k] = (acc[k] ?? 0) + 1; return acc }, {}))
console.log(sorted.slice(0, 3).map((o) => o.createdAt), byDay)
return byDay`,
  'date setters and getters round trip': `const d = new Date(0)
d.setUTCFullYear(2025, 11, 31)
d.setUTCHours(23, 59, 59, 999)
console.log(d.toISOString(), d.getUTCDay(), d.getTimezoneOffset(), d.valueOf() === +d, typeof Date.now())
d.setUTCMilliseconds(1000)
console.log(d.toISOString(), new Date(d).getUTCFullYear(), Date.UTC(2025), new Date(2025, 0).getTime() === Date.UTC(2025, 0))
return d.toISOString()`,
}

export const text: Program[] = [...family('json', json), ...family('patterns', regex), ...family('unicode', unicode), ...family('date arithmetic', dates)]
