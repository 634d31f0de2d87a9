// Node's and other hosts' capabilities are simply absent from the realm.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, errorOf, expectContained } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('host capabilities', () => {
  it("require('fs') is a ReferenceError", async () => {
    await expectContained(runtime, `return require('fs').readFileSync('/etc/passwd', 'utf8')`, (result) => {
      const error = errorOf(result)
      expect(error.name).toBe('ReferenceError')
      expect(error.message).toContain('require')
    })
  })

  it('process, module, fetch, Deno, Bun and WebAssembly are not defined', async () => {
    await expectContained(
      runtime,
      `return [typeof require, typeof module, typeof exports, typeof process, typeof fetch,
        typeof Deno, typeof Bun, typeof WebAssembly, typeof XMLHttpRequest, typeof WebSocket, typeof importScripts,
        typeof globalThis.process, typeof global]`,
      (result) => {
        expect(result.ok && result.value).toEqual(Array(13).fill('undefined'))
      },
    )
  })

  it('the shipped addon has no __crash, the crash-hooks test build\'s way to kill its own process', async () => {
    await expectContained(runtime, `return typeof __crash`, (result) => {
      expect(result.ok && result.value).toBe('undefined')
    })
  })

  it('process.env and process.binding are unreachable', async () => {
    await expectContained(runtime, `return process.env.HOME`, (result) => {
      expect(errorOf(result).name).toBe('ReferenceError')
    })
    await expectContained(runtime, `return globalThis.process.binding('fs')`, (result) => {
      expect(errorOf(result).name).toBe('TypeError')
    })
  })
})
