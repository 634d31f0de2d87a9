// Dynamic import(): there is no module loader. The promise must reject (promptly, not hang until
// the wall budget), and static import/export are syntax errors.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('import', () => {
  it("import('fs') never yields a module and rejects promptly", async () => {
    // A hang would end the run with wall_budget; ok with the program's own value means it settled first.
    await expectContained(
      runtime,
      `try { const fs = await import('fs'); return ['loaded', typeof fs] } catch (e) { return ['rejected', e instanceof Error] }`,
      (result) => {
        // Contained: no module. Promised: a rejection the program can catch, not a hang.
        expect(result.ok, JSON.stringify(result)).toBe(true)
        expect(result.ok && result.value).toEqual(['rejected', true])
      },
      { limits: { computeMs: 1_000, maxWallMs: 2_000 } },
    )
  })

  it("import('node:child_process') does not load either", async () => {
    await expectContained(
      runtime,
      `return await import('node:child_process').then((m) => 'loaded ' + typeof m.exec, () => 'rejected')`,
      (result) => {
        expect(result.ok && result.value).toBe('rejected')
      },
      { limits: { computeMs: 1_000, maxWallMs: 2_000 } },
    )
  })

  it("cannot read the host's files as modules, even ones that exist beside the host", async () => {
    // The tests run in the package root, where package.json and index.js exist.
    for (const specifier of ['./package.json', './index.js', '/etc/hostname']) {
      await expectContained(
        runtime,
        `try { await import(${JSON.stringify(specifier)}, { with: { type: 'json' } }); return 'loaded' } catch (e) { return String(e) }`,
        (result) => {
          expect(result.ok && result.value).toMatch(/Module could not be found/)
        },
        { language: 'javascript', limits: { computeMs: 1_000, maxWallMs: 2_000 } },
      )
    }
  })

  it('finds only the modules the host gave, in memory, never the files beside them', async () => {
    const modules = { 'lib/a.js': "export { b } from './b.js'", 'lib/b.js': 'export const b = 2', 'lib/escape.js': "export * from '../../package.json'" }
    await expectContained(
      runtime,
      `const found = (await import('lib/a.js')).b
        const refused = []
        for (const specifier of ['./index.js', 'package.json', '/etc/hostname', 'lib/escape.js', 'lib/../lib/b.js']) {
          try { await import(specifier); refused.push('loaded ' + specifier) } catch (e) { refused.push(e instanceof Error) }
        }
        return [found, refused]`,
      (result) => {
        expect(result.ok && result.value).toEqual([2, [true, true, true, true, 'loaded lib/../lib/b.js']])
      },
      { language: 'javascript', modules, limits: { computeMs: 1_000, maxWallMs: 2_000 } },
    )
  })

  it('static import is a syntax error', async () => {
    await expectContained(runtime, `import fs from 'fs'\nreturn fs`, (result) => {
      expect(errorOf(result).kind).toBe('syntax')
    }, { language: 'typescript' })
  })

  it('export is a syntax error', async () => {
    await expectContained(runtime, `export const x = 1`, (result) => {
      expect(errorOf(result).kind).toBe('syntax')
    }, { language: 'typescript' })
  })
})
