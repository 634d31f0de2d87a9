// `this.constructor.constructor('return process')()`: the classic vm escape. Top-level `this` is
// undefined (strict mode), and every Function constructor reached refuses to compile strings.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectCompileRefused, expectContained } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('constructor chain escape', () => {
  it('this.constructor.constructor fails: top-level this is undefined', async () => {
    await expectContained(runtime, `return this.constructor.constructor('return process')()`, (result) => {
      const error = errorOf(result)
      expect(error.name).toBe('TypeError')
      expect(error.kind).toBe('runtime')
    })
  })

  it('({}).constructor.constructor cannot compile a string', async () => {
    await expectContained(runtime, `return ({}).constructor.constructor('return process')()`, expectCompileRefused)
  })

  it('a binding function\'s constructor is the realm\'s Function and cannot compile a string', async () => {
    await expectContained(runtime, `return search.constructor('return process')()`, expectCompileRefused, {
      bindings: { search: () => 1 },
    })
  })

  it('console.log.constructor cannot compile a string', async () => {
    await expectContained(runtime, `return console.log.constructor('return process')()`, expectCompileRefused)
  })

  it('the error is catchable but the catch gains nothing', async () => {
    await expectContained(
      runtime,
      `try { return ({}).constructor.constructor('return process')() } catch (e) { return [e.name, typeof process] }`,
      (result) => {
        expect(result.ok && result.value).toEqual(['EvalError', 'undefined'])
      },
    )
  })
})
