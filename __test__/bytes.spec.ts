// Binary data and the other values JSON text cannot carry as they are (boxed primitives, lone
// surrogates), crossing the bridge both ways: in arguments, replies, return values and sessions.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { RunOptions, RunResult } from '../index.js'
import { errorOf, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

function run(source: string, options: Partial<RunOptions> = {}): Promise<RunResult> {
  return runtime.run({ source, ...options, limits: { maxWallMs: 20_000, ...options.limits } })
}

const KINDS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'BigInt64Array', 'BigUint64Array', 'Float32Array', 'Float64Array']

/** What the host sees of a value: each binary object's class and its bytes, in place. */
function describeHost(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) {
    return { class: value.constructor.name, bytes: [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)], whole: value.buffer.byteLength === value.byteLength }
  }
  if (value instanceof ArrayBuffer) return { class: 'ArrayBuffer', bytes: [...new Uint8Array(value)] }
  if (Array.isArray(value)) return value.map(describeHost)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describeHost(v)]))
  return value
}

describe('binary data from the program', () => {
  it('arrives as the same kind of typed array, ArrayBuffer or DataView, with only the bytes it showed', async () => {
    const seen: unknown[] = []
    const result = await run(
      `const kinds = ${JSON.stringify(KINDS)}
       const values = kinds.map((kind) => {
         const View = globalThis[kind]
         const big = kind.startsWith('Big')
         return new View([big ? 1n : 1, big ? 2n : 2])
       })
       const backing = new Uint8Array(1 << 16).map((_, i) => i & 255)
       await see(...values)
       await see({ buffer: new Uint8Array([7, 8]).buffer, view: new DataView(backing.buffer, 300, 3) }, [[[backing.subarray(100, 103)]]])
       await see(backing.subarray(500, 500), new Uint8Array(0), new ArrayBuffer(0))
       return 'sent'`,
      { bindings: { see: (...args: unknown[]) => void seen.push(args) } },
    )
    expect(valueOf(result)).toBe('sent')
    const expected = KINDS.map((kind) => {
      const View = (globalThis as any)[kind]
      const sample = new View(kind.startsWith('Big') ? [1n, 2n] : [1, 2])
      return { class: kind, bytes: [...new Uint8Array(sample.buffer)], whole: true }
    })
    expect(describeHost(seen[0])).toEqual(expected)
    expect(describeHost(seen[1])).toEqual([
      { buffer: { class: 'ArrayBuffer', bytes: [7, 8] }, view: { class: 'DataView', bytes: [300 & 255, 301 & 255, 302 & 255], whole: true } },
      [[[{ class: 'Uint8Array', bytes: [100, 101, 102], whole: true }]]],
    ])
    // a 0-length view on a 64 KiB buffer sends nothing of the buffer
    expect(describeHost(seen[2])).toEqual([
      { class: 'Uint8Array', bytes: [], whole: true },
      { class: 'Uint8Array', bytes: [], whole: true },
      { class: 'ArrayBuffer', bytes: [] },
    ])
  })

  it('is the return value, at the top or nested, of runs and of session executes', async () => {
    const result = await run('return { image: new Uint8Array([137, 80, 78, 71]), parts: [new Float64Array([1.5]).buffer] }')
    expect(describeHost(valueOf(result))).toEqual({
      image: { class: 'Uint8Array', bytes: [137, 80, 78, 71], whole: true },
      parts: [{ class: 'ArrayBuffer', bytes: [...new Uint8Array(new Float64Array([1.5]).buffer)] }],
    })
    expect(describeHost(valueOf(await run('return new Int16Array([-2])')))).toEqual({ class: 'Int16Array', bytes: [254, 255], whole: true })
    const session = await runtime.createSession()
    try {
      const observed = await session.execute({ code: 'const b = new Uint8Array([1, 2, 3]); return { b }' })
      expect(observed.status).toBe('completed')
      expect(describeHost(observed.value)).toEqual({ b: { class: 'Uint8Array', bytes: [1, 2, 3], whole: true } })
    } finally {
      await session.stop()
    }
  })

  it('refuses a detached buffer with an error naming where it is', async () => {
    const calls: unknown[] = []
    const result = await run(
      `const b = new ArrayBuffer(8)
       const view = new Uint8Array(b)
       structuredClone(b, { transfer: [b] })
       const out = []
       for (const value of [{ b }, [view], new DataView(new ArrayBuffer(1))]) {
         try { await see(value); out.push('sent') } catch (e) { out.push(e.name + ': ' + e.message) }
       }
       return out`,
      { bindings: { see: (value: unknown) => void calls.push(value) } },
    )
    const [first, second, third] = valueOf(result)
    expect(first).toMatch(/^TypeError: see\(\) argument 1: value\.b is a detached ArrayBuffer, which cannot cross to the host: its bytes were transferred away/)
    expect(second).toMatch(/^TypeError: see\(\) argument 1: value\[0\] is a detached ArrayBuffer/)
    expect(third).toBe('sent')
    expect(calls).toHaveLength(1)
    const returned = errorOf(await run('const b = new ArrayBuffer(8); structuredClone(b, { transfer: [b] }); return { list: [b] }'))
    expect(returned).toMatchObject({ kind: 'result', message: expect.stringContaining('value.list[0] is a detached ArrayBuffer') })
  })

  it('counts against maxResultBytes', async () => {
    const result = await run(
      `try { await see(new Uint8Array(2048)) } catch (e) { return e.name + ': ' + e.message }`,
      { bindings: { see: () => 'seen' }, limits: { maxResultBytes: 1024 } },
    )
    expect(valueOf(result)).toMatch(/^TypeError: see\(\) argument 1: the value is larger than 1024 bytes/)
    expect(errorOf(await run('return new Uint8Array(2048)', { limits: { maxResultBytes: 1024 } }))).toMatchObject({ kind: 'result' })
  })
})

