// Reflect.construct / Reflect.apply reach the Function constructor without calling it directly.
import { afterAll, describe, it } from 'vitest'
import { createCodeRuntime, expectCompileRefused, expectContained } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('Reflect', () => {
  it('Reflect.construct(Function, [...]) cannot compile a string', async () => {
    await expectContained(runtime, `return Reflect.construct(Function, ['return 1'])()`, expectCompileRefused)
  })

  it('Reflect.construct with a different newTarget', async () => {
    await expectContained(runtime, `class X {} return Reflect.construct(Function, ['return 1'], X)()`, expectCompileRefused)
  })

  it('Reflect.apply(Function, ...)', async () => {
    await expectContained(runtime, `return Reflect.apply(Function, null, ['return 1'])()`, expectCompileRefused)
  })
})
