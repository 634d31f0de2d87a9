// A program cannot add, replace or delete bindings, neither for itself nor for a later run, and
// cannot change the host's bindings object.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

function makeBindings() {
  const calls: string[] = []
  const bindings = {
    search: (q: unknown) => { calls.push(`search ${JSON.stringify(q)}`); return 'real search' },
    github: { listIssues: () => { calls.push('listIssues'); return ['real'] } },
  }
  return { calls, bindings }
}

const ATTEMPTS = [
  `search = () => 'fake'`,
  `globalThis.search = () => 'fake'`,
  `delete globalThis.search`,
  `Object.defineProperty(globalThis, 'search', { value: () => 'fake' })`,
  `github.listIssues = () => ['fake']`,
  `delete github.listIssues`,
  `github.added = () => 'added'`,
  `Object.defineProperty(github, 'added', { value: () => 'added' })`,
  `Object.setPrototypeOf(github, { added: () => 'added' })`,
  `github.__proto__ = { added: () => 'added' }`,
  `search.call = () => 'fake'`,
  `Object.defineProperty(search, 'name', { value: 'x' })`,
]

describe('binding tampering', () => {
  for (const attempt of ATTEMPTS) {
    it(`refuses ${attempt}`, async () => {
      const { calls, bindings } = makeBindings()
      const snapshot = { keys: Object.keys(bindings), search: bindings.search, ns: Object.keys(bindings.github), list: bindings.github.listIssues }
      await expectContained(runtime, attempt, (result) => {
        expect(errorOf(result).name).toBe('TypeError')
      }, { bindings })
      expect({ keys: Object.keys(bindings), search: bindings.search, ns: Object.keys(bindings.github), list: bindings.github.listIssues }).toEqual(snapshot)
      const next = await runtime.run({
        source: `return [await search('q'), await github.listIssues(), Object.keys(github), typeof github.added]`,
        language: 'javascript',
        bindings,
      })
      expect(valueOf(next)).toEqual(['real search', ['real'], ['listIssues'], 'undefined'])
      expect(calls).toEqual(['search "q"', 'listIssues'])
    })
  }

  it('a later run without bindings sees none of the earlier run\'s bindings', async () => {
    const { bindings } = makeBindings()
    await expectContained(runtime, `return typeof search`, (result) => expect(valueOf(result)).toBe('function'), { bindings })
    const next = await runtime.run({ source: `return [typeof search, typeof github]`, language: 'javascript' })
    expect(valueOf(next)).toEqual(['undefined', 'undefined'])
  })
})
