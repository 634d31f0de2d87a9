// Error.prepareStackTrace and Error.stackTraceLimit are V8 hooks of the host; set in the program
// they touch only the realm's Error and never the host's.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, expectContained, expectNoHostPaths, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('Error.prepareStackTrace', () => {
  it('has no effect on the host', async () => {
    const hostBefore = (Error as { prepareStackTrace?: unknown }).prepareStackTrace
    await expectContained(
      runtime,
      `Error.prepareStackTrace = (error, frames) => { globalThis.__frames__ = frames; return 'pwned' }
       Error.stackTraceLimit = Infinity
       Error.captureStackTrace?.({})
       let stack
       try { null.x } catch (e) { stack = e.stack }
       return [typeof stack, stack === 'pwned', typeof globalThis.__frames__]`,
      (result) => {
        const [kind, pwned] = valueOf(result)
        expect(kind).toBe('string')
        expect(pwned).toBe(false)
      },
    )
    expect((Error as { prepareStackTrace?: unknown }).prepareStackTrace).toBe(hostBefore)
    const hostError = new Error('host')
    expect(hostError.stack).toMatch(/^Error: host\n\s+at /)
  })

  it('a host error thrown to the program is not formatted by the program\'s hook', async () => {
    await expectContained(
      runtime,
      `Error.prepareStackTrace = () => 'pwned'
       try { await fail() } catch (e) { return [e.message, String(e.stack)] }`,
      (result) => {
        const [message, stack] = valueOf(result)
        expect(message).toBe('host failure')
        expect(stack).not.toContain('pwned')
        expectNoHostPaths(stack)
      },
      { bindings: { fail: () => { throw new Error('host failure') } } },
    )
  })
})
