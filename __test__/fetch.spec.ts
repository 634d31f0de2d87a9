// `fetch` through the host's network policy, against a real HTTP server on 127.0.0.1.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { FetchPolicy, RunOptions, RunResult } from '../index.js'
import { errorOf, until, valueOf } from './helpers.js'

const SECRET = 'Bearer s3cr3t-token-never-in-the-realm'

let server: http.Server
let base = ''
/** Paths the server was asked for, in order. */
const hits: string[] = []
/** Requests to /slow whose connection closed before an answer. */
let slowClosed = 0

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    hits.push(url.pathname)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(value))
      }
      switch (url.pathname) {
        case '/json':
          return json(200, { hello: 'world', items: [1, 2, 3] }, { 'x-server': 'local' })
        case '/echo':
          return json(200, {
            method: req.method,
            type: req.headers['content-type'] ?? null,
            custom: req.headers['x-custom'] ?? null,
            authorized: req.headers.authorization === SECRET,
            body: body.toString('utf8'),
          })
        case '/upload':
          return json(200, { length: body.length, first: [...body.subarray(0, 4)], last: body[body.length - 1] ?? null })
        case '/bytes':
          res.writeHead(200, { 'content-type': 'application/octet-stream' })
          return res.end(Buffer.from(Array.from({ length: 256 }, (_, i) => i)))
        case '/missing':
          return json(404, { error: 'not found' })
        case '/broken':
          return json(500, { error: 'internal' })
        case '/redirect-allowed':
          res.writeHead(302, { location: '/json' })
          return res.end()
        case '/redirect-refused':
          res.writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/json` })
          return res.end()
        case '/big':
          res.writeHead(200, { 'content-type': 'text/plain' })
          return res.end('x'.repeat(4096))
        case '/truncated':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' })
          res.write('only part of it')
          return setTimeout(() => res.destroy(), 20)
        case '/slow':
          res.on('close', () => {
            if (!res.writableEnded) slowClosed++
          })
          return // never answered
        default:
          return json(404, { error: 'no such path' })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const policy = (): FetchPolicy => ({ allow: [`${base}/*`], headers: (url) => (url.endsWith('/echo') ? { authorization: SECRET } : undefined) })

function run(source: string, options: Partial<RunOptions> = {}): Promise<RunResult> {
  return runtime.run({ source, fetch: policy(), ...options, limits: { maxWallMs: 20_000, ...options.limits } })
}

describe('without a network policy', () => {
  it('there is no fetch, but AbortController and crypto are there', async () => {
    const result = await runtime.run({
      source: `return [typeof fetch, typeof Request, typeof Response, typeof Headers, typeof AbortController, typeof AbortSignal,
        typeof crypto.randomUUID, Object.keys(globalThis).includes('fetch')]`,
    })
    expect(valueOf(result)).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'function', 'function', 'function', false])
  })
})

describe('fetch through an allow-list', () => {
  it('GETs JSON with the response status, headers and body, and counts as a binding call', async () => {
    const result = await run(`
      const response = await fetch('${base}/json')
      return { ok: response.ok, status: response.status, server: response.headers.get('X-Server'), type: response.headers.get('content-type'),
        url: response.url, redirected: response.redirected, body: await response.json(), used: response.bodyUsed }`)
    expect(valueOf(result)).toEqual({
      ok: true, status: 200, server: 'local', type: 'application/json', url: `${base}/json`, redirected: false,
      body: { hello: 'world', items: [1, 2, 3] }, used: true,
    })
    expect(result.stats.bindingCalls).toBe(1)
  })

  it('POSTs JSON, text and URLSearchParams bodies with headers in and out', async () => {
    const result = await run(`
      const post = async (body, headers) => (await fetch('${base}/echo', { method: 'post', body, headers })).json()
      return [
        await post(JSON.stringify({ a: 1 }), { 'content-type': 'application/json', 'x-custom': 'yes' }),
        await post('plain text'),
        await post(new URLSearchParams({ q: 'a b', n: '1' })),
      ]`)
    const [json, text, form] = valueOf(result)
    expect(json).toEqual({ method: 'POST', type: 'application/json', custom: 'yes', authorized: true, body: '{"a":1}' })
    expect(text).toMatchObject({ type: 'text/plain;charset=UTF-8', body: 'plain text' })
    expect(form).toMatchObject({ type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'q=a+b&n=1' })
  })

  it('POSTs bytes and reads bytes back', async () => {
    const result = await run(`
      const upload = await (await fetch('${base}/upload', { method: 'POST', body: new Uint8Array(100000).map((_, i) => i % 256) })).json()
      const bytes = await (await fetch('${base}/bytes')).bytes()
      const buffer = await (await fetch('${base}/bytes')).arrayBuffer()
      return { upload, isBytes: bytes instanceof Uint8Array, length: bytes.length, tail: Array.from(bytes.subarray(250)), bufferLength: buffer.byteLength }`)
    expect(valueOf(result)).toEqual({
      upload: { length: 100000, first: [0, 1, 2, 3], last: 99999 % 256 },
      isBytes: true, length: 256, tail: [250, 251, 252, 253, 254, 255], bufferLength: 256,
    })
  })

  it('reports 404 and 500 as responses that are not ok', async () => {
    const result = await run(`
      const statuses = []
      for (const path of ['missing', 'broken']) {
        const response = await fetch('${base}/' + path)
        statuses.push([response.status, response.ok, (await response.json()).error])
      }
      return statuses`)
    expect(valueOf(result)).toEqual([[404, false, 'not found'], [500, false, 'internal']])
  })

  it('refuses a URL the policy does not allow with a TypeError naming it, before any request', async () => {
    const before = hits.length
    const result = await run(`
      try { await fetch('http://localhost:1/secret') } catch (e) { return [e.name, e.message] }`)
    expect(valueOf(result)).toEqual(['TypeError', "fetch: http://localhost:1/secret is not allowed by the host's network policy"])
    expect(hits.length).toBe(before)
  })

  it('follows a redirect to an allowed URL, and refuses one to a host it does not allow', async () => {
    const result = await run(`
      const followed = await fetch('${base}/redirect-allowed')
      let refused
      try { await fetch('${base}/redirect-refused') } catch (e) { refused = [e.name, e.message] }
      return { followed: [followed.status, followed.redirected, followed.url, (await followed.json()).hello], refused }`)
    const port = new URL(base).port
    expect(valueOf(result)).toEqual({
      followed: [200, true, `${base}/json`, 'world'],
      refused: ['TypeError', `fetch: the redirect to http://localhost:${port}/json is not allowed by the host's network policy`],
    })
  })

  it('aborts the host request when the program aborts, and rejects with the signal’s reason', async () => {
    const closedBefore = slowClosed
    const result = await run(`
      const controller = new AbortController()
      const pending = fetch('${base}/slow', { signal: controller.signal })
      setTimeout(() => controller.abort(), 50)
      try { await pending; return 'answered' } catch (e) { return [e.name, e.message, controller.signal.aborted] }`)
    expect(valueOf(result)).toEqual(['AbortError', 'This operation was aborted', true])
    await until(() => slowClosed > closedBefore, 5_000)
    expect(slowClosed).toBe(closedBefore + 1)
  })

  it('ends the host requests of a run that ends', async () => {
    const closedBefore = slowClosed
    const result = await run(`fetch('${base}/slow'); await new Promise((resolve) => setTimeout(resolve, 50)); return 'done'`)
    expect(valueOf(result)).toBe('done')
    await until(() => slowClosed > closedBefore, 5_000)
    expect(slowClosed).toBe(closedBefore + 1)
  })

  it('rejects reading a body past limits.maxFetchBytes, saying so', async () => {
    const result = await run(`
      const response = await fetch('${base}/big')
      try { await response.text(); return 'read' } catch (e) { return [response.status, e.name, e.message] }`, { limits: { maxFetchBytes: 1024 } })
    expect(valueOf(result)).toEqual([200, 'TypeError', 'the response body is larger than limits.maxFetchBytes (1024 bytes); ask for less, or raise the limit'])
  })

  it('rejects reading a body the server cut off', async () => {
    const result = await run(`
      const response = await fetch('${base}/truncated')
      try { await response.text(); return 'read' } catch (e) { return [response.status, e.name, e.message] }`)
    const [status, name, message] = valueOf(result)
    expect([status, name]).toEqual([200, 'TypeError'])
    expect(message).toMatch(/^the response body could not be read: /)
  })

  it('never shows the policy’s credentials to the program', async () => {
    const result = await run(`
      const request = new Request('${base}/echo', { method: 'POST', body: 'x' })
      const response = await fetch(request)
      const body = await response.json()
      const seen = JSON.stringify({ request: [...request.headers], response: [...response.headers], body, url: response.url })
      return { authorized: body.authorized, seen }`)
    const { authorized, seen } = valueOf(result)
    expect(authorized).toBe(true)
    expect(seen).not.toContain('s3cr3t')
    expect(JSON.stringify(result)).not.toContain('s3cr3t')
  })
})

describe('other policies', () => {
  it('a function policy answers every request itself, given it as a Request', async () => {
    const seen: string[] = []
    const result = await runtime.run({
      source: `const r = await fetch('https://api.example.com/v1/items?x=1', { method: 'PUT', headers: { 'x-a': '1' }, body: 'payload' })
        return [r.status, r.headers.get('x-b'), await r.text()]`,
      fetch: async (request) => {
        seen.push(`${request.method} ${request.url} ${request.headers.get('x-a')} ${await request.text()}`)
        return new Response('from the policy', { status: 201, headers: { 'x-b': '2' } })
      },
    })
    expect(valueOf(result)).toEqual([201, '2', 'from the policy'])
    expect(seen).toEqual(['PUT https://api.example.com/v1/items?x=1 1 payload'])
  })

  it('the runtime-wide default applies to runs and sessions that give none', async () => {
    const withDefault = createCodeRuntime({ fetch: { allow: [`${base}/json`] } })
    try {
      const result = await withDefault.run({ source: `return (await (await fetch('${base}/json')).json()).hello` })
      expect(valueOf(result)).toBe('world')
      const session = await withDefault.createSession()
      try {
        const observed = await session.execute({ code: `const r = await fetch('${base}/json'); return r.status` })
        expect(observed).toMatchObject({ status: 'completed', value: 200 })
      } finally {
        await session.stop()
      }
    } finally {
      await withDefault.dispose()
    }
  })

  it('a bad policy is a TypeError that says what a policy is', async () => {
    await expect(runtime.run({ source: '1', fetch: { allow: 'https://x' } as never })).rejects.toThrow(/fetch\.allow must be an array of URL patterns/)
    await expect(runtime.run({ source: '1', fetch: 42 as never })).rejects.toThrow(/must be a function \(request\) => Promise<Response> or \{ allow/)
    expect(() => createCodeRuntime({ fetch: { allow: ['not a url'] } })).toThrow(/fetch\.allow\[0\] "not a url" is not a URL/)
  })

  it('an error in the program’s fetch use is the program’s to catch', async () => {
    const result = await run(`
      const out = []
      for (const f of [() => fetch('/relative'), () => fetch('${base}/json', { method: 'GET', body: 'x' })]) {
        try { await f() } catch (e) { out.push(e.name + ': ' + e.message) }
      }
      return out`)
    expect(valueOf(result)).toEqual([
      'TypeError: fetch: "/relative" is not an absolute URL; there is no page to resolve a relative one against',
      'TypeError: Request with GET/HEAD method cannot have body.',
    ])
  })
})

describe('crypto, events and AbortController in the realm', () => {
  it('crypto.getRandomValues fills integer arrays and crypto.randomUUID gives version 4 UUIDs', async () => {
    const result = await runtime.run({
      source: `const a = crypto.getRandomValues(new Uint8Array(64))
        const b = crypto.getRandomValues(new Uint32Array(4))
        const errors = []
        const failure = (e) => [e instanceof DOMException, e.name, e.code, e.message].join(' ')
        try { crypto.getRandomValues(new Float64Array(1)) } catch (e) { errors.push(failure(e)) }
        try { crypto.getRandomValues(new Uint8Array(65537)) } catch (e) { errors.push(failure(e)) }
        const ids = new Set(Array.from({ length: 100 }, () => crypto.randomUUID()))
        return { distinct: a.some((x) => x !== a[0]), same: crypto.getRandomValues(a) === a, words: b.length, errors, ids: [...ids] }`,
    })
    const value = valueOf(result)
    // DOMExceptions, with Node's names, codes and messages
    expect(value).toMatchObject({
      distinct: true,
      same: true,
      words: 4,
      errors: ['true TypeMismatchError 17 The data argument must be an integer-type TypedArray', 'true QuotaExceededError 22 The requested length exceeds 65,536 bytes'],
    })
    expect(value.ids).toHaveLength(100)
    for (const id of value.ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('a listener that throws lets the others run, then ends the run with its error, as an uncaught exception ends Node', async () => {
    const result = await runtime.run({
      source: `const target = new EventTarget()
        const ran = []
        target.addEventListener('go', () => { ran.push('first'); throw new RangeError('listener failed') })
        target.addEventListener('go', () => ran.push('second'))
        const returned = target.dispatchEvent(new Event('go'))
        console.log(ran, returned)
        await new Promise((resolve) => setTimeout(resolve, 10))
        return 'not reached'`,
    })
    expect(errorOf(result)).toMatchObject({ kind: 'runtime', name: 'RangeError', message: 'listener failed' })
    expect(result.logs.map((entry) => entry.text)).toEqual(["[ 'first', 'second' ] true"])
  })

  it('defines the event classes on first use, together, without changing what globalThis lists', async () => {
    const result = await runtime.run({
      source: `const before = Object.keys(globalThis).length
        const signal = AbortSignal.abort()
        return [signal instanceof EventTarget, Object.getPrototypeOf(AbortSignal.prototype) === EventTarget.prototype, Object.keys(globalThis).length === before, Object.getOwnPropertyDescriptor(globalThis, 'CustomEvent').enumerable]`,
    })
    expect(valueOf(result)).toEqual([true, true, true, false])
  })

  it('AbortController, AbortSignal.abort, timeout and any behave as on the web', async () => {
    const result = await runtime.run({
      source: `const c = new AbortController()
        const events = []
        c.signal.onabort = () => events.push('onabort')
        c.signal.addEventListener('abort', (e) => events.push(e.type))
        c.abort('why')
        c.abort('again')
        const timed = AbortSignal.timeout(10)
        await new Promise((resolve) => timed.addEventListener('abort', resolve))
        const any = AbortSignal.any([new AbortController().signal, AbortSignal.abort()])
        let thrown
        try { c.signal.throwIfAborted() } catch (e) { thrown = e }
        let constructed
        try { new AbortSignal() } catch (e) { constructed = e.name }
        return { events, reason: c.signal.reason, thrown, timed: [timed.reason.name, timed.reason.message], any: [any.aborted, any.reason.name], constructed }`,
    })
    expect(valueOf(result)).toEqual({
      events: ['onabort', 'abort'], reason: 'why', thrown: 'why', timed: ['TimeoutError', 'The operation was aborted due to timeout'],
      any: [true, 'AbortError'], constructed: 'TypeError',
    })
  })
})