describe('binary data from the host', () => {
  it('arrives as the same kind of typed array, ArrayBuffer or DataView; a Buffer as a Uint8Array', async () => {
    const backing = new Uint8Array(1 << 16).map((_, i) => i & 255)
    const result = await run(
      `const got = await give()
       const show = (v) => ArrayBuffer.isView(v) || v instanceof ArrayBuffer
         ? { class: Object.getPrototypeOf(v).constructor.name, bytes: Array.from(new Uint8Array(v.buffer ?? v, v.byteOffset ?? 0, v.byteLength)), whole: (v.buffer ?? v).byteLength === v.byteLength }
         : Array.isArray(v) ? v.map(show) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, show(x)])) : v
       return show(got)`,
      {
        bindings: {
          give: () => ({
            kinds: KINDS.map((kind) => new (globalThis as any)[kind](kind.startsWith('Big') ? [3n] : [3])),
            buffer: Buffer.from('hi'),
            view: new DataView(backing.buffer, 1000, 2),
            part: backing.subarray(10, 12),
            arrayBuffer: new Uint8Array([9]).buffer,
            empty: backing.subarray(0, 0),
            deep: [[{ x: [new Uint8Array([5])] }]],
            text: 'plain',
          }),
        },
      },
    )
    const sample = (kind: string) => [...new Uint8Array(new (globalThis as any)[kind](kind.startsWith('Big') ? [3n] : [3]).buffer)]
    expect(valueOf(result)).toEqual({
      kinds: KINDS.map((kind) => ({ class: kind, bytes: sample(kind), whole: true })),
      buffer: { class: 'Uint8Array', bytes: [104, 105], whole: true },
      view: { class: 'DataView', bytes: [1000 & 255, 1001 & 255], whole: true },
      part: { class: 'Uint8Array', bytes: [10, 11], whole: true },
      arrayBuffer: { class: 'ArrayBuffer', bytes: [9], whole: true },
      empty: { class: 'Uint8Array', bytes: [], whole: true },
      deep: [[{ x: [{ class: 'Uint8Array', bytes: [5], whole: true }] }]],
      text: 'plain',
    })
  })

  it('is a whole reply, and round trips the program’s own bytes', async () => {
    const result = await run(
      `const bytes = await echo(new Uint8Array([1, 2, 3]))
       const again = await echo({ nested: [new Float32Array([0.5])] })
       return [bytes instanceof Uint8Array, Array.from(bytes), again.nested[0] instanceof Float32Array, again.nested[0][0]]`,
      { bindings: { echo: (value: unknown) => value } },
    )
    expect(valueOf(result)).toEqual([true, [1, 2, 3], true, 0.5])
  })

  it('counts against maxResultBytes and the memory budget', async () => {
    const tooLarge = await run(`try { await give() } catch (e) { return e.name + ': ' + e.message }`, {
      bindings: { give: () => new Uint8Array(4096) },
      limits: { maxResultBytes: 1024 },
    })
    expect(valueOf(tooLarge)).toBe("RangeError: the host's reply is larger than 1024 bytes")
    const pastMemory = await run(`const held = []; for (let i = 0; i < 8; i++) held.push(await give()); return held.length`, {
      bindings: { give: () => new Uint8Array(8 << 20) },
      limits: { maxResultBytes: 16 << 20, maxMemoryBytes: 32 << 20 },
    })
    expect(errorOf(pastMemory).kind).toBe('memory_budget')
  })
})

