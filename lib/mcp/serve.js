'use strict'

// The serving side: an MCP server with one run_code tool that runs a model's program against the
// host's bindings and other MCP servers' tools. Its description declares them all; a catalog too
// large for that is listed by name, with search_tools and describe_tool (and the same search as
// `catalog.*` inside programs) to find the rest.

const { sdk } = require('./sdk.js')
const { connectMcpServers } = require('./connect.js')
const { createCodeRuntime } = require('../runtime.js')
const { describeBindings, declareFunctions, isDescribed } = require('../describe.js')
const { flattenBindings } = require('../bridge.js')
const { ToolIndex } = require('../catalog.js')
const { checkLimits, checkNumber, describeValue } = require('../options.js')
const { formatLog, formatError } = require('../outcome.js')

const DEFAULT_MAX_DESCRIPTION_TOKENS = 4_000
// A rough count for English and code, as tokenizers go; the budget is an estimate either way.
const CHARS_PER_TOKEN = 4
/** The namespace of the tool search inside programs. */
const CATALOG = 'catalog'

const INTRO = `Runs a TypeScript program in a fresh sandbox and returns what it printed (console.log) and what it returned. The program body may use top-level await and return; type annotations are fine. It reaches only the functions declared below, each returning a promise: no network, file system, require, import or process. Do as much as you can in one program: call tools in loops, run independent calls together with Promise.all, filter and combine their results, and return only what is needed. A failing call rejects with an Error you can catch.`

/** An McpServer (from @modelcontextprotocol/sdk) with run_code; close() also ends what it started. */
async function createCodeMcpServer(options) {
  const tools = await CodeTools.open(options, 'createCodeMcpServer')
  return tools.createServer(() => tools.close())
}

/** What every server made from one set of options shares: the runtime, the connections and the catalog. */
class CodeTools {
  #listeners = new Set()

  static async open(options, caller) {
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${caller}: options must be an object like { name: 'my-tools', version: '1.0.0', bindings, servers }, got ${describeValue(options)}`)
    }
    const { runtime, bindings, servers, name, version, instructions, limits, timeoutMs, onStderr, restart } = options
    for (const [key, value] of Object.entries({ name, version })) {
      if (typeof value !== 'string' || value === '') throw new TypeError(`${caller}: options.${key} must be a non-empty string (the server's ${key} clients see), got ${describeValue(value)}`)
    }
    if (instructions !== undefined && typeof instructions !== 'string') throw new TypeError(`${caller}: options.instructions must be a string, got ${describeValue(instructions)}`)
    if (runtime !== undefined && typeof runtime?.run !== 'function') throw new TypeError(`${caller}: options.runtime must be a runtime from createCodeRuntime()`)
    const maxDescriptionTokens = checkNumber(options.maxDescriptionTokens, `${caller}: options.maxDescriptionTokens`, Number.MAX_SAFE_INTEGER, { fallback: DEFAULT_MAX_DESCRIPTION_TOKENS })
    const checkedLimits = checkLimits(limits, `${caller}: options.limits`) ?? {}
    if (servers !== undefined && (servers === null || typeof servers !== 'object' || Array.isArray(servers))) {
      throw new TypeError(`${caller}: options.servers must be an object like { memory: { command: 'npx', args: ['@modelcontextprotocol/server-memory'] } }, got ${describeValue(servers)}`)
    }
    const host = hostTools(bindings, caller)
    for (const name of [CATALOG, ...Object.keys(servers ?? {})]) {
      if (name in host.bindings) throw new TypeError(`${caller}: '${name}' is both a binding and ${name === CATALOG ? 'the tool search inside programs' : 'a server'}; rename one of them`)
    }
    if (CATALOG in (servers ?? {})) throw new TypeError(`${caller}: '${CATALOG}' is the tool search inside programs; name the server something else`)
    // a call never outlives its run: the run's wall budget bounds it (and run_code cancels what is left)
    const callTimeoutMs = Math.min(timeoutMs ?? Infinity, checkedLimits.maxWallMs ?? Infinity)
    const connections =
      servers === undefined ? undefined : await connectMcpServers(servers, { timeoutMs: Number.isFinite(callTimeoutMs) ? callTimeoutMs : undefined, onStderr, restart })
    return new CodeTools({
      runtime: runtime ?? createCodeRuntime(),
      ownsRuntime: runtime === undefined,
      host,
      connections,
      limits: checkedLimits,
      maxDescriptionChars: maxDescriptionTokens * CHARS_PER_TOKEN,
      info: { name, version, instructions },
    })
  }

