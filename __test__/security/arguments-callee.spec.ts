// Programs run in strict mode: arguments.callee, fn.caller and sloppy `this` are unavailable.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('strict mode', () => {
  it('arguments.callee throws', async () => {
    await expectContained(runtime, `function f() { return arguments.callee } return typeof f()`, (result) => {
      expect(errorOf(result).name).toBe('TypeError')
    })
  })

  it('fn.caller throws', async () => {
    await expectContained(runtime, `function f() { return f.caller } return typeof f()`, (result) => {
      expect(errorOf(result).name).toBe('TypeError')
    })
  })

  it('this is undefined at top level and in plain calls', async () => {
    await expectContained(runtime, `return [typeof this, (function () { return typeof this })()]`, (result) => {
      expect(valueOf(result)).toEqual(['undefined', 'undefined'])
    })
  })

  it('assigning an undeclared name throws instead of creating a global', async () => {
    await expectContained(runtime, `__attack__ = 1`, (result) => {
      expect(errorOf(result).name).toBe('ReferenceError')
    })
  })
})
