/** Budgets for one program. Every field is optional; omitted fields take the runtime's default. */
export interface Limits {
  /** Busy time the engine may spend executing the program, in ms. Waiting on bindings and timers does not count. Default 5,000. */
  computeMs?: number
  /** Wall-clock time from the start of the run, never paused, in ms. Default 30,000. */
  maxWallMs?: number
  /** Bytes of console output kept; past it one `[output truncated …]` entry is appended and the rest dropped. Default 65,536. */
  maxLogBytes?: number
  /** Bytes of the return value, and of each binding's arguments and reply: JSON text plus binary data. Default 1,048,576. */
  maxResultBytes?: number
  /** Bytes the program may allocate. Default 268,435,456 (256 MiB). */
  maxMemoryBytes?: number
  /** Bytes of a paused run's token; a pause past it fails with kind 'result'. Runs only. Default 4,194,304 (4 MiB). */
  maxTokenBytes?: number
  /** Bytes of one `fetch` response body; past it, reading the body rejects saying so. Default 10,485,760 (10 MiB). */
  maxFetchBytes?: number
}

/** What a Response-like from a function policy must have: a status; headers and a body are read if present. */
export interface ResponseLike {
  status: number
  statusText?: string
  url?: string
  redirected?: boolean
  headers?: Headers | Record<string, string> | [string, string][]
  body?: ReadableStream<Uint8Array> | null
  arrayBuffer?(): Promise<ArrayBuffer>
  text?(): Promise<string>
}

/**
 * Where a program's `fetch` may go. A function answers every request itself (the program's
 * request arrives as a `Request`, its signal aborting with the program's). An allow-list lets
 * through URLs that match one of its patterns (`*` matches any characters, a RegExp tests the
 * whole URL), through `fetch` (default `globalThis.fetch`), with `headers(url)` added to each
 * request (credentials, which the program never sees); redirects are followed here, each hop
 * checked against the list.
 */
export type FetchPolicy =
  | ((request: Request) => Promise<ResponseLike> | ResponseLike)
  | {
      allow: (string | RegExp)[]
      fetch?: (url: string, init: RequestInit) => Promise<ResponseLike>
      headers?: (url: string) => Record<string, string> | Headers | [string, string][] | undefined | Promise<Record<string, string> | Headers | [string, string][] | undefined>
    }

export type Language = 'typescript' | 'javascript'

/** A host function the program may call. Sync or async; arguments arrive as JSON-compatible copies. */
export type Binding = (...args: any[]) => unknown

/**
 * Host functions at any depth: `{ search, github: { listIssues } }` appears as `search()` and
 * `github.listIssues()`. Names may be any string (`tools['get.sum']`, `tools.__proto__`); each
 * object is a namespace the program sees, even one with no function in it.
 */
export interface Bindings {
  [name: string]: Binding | Bindings
}

/**
 * A console method's level, or a raw write to `process.stdout` / `process.stderr` ('stdout',
 * 'stderr'), whose text is the chunk as written, newlines included (a console entry's text is a
 * line without its newline).
 */
export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'stdout' | 'stderr'

export interface LogEntry {
  level: LogLevel
  text: string
}

/**
 * How values cross between the program and its bindings: 'json' (the default) as JSON.stringify
 * reads them, with binary data as bytes and what JSON would silently lose refused; 'lossless-json'
 * only lossless JSON (null, booleans, finite numbers but -0, strings, dense arrays and plain
 * objects of them, at any depth), anything else refused, never converted (README, "What crosses
 * the bridge").
 */
export type Crossing = 'json' | 'lossless-json'

/**
 * The global error class a namespace's failed calls reject with: `new name(function, message)`,
 * an `Error` whose own `name` is `name` and whose own `memberNameProperty` is the function called.
 */
export interface ErrorClassSpec {
  name: string
  memberNameProperty: string
}

/** How `console` renders values. Default `{ depth: 2, format: true }`, as Node's console. */
export interface ConsoleStyle {
  /** Levels of nesting shown; `Infinity` for all. */
  depth?: number
  /** Whether `%s`-style directives in a first string argument apply (`util.format`). */
  format?: boolean
}

export interface RunStats {
  /** Busy time the engine spent executing the program, in ms. */
  computeMs: number
  /** Wall-clock time of the run, in ms. */
  wallMs: number
  /** Binding calls the program made. */
  bindingCalls: number
  /**
   * The most bytes the program held at once, as its memory budget counts them: the allocator's
   * blocks (size classes and whole pages, not only the bytes asked for), garbage not yet
   * collected, and the native stack its recursion touched.
   */
  memoryBytes: number
  /** A resumed run only: calls answered from the token's log, not by a binding (the paused call included). */
  replayedCalls?: number
}

