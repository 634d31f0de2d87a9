// Numbers as reports print them (Intl.NumberFormat styles and notations, toPrecision,
// toLocaleString with options) and lists sorted for display (localeCompare, stable sorts).
import { family, matrix, type Program } from '../harness'

const amounts: Record<string, string> = {
  'zero': '0',
  'a small fraction': '0.0042',
  'a price': '1234.5',
  'a negative amount': '-987.654',
  'millions': '12345678.9',
  'billions': '2.5e9',
}

const formats: Record<string, string> = {
  'compact short': "const f = new Intl.NumberFormat('en-US', { notation: 'compact' })\nconsole.log(f.format(x), f.format(x * 10))\nreturn f.format(x)",
  'compact long': "const f = new Intl.NumberFormat('en-US', { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 })\nconsole.log(f.format(x))\nreturn f.format(-x)",
  'euros': "const f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' })\nconsole.log(f.format(x), f.formatToParts(x).map((p) => p.type).join(','))\nreturn f.format(x)",
  'yen and accounting': "const yen = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' })\nconst acct = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', currencySign: 'accounting' })\nconsole.log(yen.format(x), acct.format(x), acct.format(-x))\nreturn [yen.format(x), acct.format(-x)]",
  'percent with a sign': "const f = new Intl.NumberFormat('en-US', { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: 1 })\nconsole.log(f.format(x / 1000), f.format(-x / 1000))\nreturn f.format(x / 10000)",
  'units': "const kb = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilobyte' })\nconst speed = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long', maximumFractionDigits: 0 })\nconst ms = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'millisecond', unitDisplay: 'narrow' })\nconsole.log(kb.format(x), speed.format(x), ms.format(x))\nreturn kb.format(x)",
  'toPrecision across widths': "console.log([1, 2, 4, 8, 12].map((p) => x.toPrecision(p)))\nreturn x.toPrecision(5)",
  'toLocaleString with digits': "console.log(x.toLocaleString('en-US', { minimumFractionDigits: 3 }), x.toLocaleString(undefined, { maximumSignificantDigits: 2 }), x.toLocaleString('en-US', { useGrouping: false }))\nreturn x.toLocaleString('en-US', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0 })",
  'scientific and engineering': "const sci = new Intl.NumberFormat('en-US', { notation: 'scientific' })\nconst eng = new Intl.NumberFormat('en-US', { notation: 'engineering', maximumSignificantDigits: 3 })\nconsole.log(sci.format(x), eng.format(x), x.toExponential(3))\nreturn eng.format(x)",
}

