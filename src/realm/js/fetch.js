// fetch, Request, Response and Headers for a realm whose host gave a network policy. Requests go
// to the host through `transport` (a binding call: the host checks the policy, adds its own
// headers, follows redirects and reads the body, up to its byte limit); the reply carries the
// status, the response headers and the whole body, or why the body could not be read. Bodies are
// read whole: there are no streams. Called once with what it uses, taken before the program ran.
((transport, abortTransport, URL, URLSearchParams, TextEncoder, TextDecoder) => {
  const encoder = new TextEncoder()
  const decoder = new TextDecoder()
  const parseJson = JSON.parse
  // What only this script may do: build a Response from the host's reply.
  const INTERNAL = Symbol('internal')
  const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
  const trimValue = (value) => String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '')

  class Headers {
    #lists = new Map()
    constructor(init) {
      if (init === undefined || init === null) return
      if (typeof init !== 'object' && typeof init !== 'function') {
        throw new TypeError('Headers: init must be a Headers, an array of [name, value] pairs or an object of names to values')
      }
      if (typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          const items = [...pair]
          if (items.length !== 2) throw new TypeError('Headers: each header pair needs exactly a name and a value')
          this.append(items[0], items[1])
        }
      } else {
        for (const name of Object.keys(init)) this.append(name, init[name])
      }
    }
    #name(name) {
      const text = String(name)
      if (!TOKEN.test(text)) throw new TypeError(`Headers: ${JSON.stringify(text)} is not a valid header name`)
      return text.toLowerCase()
    }
    append(name, value) {
      const key = this.#name(name)
      const list = this.#lists.get(key)
      if (list) list.push(trimValue(value))
      else this.#lists.set(key, [trimValue(value)])
    }
    set(name, value) { this.#lists.set(this.#name(name), [trimValue(value)]) }
    get(name) {
      const list = this.#lists.get(this.#name(name))
      return list === undefined ? null : list.join(', ')
    }
    has(name) { return this.#lists.has(this.#name(name)) }
    delete(name) { this.#lists.delete(this.#name(name)) }
    getSetCookie() { return [...(this.#lists.get('set-cookie') ?? [])] }
    *entries() {
      for (const name of [...this.#lists.keys()].sort()) {
        const list = this.#lists.get(name)
        if (name === 'set-cookie') for (const value of list) yield [name, value]
        else yield [name, list.join(', ')]
      }
    }
    *keys() { for (const [name] of this.entries()) yield name }
    *values() { for (const [, value] of this.entries()) yield value }
    [Symbol.iterator]() { return this.entries() }
    forEach(callback, thisArg) {
      for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this)
    }
    get [Symbol.toStringTag]() { return 'Headers' }
  }

  // Each Request's and Response's body: its bytes (null for none), why it could not be read, and
  // whether it was read.
  const bodies = new WeakMap()

  /** The bytes of a body given to Request or Response, setting the content type it implies. */
  function bodyBytes(body, headers) {
    if (body === undefined || body === null) return null
    const implies = (type) => {
      if (!headers.has('content-type')) headers.set('content-type', type)
    }
    if (typeof body === 'string') {
      implies('text/plain;charset=UTF-8')
      return encoder.encode(body)
    }
    if (body instanceof URLSearchParams) {
      implies('application/x-www-form-urlencoded;charset=UTF-8')
      return encoder.encode(body.toString())
    }
    if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength))
    if (body instanceof ArrayBuffer) return new Uint8Array(body.slice(0))
    implies('text/plain;charset=UTF-8')
    return encoder.encode(String(body))
  }

  class Body {
    constructor(bytes, error) {
      bodies.set(this, { bytes, error, used: false })
    }
    get bodyUsed() { return bodies.get(this).used }
    async #consume() {
      const body = bodies.get(this)
      if (body.used) throw new TypeError('Body is unusable: Body has already been read')
      body.used = true
      if (body.error !== undefined) throw new TypeError(body.error)
      return body.bytes ?? new Uint8Array(0)
    }
    async arrayBuffer() {
      const bytes = await this.#consume()
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    }
    async bytes() { return new Uint8Array(await this.arrayBuffer()) }
    async text() { return decoder.decode(await this.#consume()) }
    async json() { return parseJson(await this.text()) }
  }

  const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']
  function normalizeMethod(method) {
    const text = String(method)
    if (!TOKEN.test(text)) throw new TypeError(`Request: ${JSON.stringify(text)} is not a valid HTTP method`)
    const upper = text.toUpperCase()
    if (['CONNECT', 'TRACE', 'TRACK'].includes(upper)) throw new TypeError(`Request: the ${upper} method is not allowed`)
    return METHODS.includes(upper) ? upper : text
  }

  function absoluteUrl(input) {
    const text = String(input)
    try {
      return new URL(text).href
    } catch {
      throw new TypeError(`fetch: ${JSON.stringify(text)} is not an absolute URL; there is no page to resolve a relative one against`)
    }
  }

  // What a Request holds besides its body.
  const requests = new WeakMap()

  class Request extends Body {
    constructor(input, init = {}) {
      const from = input instanceof Request ? requests.get(input) : undefined
      const options = init ?? {}
      const url = from ? from.url : absoluteUrl(input)
      const method = options.method !== undefined ? normalizeMethod(options.method) : from ? from.method : 'GET'
      const headers = new Headers(options.headers !== undefined ? options.headers : from?.headers)
      const body = options.body !== undefined ? bodyBytes(options.body, headers) : from ? bodies.get(input).bytes : null
      if (body !== null && (method === 'GET' || method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.')
      const redirect = options.redirect ?? from?.redirect ?? 'follow'
      if (!['follow', 'error', 'manual'].includes(redirect)) throw new TypeError(`Request: redirect must be 'follow', 'error' or 'manual', got ${JSON.stringify(redirect)}`)
      const signal = options.signal !== undefined ? options.signal : from?.signal ?? null
      if (signal !== null && (typeof signal !== 'object' || typeof signal.addEventListener !== 'function')) {
        throw new TypeError('Request: signal must be an AbortSignal')
      }
      super(body)
      requests.set(this, { url, method, headers, redirect, signal })
    }
    get url() { return requests.get(this).url }
    get method() { return requests.get(this).method }
    get headers() { return requests.get(this).headers }
    get redirect() { return requests.get(this).redirect }
    get signal() { return requests.get(this).signal }
    clone() {
      if (this.bodyUsed) throw new TypeError('Request.clone: Body has already been read')
      return new Request(this)
    }
    get [Symbol.toStringTag]() { return 'Request' }
  }

  // What a Response holds besides its body.
  const responses = new WeakMap()

  class Response extends Body {
    constructor(body = null, init = {}) {
      if (body === INTERNAL) {
        const { reply } = init
        super(reply.body ?? null, reply.bodyError)
        responses.set(this, {
          status: reply.status, statusText: reply.statusText, headers: new Headers(reply.headers), url: reply.url, redirected: reply.redirected, type: 'basic',
        })
        return
      }
      const options = init ?? {}
      const status = options.status === undefined ? 200 : Number(options.status)
      if (!Number.isInteger(status) || status < 200 || status > 599) {
        throw new RangeError(`Response: status must be a whole number from 200 to 599, got ${options.status}`)
      }
      const headers = new Headers(options.headers)
      super(bodyBytes(body, headers))
      responses.set(this, { status, statusText: String(options.statusText ?? ''), headers, url: '', redirected: false, type: 'default' })
    }
    get status() { return responses.get(this).status }
    get ok() { return this.status >= 200 && this.status <= 299 }
    get statusText() { return responses.get(this).statusText }
    get headers() { return responses.get(this).headers }
    get url() { return responses.get(this).url }
    get redirected() { return responses.get(this).redirected }
    get type() { return responses.get(this).type }
    clone() {
      if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been read')
      const { bytes, error } = bodies.get(this)
      const meta = responses.get(this)
      return new Response(INTERNAL, { reply: { ...meta, headers: [...meta.headers], body: bytes, bodyError: error } })
    }
    static json(data, init = {}) {
      const text = JSON.stringify(data)
      if (text === undefined) throw new TypeError('Response.json: the data cannot be written as JSON')
      const headers = new Headers(init?.headers)
      if (!headers.has('content-type')) headers.set('content-type', 'application/json')
      return new Response(text, { ...init, headers })
    }
    get [Symbol.toStringTag]() { return 'Response' }
  }

  let lastRequest = 0

  async function fetch(input, init) {
    const request = new Request(input, init)
    const { url, method, headers, redirect, signal } = requests.get(request)
    if (signal?.aborted) throw signal.reason
    const id = ++lastRequest
    const body = bodies.get(request).bytes ?? undefined
    const sent = transport({ id, url, method, headers: [...headers], body, redirect })
    let reply
    if (signal === null) {
      reply = await sent
    } else {
      // An abort rejects at once; the host is told to abort its request, whose own rejection
      // then has no one waiting for it.
      sent.catch(() => {})
      let onAbort
      const aborted = new Promise((_, reject) => {
        onAbort = () => {
          abortTransport(id).catch(() => {})
          reject(signal.reason)
        }
      })
      signal.addEventListener('abort', onAbort, { once: true })
      try {
        reply = await Promise.race([sent, aborted])
      } finally {
        signal.removeEventListener('abort', onAbort)
      }
    }
    return new Response(INTERNAL, { reply })
  }

  return { fetch, Request, Response, Headers }
})