export type ErrorKind =
  | 'syntax'
  | 'runtime'
  | 'result'
  | 'compute_budget'
  | 'wall_budget'
  | 'memory_budget'
  | 'aborted'
  | 'disposed'
  /** A binding returned `pause(data)`: the result's `paused` has the token to resume it with. */
  | 'paused'
  /** A resumed program did something else on replay than before its pause; the message names both. */
  | 'replay'
  /** `resume()` refused the token (altered, truncated, signed with another key, another format); nothing ran. */
  | 'token'
  /** The program called `process.exit(code)` (a run with `env`, a session): `error.exitCode` is the code. */
  | 'exit'
  /**
   * The process substrate's child running the program died (the message names the signal or exit
   * status, on Windows the NTSTATUS of a known crash such as STATUS_ACCESS_VIOLATION) or broke the
   * protocol with the host; the run was abandoned, a session is lost.
   */
  | 'crashed'

export interface RunError {
  kind: ErrorKind
  /** The JS error name (`TypeError`, `SyntaxError`, …), or a name for the stop (`BudgetExceeded`, `AbortError`). */
  name: string
  message: string
  /** 1-based line in the original source. */
  line?: number
  /** 1-based column in the original source. */
  column?: number
  stack?: string
  /** For syntax errors: a few lines of the original source with a caret under the error. */
  codeFrame?: string
  /** Kind 'exit': the code the program passed to `process.exit()`. */
  exitCode?: number
  /** A thrown value that is not an object, as `String(value)` writes it (the message says `Uncaught 'text'`, as Node does). */
  thrown?: string
}

export type RunResult<T = unknown> =
  | { ok: true; value: T | undefined; logs: LogEntry[]; stats: RunStats }
  | { ok: false; error: RunError; logs: LogEntry[]; stats: RunStats; paused?: Paused }

/** How a run a binding paused can go on: present when `error.kind` is 'paused'. */
export interface Paused {
  /** Everything the run needs to resume, for `runtime.resume()`: signed, not encrypted (it holds the source and every reply). */
  token: string
  /** The call whose binding paused the run. */
  call: { path: string; args: unknown[] }
  /** What the binding gave `pause()`. */
  data: unknown
}

/** The paused call's answer: it returns `reply`, or throws an error with this name and message. */
export type ResumeAnswer = { reply: unknown } | { error: { name?: string; message: string } | Error }

export interface ResumeOptions {
  /** The bindings again: functions do not travel in the token. */
  bindings?: Bindings
  /** Overrides of the limits the token holds, for this resume and the token of a later pause. */
  limits?: Limits
  signal?: AbortSignal
  /** Called with each console entry written after the pause. */
  onLog?: (entry: LogEntry) => void
}

/** What a binding returns to pause the run at its call (durable runs); `data` is for the host. */
export declare function pause(data?: unknown): unknown

export interface RunOptions {
  /** The program body. Top-level `await` and `return` are allowed. */
  source: string
  /** Default 'typescript'. */
  language?: Language
  bindings?: Bindings
  limits?: Limits
  /**
   * JavaScript modules the program may `import()`, as source text by specifier
   * (`{ 'helpers.js': 'export const x = 1' }`); no other specifier resolves.
   */
  modules?: Record<string, string>
  /** Aborting ends the run with kind 'aborted'; an already aborted signal means the program never starts. */
  signal?: AbortSignal
  /** Called with each console entry while the program runs. */
  onLog?: (entry: LogEntry) => void
  /** Gives the program `fetch` through this policy (else the runtime's; without one, there is no `fetch`). */
  fetch?: FetchPolicy
  /** How values cross to and from the bindings. Default 'json'. */
  crossing?: Crossing
  /** Error classes of namespaces, by the namespace's path (`{ tools: { name: 'ToolCallError', memberNameProperty: 'toolName' } }`). */
  errorClasses?: Record<string, ErrorClassSpec>
  /**
   * Gives the program a `process` whose `env` is this (strings only): Node's `env`, `argv`,
   * `execArgv`, `exit(code)` (the run ends with kind 'exit'), `exitCode`, `stdout.write`,
   * `stderr.write` (log entries of level 'stdout'/'stderr'), `nextTick`, `hrtime`, `uptime`.
   * Without it the program has no `process`.
   */
  env?: Record<string, string>
  /** How `console` renders values. */
  console?: ConsoleStyle
}

export interface CodeRuntimeOptions {
  /** Defaults for every run and session execute. */
  limits?: Limits
  /**
   * Runs and open sessions admitted at once: a whole number >= 1, or `Infinity`. Further runs
   * wait in a queue and `createSession()` waits for a slot. It bounds memory and threads (a run
   * waiting on a binding holds a thread and about 0.25 MB), not CPU: however many are admitted,
   * at most 2 per core compute at once, and a run waiting on a binding gives its turn back.
   * Default: one per MiB of a quarter of the machine's memory (or the process's cgroup limit),
   * at most 10,000; 1,024 where the host may not read the memory (Deno without `--allow-sys`)
   * (README, `createCodeRuntime`).
   */
  maxConcurrency?: number
  /**
   * The key that signs and checks paused runs' tokens (HMAC-SHA-256), 32 bytes or more; the same
   * in every process that resumes them. Without one, a runtime signs with a random key of its own.
   */
  durableKey?: string | Uint8Array
  /** The network policy of every run and session that gives none of its own. */
  fetch?: FetchPolicy
  /**
   * Where programs run: `'thread'` (the default), threads of this process; `'process'`, a pool of
   * child processes fenced in by the operating system, so an engine fault cannot take the host
   * down (Linux, macOS and Windows; elsewhere `createCodeRuntime` throws saying so; see README
   * "Substrates").
   */
  substrate?: Substrate
  /** The process substrate's pool of children (only with `substrate: 'process'`). */
  pool?: ProcessPoolOptions
}

