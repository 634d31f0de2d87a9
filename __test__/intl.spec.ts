// The realm's Intl (vendor/boa_engine, builtins/locale) against this Node's (Node 20, full ICU):
// each table of inputs runs through the same code in the realm and here, and every result must be
// Node's, errors included (as `!Name: message`). What the realm does not implement is refused with
// a RangeError naming the option, where Node formats.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { errorOf, valueOf } from './helpers.js'

const runtime = createCodeRuntime({ maxConcurrency: 2 })
afterAll(() => runtime.dispose())

const TIMEOUT = { timeout: 120_000 }

/**
 * Runs `body` (JavaScript that reads `table` and returns one string per row, through `attempt`
 * for each row that may throw) in the realm and here; the rows whose results differ, with Node's
 * and the realm's.
 */
async function differences(body: string, table: unknown[]): Promise<string[]> {
  const prelude = `const attempt = (f) => { try { return f() } catch (e) { return '!' + e.name + ': ' + e.message } }
const num = (v) => (typeof v === 'string' ? Number(v) : v)
`
  const source = `const table = ${JSON.stringify(table)}\n${prelude}${body}`
  const result = await runtime.run({ source, language: 'javascript', limits: { computeMs: 60_000, maxWallMs: 120_000, maxResultBytes: 8 << 20 } })
  const realm: string[] = valueOf(result)
  const node: string[] = new Function(`${prelude}return (table) => { ${body} }`)()(JSON.parse(JSON.stringify(table)))
  expect(realm.length).toBe(node.length)
  return node.flatMap((expected, row) =>
    realm[row] === expected ? [] : [`${JSON.stringify(table[row])}\n  node:  ${expected}\n  realm: ${realm[row]}`],
  )
}

/** Every combination of the lists' values, as objects without the undefined ones. */
function combinations(lists: Record<string, unknown[]>): Record<string, unknown>[] {
  return Object.entries(lists).reduce<Record<string, unknown>[]>(
    (rows, [key, values]) => rows.flatMap((row) => values.map((value) => (value === undefined ? row : { ...row, [key]: value }))),
    [{}],
  )
}

// Numbers as strings where JSON cannot carry them (`num` reads them back).
const NUMBERS = [0, '-0', 1, -1, 0.5, 1.005, 2.675, 12.345, 999.5, 1000, 1234.5678, -9876.54321, 0.000123, 1e21, 123456789.987, 9.995, 99999, 999999, 1e-7, 'NaN', 'Infinity', '-Infinity', 0.30000000000000004]

