// Dates from fixed timestamps and date strings, in UTC (the realm's only zone): each operation
// over each moment.
import { matrix, type Program } from '../harness'

const moments: Record<string, string> = {
  'the epoch': 'new Date(0)',
  'a Monday morning': 'new Date(Date.UTC(2024, 0, 15, 9, 30))',
  'a leap day': "new Date('2024-02-29T23:59:59.999Z')",
  'new year': "new Date('2023-12-31T23:00:00Z')",
  'a timestamp in seconds': 'new Date(1714557600 * 1000)',
  'a date-only string': "new Date('2024-05-01')",
  'a date before 1970': 'new Date(Date.UTC(1969, 6, 20, 20, 17, 40))',
  'an ISO string with an offset': "new Date('2024-03-10T02:30:00+05:30')",
  'a far future date': 'new Date(Date.UTC(2100, 11, 31))',
  'an invalid date': "new Date('not a date')",
}

const ops: Record<string, string> = {
  'toISOString and toJSON': "const iso = isNaN(d) ? 'Invalid Date' : d.toISOString()\nconsole.log(iso, JSON.stringify({ at: d }))\nreturn iso",
  'toUTCString': 'console.log(d.toUTCString())\nreturn d.toUTCString()',
  'toString': 'console.log(String(d))\nreturn d.toString()',
  'toDateString': 'console.log(d.toDateString())\nreturn d.toDateString()',
  'YYYY-MM-DD HH:mm from UTC parts': "const pad = (n) => String(n).padStart(2, '0')\nconst out = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`\nconsole.log(out)\nreturn out",
  'the weekday name': "const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']\nconsole.log(days[d.getUTCDay()], d.getDay())\nreturn days[d.getUTCDay()] ?? null",
  'thirty days later': 'const later = new Date(d.getTime() + 30 * 24 * 60 * 60 * 1000)\nconsole.log(later.toISOString?.call(isNaN(later) ? new Date(0) : later))\nreturn later',
  'days until a deadline': "const deadline = new Date('2024-12-25T00:00:00Z')\nconst days = Math.ceil((deadline - d) / 86_400_000)\nconsole.log(days, 'days')\nreturn days",
  'the start of its month': 'const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))\nconsole.log(start.toISOString?.call(isNaN(start) ? new Date(0) : start))\nreturn start',
  'local getters': 'console.log(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds(), d.getTimezoneOffset())\nreturn [d.getFullYear(), d.getTimezoneOffset()]',
  'setters that roll over': 'const copy = new Date(d)\ncopy.setUTCDate(copy.getUTCDate() + 40)\ncopy.setUTCHours(25, 61)\nconsole.log(copy.toJSON())\nreturn copy.getTime()',
  'the ISO week number': 'const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))\nconst day = t.getUTCDay() || 7\nt.setUTCDate(t.getUTCDate() + 4 - day)\nconst yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1))\nconst week = Math.ceil(((t - yearStart) / 86400000 + 1) / 7)\nconsole.log(`week ${week}`)\nreturn week',
  'a relative time': "const now = Date.UTC(2024, 4, 1, 12)\nconst diff = (now - d.getTime()) / 1000\nconst rel = !Number.isFinite(diff) ? 'unknown' : diff < 60 ? 'just now' : diff < 3600 ? `${Math.floor(diff / 60)} min ago` : diff < 86400 ? `${Math.floor(diff / 3600)} h ago` : `${Math.floor(diff / 86400)} days ago`\nconsole.log(rel)\nreturn rel",
  'getTime, valueOf and a number': 'console.log(d.getTime(), d.valueOf(), +d, Number(d), d.getTime() / 1000 | 0)\nreturn d.getTime()',
}

export const dates: Program[] = matrix('dates', 'd', moments, ops)

const parsed: Record<string, string> = {
  'an ISO date': '2024-05-01',
  'an ISO date and time': '2024-05-01T10:00:00Z',
  'an ISO time without a zone': '2024-05-01T10:00:00',
  'a space instead of T': '2024-05-01 10:00',
  'a month name first': 'May 1, 2024',
  'a day first': '01 May 2024',
  'slashes': '2024/05/01',
  'US slashes': '05/01/2024',
  'an RFC 2822 date': 'Wed, 01 May 2024 10:00:00 GMT',
  'an offset': '2024-05-01T10:00:00+02:00',
  'milliseconds': '2024-05-01T10:00:00.123Z',
  'an invalid month': '2024-13-01',
  'garbage': 'yesterday',
}

