// URLs and query strings: parsing what a tool returned, building request URLs.
import { matrix, type Program, quoted } from '../harness'

const urls: Record<string, string> = {
  'a plain https URL': 'https://example.com/',
  'a path and a query': 'https://api.example.com/v1/search?q=boa%20engine&limit=10&limit=20',
  'a port, user and fragment': 'http://user:pa55@localhost:8080/admin/index.html?tab=2#section-3',
  'uppercase and dots': 'HTTPS://Example.COM/a/./b/../c?X=1',
  'an IPv4 host': 'http://192.168.0.1:80/status',
  'an IPv6 host': 'http://[::1]:3000/health',
  'unicode in the path and query': 'https://example.org/café/menü?q=crème brûlée&emoji=🚀',
  'an internationalized domain': 'https://bücher.example/katalog',
  'a file URL': 'file:///home/ada/notes.txt',
  'a mailto URL': 'mailto:ada@example.com?subject=Hi%20there',
  'a data URL': 'data:text/plain;base64,SGVsbG8=',
  'a default port': 'https://example.com:443/x',
}

const ops: Record<string, string> = {
  'its parts': 'const u = new URL(input)\nconsole.log(u.protocol, u.host, u.hostname, u.port, u.pathname, u.search, u.hash)\nreturn { origin: u.origin, href: u.href }',
  'its search params': 'const u = new URL(input)\nconst params = Object.fromEntries(u.searchParams)\nconsole.log(params, u.searchParams.getAll("limit"), u.searchParams.has("q"), u.searchParams.get("missing"))\nreturn [...u.searchParams.keys()]',
  'the host of many in a map': 'const list = [input, input, "https://other.example/x"]\nconst hosts = list.map((s) => new URL(s).host)\nconsole.log(hosts)\nreturn hosts',
  'JSON and string forms': 'const u = new URL(input)\nconsole.log(JSON.stringify({ u }), String(u), u.toString() === u.href)\nreturn u.toJSON()',
  'a relative link resolved against it': 'const u = new URL("../docs/page?x=1#top", input)\nconsole.log(u.href)\nreturn u.pathname',
  'username and password': 'const u = new URL(input)\nconsole.log(JSON.stringify([u.username, u.password]))\nreturn u.username',
}

// a relative reference resolves only against a hierarchical URL (WHATWG); Node 20 differs there
const opaque = ['a mailto URL', 'a data URL']

export const urlPrograms: Program[] = matrix('urls', 'input', quoted(urls), ops).filter(
  ({ name }) => !opaque.some((label) => name === `urls: a relative link resolved against it (${label})`),
)

urlPrograms.push(
  {
    name: 'urls: a query string built with URLSearchParams',
    source: "const params = new URLSearchParams({ q: 'boa engine', page: '2', tags: 'a,b', empty: '' })\nparams.append('sort', 'date desc')\nparams.set('page', '3')\nparams.delete('empty')\nconsole.log(params.toString())\nreturn `https://api.example.com/search?${params}`",
  },
  {
    name: 'urls: URLSearchParams parsed, sorted and iterated',
    source: "const params = new URLSearchParams('?b=2&a=1&c=%20x&a=3&d')\nparams.sort()\nfor (const [k, v] of params) console.log(k, JSON.stringify(v))\nconsole.log(params.size, [...params.entries()].length)\nreturn params.toString()",
  },
  {
    name: 'urls: URLSearchParams from entries and a Map',
    source: "const a = new URLSearchParams([['x', '1'], ['y', 'two words']])\nconst b = new URLSearchParams(new Map([['z', '&=?']]))\nconsole.log(a.toString(), b.toString(), b.get('z'))\nreturn [a.toString(), b.toString()]",
  },
  {
    name: 'urls: search params changed through the URL',
    source: "const u = new URL('https://api.example.com/items?page=1')\nu.searchParams.set('page', '2')\nu.searchParams.append('sort', 'name')\nconsole.log(u.href)\nreturn u.search",
  },
  {
    name: 'urls: the search set directly',
    source: "const u = new URL('https://api.example.com/items')\nu.search = '?page=4&q=a b'\nu.hash = 'results'\nu.pathname = '/v2/items'\nconsole.log(u.href, u.searchParams.get('q'))\nreturn u.href",
  },
  {
    name: 'urls: an invalid URL caught',
    source: "const inputs = ['not a url', 'https://ok.example', '/relative/path', 'http://']\nconst out = inputs.map((s) => { try { return new URL(s).host } catch (e) { return `${e.name}: ${e.constructor === TypeError}` } })\nconsole.log(out)\nreturn out",
  },
  {
    name: 'urls: an invalid URL uncaught',
    source: "const base = 'not a url'\nconst u = new URL(base)\nreturn u.href",
  },
  {
    name: 'urls: links of a page made absolute and grouped by host',
    source: "const { body } = await tools.fetchPage({ url: 'https://example.com/' })\nconst links = [...body.matchAll(/href=\"([^\"]+)\"/g)].map(([, href]) => new URL(href, 'https://example.com/'))\nconst byHost = {}\nfor (const l of links) (byHost[l.host] ??= []).push(l.pathname)\nconsole.log(byHost)\nreturn links.map((l) => l.href)",
  },
  {
    name: 'urls: request paths of events parsed for their query',
    source: "const events = await tools.getEvents()\nconst queries = events.map((e) => new URL(e.path, 'https://api.example.com')).filter((u) => u.search).map((u) => ({ path: u.pathname, ...Object.fromEntries(u.searchParams) }))\nconsole.log(queries.slice(0, 3))\nreturn queries.length",
  },
  {
    name: 'urls: encodeURIComponent against URLSearchParams encoding',
    source: "const value = 'a b&c=d/é?+~*'\nconsole.log(encodeURIComponent(value))\nconsole.log(new URLSearchParams({ value }).toString())\nconsole.log(encodeURI('https://x.example/a b?c=d e'))\nreturn decodeURIComponent('%E2%9C%93%20ok')",
  },
  {
    name: 'urls: a malformed percent escape',
    source: "try { decodeURIComponent('%E0%A4%A') } catch (e) { console.log(e.name, e.message) }\nreturn decodeURIComponent('100%25')",
  },
  {
    name: 'urls: URL.canParse',
    source: "console.log(URL.canParse('https://a.example'), URL.canParse('nope'), URL.canParse('/x', 'https://a.example'))\nreturn URL.canParse('x:')",
  },
  {
    name: 'urls: an origin comparison for allowed hosts',
    source: "const allowed = new Set(['https://example.com', 'https://api.example.com'])\nconst check = ['https://example.com/a', 'https://EXAMPLE.com:443/b', 'http://example.com/', 'https://evil.example.com/']\nconst verdicts = check.map((s) => [s, allowed.has(new URL(s).origin)])\nconsole.log(verdicts)\nreturn verdicts",
  },
  {
    name: 'urls: a page of results followed by its next link',
    source: "let url = new URL('https://api.example.com/v1/items?page=1&per_page=2')\nconst seen = []\nfor (let i = 0; i < 3; i++) {\n  const page = Number(url.searchParams.get('page'))\n  seen.push(page)\n  url = new URL(`?page=${page + 1}&per_page=2`, url)\n}\nconsole.log(seen, url.href)\nreturn url.search",
  },
)