describe('Intl.NumberFormat and Number.prototype.toLocaleString', TIMEOUT, () => {
  const options = [
    {}, { maximumFractionDigits: 0 }, { minimumFractionDigits: 2 }, { minimumFractionDigits: 1, maximumFractionDigits: 2 },
    { maximumSignificantDigits: 3 }, { minimumSignificantDigits: 3 }, { minimumSignificantDigits: 2, maximumSignificantDigits: 4 },
    { maximumSignificantDigits: 2, maximumFractionDigits: 1, roundingPriority: 'morePrecision' },
    { maximumSignificantDigits: 2, maximumFractionDigits: 1, roundingPriority: 'lessPrecision' },
    { minimumIntegerDigits: 3 }, { useGrouping: false }, { useGrouping: 'min2' }, { useGrouping: 'always' }, { useGrouping: 'true' },
    { style: 'percent' }, { style: 'percent', minimumFractionDigits: 1 }, { style: 'percent', signDisplay: 'always' },
    { style: 'currency', currency: 'USD' }, { style: 'currency', currency: 'eur' }, { style: 'currency', currency: 'JPY' }, { style: 'currency', currency: 'BHD' },
    { style: 'currency', currency: 'USD', currencySign: 'accounting' }, { style: 'currency', currency: 'CHF', currencySign: 'accounting', signDisplay: 'always' },
    { style: 'currency', currency: 'USD', currencyDisplay: 'code' }, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' },
    { style: 'currency', currency: 'USD', notation: 'compact' }, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' },
    { notation: 'compact' }, { notation: 'compact', compactDisplay: 'long' }, { notation: 'compact', maximumFractionDigits: 2 },
    { notation: 'compact', maximumSignificantDigits: 3 }, { notation: 'compact', style: 'percent' }, { notation: 'compact', signDisplay: 'always' },
    { notation: 'scientific' }, { notation: 'engineering' }, { notation: 'scientific', maximumFractionDigits: 1 },
    ...['always', 'exceptZero', 'never', 'negative'].map((signDisplay) => ({ signDisplay })),
    ...['ceil', 'floor', 'expand', 'trunc', 'halfCeil', 'halfFloor', 'halfExpand', 'halfTrunc', 'halfEven'].map((roundingMode) => ({ roundingMode, maximumFractionDigits: 1 })),
    { trailingZeroDisplay: 'stripIfInteger', minimumFractionDigits: 2 },
    { style: 'unit', unit: 'kilobyte' }, { style: 'unit', unit: 'megabyte', unitDisplay: 'long' }, { style: 'unit', unit: 'second', unitDisplay: 'narrow' },
    { style: 'unit', unit: 'kilometer-per-hour' }, { style: 'unit', unit: 'percent' }, { style: 'unit', unit: 'liter', notation: 'compact', unitDisplay: 'long' },
  ]

  it('formats each option set as Node does, and resolves the same options', async () => {
    const table = options.flatMap((o) => NUMBERS.map((value) => [o, value]))
    const body = `return table.map(([o, v]) => attempt(() => new Intl.NumberFormat('en-US', o).format(num(v)) + ' ' + num(v).toLocaleString('en-US', o)))`
    expect(await differences(body, table)).toEqual([])
    const resolved = `return table.map((o) => attempt(() => JSON.stringify(new Intl.NumberFormat('en-US', o).resolvedOptions())))`
    expect(await differences(resolved, options)).toEqual([])
  })

  it('gives the same parts, and formats BigInts and decimal strings exactly', async () => {
    const table = options.flatMap((o) => [-1234.5, 0.05, 'NaN', 1e21].map((value) => [o, value]))
    const body = `return table.map(([o, v]) => attempt(() => JSON.stringify(new Intl.NumberFormat('en-US', o).formatToParts(num(v)))))`
    expect(await differences(body, table)).toEqual([])
    const exact = `return table.map((v) => attempt(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 }).format(v)))`
    expect(await differences(exact, ['1234.56789012345678901', '-0.1', '1e3', ' 12 ', 'abc', ''])).toEqual([])
    const bigints = `return table.map((v) => attempt(() => BigInt(v).toLocaleString() + ' ' + new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(BigInt(v))))`
    expect(await differences(bigints, ['0', '-12345678901234567890', '999'])).toEqual([])
  })

  it("prints every ISO 4217 code Node knows with Node's symbol, narrow symbol and digits", async () => {
    const codes = [...Intl.supportedValuesOf('currency'), 'XYZ']
    const table = codes.flatMap((currency) => ['symbol', 'narrowSymbol', 'code'].map((currencyDisplay) => ({ style: 'currency', currency, currencyDisplay })))
    const body = `return table.map((o) => attempt(() => [1234.5, -0.5, 0, NaN, -Infinity].map((v) => new Intl.NumberFormat('en-US', o).format(v)).join(' | ')))`
    expect(await differences(body, table)).toEqual([])
  })

  it("names every sanctioned unit, and every unit per unit, as Node does", async () => {
    const units = Intl.supportedValuesOf('unit')
    const compound = units.flatMap((a) => units.filter((b) => b !== a).map((b) => `${a}-per-${b}`))
    const table = [...units, ...compound].flatMap((unit) => ['short', 'narrow', 'long'].map((unitDisplay) => ({ style: 'unit', unit, unitDisplay })))
    const body = `return table.map((o) => attempt(() => [1, 2.5, -1, 1000, 1234567, NaN].map((v) => new Intl.NumberFormat('en-US', o).format(v)).join(' | ')))`
    expect(await differences(body, table)).toEqual([])
  })

  it("throws Node's errors for options Node refuses", async () => {
    const table = [
      { style: 'currency' }, { style: 'unit' }, { style: 'unit', unit: 'furlong' }, { currency: 'us' }, { maximumFractionDigits: 101 },
      { minimumFractionDigits: 3, maximumFractionDigits: 1 }, { maximumSignificantDigits: 0 }, { minimumIntegerDigits: 22 },
      { useGrouping: 'sometimes' }, { style: 'money' }, { notation: 'short' }, { signDisplay: 'maybe' }, { roundingMode: 'up' }, { roundingIncrement: 3 },
    ]
    const body = `return table.map((o) => attempt(() => new Intl.NumberFormat('en-US', o).format(1)))`
    expect(await differences(body, table)).toEqual([])
  })
})

