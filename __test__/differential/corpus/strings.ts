// String formatting as models write it for reports and cleanup: each operation over each input.
import { matrix, type Program, quoted } from '../harness'

const inputs: Record<string, string> = {
  'a greeting': 'Hello, World!',
  'padded text': '   padded text\t ',
  'accented words': 'Crème Brûlée à la carte',
  'camelCase': 'userAccountSettingsPage',
  'snake_case': 'order_total_with_tax',
  'a sentence': 'The quick brown fox jumps over the lazy dog',
  'emoji': 'Launch 🚀 done ✅ — thanks 🙏',
  'an empty string': '',
  'a CSV line': 'name,,qty, price ,"quoted, value"',
  'mixed line endings': 'line one\nline two\r\nline three\n',
  'German and Turkish letters': 'Straße İstanbul ĞÜŞ',
  'a file path': '/var/log/app/2024-05-01.error.log',
}

const ops: Record<string, string> = {
  'slugify': "const slug = s.normalize('NFKD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')\nconsole.log(JSON.stringify(slug))\nreturn slug",
  'title case': "const t = s.toLowerCase().split(' ').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')\nconsole.log(t)\nreturn t",
  'truncate with an ellipsis': "const max = 12\nconst out = s.length > max ? s.slice(0, max - 1) + '…' : s\nconsole.log(`[${out}]`, out.length)\nreturn out",
  'reverse the words': "const r = s.split(/\\s+/).filter(Boolean).reverse().join(' ')\nconsole.log(r)\nreturn r",
  'count words and characters': "const words = s.trim() ? s.trim().split(/\\s+/).length : 0\nconsole.log({ words, units: s.length, codePoints: [...s].length, lines: s.split(/\\r?\\n/).length })\nreturn words",
  'character frequency': "const freq = {}\nfor (const ch of s.replace(/\\s/g, '')) freq[ch] = (freq[ch] ?? 0) + 1\nconst top = Object.entries(freq).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3)\nconsole.log(top)\nreturn top",
  'upper and lower case': "console.log(s.toUpperCase())\nconsole.log(s.toLowerCase())\nreturn [s.toUpperCase().length, s.toLowerCase().length]",
  'camelCase to snake_case': "const out = s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[\\s-]+/g, '_').toLowerCase()\nconsole.log(out)\nreturn out",
  'snake_case to camelCase': "const out = s.replace(/[_-](\\w)/g, (_, c) => c.toUpperCase())\nconsole.log(out)\nreturn out",
  'starts, ends and includes': "console.log(s.startsWith('The'), s.endsWith('!'), s.includes('o'), s.indexOf('o'), s.lastIndexOf('o'), s.search(/[A-Z]/))\nreturn s.includes(' ')",
  'split on commas and trim': "const parts = s.split(',').map((p) => p.trim())\nconsole.log(parts, parts.length)\nreturn parts",
  'replaceAll and replace': "const a = s.replaceAll('o', '0')\nconst b = s.replace(/o/g, (m, i) => `${m}${i}`)\nconsole.log(a)\nconsole.log(b)\nreturn [a, b]",
  'first and last characters': "console.log(s.at(0), s.at(-1), s.charAt(1), s[2], s.charCodeAt(0), s.codePointAt(0))\nreturn [s.at(0) ?? null, s.slice(-3), s.substring(1, 4), s.substr(-5, 2)]",
  'strip the accents': "const plain = s.normalize('NFD').replace(/\\p{Diacritic}/gu, '')\nconsole.log(plain, plain === s)\nreturn plain",
  'trim each way': "console.log(JSON.stringify([s.trim(), s.trimStart(), s.trimEnd()]))\nreturn s.trim()",
  'pad for a fixed-width column': "const cell = (v, w) => (v.length > w ? v.slice(0, w) : v.padEnd(w, ' '))\nconst row = `|${cell(s, 10)}|${s.length.toString().padStart(4, '0')}|`\nconsole.log(row)\nreturn row",
  'encode for a URL': "const e = encodeURIComponent(s)\nconsole.log(e)\nconsole.log(decodeURIComponent(e) === s, encodeURI(s))\nreturn e",
  'as a JSON string and back': "const j = JSON.stringify(s)\nconsole.log(j)\nconsole.log(JSON.parse(j) === s)\nreturn j",
  'split into lines and number them': "const lines = s.split(/\\r?\\n/)\nlines.forEach((l, i) => console.log(`${String(i + 1).padStart(3)}: ${l}`))\nreturn lines",
  'initials': "const initials = s.split(/[\\s_-]+/).filter(Boolean).map((w) => w[0].toUpperCase()).join('')\nconsole.log(initials)\nreturn initials",
  'wrap at twenty columns': "const words = s.split(' ')\nconst lines = []\nlet line = ''\nfor (const w of words) {\n  if ((line + ' ' + w).trim().length > 20) { lines.push(line.trim()); line = w } else line += ' ' + w\n}\nif (line.trim()) lines.push(line.trim())\nconsole.log(lines.join('\\n'))\nreturn lines",
  'compare case-insensitively': "const other = s.toUpperCase()\nconsole.log(s === other, s.toLowerCase() === other.toLowerCase(), s.localeCompare(other, undefined, { sensitivity: 'base' }))\nreturn s.localeCompare(other)",
  'repeat and a divider': "const bar = '='.repeat(Math.min(s.length, 30))\nconsole.log(bar)\nconsole.log(s)\nconsole.log(bar)\nreturn bar.length",
  'graphemes with Intl.Segmenter': "const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].map((g) => g.segment)\nconsole.log(graphemes.length, s.length, graphemes.slice(0, 8))\nreturn graphemes.slice(-3)",
  'words with Intl.Segmenter': "const segments = new Intl.Segmenter('en-US', { granularity: 'word' }).segment(s)\nconst words = [...segments].filter((w) => w.isWordLike)\nconsole.log(words.length, words.map((w) => `${w.segment}@${w.index}`).join(' '))\nconsole.log(segments.containing(5), segments.containing(-1), segments.containing(s.length))\nreturn [...segments].map((w) => w.segment)",
  'sentences with Intl.Segmenter': "const sentences = [...new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(s + ' Is it? Yes! Done.')]\nconsole.log(sentences.map(({ segment, index }) => [index, segment]))\nreturn sentences.length",
  'a template with interpolations': "const len = s.length\nconst msg = `Input \"${s}\" has ${len} character${len === 1 ? '' : 's'} and ${s.split(' ').length} part(s).`\nconsole.log(msg)\nreturn msg",
}

