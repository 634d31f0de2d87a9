// A program may pollute its own built-ins; that must reach neither the host nor the next run.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, expectContained, valueOf } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const POLLUTE = `
Object.prototype.polluted = 1
Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'hijacked', writable: true, configurable: true })
Array.prototype.push = function () { return 'hijacked' }
Array.prototype.map = function () { return ['hijacked'] }
Function.prototype.call = function () { return 'hijacked' }
Promise.prototype.then = function () { return 'hijacked' }
JSON.stringify = () => 'hijacked'
String.prototype.toString = () => 'hijacked'
Error.prototype.toString = () => 'hijacked'
globalThis.__attack__ = 1
var leakedVar = 2
Object.freeze(Object.prototype)
`

describe('prototype pollution', () => {
  it('Object.prototype.x = 1, Array.prototype.push = ... stay in the run', async () => {
    await expectContained(runtime, `${POLLUTE}\nreturn [({}).polluted, [].push(1)]`, (result) => {
      // toJSON on Object.prototype is the program's own business: its result is converted with it.
      expect(result.ok).toBe(true)
    })
  })

  it('the polluted realm\'s values still reach the host as plain JSON', async () => {
    const received: unknown[] = []
    await expectContained(runtime, `Object.prototype.polluted = 1\nArray.prototype.extra = 2\nawait record({ a: [1] })\nreturn 'done'`, (result) => {
      expect(valueOf(result)).toBe('done')
      expect(received).toEqual([[{ a: [1] }]])
      const [[arg]] = received as [[{ a: number[] }]]
      expect(Object.getPrototypeOf(arg)).toBe(Object.prototype)
      expect(Object.keys(arg)).toEqual(['a'])
      expect((arg as Record<string, unknown>).polluted).toBeUndefined()
    }, { bindings: { record: (...args: unknown[]) => void received.push(args) } })
  })

  it('pollution before awaiting a binding does not break the bridge', async () => {
    await expectContained(runtime, `Promise.prototype.then = function () { throw new Error('no') }\nObject.prototype.then = 1\nreturn await echo(5)`, (result) => {
      // The program's own await may now fail or succeed; either way the host and the next run are clean.
      if (result.ok) expect(result.value).toBe(5)
    }, { bindings: { echo: (x: unknown) => x } })
  })

  it('leaked globals and vars do not survive into the next run', async () => {
    await expectContained(runtime, `globalThis.__attack__ = 'x'; var leaked = 1; return 1`, () => {})
    const next = await runtime.run({ source: `return [typeof __attack__, typeof leaked]`, language: 'javascript' })
    expect(valueOf(next)).toEqual(['undefined', 'undefined'])
  })
})