describe('locales and what the realm does not implement', TIMEOUT, () => {
  it('refuses, naming it, an option value Node formats and the realm does not', async () => {
    const refused: [string, string][] = [
      ["new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', currencyDisplay: 'name' }).format(1)", 'currencyDisplay'],
      ["new Intl.NumberFormat('en-US', { numberingSystem: 'arab' }).format(1)", 'numberingSystem'],
      ["new Intl.NumberFormat('en-US', { roundingIncrement: 5, maximumFractionDigits: 0 }).format(1)", 'roundingIncrement'],
      ["new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York' }).format(0)", 'timeZone'],
      ["new Date(0).toLocaleString('en-US', { timeZone: 'Asia/Tokyo' })", 'timeZone'],
      ["new Intl.DateTimeFormat('en-US', { era: 'short' }).format(0)", 'era'],
      ["new Intl.DateTimeFormat('en-US', { dayPeriod: 'long', hour: 'numeric' }).format(0)", 'dayPeriod'],
      ["new Intl.DateTimeFormat('en-US', { calendar: 'japanese' }).format(0)", 'calendar'],
      ["new Intl.DateTimeFormat('en-US', { fractionalSecondDigits: 2 }).format(0)", 'fractionalSecondDigits'],
      ["new Intl.Collator('en', { usage: 'search' }).compare('a', 'b')", 'usage'],
      ["new Intl.Collator('en', { collation: 'emoji' }).compare('a', 'b')", 'collation'],
      ["(1234.5).toLocaleString('de-DE')", "locale 'de-DE'"],
      ["new Date(0).toLocaleDateString('en-GB')", "locale 'en-GB'"],
      ["'a'.localeCompare('b', 'sv')", "locale 'sv'"],
      ["new Intl.PluralRules('fr').select(1)", "locale 'fr'"],
    ]
    for (const [expression, named] of refused) {
      expect(() => new Function(`return ${expression}`)(), `Node formats ${expression}`).not.toThrow()
      const error = errorOf(await runtime.run({ source: `return ${expression}` }))
      expect(error.name, expression).toBe('RangeError')
      expect(error.message, expression).toContain(named)
    }
  })

  it('formats for en and en-US, and reports only those as supported', async () => {
    const value = valueOf(
      await runtime.run({
        source: `return [
  new Intl.NumberFormat('EN-us').resolvedOptions().locale, new Intl.NumberFormat(['en', 'de']).resolvedOptions().locale,
  new Intl.NumberFormat().resolvedOptions().locale, new Intl.Collator('de').resolvedOptions().locale,
  Intl.NumberFormat.supportedLocalesOf(['en-US', 'de-DE', 'en']), Intl.Collator.supportedLocalesOf(['fr', 'sv', 'fr-CA']),
]`,
      }),
    )
    expect(value).toEqual(['en-US', 'en', 'en-US', 'de', ['en-US', 'en'], ['fr']])
  })
})