export const strings: Program[] = matrix('strings', 's', quoted(inputs), ops)

strings.push(
  {
    name: 'strings: a CSV body parsed into objects',
    source: `const page = await tools.fetchPage({ url: 'https://example.com/data.csv' })
const [header, ...lines] = page.body.trim().split('\\n')
const cols = header.split(',')
const parseLine = (line) => {
  const out = []
  let cur = ''
  let quoted = false
  for (const ch of line) {
    if (ch === '"') quoted = !quoted
    else if (ch === ',' && !quoted) { out.push(cur); cur = '' }
    else cur += ch
  }
  out.push(cur)
  return out
}
const rows = lines.map((l) => Object.fromEntries(parseLine(l).map((v, i) => [cols[i], isNaN(Number(v)) ? v : Number(v)])))
console.log(rows)
return rows.reduce((s, r) => s + r.qty * r.price, 0)`,
  },
  {
    name: 'strings: links and a title pulled out of HTML',
    source: `const { body } = await tools.fetchPage({ url: 'https://example.com/' })
const title = body.match(/<title>(.*?)<\\/title>/i)?.[1]
const links = [...body.matchAll(/href="([^"]+)"/g)].map((m) => m[1])
console.log(title, links)
return { title, links }`,
  },
  {
    name: 'strings: a markdown table built from rows',
    source: `const users = await tools.listUsers({ active: true })
const head = ['Name', 'Team', 'Score']
const rows = users.map((u) => [u.name, u.team, u.score.toFixed(1)])
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const fmt = (r) => '| ' + r.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |'
const table = [fmt(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map(fmt)].join('\\n')
console.log(table)
return table.split('\\n').length`,
  },
  {
    name: 'strings: String.raw and escapes',
    source: "const path = String.raw`C:\\Users\\ada\\notes.txt`\nconsole.log(path, path.length)\nconsole.log('tab:\\t|', 'nl:\\\\n', '\\u00e9\\u{1F600}')\nreturn path.split('\\\\')",
  },
  {
    name: 'strings: localeCompare sorts names with accents and case',
    source: "const names = ['émile', 'Zoë', 'adam', 'Ádám', 'zack', 'Eve', 'eve', 'Ölaf', 'oliver']\nconsole.log([...names].sort((a, b) => a.localeCompare(b)))\nconsole.log([...names].sort())\nreturn [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))",
  },
  {
    name: 'strings: numeric collation of file names',
    source: "const files = ['item10.txt', 'item2.txt', 'item1.txt', 'Item3.txt', 'item20.txt']\nconst natural = [...files].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))\nconsole.log(natural)\nreturn natural",
  },
  {
    name: 'strings: a byte size of UTF-8 text',
    source: "const texts = ['abc', 'é', '😀', 'Crème brûlée', '']\nconst sizes = texts.map((t) => new TextEncoder().encode(t).length)\nconsole.log(sizes)\nreturn sizes",
  },
  {
    name: 'strings: Intl.Segmenter objects and their options',
    source: "const seg = new Intl.Segmenter('en', { granularity: 'word' })\nconst segments = seg.segment('Hi there')\nconst it = segments[Symbol.iterator]()\nconsole.log(seg.resolvedOptions(), new Intl.Segmenter().resolvedOptions(), Object.prototype.toString.call(it), Object.prototype.toString.call(seg))\nconsole.log(it.next(), typeof segments.containing, Intl.Segmenter.supportedLocalesOf(['en-US', 'de']))\ntry { new Intl.Segmenter('en', { granularity: 'line' }) } catch (e) { console.log(e.name, e.message) }\ntry { Intl.Segmenter() } catch (e) { console.log(e.name, e.message) }\nreturn [...'👨‍👩‍👧🇩🇪e\u0301'].length",
  },
  {
    name: 'strings: isWellFormed and toWellFormed',
    source: "const texts = ['ok', 'a\\uD800b', '😀']\nconsole.log(texts.map((t) => t.isWellFormed()))\nreturn texts.map((t) => t.toWellFormed().length)",
  },
)
