'use strict'

// Serving run_code over Streamable HTTP: a session, with an McpServer of its own, per client.
// Requests whose Host or Origin names a host not allowed are refused before anything reads them,
// so a web page cannot reach a local server by rebinding its own name to 127.0.0.1.

const http = require('node:http')
const { randomUUID } = require('node:crypto')
const { sdk } = require('./sdk.js')

const ENDPOINT = '/mcp'
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']
// run_code's program may be up to 1 MiB; JSON escaping can double it
const MAX_BODY_BYTES = 4 * 1024 * 1024

/**
 * Serves `tools` (a CodeTools) at http://host:port/mcp. Requests must name the host in their Host
 * header (and Origin, when they have one) as a loopback name, the host served on, or one of
 * `allowedHosts`. Resolves to `{ url, close() }` once listening.
 */
async function serveHttp(tools, { host, port, allowedHosts = [] }) {
  const { StreamableHTTPServerTransport, types } = sdk()
  const served = hostnameOf(host)
  const allowed = new Set([...LOOPBACK_NAMES, ...allowedHosts, ...(['0.0.0.0', '[::]'].includes(served) ? [] : [served])])
  const sessions = new Map()

  const startSession = async (req, res, body) => {
    const server = tools.createServer()
    let closed = false
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => sessions.set(id, transport),
    })
    transport.onclose = () => {
      // closing the server closes the transport again
      if (closed) return
      closed = true
      sessions.delete(transport.sessionId)
      server.close().catch(() => {})
    }
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }

  const handle = async (req, res) => {
    if (new URL(req.url, 'http://host').pathname !== ENDPOINT) return refuse(res, 404, `Not found: the MCP endpoint is ${ENDPOINT}`)
    const problem = hostProblem(req.headers, allowed)
    if (problem) return refuse(res, 403, problem)
    const body = req.method === 'POST' ? await readJson(req, res) : undefined
    if (body === NO_BODY) return
    const id = req.headers['mcp-session-id']
    if (id !== undefined) {
      const transport = sessions.get(id)
      if (!transport) return refuse(res, 404, 'Session not found: start a new one with an initialize request', -32001)
      return transport.handleRequest(req, res, body)
    }
    const initializes = Array.isArray(body) ? body.some(types.isInitializeRequest) : types.isInitializeRequest(body)
    if (!initializes) return refuse(res, 400, 'Bad Request: no mcp-session-id header; start a session with an initialize request')
    return startSession(req, res, body)
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) refuse(res, 500, `Internal error: ${error.message}`, -32603)
      else res.end()
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host.replace(/^\[(.*)\]$/, '$1'), resolve)
  })
  const url = `http://${served}:${server.address().port}${ENDPOINT}`
  return {
    url,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()))
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** Why the request's Host or Origin header is refused, or undefined. */
function hostProblem(headers, allowed) {
  const host = headers.host === undefined ? undefined : hostnameOf(headers.host)
  if (host === undefined || !allowed.has(host)) return `Invalid Host header: ${headers.host ?? '(none)'}; this server answers only to ${[...allowed].join(', ')}`
  if (headers.origin !== undefined) {
    let origin
    try {
      origin = new URL(headers.origin).hostname
    } catch {
      return `Invalid Origin header: ${headers.origin}`
    }
    if (!allowed.has(origin)) return `Invalid Origin header: ${headers.origin}; this server answers only to ${[...allowed].join(', ')}`
  }
  return undefined
}

/** 'localhost:8808' → 'localhost', '[::1]:80' → '[::1]'; undefined when it is no host. */
function hostnameOf(host) {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

const NO_BODY = Symbol('the request was answered already')

/** The request's JSON body, or NO_BODY after answering a body too large or not JSON. */
async function readJson(req, res) {
  const chunks = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      refuse(res, 413, `Payload too large: at most ${MAX_BODY_BYTES} bytes`)
      return NO_BODY
    }
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch (error) {
    refuse(res, 400, `Parse error: ${error.message}`, -32700)
    return NO_BODY
  }
}

function refuse(res, status, message, code = -32000) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))
}

module.exports = { serveHttp }
