// Stack-trace probing: no error, stack or message a program (or the host reading the result) can
// see names a host path, a dependency or a Rust source file.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained, expectNoHostPaths, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const PROBE = `
const stacks = []
const grab = (f) => { try { f() } catch (e) { stacks.push(String(e && e.stack), String(e && e.message), String(e)) } }
grab(() => null.x)
grab(() => JSON.parse('{'))
grab(() => [].reduce((a, b) => a))
grab(() => new Array(-1))
grab(() => { function deep(n) { if (n) deep(n - 1); else throw new Error('deep') } deep(20) })
grab(() => Symbol() + '')
grab(() => structuredClone(() => 1))
grab(() => new URL('not a url'))
grab(() => atob('%'))
grab(() => new TextDecoder('nope'))
grab(() => console.log.call(1, { toString() { throw new Error('in console') } }))
try { await fail() } catch (e) { stacks.push(String(e.stack), String(e.message)) }
try { await missing.deep() } catch (e) { stacks.push(String(e.stack)) }
stacks.push(String(new Error('here').stack))
return stacks
`

describe('stack traces', () => {
  it('errors inside the program carry no host paths', async () => {
    await expectContained(
      runtime,
      PROBE,
      (result) => {
        const stacks: string[] = valueOf(result)
        expect(stacks.length).toBeGreaterThan(10)
        for (const stack of stacks) expectNoHostPaths(stack)
      },
      {
        bindings: {
          fail: () => {
            throw new Error(`failed in ${__filename}`.replace(__filename, 'a host file'))
          },
        },
      },
    )
  })

  it('a host error\'s stack does not reach the program', async () => {
    await expectContained(
      runtime,
      `try { await fail() } catch (e) { return [e.name, e.message, typeof e.stack === 'string' ? e.stack : null] }`,
      (result) => {
        const [name, message, stack] = valueOf(result)
        expect(name).toBe('Error')
        expect(message).toBe('boom')
        expectNoHostPaths(stack ?? undefined)
        expect(String(stack)).not.toContain('at ')
      },
      { bindings: { fail: () => { throw new Error('boom') } } },
    )
  })

  it('the result error of an uncaught exception names only program positions', async () => {
    for (const source of [
      `function f() { throw new Error('x') }\nf()`,
      `null.x`,
      `function r() { r() }\nr()`,
      `await fail()`,
      `const x: number = ;`,
    ]) {
      await expectContained(
        runtime,
        source,
        (result) => {
          const error = errorOf(result)
          expectNoHostPaths(error.message)
          expectNoHostPaths(error.stack)
          expectNoHostPaths(error.codeFrame)
        },
        { language: 'typescript', bindings: { fail: () => Promise.reject(new Error('host')) } },
      )
    }
  })
})
