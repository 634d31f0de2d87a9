'use strict'

// The consuming side: MCP servers' tools as bindings a program calls, declared as TypeScript.
// Each server is one namespace (`memory.create_entities(input)`); a call goes out as tools/call
// and its result comes back as a value, or as an Error carrying the server's message.

const { sdk } = require('./sdk.js')
const { declareTools } = require('../describe.js')
const { IDENTIFIER, RESERVED_WORDS, sanitizeToolName } = require('../names.js')
const { checkMs, describeValue } = require('../options.js')
const { version } = require('../../package.json')

const DEFAULT_TIMEOUT_MS = 60_000
// What a failure to start quotes of the server's stderr, and what is kept of it meanwhile.
const STDERR_LINES = 20
const STDERR_KEPT_CHARS = 16 * 1024
// After a failed restart, the next attempt waits this long, doubled after each failure up to the most.
const FIRST_RESTART_DELAY_MS = 1_000
const MOST_RESTART_DELAY_MS = 60_000

/** Connects to every server in `specs` (all or none) and lists their tools. */
async function connectMcpServers(specs, options = {}) {
  if (specs === null || typeof specs !== 'object' || Array.isArray(specs)) {
    throw new TypeError(`connectMcpServers: servers must be an object like { memory: { command: 'npx', args: ['@modelcontextprotocol/server-memory'] } }, got ${describeValue(specs)}`)
  }
  if (options === null || typeof options !== 'object') throw new TypeError(`connectMcpServers: options must be an object like { timeoutMs }, got ${describeValue(options)}`)
  const timeoutMs = checkMs(options.timeoutMs, 'connectMcpServers: options.timeoutMs', { fallback: DEFAULT_TIMEOUT_MS })
  if (options.onStderr !== undefined && typeof options.onStderr !== 'function') {
    throw new TypeError(`connectMcpServers: options.onStderr must be a function (server, text) => void, got ${describeValue(options.onStderr)}`)
  }
  if (options.restart !== undefined && typeof options.restart !== 'boolean') {
    throw new TypeError(`connectMcpServers: options.restart must be true (start a server that went away again on its next call, the default) or false, got ${describeValue(options.restart)}`)
  }
  const connectionOptions = { timeoutMs, onStderr: options.onStderr, restart: options.restart ?? true }
  const servers = Object.entries(specs).map(([name, spec]) => new ServerConnection(checkServerName(name), checkSpec(name, spec), connectionOptions))
  const opened = await Promise.allSettled(servers.map((server) => server.open()))
  const failed = opened.find((outcome) => outcome.status === 'rejected')
  if (failed) {
    await Promise.all(servers.map((server) => server.close()))
    throw failed.reason
  }
  return new McpConnections(servers)
}

function checkServerName(name) {
  if (!IDENTIFIER.test(name) || RESERVED_WORDS.has(name)) {
    throw new TypeError(`connectMcpServers: server name ${JSON.stringify(name)} must be a JavaScript identifier that is not a reserved word (the program calls ${'`'}name.tool()${'`'}), like 'memory' or 'github'`)
  }
  return name
}

/** The spec as { kind: 'stdio' | 'http' | 'client', ... }; a TypeError saying what is wrong otherwise. */
function checkSpec(name, spec) {
  const where = `connectMcpServers: server '${name}'`
  const isStrings = (value) => value !== null && typeof value === 'object' && Object.values(value).every((item) => typeof item === 'string')
  if (spec !== null && typeof spec === 'object' && typeof spec.callTool === 'function' && typeof spec.request === 'function') return { kind: 'client', client: spec }
  if (spec !== null && typeof spec === 'object' && typeof spec.command === 'string') {
    const { command, args = [], env, cwd } = spec
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) throw new TypeError(`${where}: args must be an array of strings`)
    if (env !== undefined && !isStrings(env)) throw new TypeError(`${where}: env must be an object of strings (it is added to a minimal environment: HOME, PATH, ...)`)
    if (cwd !== undefined && typeof cwd !== 'string') throw new TypeError(`${where}: cwd must be a path`)
    return { kind: 'stdio', command, args, env, cwd }
  }
  if (spec !== null && typeof spec === 'object' && (typeof spec.url === 'string' || spec.url instanceof URL)) {
    let url
    try {
      url = new URL(spec.url)
    } catch {
      throw new TypeError(`${where}: url ${JSON.stringify(String(spec.url))} is not a URL; give the server's Streamable HTTP endpoint, like http://127.0.0.1:3000/mcp`)
    }
    if (spec.headers !== undefined && !isStrings(spec.headers)) throw new TypeError(`${where}: headers must be an object of strings`)
    return { kind: 'http', url, headers: spec.headers }
  }
  throw new TypeError(
    `${where} must be a command ({ command, args?, env?, cwd? }), a Streamable HTTP endpoint ({ url, headers? }) or a connected Client from @modelcontextprotocol/sdk, got ${describeValue(spec)}`,
  )
}