export type Substrate = 'thread' | 'process'

export interface ProcessPoolOptions {
  /** Children kept started and waiting when nothing runs. Default 2. */
  minWarm?: number
  /** Children alive at once, each holding one run or session; more runs wait. Default min(64, maxConcurrency). */
  maxChildren?: number
  /** Runs a child serves before a fresh one replaces it. Default 100; 1 gives every run a new process. */
  runsPerChild?: number
  /**
   * The child executable to start instead of the one beside the addon, for a layout that moves
   * the `.node` away from it. It must be trusted: this package's `code-runtime-boa-child` of the
   * same version. It runs with the host's user rights and fences itself in, so another executable
   * runs unfenced (on Windows it is still started in the job the host makes for each child, which
   * holds it to one process and a memory limit). See README "Substrates".
   */
  childExecutable?: string
}

export type ObservationStatus = 'completed' | 'still_working' | 'terminated' | 'error'

export interface Observation {
  status: ObservationStatus
  /** Console text produced since the previous observation. */
  output: string
  /** The program's return value, once, when status is 'completed'. */
  value?: unknown
  /** Why the program failed, when status is 'error'. */
  error?: RunError
}

export interface SessionOptions {
  bindings?: Bindings
  limits?: Limits
  /** JSON data the session's programs see, read-only, as `FRAME`. */
  frame?: unknown
  /** How long execute and wait observe before answering 'still_working', in ms. Default 10,000. */
  observeMs?: number
  /** A session idle this long (no program running, no call) is stopped, in ms. Default 600,000. */
  idleMs?: number
  /** Gives the session's programs `fetch` through this policy (else the runtime's). */
  fetch?: FetchPolicy
  /** As for `run()`. */
  crossing?: Crossing
  /** As for `run()`. */
  errorClasses?: Record<string, ErrorClassSpec>
  /** Added to the session's `process.env`, which always holds the staged inputs' manifest. */
  env?: Record<string, string>
  /** As for `run()`. */
  console?: ConsoleStyle
}

export interface ExecuteOptions {
  code: string
  language?: Language
  signal?: AbortSignal
  /** This execute's wall budget, in ms. */
  timeoutMs?: number
  observeMs?: number
  /** Bytes of output in one observation. Default 65,536. */
  maxOutputBytes?: number
}

export interface WaitOptions {
  observeMs?: number
  maxOutputBytes?: number
}

export interface StagedInput {
  name: string
  data: string | Uint8Array
}

export interface StagedInputRef {
  name: string
  path: string
}

export interface CodeSession {
  readonly id: string
  execute(options: ExecuteOptions): Promise<Observation>
  wait(options?: WaitOptions): Promise<Observation>
  terminate(): Promise<Observation>
  stageInputs(inputs: StagedInput[]): Promise<StagedInputRef[]>
  stop(): Promise<void>
  close(): Promise<void>
}

export interface CodeRuntime {
  readonly substrate: Substrate
  readonly language: 'typescript'
  run<T = unknown>(options: RunOptions): Promise<RunResult<T>>
  /**
   * Continues a paused run from its token as if the paused call had given `answer`: the program
   * runs again, answered from the token's log up to its pause, then live. Its result may be
   * paused again at a later call. `logs` hold only what was written after the pause.
   */
  resume<T = unknown>(token: string, answer: ResumeAnswer, options?: ResumeOptions): Promise<RunResult<T>>
  createSession(options?: SessionOptions): Promise<CodeSession>
  /** Ends every run and session in flight and waits for their threads. Idempotent. */
  dispose(): Promise<void>
}

/** Inside a session program, `process.env[STAGED_INPUTS_ENV]` is the JSON manifest of staged inputs. */
export declare const STAGED_INPUTS_ENV: string

export declare function createCodeRuntime(options?: CodeRuntimeOptions): CodeRuntime

export { describeBindings } from './lib/describe'
export type { ToolSpec, ToolCatalog, DescribeOptions, DescribedBindings, ToolIndexEntry, JsonSchema } from './lib/describe'
export { registerCodeRuntime } from './lib/register'

/**
 * A runtime that does NOT enforce budgets inside running code. Only for measuring what budget
 * enforcement costs (the benchmark); never run untrusted code with it.
 */
export declare function __unsafeCreateUnbudgetedRuntime(options?: CodeRuntimeOptions): CodeRuntime
