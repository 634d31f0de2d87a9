// Runs the differential's programs in the realm and in Node (node-side.mjs, a child process), and
// describes what each did in one shape, so that two behaviours compare as two strings.
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { CodeRuntime, RunResult } from '../../index.js'
import { type ConsoleEntry, consoleEntries, withoutFrames, within } from '../helpers'
// @ts-expect-error: a plain ESM module without typings, shared with node-side.mjs
import { createBindings } from './bindings.mjs'
// @ts-expect-error: as bindings.mjs
import { showBinary } from './binary.mjs'

export interface Program {
  /** Unique; `family: what it does`, without double quotes (README quotes it). */
  name: string
  source: string
  /** Default 'typescript', as for `run()`. */
  language?: 'typescript' | 'javascript'
}

/** Programs named `prefix: name`. */
export const family = (prefix: string, programs: Record<string, string>): Program[] =>
  Object.entries(programs).map(([name, source]) => ({ name: `${prefix}: ${name}`, source }))

/**
 * Every operation over every input, named `prefix: operation (input)`: each program declares
 * `const <variable> = <input>` (a JavaScript expression) before the operation's body.
 */
export function matrix(prefix: string, variable: string, inputs: Record<string, string>, operations: Record<string, string>): Program[] {
  return Object.entries(operations).flatMap(([operation, body]) =>
    Object.entries(inputs).map(([label, input]) => ({ name: `${prefix}: ${operation} (${label})`, source: `const ${variable} = ${input}\n${body}` })),
  )
}

/** String inputs as the expressions `matrix` takes. */
export const quoted = (inputs: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(inputs).map(([label, value]) => [label, JSON.stringify(value)]))

type Outcome =
  | { ok: true; value?: unknown }
  | { ok: false; kind: string; name?: string; message?: string; line?: number; column?: number }

/** What a program did: its console entries and how it ended. */
export interface Behaviour {
  logs: ConsoleEntry[]
  outcome: Outcome
}

/** Logged by the hot form after each of its first two passes. */
const PASS_END = '-- end of pass --'

/**
 * The hot form of a program: its body run three times at the same code sites, in one program.
 * The first two passes log what they threw instead of ending the run; the third ends it as the
 * program would, and the run returns the three passes' values.
 */
export function hot(source: string): string {
  return [
    'const __program = async () => {',
    source,
    '};',
    'const __values = [];',
    'for (let __pass = 0; __pass < 2; __pass++) {',
    '  try { __values.push(await __program()) } catch (__error) { console.log("[pass threw]", __error?.name, __error?.message) }',
    `  console.log(${JSON.stringify(PASS_END)});`,
    '}',
    '__values.push(await __program());',
    'return __values;',
  ].join('\n')
}

/**
 * The behaviour in one canonical text. A value the bridge refuses compares by kind alone: the
 * refusal's message is the bridge's own, which Node has no counterpart for.
 */
export function describeBehaviour({ logs, outcome }: Behaviour): string {
  const ended = outcome.ok
    ? { ok: true, value: outcome.value }
    : outcome.kind === 'result'
      ? { ok: false, kind: 'result' }
      : { ok: false, kind: outcome.kind, name: outcome.name, message: outcome.message, line: outcome.line, column: outcome.column }
  return JSON.stringify({ logs: logs.map(({ stream, text }) => ({ stream, text: withoutFrames(text) })), outcome: ended }, showBinary, 1)
}

/**
 * Whether the hot form's three passes did the same thing (output and value; the third pass's
 * output too when it returned).
 */
export function passesAgree({ logs, outcome }: Behaviour): boolean {
  const passes: string[][] = [[]]
  for (const { text } of logs) {
    if (text === PASS_END) passes.push([])
    else passes[passes.length - 1].push(withoutFrames(text))
  }
  const [first, second, third] = passes.map((pass) => JSON.stringify(pass))
  if (first !== second) return false
  if (!outcome.ok) return true
  const values = (outcome.value as unknown[]).map((value) => JSON.stringify(value, showBinary))
  return third === first && values.every((value) => value === values[0])
}

function fromRealm(result: RunResult): Behaviour {
  const logs = consoleEntries(result.logs)
  if (result.ok) return { logs, outcome: { ok: true, value: result.value } }
  const { kind, name, message, line, column } = result.error
  return { logs, outcome: { ok: false, kind, name, message, line, column } }
}

export async function runInRealm(runtime: CodeRuntime, programs: Program[]): Promise<Behaviour[]> {
  const results = await Promise.all(programs.map(({ source, language }) => runtime.run({ source, language, bindings: createBindings() })))
  return results.map(fromRealm)
}

/** The environment without the variables that override LANG's locale. */
function withoutLocale(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('LC_')))
}

/** Runs every program in one Node child process with the realm's time zone and locale. */
export async function runInNode(programs: Program[]): Promise<Behaviour[]> {
  const child = spawn(process.execPath, [path.join(__dirname, 'node-side.mjs')], {
    env: { ...withoutLocale(process.env), TZ: 'UTC', LANG: 'en_US.UTF-8' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  child.stdin.end(JSON.stringify(programs.map(({ source, language = 'typescript' }) => ({ source, language }))))
  const status = await within(exited, 100_000, "Node's side of the differential").finally(() => child.kill())
  if (status !== 0) throw new Error(`Node's side of the differential exited with ${status}: ${stderr}`)
  return JSON.parse(stdout)
}
