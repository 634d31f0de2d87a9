// Number formatting and arithmetic as reports need it: each formatting over each value.
import { matrix, type Program } from '../harness'

const values: Record<string, string> = {
  'zero': '0',
  'a negative zero': '-0',
  'an integer': '42',
  'a negative fraction': '-1.5',
  'pi': 'Math.PI',
  'a price': '1234.5678',
  'a float sum': '0.1 + 0.2',
  'a huge number': '1e21',
  'a tiny number': '0.0000001',
  'a large integer': '123456789.123',
  'a half cent': '1.005',
  'two and a half': '2.5',
  'a negative half': '-0.5',
  'NaN': 'Number.NaN',
  'infinity': 'Infinity',
  'a byte count': '1536000',
}

const ops: Record<string, string> = {
  'toFixed with two digits': 'const out = n.toFixed(2)\nconsole.log(out)\nreturn out',
  'toFixed with no digits': 'console.log(n.toFixed(0), n.toFixed())\nreturn n.toFixed(0)',
  'toPrecision': 'console.log(n.toPrecision(3), n.toPrecision(1))\nreturn n.toPrecision(6)',
  'toExponential': 'console.log(n.toExponential(2))\nreturn n.toExponential()',
  'rounding helpers': 'console.log(Math.round(n), Math.floor(n), Math.ceil(n), Math.trunc(n), Math.sign(n))\nreturn [Math.round(n * 100) / 100, Math.abs(n)]',
  'String and template forms': "console.log(String(n), `${n}`, n + '', JSON.stringify(n))\nreturn String(n)",
  'toLocaleString': "console.log(n.toLocaleString())\nconsole.log(n.toLocaleString('en-US', { maximumFractionDigits: 1 }))\nreturn n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })",
  'as US dollars': "const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })\nconsole.log(usd.format(n))\nreturn usd.format(n)",
  'as a percentage': "const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })\nconsole.log(pct.format(n / 100))\nreturn pct.format(n)",
  'human-readable bytes': "const fmt = (b) => {\n  if (!Number.isFinite(b)) return String(b)\n  const units = ['B', 'KB', 'MB', 'GB']\n  let i = 0\n  let v = Math.abs(b)\n  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++ }\n  return `${b < 0 ? '-' : ''}${v.toFixed(i ? 1 : 0)} ${units[i]}`\n}\nconsole.log(fmt(n))\nreturn fmt(n)",
  'integer checks': 'console.log(Number.isInteger(n), Number.isSafeInteger(n), Number.isFinite(n), isNaN(n), Object.is(n, -0))\nreturn [Number.isInteger(n), Number.isFinite(n)]',
  'radix strings': "const i = Math.trunc(n)\nconsole.log(i.toString(16), i.toString(2), i.toString(36))\nreturn Number.isFinite(i) ? parseInt(i.toString(16), 16) === i : 'not finite'",
  'parsed back from text': "const text = String(n)\nconsole.log(parseFloat(text), parseInt(text, 10), Number(text), +text)\nreturn [parseFloat(text), parseInt(text, 10)]",
  'clamped and scaled': 'const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v))\nconsole.log(clamp(n, -1, 100), n * 1e3, n / 3, n % 7, n ** 2)\nreturn clamp(n, 0, 1)',
}

export const numbers: Program[] = matrix('numbers', 'n', values, ops)

numbers.push(
  {
    name: 'numbers: parsing user-entered amounts',
    source: "const inputs = ['12', '12.50', ' 7 ', '1,234.56', '$99', '', '0x1A', '1e3', 'abc', '3.14.15', '-0', '  -42px']\nconst parsed = inputs.map((s) => ({ s, num: Number(s), float: parseFloat(s), int: parseInt(s), cleaned: Number(s.replace(/[^0-9.-]/g, '')) }))\nconsole.table(parsed)\nreturn parsed.map((p) => [p.num, p.float, p.int, p.cleaned])",
  },
  {
    name: 'numbers: a duration formatted from milliseconds',
    source: "const fmt = (ms) => {\n  const s = Math.floor(ms / 1000)\n  const h = Math.floor(s / 3600)\n  const m = Math.floor((s % 3600) / 60)\n  return `${h}h ${String(m).padStart(2, '0')}m ${String(s % 60).padStart(2, '0')}s`\n}\nconst out = [0, 999, 61_000, 3_599_999, 86_400_000, 123_456_789].map(fmt)\nconsole.log(out)\nreturn out",
  },
  {
    name: 'numbers: money summed in cents',
    source: "const prices = [19.99, 5.01, 0.1, 0.2, 100, 33.33]\nconst naive = prices.reduce((a, b) => a + b, 0)\nconst cents = prices.reduce((a, b) => a + Math.round(b * 100), 0)\nconsole.log(naive, cents / 100, (cents / 100).toFixed(2))\nreturn { naive, exact: cents / 100 }",
  },
  {
    name: 'numbers: BigInt arithmetic for ids',
    source: "const big = 2n ** 64n - 1n\nconst ids = ['9007199254740993', '18446744073709551615'].map(BigInt)\nconsole.log(big, ids, ids[0] + 1n, big / 3n, big % 1000n)\nreturn ids.map(String)",
  },
  {
    name: 'numbers: Math functions for geometry',
    source: "const points = [[0, 0], [3, 4], [-1, 1], [10, -10]]\nconst out = points.map(([x, y]) => ({ r: Math.hypot(x, y), deg: Math.round((Math.atan2(y, x) * 180) / Math.PI) }))\nconsole.log(out, Math.sqrt(2), Math.cbrt(27), Math.log10(1000), Math.log2(8), Math.expm1(0))\nreturn out",
  },
  {
    name: 'numbers: the maximum and minimum of an empty list',
    source: 'const empty = []\nconsole.log(Math.max(...empty), Math.min(...empty), Math.max(), [].reduce((a, b) => a + b, 0))\nreturn [Math.max(...empty), Math.min(...empty)]',
  },
  {
    name: 'numbers: Number constants',
    source: 'console.log(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.EPSILON, Number.MAX_VALUE, Number.MIN_VALUE)\nreturn [Number.MAX_SAFE_INTEGER + 2, 0.1 * 3, 9.95.toFixed(1), 1.45.toFixed(1), (1e21).toFixed(2)]',
  },
  {
    name: 'numbers: averages of grades with rounding',
    source: 'const grades = { ada: [90, 85.5, 77], alan: [100, 100, 99.5], grace: [60, 70, 80.25] }\nconst avg = Object.fromEntries(Object.entries(grades).map(([k, v]) => [k, Math.round((v.reduce((a, b) => a + b) / v.length) * 10) / 10]))\nconsole.log(avg)\nreturn avg',
  },
)