describe('dates: Intl.DateTimeFormat and Date.prototype.toLocale*String, in UTC', TIMEOUT, () => {
  // Hours 0 and 13 show the hour cycles; single-digit minutes and seconds show padding.
  const instants = [Date.UTC(2024, 0, 5, 0, 7, 9, 45), Date.UTC(1999, 11, 31, 13, 59, 1, 999)]
  const fields = combinations({
    weekday: [undefined, 'long', 'short', 'narrow'],
    year: [undefined, 'numeric', '2-digit'],
    month: [undefined, 'numeric', '2-digit', 'long', 'short', 'narrow'],
    day: [undefined, 'numeric', '2-digit'],
    hour: [undefined, 'numeric', '2-digit'],
    minute: [undefined, 'numeric', '2-digit'],
    second: [undefined, 'numeric', '2-digit'],
  })
  const format = `return table.map((o) => attempt(() => { const f = new Intl.DateTimeFormat('en-US', o); return ${JSON.stringify(instants)}.map((t) => f.format(t)).join(' | ') + ' ' + JSON.stringify(f.resolvedOptions()) }))`

  for (const cycle of [{}, { hour12: false }, { hourCycle: 'h11' }, { hourCycle: 'h23' }]) {
    it(`formats every combination of fields in every width as Node does (${JSON.stringify(cycle)})`, async () => {
      expect(await differences(format, fields.map((o) => ({ ...o, ...cycle })))).toEqual([])
    })
  }

  it('formats dateStyle and timeStyle, time zone names and fractions of a second as Node does, in parts too', async () => {
    const styles = combinations({
      dateStyle: [undefined, 'full', 'long', 'medium', 'short'],
      timeStyle: [undefined, 'full', 'long', 'medium', 'short'],
      hour12: [undefined, true, false],
    })
    const more = [
      { timeZone: 'UTC' }, { timeZone: 'Etc/GMT' }, { timeZone: 'utc' }, ...['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'].flatMap((timeZoneName) => [
        { timeZoneName }, { timeZoneName, hour: 'numeric' }, { timeZoneName, weekday: 'long', hour: 'numeric', minute: '2-digit' }, { timeZoneName, year: 'numeric', month: 'long' },
      ]),
      ...[1, 2, 3].flatMap((fractionalSecondDigits) => [
        { fractionalSecondDigits, second: 'numeric' }, { fractionalSecondDigits, minute: '2-digit', second: '2-digit' }, { fractionalSecondDigits, hour: 'numeric', minute: 'numeric', second: 'numeric' },
      ]),
    ]
    const table = [...styles, ...more]
    expect(await differences(format, table)).toEqual([])
    const parts = `return table.map((o) => attempt(() => JSON.stringify(new Intl.DateTimeFormat('en-US', o).formatToParts(${instants[0]}))))`
    expect(await differences(parts, [...table, ...fields.filter((_, i) => i % 37 === 0)])).toEqual([])
  })

  it('fills in the fields each toLocale*String adds, and refuses styles it cannot take, as Node does', async () => {
    const table = [
      undefined, {}, { hour12: false }, { hour: 'numeric' }, { weekday: 'long' }, { month: 'long', day: 'numeric' }, { minute: '2-digit' },
      { dateStyle: 'medium' }, { timeStyle: 'short' }, { dateStyle: 'long', timeStyle: 'short' }, { timeZoneName: 'short' }, { dateStyle: 'short', hour: 'numeric' },
    ]
    const body = `return table.map((o) => ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((method) => attempt(() => ${JSON.stringify(instants)}.map((t) => new Date(t)[method]('en-US', o)).join(' | '))).join(' / '))`
    expect(await differences(body, table)).toEqual([])
    const edges = `return table.map((row) => attempt(() => row === 'invalid' ? new Date(NaN).toLocaleString() + new Date(NaN).toLocaleDateString('en-US', { timeStyle: 'x' }) : new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(num(row))))`
    expect(await differences(edges, ['invalid', 'NaN', 8.64e15, '-8.64e15', 8.64e15 + 1, Date.UTC(-1, 5, 1), Date.UTC(12345, 0, 1), Date.UTC(2024, 1, 29)])).toEqual([])
  })

  it("throws Node's errors for options Node refuses", async () => {
    const table = [{ weekday: 'bogus' }, { hourCycle: 'h25' }, { fractionalSecondDigits: 4 }, { month: 'longer' }, { dateStyle: 'short', hour: 'numeric' }, { timeStyle: 'short', timeZoneName: 'short' }, { dateStyle: 'huge' }]
    const body = `return table.map((o) => attempt(() => new Intl.DateTimeFormat('en-US', o).format(0)))`
    expect(await differences(body, table)).toEqual([])
  })
})