  constructor({ runtime, ownsRuntime, host, connections, limits, maxDescriptionChars, info }) {
    Object.assign(this, { runtime, ownsRuntime, host, connections, limits, maxDescriptionChars, info })
    this.catalogSearch = catalogSearch(this)
    this.#catalogChanged()
    this.stopWatching = connections?.onChange(() => this.#catalogChanged())
  }

  #catalogChanged() {
    this.index = new ToolIndex([...this.host.tools, ...(this.connections?.tools ?? [])])
    this.description = this.#describe()
    for (const listener of this.#listeners) listener()
  }

  /** run_code's description: every declaration when they fit the budget, else names and one-line descriptions. */
  #describe() {
    const declarations = this.host.declarations + (this.connections?.declarations ?? '')
    const globals = declarations ? `The program's globals:\n\`\`\`ts\n${declarations}\`\`\`` : 'No tools are available: the program can compute and print, nothing more.'
    const full = `${INTRO}\n\n${globals}`
    if (full.length <= this.maxDescriptionChars) return { text: full, summarized: false }
    const head =
      `${INTRO}\n\n${this.index.size} tools are available, too many to declare here: each line below names one and what it does. ` +
      `In the program, \`await ${CATALOG}.search_tools({ query })\` finds tools by words and \`await ${CATALOG}.describe_tool({ name })\` gives a tool's declaration; ` +
      `the search_tools and describe_tool tools do the same before you write the program.\n\`\`\`ts\n${this.catalogSearch.declarations}\`\`\`\n`
    return { text: head + this.index.listing(this.maxDescriptionChars - head.length), summarized: true }
  }

  /** Runs `code` as run_code does and gives its MCP result. */
  async runCode(code, signal) {
    const ended = new AbortController()
    const bindings = { ...this.host.bindings, ...this.connections?.bindingsFor(ended.signal), ...this.catalogSearch.bindings }
    try {
      return runCodeResult(await this.runtime.run({ source: code, bindings, limits: this.limits, signal }))
    } finally {
      // MCP calls the program left pending are cancelled with it
      ended.abort()
    }
  }

  /** A new McpServer on these tools (one per client session); its close() stops following the catalog, then calls `onClose`. */
  createServer(onClose = async () => {}) {
    const { McpServer, z } = sdk()
    const { name, version, instructions } = this.info
    const server = new McpServer({ name, version }, { instructions })
    const runCode = server.registerTool(
      'run_code',
      {
        title: 'Run code',
        description: this.description.text,
        inputSchema: { code: z.string().describe('The program: TypeScript (or JavaScript), top-level await and return allowed') },
        outputSchema: { output: z.string().describe('What the program printed'), value: z.unknown().optional().describe('What it returned') },
      },
      ({ code }, extra) => this.runCode(code, extra.signal),
    )
    const searchTool = server.registerTool(
      'search_tools',
      { title: 'Search tools', description: SEARCH.description, inputSchema: SEARCH.input(z), outputSchema: { tools: SEARCH.output(z) } },
      ({ query, limit }) => {
        const tools = this.index.search(query, limit)
        const text = tools.length ? tools.map((tool) => `${tool.name}: ${tool.description}`).join('\n') : `No tool matches ${JSON.stringify(query)}.`
        return { content: [{ type: 'text', text }], structuredContent: { tools } }
      },
    )
    const describeTool = server.registerTool(
      'describe_tool',
      { title: 'Describe a tool', description: DESCRIBE.description, inputSchema: DESCRIBE.input(z) },
      ({ name: tool }) => {
        try {
          return { content: [{ type: 'text', text: this.index.describe(tool) }] }
        } catch (error) {
          return { isError: true, content: [{ type: 'text', text: error.message }] }
        }
      },
    )
    let shown = this.description
    const show = () => {
      if (this.description.text !== shown.text) runCode.update({ description: this.description.text })
      for (const tool of [searchTool, describeTool]) if (tool.enabled !== this.description.summarized) tool.update({ enabled: this.description.summarized })
      shown = this.description
    }
    for (const tool of [searchTool, describeTool]) if (!shown.summarized) tool.disable()
    this.#listeners.add(show)
    const close = server.close.bind(server)
    server.close = async () => {
      this.#listeners.delete(show)
      await close()
      await onClose()
    }
    return server
  }

