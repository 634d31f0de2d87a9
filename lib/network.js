'use strict'

// `fetch` for programs, through the host's network policy. The program's requests arrive here as
// binding calls; the policy decides where they may go and which credentials they carry, and
// neither the policy nor its credentials ever enter the realm: the program gets back the status,
// the response headers and the body (read whole, up to limits.maxFetchBytes).

const { describeValue } = require('./options.js')

const DEFAULT_MAX_FETCH_BYTES = 10 * 1024 * 1024
const MAX_REDIRECTS = 20
const FETCH_PATH = '.fetch'
const FETCH_ABORT_PATH = '.fetchAbort'
// Headers of the program's own that must not follow a redirect to another origin.
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization']

const POLICY_SHAPE = "a function (request) => Promise<Response> or { allow: ['https://api.example.com/*'], fetch?, headers?: (url) => ({ ... }) }"

/** A URL pattern as a test: a string where `*` matches any run of characters (`/` and `.` too), or a RegExp. */
function patternTest(pattern, where) {
  if (pattern instanceof RegExp) return (url) => pattern.test(url)
  if (typeof pattern !== 'string') throw new TypeError(`${where} must be a URL pattern string or a RegExp, got ${describeValue(pattern)}`)
  if (!pattern.includes('*')) {
    let exact
    try {
      exact = new URL(pattern).href
    } catch {
      throw new TypeError(`${where} ${JSON.stringify(pattern)} is not a URL; write it whole, like 'https://api.example.com/*'`)
    }
    return (url) => url === exact
  }
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')
  const regex = new RegExp(`^${source}$`)
  return (url) => regex.test(url)
}

/**
 * A checked `fetch` option: `{ handle }` for a function policy, `{ allowed, fetch, headers }` for
 * an allow-list, undefined when absent.
 */
function checkFetchPolicy(policy, where) {
  if (policy === undefined) return undefined
  if (typeof policy === 'function') return { handle: policy }
  if (policy === null || typeof policy !== 'object') throw new TypeError(`${where} must be ${POLICY_SHAPE}, got ${describeValue(policy)}`)
  const { allow, fetch = globalThis.fetch, headers } = policy
  if (!Array.isArray(allow)) throw new TypeError(`${where}.allow must be an array of URL patterns, like ['https://api.example.com/*'], got ${describeValue(allow)}`)
  const tests = allow.map((pattern, index) => patternTest(pattern, `${where}.allow[${index}]`))
  if (typeof fetch !== 'function') throw new TypeError(`${where}.fetch must be a fetch function, got ${describeValue(fetch)}`)
  if (headers !== undefined && typeof headers !== 'function') throw new TypeError(`${where}.headers must be a function (url) => extra headers, got ${describeValue(headers)}`)
  return { allowed: (url) => tests.some((test) => test(url)), fetch, headers }
}

const isRedirect = (status) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308

/** A request through an allow-list policy, redirects followed here and only to allowed URLs. */
async function fetchAllowed(policy, request, signal) {
  let { url, method, body } = request
  const headers = new Headers(request.headers)
  for (let hop = 0; ; hop++) {
    if (!policy.allowed(url)) {
      throw new TypeError(hop === 0 ? `fetch: ${url} is not allowed by the host's network policy` : `fetch: the redirect to ${url} is not allowed by the host's network policy`)
    }
    const sent = new Headers(headers)
    const extra = policy.headers ? await policy.headers(url) : undefined
    if (extra) for (const [name, value] of new Headers(extra)) sent.set(name, value)
    const response = await policy.fetch(url, { method, headers: sent, body, redirect: 'manual', signal })
    const location = response.headers?.get?.('location')
    if (request.redirect === 'manual' || !isRedirect(response.status) || !location) return { response, url, redirected: hop > 0 }
    if (request.redirect === 'error') throw new TypeError(`fetch: ${url} answered with a redirect, and the request's redirect mode is 'error'`)
    if (hop === MAX_REDIRECTS) throw new TypeError(`fetch: more than ${MAX_REDIRECTS} redirects from ${request.url}`)
    await response.body?.cancel?.().catch(() => {})
    const next = new URL(location, url)
    if (next.origin !== new URL(url).origin) for (const name of ORIGIN_BOUND_HEADERS) headers.delete(name)
    if ((response.status === 303 && method !== 'HEAD') || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
      for (const name of [...headers.keys()]) if (name.startsWith('content-')) headers.delete(name)
    }
    url = next.href
  }
}

