import type { CodeRuntime, Language, Limits, ResumeAnswer } from '../../index'

export { pause } from '../../index'

export interface BoaExecutorOptions {
  /** A runtime to share. Without one, the executor creates its own on first use; `dispose()` releases it. */
  runtime?: CodeRuntime
  /** Budgets for every execute; omitted fields take the runtime's defaults. */
  limits?: Limits
  /** Default 'typescript', so that type annotations in model-written code run as written. */
  language?: Language
  /** Wall-clock milliseconds per execute (as codemode's `timeout`); past it the error is `Execution timed out`. */
  timeout?: number
  /** Extra modules the code may `import()`, source text by specifier (as codemode's `modules`; `executor.js` is ignored). */
  modules?: Record<string, string>
}

/** Same shape as @cloudflare/codemode's ExecuteResult. */
export interface ExecuteResult {
  result: unknown
  /** The error's message, as codemode's executors give it; `Execution timed out` past the time budget. */
  error?: string
  /**
   * console.log text as is; other levels prefixed, e.g. `[warn] text`. A failed execute ends with
   * `[error] Name: message (line L, column C)`, lines counted in the code given to execute.
   */
  logs?: string[]
  /** When a tool returned `pause(data)`: the token for `resume()`, the tool call as the code made it, and the data. */
  paused?: { token: string; call: { path: string; args: unknown[] }; data: unknown }
}

export type ToolFunctions = Record<string, (...args: unknown[]) => Promise<unknown>>

/** Same shape as @cloudflare/codemode's ResolvedProvider: its tools appear as `name.tool()`. */
export interface ResolvedProvider {
  name: string
  fns: ToolFunctions
  /** Code run before the program, e.g. to define helpers on the namespace. */
  prelude?: string
}

/**
 * An @cloudflare/codemode `Executor` (use it as `createCodeTool({ tools, executor })`) that runs
 * code in a fresh Boa realm. The code is normalized as codemode normalizes it (markdown fences
 * stripped; an arrow function or lone function declaration called; the last expression returned),
 * in TypeScript or JavaScript. A plain function map appears as `codemode.*`. Typed arrays and
 * ArrayBuffers cross in tool arguments, tool results and the result.
 */
export declare class BoaExecutor {
  constructor(options?: BoaExecutorOptions)
  /** Never rejects: failures come back in `error`. Connectors are not supported and give an error. */
  execute(
    code: string,
    providersOrFns: ResolvedProvider[] | ToolFunctions,
    options?: { connectors?: unknown[] },
  ): Promise<ExecuteResult>
  /**
   * Continues an execute a tool paused as if that call had given `answer`; the providers again,
   * since functions do not travel. Never rejects; its errors carry no line.
   */
  resume(token: string, answer: ResumeAnswer, providersOrFns: ResolvedProvider[] | ToolFunctions): Promise<ExecuteResult>
  /** Disposes the runtime the executor created; a runtime passed in options is left alone. */
  dispose(): Promise<void>
}