for (const [label, text] of Object.entries(parsed)) {
  dates.push({
    name: `dates: Date.parse of ${label}`,
    source: `const t = Date.parse(${JSON.stringify(text)})\nconsole.log(t, isNaN(t) ? 'invalid' : new Date(t).toISOString())\nreturn t`,
  })
}

dates.push(
  {
    name: 'dates: orders per day',
    source: "const orders = await tools.getOrders()\nconst perDay = {}\nfor (const o of orders) {\n  const day = o.createdAt.slice(0, 10)\n  perDay[day] = (perDay[day] ?? 0) + 1\n}\nconsole.log(perDay)\nreturn Object.keys(perDay).length",
  },
  {
    name: 'dates: issues older than two weeks',
    source: "const issues = await tools.searchIssues({ state: 'open' })\nconst now = new Date('2024-01-15T00:00:00Z')\nconst stale = issues.filter((i) => (now - new Date(i.createdAt)) / 864e5 > 14)\nconsole.log(stale.map((i) => `#${i.number} ${Math.floor((now - new Date(i.createdAt)) / 864e5)}d`))\nreturn stale.length",
  },
  {
    name: 'dates: events bucketed by hour',
    source: "const events = await tools.getEvents()\nconst byHour = new Map()\nfor (const e of events) {\n  const hour = new Date(e.ts).toISOString().slice(0, 13) + ':00'\n  byHour.set(hour, (byHour.get(hour) ?? 0) + 1)\n}\nconsole.log(byHour)\nreturn [...byHour.keys()]",
  },
  {
    name: 'dates: sorting date strings and Date objects',
    source: "const list = ['2024-03-01', '2023-12-31', '2024-01-15T08:00:00Z', '2024-01-15']\nconst asDates = list.map((s) => new Date(s)).sort((a, b) => a - b)\nconsole.log(asDates)\nconsole.log([...list].sort())\nreturn asDates",
  },
  {
    name: 'dates: Date.UTC with overflowing fields',
    source: 'const out = [Date.UTC(2024, 0, 32), Date.UTC(2024, 12, 1), Date.UTC(2024, 1, 29, 24), Date.UTC(99, 0), Date.UTC(2024)]\nconsole.log(out.map((t) => new Date(t).toISOString()))\nreturn out',
  },
  {
    name: 'dates: a calendar month grid',
    source: "const year = 2024, month = 1\nconst first = new Date(Date.UTC(year, month, 1)).getUTCDay()\nconst days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()\nconst cells = [...Array(first).fill('  '), ...Array.from({ length: days }, (_, i) => String(i + 1).padStart(2))]\nconst weeks = []\nfor (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7).join(' '))\nconsole.log('Su Mo Tu We Th Fr Sa\\n' + weeks.join('\\n'))\nreturn days",
  },
  {
    name: 'dates: Date called as a function and with no time',
    source: "console.log(typeof Date(), new Date(2024, 0, 1).toISOString(), new Date(2024, 0).getTime(), new Date('2024').toISOString())\nreturn new Date(86400000 * 365.25 * 30).toISOString()",
  },
  {
    name: 'dates: toLocaleDateString and toLocaleTimeString',
    source: "const d = new Date(Date.UTC(2024, 4, 1, 15, 4, 5))\nconsole.log(d.toLocaleDateString('en-US'))\nconsole.log(d.toLocaleTimeString('en-US'))\nreturn d.toLocaleString()",
  },
  {
    name: 'dates: toTimeString',
    source: 'const d = new Date(Date.UTC(2024, 4, 1, 15, 4, 5))\nconsole.log(d.toTimeString())\nreturn d.toTimeString().slice(0, 8)',
  },
  {
    name: 'dates: an invalid date in arithmetic and JSON',
    source: "const d = new Date('garbage')\nconsole.log(d.getTime(), String(d), JSON.stringify({ d }), d.toJSON())\ntry { d.toISOString() } catch (e) { console.log(e.name, e.message) }\nreturn isNaN(d)",
  },
)
