// eval in every spelling, and a string handed to setTimeout: nothing compiles a string.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectCompileRefused, expectContained } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('eval', () => {
  it('indirect eval (0, eval)("1")', async () => {
    await expectContained(runtime, `return (0, eval)('1')`, expectCompileRefused)
  })

  it('direct eval("1")', async () => {
    await expectContained(runtime, `return eval('1')`, expectCompileRefused)
  })

  it('eval looked up by a computed name', async () => {
    await expectContained(runtime, `return globalThis['ev' + 'al']('globalThis.__attack__ = 1')`, expectCompileRefused)
  })

  it('eval through call/apply/bind', async () => {
    await expectContained(runtime, `return eval.call(null, '1')`, expectCompileRefused)
    await expectContained(runtime, `return eval.apply(null, ['1'])`, expectCompileRefused)
    await expectContained(runtime, `return eval.bind(null)('1')`, expectCompileRefused)
  })

  it('a string handed to setTimeout is not compiled', async () => {
    await expectContained(runtime, `setTimeout('globalThis.__attack__ = 1', 0)`, (result) => {
      const error = errorOf(result)
      expect(error.name).toBe('TypeError')
    })
  })
})
