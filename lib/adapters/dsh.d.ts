import type { Context } from '@deepseek-ai/cordis'
import { CodeRuntime } from '@deepseek-ai/dsh-code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@deepseek-ai/dsh-code-runtime'
import type Schema from '@deepseek-ai/schemastery'

/**
 * The plugin's config, as a DSH app's cordis.yml gives it: the worker-thread backend's four
 * budgets, with its defaults and checks, and this runtime's own settings.
 */
export interface Config {
  /** CPU time budget of a run in milliseconds (waiting on bindings is not counted); default 60,000. */
  computeMs?: number
  /** Wall-clock ceiling of a run in milliseconds, at most 2,147,483,647; default 600,000. */
  maxWallMs?: number
  /**
   * Cap on the serialized logs plus the completion value or failure message, in bytes (a safe
   * integer of at least 4); default 67,108,864 (64 MiB).
   */
  maxOutputBytes?: number
  /** Memory budget of a run's program in MiB; past it the run fails with `worker-exit`. Default 512. */
  maxOldGenerationSizeMb?: number
  /** Where programs run: threads of this process (default), or fenced child processes. */
  substrate?: 'thread' | 'process'
  /** Runs admitted at once; further runs wait. Default: a quarter of the memory, in MiB. */
  maxConcurrency?: number
  /** The process substrate's children (with `substrate: 'process'` only). */
  pool?: { minWarm?: number; maxChildren?: number; runsPerChild?: number; childExecutable?: string }
  /** URL patterns (`*` matches anything) that programs may `fetch`; none by default (no `fetch`). */
  fetchAllow?: string[]
}

/**
 * `ctx.codeRuntime` for the DeepSeek Harness: each `run()` executes the program in a fresh Boa
 * realm (on a thread, or in a fenced child process), with the request's bindings bridged as
 * lossless JSON. `run()` resolves for every program outcome; it rejects only for misuse of the
 * seam (after disposal, unusable binding or error-class names).
 */
export declare class BoaCodeRuntime extends CodeRuntime {
  static Config: Schema<Config>
  readonly language: 'typescript'
  /** The substrate: `'thread'` or `'process'` (a diagnostic label, not a security claim). */
  readonly isolation: 'thread' | 'process'
  constructor(ctx: Context, config: Config)
  run(request: CodeRunRequest): Promise<CodeRunResult>
}

export default BoaCodeRuntime
