import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Bindings, CodeRuntime, Limits } from '../../index'
import type { DescribedBindings, ToolIndexEntry } from '../describe'

/** A server started as a child process and spoken to over its stdin and stdout. */
export interface StdioServerSpec {
  command: string
  args?: string[]
  /** Added to a minimal environment (HOME, PATH, SHELL, TERM, USER, LOGNAME), not to this process's. */
  env?: Record<string, string>
  cwd?: string
}

/** A server reached over Streamable HTTP. */
export interface HttpServerSpec {
  url: string | URL
  headers?: Record<string, string>
}

/** A server spec, or a Client already connected to one (its tools/list_changed handler is replaced; close() leaves it open). */
export type McpServerSpec = StdioServerSpec | HttpServerSpec | Client

export interface ConnectOptions {
  /** How long one tools/call (and connecting, and listing) may take, in ms; the call is then cancelled and rejects. Default 60,000. */
  timeoutMs?: number
  /** Called with what a stdio server writes to its stderr (kept otherwise only for error messages). */
  onStderr?: (server: string, text: string) => void
  /**
   * Whether a server this connected that went away (its process ended, its connection closed, or
   * an HTTP server no longer knows the session) is started or connected again on its next call.
   * Default true; after a failed start the next waits 1 s, doubled after each failure up to 60 s.
   * A Client passed in is never restarted.
   */
  restart?: boolean
}

export interface McpConnections {
  /** Each server's tools as `{ server: { tool(input) } }`, for `run({ bindings })`. Read again after a change. */
  readonly bindings: Bindings
  /** TypeScript for every tool, from its inputSchema and outputSchema: `declare const memory: { … };`. */
  readonly declarations: string
  /** One entry per tool (`memory.create_entities`), its server's own name for it in `aliases`. */
  readonly tools: ToolIndexEntry[]
  /** The same bindings, with every call still pending when `signal` aborts cancelled; abort it when the run ends. */
  bindingsFor(signal?: AbortSignal): Bindings
  /** Called after a server's tools/list_changed has refreshed the catalog; returns a function that stops it. */
  onChange(listener: () => void): () => void
  /** Closes the connections this made and ends the servers it started. */
  close(): Promise<void>
}

/**
 * Connects to every server (all or none: one that cannot start fails the whole with its stderr's
 * last lines) and lists their tools, following pagination.
 */
export declare function connectMcpServers(servers: Record<string, McpServerSpec>, options?: ConnectOptions): Promise<McpConnections>

export interface CodeMcpServerOptions extends ConnectOptions {
  /** The server's name and version, as clients see them. */
  name: string
  version: string
  /** Shown to clients at initialization. */
  instructions?: string
  /** A runtime to share; without one the server creates its own, and close() disposes of it. */
  runtime?: CodeRuntime
  /** Host functions programs may call: a describeBindings() result (typed, searchable), or plain functions. */
  bindings?: DescribedBindings | Bindings
  /** MCP servers whose tools programs may call, as connectMcpServers takes them; close() ends them. */
  servers?: Record<string, McpServerSpec>
  /** Budgets of every run_code program. */
  limits?: Limits
  /**
   * The most run_code's description may take, in tokens (counted as characters / 4). Past it the
   * description lists names and one-line descriptions, and search_tools and describe_tool appear.
   * Default 4,000.
   */
  maxDescriptionTokens?: number
}

/**
 * An McpServer with a run_code tool (and search_tools and describe_tool when the catalog is
 * larger than the description's budget). Connect it to a transport; close() also ends the
 * servers it started and the runtime it created.
 */
export declare function createCodeMcpServer(options: CodeMcpServerOptions): Promise<McpServer>
