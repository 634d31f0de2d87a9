// Regular expressions as models use them on tool output: extract, validate, rewrite, split.
import { matrix, type Program, quoted } from '../harness'

const texts: Record<string, string> = {
  'a support email': 'Hi, reach me at ada.lovelace@example.com or +1 (555) 010-2030 before 2024-05-01. Order #A-1042 failed twice; ref: https://status.example.com/i/77?x=1.',
  'a log excerpt': '2024-05-01T10:00:00Z ERROR [api] upstream timeout after 3000ms (req=ab12)\n2024-05-01T10:00:05Z INFO [web] GET /login 200 12ms\n2024-05-01T10:01:00Z WARN [worker] retry 2/5 for job=991',
  'a changelog': '## v1.4.2 (2024-04-30)\n- fix: crash on empty config (#128)\n- feat: dark mode (#131, #133)\n## v1.4.1 (2024-04-02)\n- docs: clarify limits',
  'unicode text': 'Café «Zoë» — 3 €, naïve façade; 東京 2024年; emoji 🚀🚀 end',
  'an empty text': '',
}

const ops: Record<string, string> = {
  'emails': "const emails = text.match(/[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+/g) ?? []\nconsole.log(emails)\nreturn emails",
  'dates': "const dates = [...text.matchAll(/(\\d{4})-(\\d{2})-(\\d{2})/g)].map((m) => ({ y: +m[1], m: +m[2], d: +m[3], at: m.index }))\nconsole.log(dates)\nreturn dates.length",
  'numbers': "const nums = (text.match(/-?\\d+(?:\\.\\d+)?/g) || []).map(Number)\nconsole.log(nums.slice(0, 8), nums.length)\nreturn nums.reduce((a, b) => a + b, 0)",
  'named groups of log lines': "const re = /^(?<ts>\\S+) (?<level>[A-Z]+) \\[(?<svc>\\w+)\\] (?<msg>.*)$/gm\nconst rows = [...text.matchAll(re)].map((m) => ({ ...m.groups }))\nconsole.log(rows)\nreturn rows.map((r) => r.level)",
  'words with the u flag': "const words = text.match(/\\p{L}+/gu) ?? []\nconsole.log(words.length, words.slice(0, 6))\nreturn words",
  'replace with a callback': "const out = text.replace(/\\d+/g, (d) => `<${Number(d) * 2}>`)\nconsole.log(out)\nreturn out.length",
  'replace with group references': "const out = text.replace(/(\\d{4})-(\\d{2})-(\\d{2})/g, '$3/$2/$1').replace(/(?<word>\\bfix\\b)/g, '[$<word>]')\nconsole.log(out)\nreturn out",
  'split on punctuation and space': "const parts = text.split(/[\\s,;.!?]+/).filter(Boolean)\nconsole.log(parts.length, parts.slice(-3))\nreturn parts.length",
  'exec in a loop with lastIndex': "const re = /#(\\w+-?\\d+)/g\nconst found = []\nlet m\nwhile ((m = re.exec(text)) !== null) found.push([m[1], m.index, re.lastIndex])\nconsole.log(found)\nreturn found",
  'test with a sticky flag': "const re = /\\w+/y\nconst tokens = []\nlet pos = 0\nwhile (pos < text.length) {\n  re.lastIndex = pos\n  if (re.test(text)) { tokens.push(text.slice(pos, re.lastIndex)); pos = re.lastIndex } else pos++\n  if (tokens.length >= 5) break\n}\nconsole.log(tokens)\nreturn tokens",
  'lookbehind and lookahead': "const amounts = text.match(/(?<=[#$€])\\S+|\\d+(?=ms)/g)\nconsole.log(amounts)\nreturn amounts",
  'URLs and their hosts': "const urls = text.match(/https?:\\/\\/[^\\s)]+/g) ?? []\nconsole.log(urls.map((u) => new URL(u.replace(/[.,]$/, '')).host))\nreturn urls",
  'match indices with the d flag': "const m = /(?<key>[a-z]+)=(?<value>\\w+)/d.exec(text)\nconsole.log(m ? [m[0], m.indices[0], m.indices.groups.value] : 'no match')\nreturn m?.groups ?? null",
  'search, match without g, and match lengths': "const m = text.match(/(\\w)(\\w)/)\nconsole.log(text.search(/\\d/), m && [m[0], m[1], m.index, m.length], /^$/.test(text))\nreturn m?.slice(0) ?? []",
}

export const regex: Program[] = matrix('regex', 'text', quoted(texts), ops)