const programs: Record<string, string> = {
  'a currency report over orders': `const orders = await tools.getOrders()
const fmt = new Map<string, Intl.NumberFormat>()
const money = (n: number, c: string) => {
  if (!fmt.has(c)) fmt.set(c, new Intl.NumberFormat('en-US', { style: 'currency', currency: c }))
  return fmt.get(c)!.format(n)
}
const lines = orders.slice(0, 8).map((o) => o.id.padEnd(10) + money(o.total, o.currency).padStart(12))
console.log(lines.join('\\n'))
return lines`,
  'totals per currency with BigInt cents': `const orders = await tools.getOrders()
const cents = new Map<string, bigint>()
for (const o of orders) cents.set(o.currency, (cents.get(o.currency) ?? 0n) + BigInt(Math.round(o.total * 100)))
const out = Object.fromEntries([...cents].map(([c, v]) => [c, (v / 100n).toLocaleString() + '.' + String(v % 100n).padStart(2, '0')]))
console.log(cents, out)
return out`,
  'a resolvedOptions dump': `const f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CAD', maximumFractionDigits: 1 })
console.log(f.resolvedOptions())
const p = new Intl.NumberFormat(undefined, { style: 'percent' }).resolvedOptions()
return [p.locale, p.style, p.minimumFractionDigits, p.maximumFractionDigits]`,
  'file sizes through the byte unit': `const sizes = [0, 512, 1536, 1048576, 5.5e9, 3e12]
const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte']
const human = sizes.map((b) => {
  let i = 0, v = b
  while (v >= 1000 && i < units.length - 1) { v /= 1000; i++ }
  return new Intl.NumberFormat('en-US', { style: 'unit', unit: units[i], maximumFractionDigits: 1 }).format(v)
})
console.log(human)
return human`,
  'plural rules choosing words': `const pr = new Intl.PluralRules('en-US')
const ord = new Intl.PluralRules('en-US', { type: 'ordinal' })
const suffix: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' }
const out = [0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map((n) => n + suffix[ord.select(n)] + ' ' + (pr.select(n) === 'one' ? 'item' : 'items'))
console.log(out.join(', '))
return out`,
  'relative times for issue ages': `const issues = await tools.searchIssues({ q: '' })
const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const now = Date.UTC(2024, 0, 15, 9, 30)
const ages = issues.slice(0, 6).map((i) => rtf.format(Math.round((Date.parse(i.createdAt) - now) / 86400000), 'day'))
console.log(ages, rtf.format(-1, 'day'), rtf.format(1, 'week'), rtf.format(0, 'month'))
return ages`,
  'list formatting of names': `const users = await tools.listUsers({ team: 'core' })
const names = users.map((u) => u.name.split(' ')[0])
const and = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' })
const or = new Intl.ListFormat('en-US', { style: 'short', type: 'disjunction' })
console.log(and.format(names), '|', or.format(names.slice(0, 2)), '|', and.format([names[0]]), '|', and.format([]))
return and.format(names)`,
  'sorting names with accents and case': `const names = ['zoë', 'Zoe', 'Émile', 'emile', 'Ångström', 'angstrom', 'Ölaf', 'olaf', 'ß', 'ss']
const byCode = [...names].sort()
const byLocale = [...names].sort((a, b) => a.localeCompare(b))
const base = [...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare)
console.log(byCode, byLocale, base)
return byLocale`,
  'numeric collation of file names': `const files = ['file10.txt', 'file2.txt', 'File1.txt', 'file1.txt', 'file20.txt', 'file3.txt']
const natural = files.toSorted(new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare)
const upperFirst = files.toSorted(new Intl.Collator('en', { caseFirst: 'upper' }).compare)
console.log(natural, upperFirst)
return natural`,
  'a stable sort by several keys': `const users = await tools.listUsers()
const sorted = users.toSorted((a, b) => a.team.localeCompare(b.team) || Number(b.active) - Number(a.active))
console.log(sorted.map((u) => u.team + '/' + (u.active ? 'on' : 'off') + '/' + u.id).join(' '))
const stable = [5, 1, 4, 1, 5, 9, 2, 6].map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v)
console.log(stable.map((x) => x.v + ':' + x.i).join(' '))
return sorted.map((u) => u.id)`,
  'default sort of numbers and mixed values': `const nums = [10, 9, 1, 100, -5, 2.5]
const mixed = [undefined, 'b', 3, null, 'a', 10, undefined, true]
console.log([...nums].sort(), [...nums].sort((a, b) => a - b), [...mixed].sort())
const holes = [3, , 1]
console.log(holes.sort(), holes.length)
return [...nums].sort()`,
  'localeCompare with options and punctuation': `const words = ['co-op', 'coop', 'Coop', 'co op', 'cooperate', 'CO-OP']
console.log(words.toSorted((a, b) => a.localeCompare(b)))
console.log(words.toSorted((a, b) => a.localeCompare(b, 'en', { ignorePunctuation: true })))
console.log('a'.localeCompare('B'), 'a'.localeCompare('A'), 'a'.localeCompare('á', 'en', { sensitivity: 'base' }), 'résumé'.localeCompare('resume', 'en', { sensitivity: 'accent' }))
return words.toSorted((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }))`,
  'toFixed rounding cases that surprise': `const cases = [1.005, 1.255, 2.675, 0.615, 10.235, 1e-7, 123.456e5, -0.0001]
const out = cases.map((n) => [n, n.toFixed(2), Math.round(n * 100) / 100, Number(n.toFixed(1))])
console.table(out)
return out.map((r) => r[1])`,
  'padding a number table': `const products = await tools.listProducts()
const width = Math.max(...products.map((p) => p.name.length))
const rows = products.map((p) => p.name.padEnd(width) + ' | ' + p.price.toFixed(2).padStart(7) + ' | ' + String(p.stock).padStart(4) + ' | ' + (p.rating?.toFixed(1) ?? 'n/a'))
console.log(rows.join('\\n'))
return rows`,
  'rounding modes and significant digits': `const modes = ['ceil', 'floor', 'expand', 'trunc', 'halfCeil', 'halfFloor', 'halfExpand', 'halfTrunc', 'halfEven'] as const
const row = (n: number) => modes.map((m) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, roundingMode: m }).format(n))
console.log(row(2.5), row(-2.5), row(1.4))
const sig = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 })
console.log(sig.format(123456), sig.format(0.00012345), sig.format(99.95))
return row(0.5)`,
  'BigInt toLocaleString and formatting': `const big = 12345678901234567890n
console.log(big.toLocaleString(), big.toLocaleString('en-US', { notation: 'compact' }), new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(big))
console.log(big.toString(16), BigInt.asUintN(8, 257n), BigInt.asIntN(8, 255n), -big / 7n)
return String(big * 2n)`,
}

export const formatting: Program[] = [...matrix('formatting', 'x', amounts, formats), ...family('formatting', programs)]