// Words with accents, case, ligatures (ß, æ, œ, ø, ĳ), the letters ICU sorts apart (ı, þ, ł, đ),
// punctuation and symbols, digits, and other scripts.
const WORDS = [
  ...`
  resume résumé rèsume résume resumé Résumé RESUME cote côte coté côté Cote Straße strasse STRASSE Strasse straße strase strassen Maße Masse masse maße
  æble aeble Æble AEBLE ærø aero Ærø œuvre oeuvre Œuvre OEUVRE cœur coeur søren soren Søren sören Sören sorén øre ore öre Øre
  naïve naive Naïve NAÏVE façade facade Façade jalapeño jalapeno piñata pinata niño nino Niño über uber Über ueber Zürich zurich Zurich zebra Zebra
  éclair eclair Éclair élan elan émile Émile ecole école École ècole êcole ëcole ēcole ěcole ęcole ėcole
  Ångström angstrom Angstrom ångström Åland aland Äpfel apfel Apfel äpfel Ära ara àra ára âra ãra åra āra ăra ąra
  Łódź lodz Lodz łódź Kraków krakow Krakow Gdańsk gdansk Wrocław wroclaw Dvořák dvorak Dvorak Čapek capek Capek Škoda skoda Skoda Žižek zizek
  Þór thor Thor þór Ðað dad ðað Đorđe dorde đorđe Ħal hal ħal İstanbul istanbul Istanbul ıstanbul ĳs ijs IJs Ĳs ŀl ll ſt st
  a A á Á à b B ab aB Ab AB ß ss SS ẞ æ ae Æ AE œ oe ø o O Ø ö ó ò ô õ ō ő ǫ z Z
  Müller Mueller Muller müller Möller Moller Mäder Mader Meyer Maier Mayer Meier O’Brien O'Brien OBrien Obrien d'Artagnan Dartagnan delacruz vangogh
  Bogotá Bogota Medellín Medellin Curaçao Curacao Reykjavík Reykjavik Malmö Malmo Göteborg Goteborg Tromsø Tromso Køge Koge
  crème creme crêpe crepe café cafe Café CAFÉ cafés cafes fiancé fiance fiancée señor senor Señor SEÑOR co-op coop e-mail email E-Mail re-sume résumés resumes
  a-b a_b a.b a,b a'b a’b a"b a/b a(b a&b a#b a@b a$b a€b a+b a=b a<b a~b a|b a\`b a^b a%b a*b a!b a?b a;b a:b a–b a—b a…b a«b a§b a°b a©b a×b
  item1 item2 item10 item02 Item3 item20 item-1 1 10 2 01 1.5 1.10 -1 +1 $1 €5 x1 x10 x9 _ - 9 0 Ω ω α Α β я Я а б ж
`
    .trim()
    .split(/\s+/),
  'a b', 'a\tb', 'item 1', 'de la Cruz', 'De La Cruz', 'van Gogh', 'Van Gogh', 'São Paulo', 'Sao Paulo', 'são paulo', 'crème brûlée', 'creme brulee', 'déjà vu', 'deja vu',
  '', ' ', '  a', 'a ', 'co op', 'e mail', 'a\u0301', 'a\u0300\u0301', 'a\u0301\u0300', 'e\u0308\u0301', 'x\u0001y', 'xy', 'x\u00ady', 'x\u200by',
]

describe('collation: Intl.Collator and String.prototype.localeCompare', TIMEOUT, () => {
  it(`sorts ${WORDS.length} Latin words as ICU's root collation does, with every option`, async () => {
    const table = [
      {}, { sensitivity: 'base' }, { sensitivity: 'accent' }, { sensitivity: 'case' }, { numeric: true }, { caseFirst: 'upper' }, { caseFirst: 'lower' },
      { ignorePunctuation: true }, { sensitivity: 'base', numeric: true }, { sensitivity: 'accent', ignorePunctuation: true },
    ]
    // The sorted order, and each neighbour's comparison (which tells equal from less).
    const body = `const words = ${JSON.stringify(WORDS)}
return table.map((o) => attempt(() => {
  const collator = new Intl.Collator('en', o)
  const sorted = words.slice().sort(collator.compare)
  return JSON.stringify(sorted) + sorted.slice(1).map((w, i) => collator.compare(sorted[i], w) + sorted[i].localeCompare(w, 'en', o)).join()
}))`
    expect(await differences(body, table)).toEqual([])
  })

  it('compares the cases users meet as Node does', async () => {
    const table = [
      ['Straße', 'STRASSE', { sensitivity: 'base' }], ['résumé', 'rèsume', {}], ['a', 'B', {}], ['item9', 'item10', { numeric: true }], ['item02', 'item2', { numeric: true }],
      ['ı', 'i', { sensitivity: 'base' }], ['İstanbul', 'istanbul', { sensitivity: 'accent' }], ['Æsir', 'aesir', { sensitivity: 'base' }], ['ĳ', 'IJ', { sensitivity: 'case' }],
    ]
    const body = `return table.map(([a, b, o]) => attempt(() => a.localeCompare(b, 'en', o) + ' ' + new Intl.Collator('en', o).compare(b, a) + ' ' + JSON.stringify(new Intl.Collator('en', o).resolvedOptions())))`
    expect(await differences(body, table)).toEqual([])
  })
})