describe('10 MiB each way', () => {
  it('crosses as an argument and as a reply, byte for byte', async () => {
    let received: Uint8Array | undefined
    const result = await run(
      `const sent = new Uint8Array(10 << 20)
       for (let i = 0; i < sent.length; i += 4093) sent[i] = i % 251
       const back = await echo(sent)
       let same = back.length === sent.length
       for (let i = 0; i < sent.length && same; i += 4093) same = back[i] === sent[i]
       return same`,
      {
        bindings: { echo: (bytes: Uint8Array) => (received = bytes) },
        limits: { maxResultBytes: 11 << 20 },
      },
    )
    expect(valueOf(result)).toBe(true)
    expect(received?.length).toBe(10 << 20)
    expect(received?.[4093 * 7]).toBe((4093 * 7) % 251)
  })
})

// On the process substrate, a buffer of 64 KiB to 2 MiB crosses in a region of memory the child
// shares with the host, written there as the value is converted, several to a frame while they fit;
// every other buffer crosses in the pipe.
describe('large values, around the sizes the process substrate shares memory for', () => {
  const FILL = `const fill = (length, seed) => {
    const bytes = new Uint8Array(length)
    for (let i = 0; i < length; i += 997) bytes[i] = (i + seed) % 251
    bytes[length - 1] = seed
    return bytes
  }`
  /** The bytes the program's `fill` makes. */
  function fill(length: number, seed: number): Uint8Array {
    const bytes = new Uint8Array(length)
    for (let i = 0; i < length; i += 997) bytes[i] = (i + seed) % 251
    bytes[length - 1] = seed
    return bytes
  }
  /** A buffer's length and the bytes `fill` sets (comparing 10 MiB of samples is quicker than of bytes). */
  function sampled(value: unknown): unknown {
    if (!ArrayBuffer.isView(value)) return value
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
    return [bytes.length, ...bytes.filter((_, i) => i % 997 === 0 || i === bytes.length - 1)]
  }

  it('cross unchanged as arguments and the result: buffers alone, several in a call, in calls at once; long non-ASCII text', async () => {
    const sizes = [(64 << 10) - 1, 64 << 10, (64 << 10) + 1, 1 << 20, (2 << 20) - 1, 2 << 20, (2 << 20) + 1]
    const calls: unknown[][] = []
    const result = await run(
      `${FILL}
       const sizes = ${JSON.stringify(sizes)}
       for (const [seed, length] of sizes.entries()) await take(fill(length, seed))
       // more than the region holds, in one call
       await take(fill(1 << 20, 11), fill(1 << 20, 12), fill(1 << 19, 13))
       // a call sent while the host may not have copied the last one out yet
       await Promise.all([take(fill(1 << 20, 21)), take(fill(1 << 20, 22)), take(fill(1 << 20, 23))])
       // a call made while another call's arguments are converted is sent first
       await take(fill(1 << 20, 31), { toJSON() { take(fill(1 << 20, 32)); return 'after' } })
       // a call whose second argument is refused after its first was converted
       const refused = await take(fill(1 << 20, 41), 1n).catch((e) => e.name)
       await take(fill(1 << 20, 42))
       // text crosses in the JSON; with a lone surrogate, as UTF-16 beside it
       await take('é'.repeat(1 << 19) + '😀', 'ж'.repeat(1 << 18) + '\\ud800')
       const view = new DataView(fill(1 << 20, 51).buffer, 3, (1 << 20) - 10)
       await take(view, new Float64Array(fill(1 << 20, 52).buffer))
       return [refused, fill(1 << 20, 61)]`,
      {
        bindings: { take: (...args: unknown[]) => void calls.push(args.map(sampled)) },
        limits: { maxResultBytes: 4 << 20 },
      },
    )
    const [refused, returned] = valueOf(result) as [string, Uint8Array]
    expect(refused).toBe('TypeError')
    const filled = (length: number, seed: number) => sampled(fill(length, seed))
    expect(sampled(returned)).toEqual(filled(1 << 20, 61))
    expect(calls).toEqual([
      ...sizes.map((length, seed) => [filled(length, seed)]),
      [filled(1 << 20, 11), filled(1 << 20, 12), filled(1 << 19, 13)],
      [filled(1 << 20, 21)],
      [filled(1 << 20, 22)],
      [filled(1 << 20, 23)],
      [filled(1 << 20, 32)],
      [filled(1 << 20, 31), 'after'],
      [filled(1 << 20, 42)],
      ['é'.repeat(1 << 19) + '😀', 'ж'.repeat(1 << 18) + '\ud800'],
      [sampled(fill(1 << 20, 51).subarray(3, (1 << 20) - 7)), filled(1 << 20, 52)],
    ])
  })
})

