// Shared harness for the attack corpus: every attack runs in a runtime, its result is checked,
// then a canary program proves the next run gets a fresh, clean realm and the host is untouched.
import { expect } from 'vitest'
import { createCodeRuntime } from '../../index.js'
import type { Bindings, CodeRuntime, Language, Limits, RunResult } from '../../index.js'
import { errorOf, sleep, valueOf } from '../helpers.js'

export { createCodeRuntime }
export type { Bindings, CodeRuntime, RunResult }
export { errorOf, sleep, valueOf }

/** Tight budgets so an attack that hangs fails the test quickly instead of at the 30 s default. */
export const ATTACK_LIMITS: Limits = { computeMs: 2_000, maxWallMs: 4_000 }

export interface AttackOptions {
  bindings?: Bindings
  language?: Language
  limits?: Limits
  modules?: Record<string, string>
  signal?: AbortSignal
}

/**
 * What a fresh realm looks like from inside: every global name, the own names of the prototypes
 * programs like to pollute, and a few behaviours those pollutions would change.
 */
export const CANARY = `
const sorted = (o) => Object.getOwnPropertyNames(o).sort()
const inherited = []
for (const key in {}) inherited.push(key)
const arrayInherited = []
for (const key in []) arrayInherited.push(key)
const list = []
return {
  globals: sorted(globalThis),
  objectProto: sorted(Object.prototype),
  arrayProto: sorted(Array.prototype),
  functionProto: sorted(Function.prototype),
  promiseProto: sorted(Promise.prototype),
  errorProto: sorted(Error.prototype),
  inherited,
  arrayInherited,
  pushed: list.push(7),
  list,
  mapped: [1, 2].map((x) => x * 2),
  json: JSON.stringify({ a: [1, { b: 2 }] }),
  stringify: String({}),
  prepareStackTrace: typeof Error.prepareStackTrace,
  awaited: await Promise.resolve('ok'),
  objectProtoIsNull: Object.getPrototypeOf(Object.prototype) === null,
  fresh: typeof globalThis.__attack__,
}
`

let baseline: Promise<unknown> | undefined

/** The canary's result in a runtime no attack has touched. */
export function canaryBaseline(): Promise<unknown> {
  baseline ??= (async () => {
    const runtime = createCodeRuntime()
    try {
      const result = await runtime.run({ source: CANARY, language: 'javascript', limits: ATTACK_LIMITS })
      if (!result.ok) throw new Error(`the canary itself failed: ${JSON.stringify(result.error)}`)
      return result.value
    } finally {
      await runtime.dispose()
    }
  })()
  return baseline
}

/** What an attack on the host would change. */
export function hostSnapshot() {
  const inherited: string[] = []
  // eslint-disable-next-line guard-for-in
  for (const key in {}) inherited.push(key)
  return {
    globals: Object.getOwnPropertyNames(globalThis).sort(),
    objectProto: Object.getOwnPropertyNames(Object.prototype).sort(),
    arrayProto: Object.getOwnPropertyNames(Array.prototype).sort(),
    functionProto: Object.getOwnPropertyNames(Function.prototype).sort(),
    promiseProto: Object.getOwnPropertyNames(Promise.prototype).sort(),
    inherited,
    push: Array.prototype.push,
    then: Promise.prototype.then,
    toJSON: Date.prototype.toJSON,
    stringify: JSON.stringify,
    prepareStackTrace: (Error as { prepareStackTrace?: unknown }).prepareStackTrace,
    stackTraceLimit: Error.stackTraceLimit,
    FunctionCtor: Function,
    evalFn: globalThis.eval,
    species: Object.getOwnPropertyDescriptor(Array, Symbol.species)?.get,
  }
}

/** Runs the canary in `runtime` and checks it sees a clean realm and the host is unchanged. */
export async function expectCleanAfter(runtime: CodeRuntime, host: ReturnType<typeof hostSnapshot>) {
  const canary = await runtime.run({ source: CANARY, language: 'javascript', limits: ATTACK_LIMITS })
  expect(canary.ok, JSON.stringify(canary)).toBe(true)
  expect(canary.ok && canary.value).toEqual(await canaryBaseline())
  expect(hostSnapshot()).toEqual(host)
  // The host's own built-ins still behave.
  const list: number[] = []
  expect(list.push(1)).toBe(1)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(JSON.stringify({ a: 1 })).toBe('{"a":1}')
}

/**
 * Runs `source` as an attack, hands its result to `check` (which asserts the attack failed or was
 * contained), then proves with the canary that a later run gets a fresh realm and that the host's
 * globals and built-ins are unchanged. Returns the attack's result.
 */
export async function expectContained(
  runtime: CodeRuntime,
  source: string,
  check: (result: RunResult) => void | Promise<void>,
  options: AttackOptions = {},
): Promise<RunResult> {
  await canaryBaseline()
  const host = hostSnapshot()
  const result = await runtime.run({
    source,
    language: options.language ?? 'javascript',
    bindings: options.bindings,
    limits: options.limits ?? ATTACK_LIMITS,
    modules: options.modules,
    signal: options.signal,
  })
  await check(result)
  await expectCleanAfter(runtime, host)
  return result
}

/** The message every refused string compilation carries. */
export const NO_COMPILE = /compiling strings to code is disabled/

/** Asserts `result` failed because string compilation is disabled. */
export function expectCompileRefused(result: RunResult) {
  const error = errorOf(result)
  expect(error.kind).toBe('runtime')
  expect(error.name).toBe('EvalError')
  expect(error.message).toMatch(NO_COMPILE)
}

/** Host-path fragments no text reaching the program or the result may contain. */
export function expectNoHostPaths(text: string | undefined) {
  if (text === undefined) return
  expect(text).not.toContain('/work')
  expect(text).not.toContain('node_modules')
  expect(text).not.toMatch(/\.rs\b/)
  expect(text).not.toContain(process.cwd())
  expect(text).not.toContain(__dirname)
  // No absolute POSIX path or file URL anywhere (`program:1:2` is the only location form).
  expect(text).not.toMatch(/(^|[\s('"@])\/(?:[\w.-]+\/)+[\w.-]+/)
  expect(text).not.toMatch(/file:\/\//)
  expect(text).not.toMatch(/[A-Za-z]:\\/)
}

/** Collects 'unhandledRejection' and 'uncaughtException' events of the host while `body` runs. */
export async function watchHostFailures<T>(body: () => Promise<T>, settleMs = 0) {
  const failures: unknown[] = []
  const onRejection = (reason: unknown) => failures.push(reason)
  const onException = (error: unknown) => failures.push(error)
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  try {
    const value = await body()
    if (settleMs > 0) await sleep(settleMs)
    return { value, failures }
  } finally {
    process.off('unhandledRejection', onRejection)
    process.off('uncaughtException', onException)
  }
}