describe('Intl.PluralRules, Intl.RelativeTimeFormat and Intl.ListFormat for English', TIMEOUT, () => {
  it('selects plural categories as Node does', async () => {
    const table = combinations({ type: ['cardinal', 'ordinal'], minimumFractionDigits: [undefined, 1], maximumSignificantDigits: [undefined, 2], maximumFractionDigits: [undefined, 0] })
    const body = `return table.map((o) => attempt(() => { const rules = new Intl.PluralRules('en', o); return JSON.stringify([[0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113, 1.5, 0.95, 1.04, -1, -2, -3, NaN, Infinity, '1', '1.0', 1e21].map((n) => rules.select(n)), rules.resolvedOptions()]) }))`
    expect(await differences(body, table)).toEqual([])
  })

  it('formats relative times in every style, numeric or not, as Node does', async () => {
    const units = ['year', 'years', 'quarter', 'month', 'week', 'day', 'days', 'hour', 'minute', 'second', 'seconds', 'fortnight']
    const table = combinations({ style: ['long', 'short', 'narrow'], numeric: ['always', 'auto'], unit: units })
    const body = `return table.map(({ unit, ...o }) => attempt(() => { const f = new Intl.RelativeTimeFormat('en', o); return [-2, -1, -0, 0, 1, 2, 1.5, -1000.5, 0.0001, -0.0004, 1.0004, '3', NaN].map((v) => attempt(() => f.format(v, unit))).join(' | ') + JSON.stringify(f.resolvedOptions()) + JSON.stringify(attempt(() => f.formatToParts(-1234.5, unit))) }))`
    expect(await differences(body, table)).toEqual([])
  })

  it('joins lists in every type and style as Node does', async () => {
    const table = combinations({ type: ['conjunction', 'disjunction', 'unit'], style: ['long', 'short', 'narrow'] })
    const body = `return table.map((o) => attempt(() => { const f = new Intl.ListFormat('en', o); return JSON.stringify([[], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd'], 'xyz', new Set(['s', 't'])].map((list) => f.format(list)).concat([f.formatToParts(['x', 'y', 'z']), f.resolvedOptions(), attempt(() => f.format([1, 2]))])) }))`
    expect(await differences(body, table)).toEqual([])
  })

  it('requires new for these three, as Node does, and not for the older three', async () => {
    const table = ['PluralRules', 'RelativeTimeFormat', 'ListFormat', 'NumberFormat', 'Collator', 'DateTimeFormat']
    const body = `return table.map((name) => attempt(() => { const made = Intl[name]('en'); return Object.prototype.toString.call(made) + (made instanceof Intl[name]) + (Intl[name].prototype.constructor === Intl[name]) + Intl[name].length }))`
    expect(await differences(body, table)).toEqual([])
  })
})

describe('Intl.Segmenter', TIMEOUT, () => {
  const TEXTS = [
    'The quick (“brown”) fox can’t jump 32.3 feet, right?',
    'Hello world. How are you? I am fine! Mr. Smith went to Washington... He said "Hi." Then left.',
    'Launch 🚀 done ✅ — thanks 🙏 👨‍👩‍👧‍👦 🇩🇪🇫🇷 👍🏽',
    'Crème brûlée e\u0301 a\u0308\u0301 Ελληνικά Русский текст עברית עם ניקוד العربية',
    'email: ada@example.com, url: https://example.com/a_b?c=1&d=2, path /var/log/app.log',
    'snake_case camelCase kebab-case 3,000.50 $12 50% #tag @user',
    'line one\nline two\r\nline three\t tab',
    '한국어 문장입니다. 카타카나 カタカナ ひらがな',
    'lone \ud800 surrogate \udc00 here',
    '',
  ]
  for (const granularity of ['grapheme', 'word', 'sentence']) {
    it(`splits text into ${granularity}s as Node does`, async () => {
      const body = `return table.map((text) => attempt(() => JSON.stringify([...new Intl.Segmenter('en', { granularity: '${granularity}' }).segment(text)].map((s) => [s.segment, s.index, s.isWordLike]))))`
      expect(await differences(body, TEXTS)).toEqual([])
    })
  }

  it('finds the segment containing each index as Node does', async () => {
    const body = `return table.map((text) => attempt(() => { const segments = new Intl.Segmenter('en', { granularity: 'word' }).segment(text); return JSON.stringify([-1, 0, 3, 17, 40, text.length - 1, text.length, 1e9].map((i) => { const s = segments.containing(i); return s && [s.segment, s.index] })) }))`
    expect(await differences(body, TEXTS)).toEqual([])
  })

  it('refuses the languages ICU segments with a dictionary, rather than splitting them otherwise', async () => {
    for (const locale of ['ja', 'zh-Hans', 'th-TH']) {
      const error = errorOf(await runtime.run({ source: `new Intl.Segmenter('${locale}', { granularity: 'word' })` }))
      expect(error.name).toBe('RangeError')
      expect(error.message).toContain(`locale '${locale}' is not supported`)
    }
    expect(valueOf(await runtime.run({ source: `return new Intl.Segmenter('de').resolvedOptions()` }))).toEqual({ locale: 'de', granularity: 'grapheme' })
  })
})