/** Every connected server's tools, kept up to date as servers announce changes. */
class McpConnections {
  #servers
  #listeners = new Set()

  constructor(servers) {
    this.#servers = servers
    for (const server of servers) server.onRefresh = () => this.#changed()
  }

  /** The tools as bindings for a run: `{ server: { tool(input) } }`. Read it again after a change. */
  get bindings() {
    return this.bindingsFor(undefined)
  }

  /** The same bindings, with every call still pending when `signal` aborts cancelled (give it a signal you abort when the run ends). */
  bindingsFor(signal) {
    return Object.fromEntries(this.#servers.map((server) => [server.name, server.bindings(signal)]))
  }

  get declarations() {
    return this.#servers.map((server) => server.described.declarations).join('')
  }

  /** One entry per tool, as describeBindings' `tools`; `aliases` holds the server's own name for it. */
  get tools() {
    return this.#servers.flatMap((server) => server.described.tools)
  }

  /** Calls `listener()` after a server's tools/list_changed refreshed the catalog; returns a function that stops it. */
  onChange(listener) {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #changed() {
    for (const listener of this.#listeners) listener()
  }

  /** Closes every connection this made (a Client passed in is left open) and ends the servers it started. */
  async close() {
    this.#listeners.clear()
    await Promise.all(this.#servers.map((server) => server.close()))
  }
}

class ServerConnection {
  /** Called after the tool list changed. */
  onRefresh = () => {}
  /** The tools by the name the program uses: `{ original, description, inputSchema, outputSchema }`. */
  #tools = new Map()
  /** Why the server can no longer be called, once it cannot. */
  #gone
  #stderr = ''
  #refreshing
  #refreshAgain = false

  /** Whether the next call may start a server that went away again, and when it may next try. */
  #restart
  #restarting
  #failedRestarts = 0
  #nextRestartAt = 0
  #lastRestartError = ''
  #closed = false

  constructor(name, spec, { timeoutMs, onStderr, restart }) {
    this.name = name
    this.spec = spec
    this.timeoutMs = timeoutMs
    this.onStderr = onStderr
    this.#restart = restart && spec.kind !== 'client'
    this.described = { declarations: '', tools: [] }
  }

  async open() {
    try {
      await this.#connect()
    } catch (error) {
      throw new Error(`connectMcpServers: MCP server '${this.name}' (${this.#describeSpec()}) could not start: ${error.message}${await this.#stderrTail()}`)
    }
  }

  /** Connects (a Client passed in is connected already), lists the tools and follows their changes. */
  async #connect() {
    const { Client, types } = sdk()
    const owned = this.spec.kind !== 'client'
    const client = owned ? new Client({ name: 'code-runtime-boa', version }) : this.spec.client
    this.client = client
    if (owned) {
      // a connection replaced by a restart says nothing about the one that replaced it
      client.onclose = () => {
        if (this.client === client) this.#gone ??= 'it closed the connection'
      }
      await client.connect(this.#transport(), { timeout: this.timeoutMs })
    }
    await this.#list()
    client.setNotificationHandler(types.ToolListChangedNotificationSchema, () => this.#refresh())
  }

  /**
   * Starts a server that went away again (the command run anew, the endpoint connected anew), once
   * for every call waiting on it; rejects saying why it cannot, without trying again before the
   * back-off after a failure has passed.
   */
  async #ensureConnected(path) {
    const cannot = async (why) => new Error(`${path}: MCP server '${this.name}' cannot be called: ${this.#gone}${why}${await this.#stderrTail()}`)
    if (!this.#restart || this.#closed) throw await cannot('')
    if (!this.#restarting) {
      const wait = this.#nextRestartAt - Date.now()
      if (wait > 0) throw await cannot(`; starting it again failed ${this.#failedRestarts} time(s) in a row (${this.#lastRestartError}), the next attempt is in ${wait} ms`)
      this.#restarting = this.#startAgain().finally(() => (this.#restarting = undefined))
    }
    try {
      await this.#restarting
    } catch (error) {
      throw new Error(`${path}: MCP server '${this.name}' went away (${this.#gone}) and could not be started again: ${error.message}`)
    }
  }

  async #startAgain() {
    const declarations = this.described.declarations
    // a connection the server dropped may still be retrying (an HTTP event stream does)
    await this.client.close().catch(() => {})
    this.#stderr = ''
    try {
      await this.#connect()
    } catch (error) {
      this.#failedRestarts++
      this.#nextRestartAt = Date.now() + Math.min(FIRST_RESTART_DELAY_MS * 2 ** (this.#failedRestarts - 1), MOST_RESTART_DELAY_MS)
      this.#lastRestartError = error.message
      const tail = await this.#stderrTail()
      await this.client.close().catch(() => {})
      throw new Error(`${error.message}${tail}`)
    }
    if (this.#closed) {
      await this.client.close()
      throw new Error('the connections were closed meanwhile')
    }
    this.#gone = undefined
    this.#failedRestarts = 0
    if (this.described.declarations !== declarations) this.onRefresh()
  }

  #transport() {
    const { StdioClientTransport, StreamableHTTPClientTransport } = sdk()
    if (this.spec.kind === 'http') return new StreamableHTTPClientTransport(this.spec.url, { requestInit: { headers: this.spec.headers } })
    const { command, args, env, cwd } = this.spec
    const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'pipe' })
    transport.stderr.setEncoding('utf8')
    transport.stderr.on('data', (text) => {
      this.#stderr = (this.#stderr + text).slice(-STDERR_KEPT_CHARS)
      try {
        this.onStderr?.(this.name, text)
      } catch {
        // a failing listener must not take the connection down with it
      }
    })
    return transport
  }