/** The body of a Response-like, as bytes, read until it passes `max`. */
async function readBody(response, max) {
  const tooLarge = () => new RangeError(`the response body is larger than limits.maxFetchBytes (${max} bytes); ask for less, or raise the limit`)
  if (typeof response.body?.getReader === 'function') {
    const reader = response.body.getReader()
    const chunks = []
    let total = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > max) {
        reader.cancel().catch(() => {})
        throw tooLarge()
      }
      chunks.push(value)
    }
    return Buffer.concat(chunks, total)
  }
  let bytes
  if (typeof response.arrayBuffer === 'function') bytes = new Uint8Array(await response.arrayBuffer())
  else if (typeof response.text === 'function') bytes = Buffer.from(await response.text(), 'utf8')
  else if (response.body === undefined || response.body === null) return undefined
  else throw new TypeError('the response has a body that is neither a stream nor readable with arrayBuffer() or text()')
  if (bytes.byteLength > max) throw tooLarge()
  return bytes
}

/** The response headers as [name, value] pairs, whatever form the Response-like gives them in. */
function headerPairs(headers) {
  if (headers === undefined || headers === null) return []
  return [...new Headers(headers)]
}

/** What the program receives: status, response headers and body (or why it could not be read). */
async function replyOf({ response, url, redirected }, max) {
  if (response === null || typeof response !== 'object' || !Number.isInteger(response.status)) {
    throw new TypeError(`the network policy answered with ${describeValue(response)}, not a Response`)
  }
  const reply = {
    status: response.status,
    statusText: String(response.statusText ?? ''),
    url: typeof response.url === 'string' && response.url !== '' ? response.url : url,
    redirected: Boolean(response.redirected) || redirected,
    headers: headerPairs(response.headers),
  }
  try {
    reply.body = await readBody(response, max)
  } catch (error) {
    const cause = error?.cause?.message ? ` (${error.cause.message})` : ''
    reply.bodyError = error instanceof RangeError ? error.message : `the response body could not be read: ${error?.message ?? error}${cause}`
  }
  return reply
}

/** A network failure as the program sees it: what failed and why, without the host's stack. */
function fetchFailure(error, url) {
  if (error?.name === 'AbortError' || error?.name === 'TimeoutError') return error
  if (error instanceof TypeError && error.message === 'fetch failed') {
    return new TypeError(`fetch ${url} failed${error.cause?.message ? `: ${error.cause.message}` : ''}`)
  }
  return error
}

/**
 * The binding functions that answer a program's fetches under `policy`, and `abortAll()` for
 * when the program ends (its requests in flight are abandoned). `functions` is the program's
 * binding map, to which they are added.
 */
function fetchBindings(policy, maxFetchBytes, functions) {
  const inFlight = new Map()
  functions.set(FETCH_PATH, async (request) => {
    const controller = new AbortController()
    inFlight.set(request.id, controller)
    try {
      const sent = policy.handle
        ? { response: await policy.handle(new Request(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: request.redirect, signal: controller.signal })), url: request.url, redirected: false }
        : await fetchAllowed(policy, request, controller.signal)
      return await replyOf(sent, maxFetchBytes)
    } catch (error) {
      throw fetchFailure(error, request.url)
    } finally {
      inFlight.delete(request.id)
    }
  })
  functions.set(FETCH_ABORT_PATH, (id) => {
    inFlight.get(id)?.abort()
  })
  return {
    abortAll() {
      for (const controller of inFlight.values()) controller.abort()
      inFlight.clear()
    },
  }
}

module.exports = { checkFetchPolicy, fetchBindings, DEFAULT_MAX_FETCH_BYTES }
