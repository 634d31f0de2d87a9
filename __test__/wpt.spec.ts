// Web Platform Tests as a scoreboard for the realm's web APIs (README, "Conformance"): each data
// file's cases run in our realm and in Node, the oracle (__test__/wpt/runner.js). Per file
// (__test__/wpt/expected.json): our passing count is the committed floor, a ratchet (a drop fails,
// and so does a rise until the floor is raised), and every case we fail is listed with its reason
// (so none that Node passes goes unlisted), while a listed case that passes fails too.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { counts, runSuites } from './wpt/runner.js'
import { suites } from './wpt/suites.js'

interface KnownFailures {
  reason: string
  cases: string[]
}
interface Expected {
  floor: number
  knownFailures: KnownFailures[]
}
interface Case {
  name: string
  ours: string | null
  node: string | null
}
interface SuiteResult {
  file: string
  ours: boolean
  api: string
  cases: Case[]
}

const expected: Record<string, Expected> = JSON.parse(readFileSync(new URL('./wpt/expected.json', import.meta.url), 'utf8'))
const runtime = createCodeRuntime()
let results: SuiteResult[] = []

// One program per data file; a generous bound for a shared machine (the whole run is about a second).
beforeAll(async () => {
  results = await runSuites(runtime)
}, 120_000)
afterAll(() => runtime.dispose())

/** How a case we fail reads in a failure message: what we got, and what Node got. */
const reproduction = (c: Case) => `  ${c.name}\n    ours: ${c.ours}\n    node: ${c.node ?? 'passes'}`

describe.each(suites.map((suite: { file: string }) => suite.file))('WPT %s', (file) => {
  const result = () => results.find((r) => r.file === file)!
  const listed = () => new Map(expected[file].knownFailures.flatMap(({ reason, cases }) => cases.map((name) => [name, reason] as const)))

  it('fails no case but the listed known failures', () => {
    const unlisted = result().cases.filter((c) => c.ours !== null && !listed().has(c.name))
    expect(unlisted.map(reproduction).join('\n'), 'cases we fail that __test__/wpt/expected.json does not list').toBe('')
  })

  it('still fails every listed case (a case that passes now comes off the list)', () => {
    const byName = new Map(result().cases.map((c) => [c.name, c]))
    const stale = [...listed().keys()].filter((name) => byName.get(name)?.ours === null)
    const unknown = [...listed().keys()].filter((name) => !byName.has(name))
    expect({ passingNow: stale, notCasesOfThisFile: unknown }).toEqual({ passingNow: [], notCasesOfThisFile: [] })
  })

  it('passes exactly its committed floor (raise it in expected.json when more pass)', () => {
    expect(counts(result()).ours).toBe(expected[file].floor)
  })
})

describe('the conformance table', () => {
  it("lists every data file in README's Conformance section as `npm run wpt` prints it (Node's count aside)", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('\n## Conformance\n') + 1)
    const rows = [...section.slice(0, section.indexOf('\n## ', 1)).matchAll(/^\| `([^`]+)` \| (WPT|ours) \| (.+) \| (\d+) \| (\d+) \| \d+ \|$/gm)]
    const table = rows.map(([, file, from, api, cases, ours]) => ({ file, from, api, cases: Number(cases), ours: Number(ours) }))
    const measured = results.map((r) => ({ file: r.file, from: r.ours ? 'ours' : 'WPT', api: r.api, cases: r.cases.length, ours: counts(r).ours }))
    expect(table).toEqual(measured)
  })

  it('has an entry in expected.json for each data file and none for another', () => {
    expect(Object.keys(expected).filter((key) => key !== 'comment').sort()).toEqual(suites.map((s: { file: string }) => s.file).sort())
  })
})