describe('values JSON text cannot carry as they are', () => {
  it('boxed primitives cross unboxed, as JSON.stringify reads them', async () => {
    const seen: unknown[] = []
    const result = await run(`await see(new String('x'), { n: new Number(2), b: new Boolean(false) }); return [Object('y')]`, {
      bindings: { see: (...args: unknown[]) => void seen.push(...args) },
    })
    expect(valueOf(result)).toEqual(['y'])
    expect(seen).toEqual(['x', { n: 2, b: false }])
  })

  it('strings with lone surrogates cross both ways as the same code units', async () => {
    const seen: string[] = []
    const lone = 'a\uD800b'
    const result = await run(
      `const fromHost = await see('x\\uDC00', { k: ['\\uD83D'] })
       return { fromHost: Array.from({ length: fromHost.length }, (_, i) => fromHost.charCodeAt(i)), mine: 'a\\uD800b' }`,
      { bindings: { see: (text: string, nested: { k: string[] }) => (seen.push(text, nested.k[0]), lone) } },
    )
    expect(seen).toEqual(['x\uDC00', '\uD83D'])
    expect(valueOf(result)).toEqual({ fromHost: [0x61, 0xd800, 0x62], mine: lone })
  })

  it('a key with a lone surrogate is refused naming where it is', async () => {
    const result = await run(`try { await see({ a: { ['k\\uD800']: 1 } }) } catch (e) { return e.message }`, { bindings: { see: () => 1 } })
    expect(valueOf(result)).toMatch(/^see\(\) argument 1: value\.a has a key with a lone surrogate/)
  })
})
