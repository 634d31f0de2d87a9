// Helpers every spec shares: unwrapping results, waiting with a clear failure, and the runtime's
// internal leak-check getter.
import { execFile } from 'node:child_process'
import path from 'node:path'
import type { CodeRuntime, LogEntry, RunResult } from '../index.js'

/** The value of a successful run; fails the test with the run's error otherwise. */
export function valueOf(result: RunResult): any {
  if (!result.ok) throw new Error(`expected the run to succeed, but it failed: ${JSON.stringify(result.error)}`)
  return result.value
}

/** The error of a failed run; fails the test with the run's value otherwise. */
export function errorOf(result: RunResult) {
  if (result.ok) throw new Error(`expected the run to fail, but it returned ${JSON.stringify(result.value)}`)
  return result.error
}

/** Program threads a runtime has alive now (its internal leak-check getter). */
export const liveThreads = (runtime: CodeRuntime) => (runtime as unknown as { liveThreads: number }).liveThreads

/** The most program threads of a runtime that computed at once so far (an internal getter). */
export const computingPeak = (runtime: CodeRuntime) => (runtime as unknown as { computingPeak: number }).computingPeak

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A promise the test settles later, for bindings that must stay pending. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** Fails clearly, instead of by the test timeout, when a promise never settles. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not resolve within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Polls until `condition` holds or `ms` pass. */
export async function until(condition: () => boolean, ms: number) {
  const deadline = Date.now() + ms
  while (!condition() && Date.now() < deadline) await sleep(20)
}

/** The repository root, for child processes that load the package from it. */
export const ROOT = path.resolve(__dirname, '..')

/** The module that counts a process's threads on every tested platform, for `runInChild` scripts. */
export const THREAD_COUNT = path.join(__dirname, 'thread-count.cjs')

export interface ChildResult {
  status: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/**
 * Runs `script` (CommonJS, with `runtime` bound to this package's exports) in a fresh Node
 * process, so whatever could kill a process kills only that one. Ends it after `timeoutMs`.
 */
export function runInChild(script: string, { timeoutMs = 20_000, nodeArgs = [] as string[] } = {}): Promise<ChildResult> {
  const source = `const runtime = require(${JSON.stringify(path.join(ROOT, 'index.js'))});\n${script}`
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs, '-e', source], { timeout: timeoutMs, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : null) : 0
      resolve({ status, signal: (error?.signal as NodeJS.Signals | undefined) ?? null, stdout, stderr })
    })
  })
}

/** Drops stack-frame lines (and Node's `... n lines matching cause stack trace ...`), keeping a brace that closed one. */
export function withoutFrames(text: string): string {
  const kept: string[] = []
  for (const line of text.split('\n')) {
    if (/^\s*at /.test(line) || /^\s*\.\.\. \d+ lines matching cause stack trace \.\.\.$/.test(line)) {
      if (line.endsWith(' {') && kept.length) kept[kept.length - 1] += ' {'
      continue
    }
    kept.push(line)
  }
  return kept.join('\n')
}

/** A console entry as Node's console shows it: the stream it went to and its text. */
export type ConsoleEntry = { stream: 'out' | 'err'; text: string }

/** A run's log entries as Node would have written them (warn and error on stderr), frames dropped. */
export function consoleEntries(logs: LogEntry[]): ConsoleEntry[] {
  return logs.map((l) => ({ stream: l.level === 'warn' || l.level === 'error' ? 'err' : 'out', text: withoutFrames(l.text) }))
}
