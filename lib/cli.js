#!/usr/bin/env node
'use strict'

const fs = require('node:fs')
const path = require('node:path')
const { parseArgs } = require('node:util')
const { pathToFileURL } = require('node:url')
const { MAX_MS } = require('./options.js')

const SYNOPSIS = 'code-runtime-boa run <program.ts|program.js> [--bindings module.js] [--compute-ms N] [--wall-ms N] [--json]'

const USAGE = `Usage: ${SYNOPSIS}

Runs a program in a fresh Boa realm, streaming its console output as it comes.

Options:
  --bindings <module.js>  module whose exports are the host functions (or a describeBindings() result)
  --compute-ms <N>        busy-time budget in ms (default 5000)
  --wall-ms <N>           wall-clock budget in ms (default 30000)
  --json                  print the run result as JSON on the last line
  -h, --help              show this help

Exit status: 0 when the program succeeds, 1 when it fails, 2 on a usage error.`

class UsageError extends Error {}

async function main(argv) {
  const args = parse(argv)
  if (args.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const source = readProgram(args.program)
  const bindings = args.bindings === undefined ? undefined : await loadBindings(args.bindings)

  const { createCodeRuntime } = require('./runtime.js')
  const runtime = createCodeRuntime()
  const controller = new AbortController()
  // Ctrl-C ends the program as an aborted run rather than killing the process mid-report
  const onSigint = () => controller.abort()
  process.once('SIGINT', onSigint)
  try {
    const result = await runtime.run({
      source,
      language: /\.[cm]?js$/.test(args.program) ? 'javascript' : 'typescript',
      bindings,
      limits: args.limits,
      signal: controller.signal,
      onLog: ({ level, text }) => (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(`${text}\n`),
    })
    if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`)
    else if (result.ok) printValue(result.value)
    else process.stderr.write(`${describeError(result.error, args.program)}\n`)
    return result.ok ? 0 : 1
  } finally {
    process.off('SIGINT', onSigint)
    await runtime.dispose()
  }
}

function parse(argv) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        bindings: { type: 'string' },
        'compute-ms': { type: 'string' },
        'wall-ms': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError(error.message)
  }
  const { values, positionals } = parsed
  if (values.help) return { help: true }
  const [command, program, ...extra] = positionals
  if (command !== 'run') {
    throw new UsageError(command === undefined ? 'missing command: expected `run <program>`' : `unknown command '${command}': the only command is 'run'`)
  }
  if (program === undefined) throw new UsageError('missing program: give the path of a .ts or .js file to run')
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}': run takes one program`)
  const limits = {}
  if (values['compute-ms'] !== undefined) limits.computeMs = milliseconds('--compute-ms', values['compute-ms'])
  if (values['wall-ms'] !== undefined) limits.maxWallMs = milliseconds('--wall-ms', values['wall-ms'])
  return { program, bindings: values.bindings, json: values.json === true, limits }
}

function milliseconds(flag, text) {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value <= 0 || value > MAX_MS) {
    throw new UsageError(`${flag} expects a whole number of milliseconds from 1 to ${MAX_MS}, got '${text}'`)
  }
  return value
}

function readProgram(file) {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read program '${file}': ${error.code === 'ENOENT' ? 'no such file' : error.message}`)
  }
}

/** The module's default export, or else its named exports, are the bindings; a describeBindings() result gives its `bindings`. */
async function loadBindings(file) {
  let module
  try {
    // import() loads CommonJS and ESM modules alike
    module = await import(pathToFileURL(path.resolve(file)).href)
  } catch (error) {
    throw new UsageError(`cannot load bindings module '${file}': ${error.message}`)
  }
  // CommonJS modules arrive as their default export; ESM ones may use named exports instead
  const exported = 'default' in module ? module.default : { ...module }
  const bindings = typeof exported.declarations === 'string' && isObject(exported.bindings) ? exported.bindings : exported
  if (!isObject(bindings) || Object.keys(bindings).length === 0) {
    throw new UsageError(`bindings module '${file}' exports no bindings: export functions (module.exports = { search }) or a describeBindings() result`)
  }
  return bindings
}

function printValue(value) {
  if (value === undefined) return
  process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`)
}

function describeError(error, program) {
  const at = error.line === undefined ? '' : `${program}:${error.line}${error.column === undefined ? '' : `:${error.column}`}: `
  const frame = error.codeFrame ? `\n${error.codeFrame}` : ''
  return `${at}${error.name}: ${error.message} [${error.kind}]${frame}`
}

const isObject = (value) => typeof value === 'object' && value !== null

main(process.argv.slice(2)).then(exit, (error) => {
  if (error instanceof UsageError) process.stderr.write(`code-runtime-boa: ${error.message}\nUsage: ${SYNOPSIS}\nMore: code-runtime-boa --help\n`)
  else process.stderr.write(`code-runtime-boa: ${error.stack ?? error}\n`)
  exit(error instanceof UsageError ? 2 : 1)
})

// Exits once the output is flushed, even if the bindings module left handles open (sockets, stdin, timers).
function exit(code) {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
}