  async close() {
    this.stopWatching?.()
    await this.connections?.close()
    if (this.ownsRuntime) await this.runtime.dispose()
  }
}

/** The host's bindings with their declarations and index entries: a describeBindings() result, or plain functions. */
function hostTools(bindings, caller) {
  if (bindings === undefined) return { bindings: {}, declarations: '', tools: [] }
  if (isDescribed(bindings)) return { bindings: bindings.bindings, declarations: bindings.declarations, tools: bindings.tools ?? declareFunctions(bindings.bindings).tools }
  try {
    flattenBindings(bindings)
  } catch (error) {
    throw new TypeError(`${caller}: options.bindings: ${error.message}`)
  }
  return { bindings, ...declareFunctions(bindings) }
}

// The search, as an MCP tool and as bindings inside programs: one schema for both.
const SEARCH = {
  description: "Finds tools by words in their names, descriptions and parameter names, best match first. Gives each tool's name and what it does.",
  input: (z) => ({
    query: z.string().describe('Words for what the tool should do, e.g. "create issue"'),
    limit: z.number().int().min(1).max(50).optional().describe('At most this many matches; default 10'),
  }),
  output: (z) => z.array(z.object({ name: z.string(), description: z.string() })),
}
const DESCRIBE = {
  description: "A tool's full TypeScript declaration, by its name as search_tools gives it (e.g. 'memory.create_entities').",
  input: (z) => ({ name: z.string().describe('The tool name, e.g. memory.create_entities') }),
}

/** `catalog.search_tools` and `catalog.describe_tool` for programs, and their declarations. */
function catalogSearch(tools) {
  const { z, toJsonSchema } = sdk()
  const described = describeBindings(
    {
      search_tools: {
        description: SEARCH.description,
        inputSchema: toJsonSchema(z.object(SEARCH.input(z))),
        outputSchema: toJsonSchema(SEARCH.output(z)),
        execute: ({ query, limit }) => tools.index.search(query, limit),
      },
      describe_tool: {
        description: DESCRIBE.description,
        inputSchema: toJsonSchema(z.object(DESCRIBE.input(z))),
        outputSchema: { type: 'string' },
        execute: ({ name }) => tools.index.describe(name),
      },
    },
    { namespace: CATALOG },
  )
  return { bindings: described.bindings, declarations: described.declarations }
}

/** A run's result as run_code's: `{ output, value }` as structured content and JSON text, or an error a model can act on. */
function runCodeResult(result) {
  const output = result.logs.map(formatLog).join('\n')
  if (result.ok) {
    const structured = result.value === undefined ? { output } : { output, value: result.value }
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured }
  }
  const { kind, codeFrame } = result.error
  const text = [`${formatError(result.error)} [${kind}]`, codeFrame, output && `Output before the error:\n${output}`].filter(Boolean).join('\n\n')
  return { isError: true, content: [{ type: 'text', text }] }
}

module.exports = { createCodeMcpServer, CodeTools }