  #describeSpec() {
    if (this.spec.kind === 'stdio') return [this.spec.command, ...this.spec.args].join(' ')
    return this.spec.kind === 'http' ? this.spec.url.href : 'a connected Client'
  }

  /** The last lines of the server's stderr, as the end of a message. */
  async #stderrTail() {
    // the transport reports a closed pipe before the last of stderr has been read
    await new Promise((resolve) => setImmediate(resolve))
    const lines = this.#stderr.trimEnd().split('\n').slice(-STDERR_LINES)
    return lines[0] ? `. Its stderr ended with:\n${lines.map((line) => `  ${line}`).join('\n')}` : ''
  }

  /** Lists the server's tools, every page, and declares them. */
  async #list() {
    const { z } = sdk()
    const listed = []
    const seen = new Set()
    let cursor
    do {
      // unknown, not the SDK's ListToolsResultSchema: one malformed tool must not hide the others
      const page = await this.client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, z.unknown(), { timeout: this.timeoutMs })
      if (!Array.isArray(page?.tools)) throw new Error(`its tools/list result has no tools array: ${JSON.stringify(page)?.slice(0, 200)}`)
      listed.push(...page.tools)
      seen.add(cursor)
      cursor = typeof page.nextCursor === 'string' && !seen.has(page.nextCursor) ? page.nextCursor : undefined
    } while (cursor !== undefined)

    const tools = new Map()
    for (const tool of listed) {
      if (tool === null || typeof tool !== 'object' || typeof tool.name !== 'string') continue
      let key = sanitizeToolName(tool.name)
      // `get-sum` and `get_sum` both sanitize to get_sum: the later one is get_sum_2
      for (let n = 2; tools.has(key); n++) key = `${sanitizeToolName(tool.name)}_${n}`
      tools.set(key, { original: tool.name, description: tool.description ?? tool.title, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema })
    }
    const catalog = Object.fromEntries([...tools].map(([key, tool]) => [key, { description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema }]))
    const described = declareTools(catalog, { namespace: this.name })
    for (const entry of described.tools) {
      const original = tools.get(entry.name.slice(this.name.length + 1)).original
      entry.aliases = [`${this.name}.${original}`]
    }
    this.#tools = tools
    this.described = described
  }

  /** Lists the tools again after tools/list_changed; a notification while listing lists once more after. */
  async #refresh() {
    if (this.#refreshing) {
      this.#refreshAgain = true
      return
    }
    this.#refreshing = true
    try {
      do {
        this.#refreshAgain = false
        await this.#list()
        this.onRefresh()
      } while (this.#refreshAgain)
    } catch {
      // the server went away or answered badly: its last good catalog stays, and calls say why they fail
    } finally {
      this.#refreshing = false
    }
  }

  bindings(signal) {
    return Object.fromEntries([...this.#tools.keys()].map((key) => [key, (input) => this.call(key, input, signal)]))
  }

  /** Calls tool `key` (the program's name for it) with `input`; resolves to its value, rejects with an Error saying what went wrong. */
  async call(key, input, signal) {
    const path = `${this.name}.${key}`
    if (this.#gone) await this.#ensureConnected(path)
    const tool = this.#tools.get(key)
    if (!tool) throw new Error(`${path}: MCP server '${this.name}' no longer lists this tool`)
    const { types } = sdk()
    const send = (client) =>
      client.request({ method: 'tools/call', params: { name: tool.original, arguments: input ?? {} } }, types.CallToolResultSchema, { timeout: this.timeoutMs, signal })
    let { client } = this
    let result
    try {
      result = await send(client)
    } catch (error) {
      if (!(this.#sessionLost(error, client) && this.#restart)) throw await this.#callError(path, error, signal, client)
      // the server never ran the call (it knew no such session), so it is sent once more on a new one
      if (this.#gone) await this.#ensureConnected(path)
      client = this.client
      try {
        result = await send(client)
      } catch (error) {
        throw await this.#callError(path, error, signal, client)
      }
    }
    if (result.isError) throw new Error(textOf(result.content) || `${path} failed and the server gave no message`)
    return toolValue(result)
  }

  /** Whether an HTTP server answered that it knows no such session (it restarted, or ended it); it is then gone. */
  #sessionLost(error, client) {
    if (this.spec.kind !== 'http' || error?.code !== 404) return false
    if (client === this.client) this.#gone ??= "it no longer knows this client's session (HTTP 404: it restarted or ended the session)"
    return true
  }

  async #callError(path, error, signal, client) {
    const { ErrorCode } = sdk().types
    // the SDK reports a cancellation as a timeout
    if (signal?.aborted) return new Error(`${path}: cancelled, as its run ended`)
    if (error?.code === ErrorCode.RequestTimeout) {
      return new Error(`${path}: MCP server '${this.name}' did not answer within ${this.timeoutMs} ms (timeoutMs); the call was cancelled`)
    }
    if (error?.code === ErrorCode.ConnectionClosed || this.#gone) {
      if (client === this.client) this.#gone ??= 'it closed the connection'
      return new Error(`${path}: MCP server '${this.name}' ended during the call: ${this.#gone ?? 'it closed the connection'}${await this.#stderrTail()}`)
    }
    return new Error(`${path}: ${error?.message ?? String(error)}`)
  }

  async close() {
    this.#closed = true
    this.#gone ??= 'its connection was closed'
    if (this.spec.kind === 'client') {
      this.client.removeNotificationHandler('notifications/tools/list_changed')
      return
    }
    await this.client?.close()
  }
}

/**
 * The value of a tool's result: its structuredContent when it has one, else its content, each
 * item as a value (text parsed as JSON when it is JSON, binary data as { mimeType, data }); one
 * item stands alone, several make an array.
 */
function toolValue(result) {
  if (result.structuredContent !== undefined) return result.structuredContent
  const values = result.content.map(contentValue)
  return values.length === 1 ? values[0] : values.length === 0 ? undefined : values
}

function contentValue(item) {
  switch (item.type) {
    case 'text':
      return parseJson(item.text)
    case 'image':
    case 'audio':
      return { mimeType: item.mimeType, data: item.data }
    case 'resource': {
      const { uri, mimeType, text, blob } = item.resource
      return blob === undefined ? { uri, mimeType, text } : { uri, mimeType, data: blob }
    }
    default: {
      // a resource_link, or a kind of content newer than this code: as sent, but its tag
      const { type: _type, ...rest } = item
      return rest
    }
  }
}

function parseJson(text) {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const textOf = (content) =>
  content
    .filter((item) => item.type === 'text')
    .map((item) => item.text)
    .join('\n')

module.exports = { connectMcpServers }