const validations = ['ada@example.com', 'not-an-email', 'a@b', 'first.last+tag@sub.example.co.uk', ' spaced@example.com', '']
regex.push(
  {
    name: 'regex: validating email addresses',
    source: `const inputs = ${JSON.stringify(validations)}\nconst re = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/\nconst verdicts = inputs.map((s) => [s, re.test(s)])\nconsole.log(verdicts)\nreturn verdicts`,
  },
  {
    name: 'regex: a dynamic pattern from escaped user input',
    source: "const escape = (s) => s.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&')\nconst needle = 'a.b*c (1+1)?'\nconst re = new RegExp(escape(needle), 'gi')\nconst hay = 'x A.B*C (1+1)? y a.b*c (1+1)? z'\nconsole.log(re.source, re.flags, hay.match(re))\nreturn hay.replace(re, '[hit]')",
  },
  {
    name: 'regex: phone numbers normalized',
    source: "const inputs = ['(555) 010-2030', '555.010.2030', '+1 555 010 2030', '5550102030', '010-2030']\nconst out = inputs.map((s) => s.replace(/\\D/g, '')).map((d) => (d.length === 11 && d.startsWith('1') ? d.slice(1) : d)).map((d) => (d.length === 10 ? d.replace(/(\\d{3})(\\d{3})(\\d{4})/, '($1) $2-$3') : null))\nconsole.log(out)\nreturn out",
  },
  {
    name: 'regex: semver parsed and compared',
    source: "const versions = ['1.4.2', '1.10.0', '1.4.10', '2.0.0-beta.1', '0.9.9', 'v1.2']\nconst re = /^v?(\\d+)\\.(\\d+)(?:\\.(\\d+))?(?:-([\\w.]+))?$/\nconst parsed = versions.map((v) => { const m = re.exec(v); return m ? [+m[1], +m[2], +(m[3] ?? 0), m[4] ?? null] : null })\nconst sorted = versions.map((v, i) => [v, parsed[i]]).sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1] || a[1][2] - b[1][2]).map(([v]) => v)\nconsole.log(parsed, sorted)\nreturn sorted",
  },
  {
    name: 'regex: issue bodies scanned for error codes',
    source: "const issues = await tools.searchIssues({})\nconst codes = issues.flatMap((i) => (i.body ?? '').match(/\\bE\\d{3}\\b/g) ?? [])\nconsole.log(codes)\nreturn [...new Set(codes)]",
  },
  {
    name: 'regex: a template filled from an object',
    source: "const tpl = 'Hello {{ name }}, your order {{order}} ships on {{date}}. {{missing}}'\nconst data = { name: 'Ada', order: '#1042', date: '2024-05-03' }\nconst out = tpl.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/g, (m, key) => data[key] ?? m)\nconsole.log(out)\nreturn out",
  },
  {
    name: 'regex: an invalid pattern',
    source: "try { new RegExp('(unclosed') } catch (e) { console.log(e.name) }\nconst pattern = '[a-'\nreturn new RegExp(pattern).test('a')",
  },
  {
    name: 'regex: RegExp properties and toString',
    source: "const re = /a(b)?c/gimsuy\nconsole.log(String(re), re.flags, re.global, re.sticky, re.unicode, re.dotAll, re.source, re.lastIndex)\nreturn [re.flags, String(/[/]\\//)]",
  },
  {
    name: 'regex: a global regex reused across test calls',
    source: "const re = /o/g\nconst words = ['foo', 'boo', 'zoo', 'moon']\nconst results = words.map((w) => re.test(w))\nconsole.log(results, re.lastIndex)\nreturn results",
  },
  {
    name: 'regex: matchAll without the g flag',
    source: "const text = 'a1 b2'\nconst it = text.matchAll(/\\d/)\nreturn [...it]",
  },
  {
    name: 'regex: split with a capture group and a limit',
    source: "const parts = 'a1b22c333d'.split(/(\\d+)/)\nconsole.log(parts, 'a,b,c,d'.split(',', 2), ''.split(','), ''.split(''))\nreturn parts",
  },
  {
    name: 'regex: markdown headings turned into a table of contents',
    source: "const md = '# Intro\\nText\\n## Install\\n### From npm\\n## Usage & API\\n# FAQ'\nconst toc = [...md.matchAll(/^(#{1,3}) (.+)$/gm)].map(([, hashes, title]) => `${'  '.repeat(hashes.length - 1)}- [${title}](#${title.toLowerCase().replace(/[^\\w]+/g, '-').replace(/-$/, '')})`)\nconsole.log(toc.join('\\n'))\nreturn toc",
  },
)
