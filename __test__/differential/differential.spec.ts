// The behaviour differential: every program of the corpus runs in the realm and in Node, cold and
// hot (three passes at the same code sites), and must print, return and fail as Node does, but for
// the listed exceptions (exceptions.ts, and README's "Behaviour differential").
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../../index.js'
import { corpus } from './corpus'
import { exceptions } from './exceptions'
import { type Behaviour, describeBehaviour, hot, passesAgree, type Program, runInNode, runInRealm } from './harness'

const runtime = createCodeRuntime({ maxConcurrency: 4 })
afterAll(() => runtime.dispose())

const reasonOf = new Map(exceptions.flatMap(({ reason, programs }) => programs.map((name) => [name, reason])))
const observed = new Map<string, { realm: Behaviour; node: Behaviour }>()

beforeAll(async () => {
  const runs: Program[] = corpus.flatMap((program) => [program, { ...program, name: `${program.name} (hot)`, source: hot(program.source) }])
  const [realm, node] = await Promise.all([runInRealm(runtime, runs), runInNode(runs)])
  runs.forEach(({ name }, i) => observed.set(name, { realm: realm[i], node: node[i] }))
}, 110_000)

describe(`${corpus.length} programs, cold and hot, behave in the realm as in Node`, () => {
  for (const { name, source } of corpus) {
    it(name, () => {
      const runs = [name, `${name} (hot)`].map((run) => observed.get(run)!)
      const [cold, warm] = runs.map(({ realm, node }) => ({ realm: describeBehaviour(realm), node: describeBehaviour(node) }))
      // a cached site that changes its answer on a later pass, even where Node and the realm
      // otherwise differ as listed
      if (passesAgree(runs[1].node)) expect(passesAgree(runs[1].realm), `the hot passes of ${name} disagree:\n${warm.realm}`).toBe(true)
      const differs = cold.realm !== cold.node || warm.realm !== warm.node
      if (reasonOf.has(name)) {
        expect(differs, `${name} is listed as an exception (${reasonOf.get(name)}) but behaves as in Node now: take it off the list`).toBe(true)
      } else {
        const report = (which: typeof cold) => `program:\n${source}\nrealm: ${which.realm}\nnode: ${which.node}`
        expect(cold.realm, `cold run differs from Node\n${report(cold)}`).toBe(cold.node)
        expect(warm.realm, `hot run differs from Node\n${report(warm)}`).toBe(warm.node)
      }
    })
  }
})

describe('the exceptions list', () => {
  it('names programs of the corpus, each once', () => {
    const listed = exceptions.flatMap(({ programs }) => programs)
    expect(listed.filter((name) => !corpus.some((p) => p.name === name))).toEqual([])
    expect(new Set(listed).size).toBe(listed.length)
  })

  it("is README's, word for word, with the count of programs", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('### Behaviour differential'))
    const body = section.slice(0, section.indexOf('\n#', 1))
    expect(body).toContain(`${corpus.length} programs`)
    const listed = [...body.matchAll(/^- ((?:"[^"]+"(?:, )?)+): (.+)$/gm)].map(([, names, reason]) => ({ reason, programs: [...names.matchAll(/"([^"]+)"/g)].map(([, n]) => n) }))
    expect(listed).toEqual(exceptions.filter(({ programs }) => programs.length > 0))
  })
})
