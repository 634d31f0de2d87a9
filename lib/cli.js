#!/usr/bin/env node
'use strict'

const fs = require('node:fs')
const path = require('node:path')
const { parseArgs } = require('node:util')
const { pathToFileURL } = require('node:url')
const { MAX_MS } = require('./options.js')
const { isDescribed } = require('./describe.js')
const { terminalText } = require('./outcome.js')

const SYNOPSIS = `code-runtime-boa run <program.ts|program.js> [--bindings module.js] [--compute-ms N] [--wall-ms N] [--substrate thread|process] [--json]
       code-runtime-boa mcp [--bindings module.js] [--server name=command]... [--http host:port] [--allowed-host name]... [--compute-ms N] [--wall-ms N]`

const USAGE = `Usage: ${SYNOPSIS}

run: runs a program in a fresh Boa realm, streaming its console output as it comes.
mcp: serves the run_code tool over MCP (stdio, or Streamable HTTP with --http) for programs that
     call the bindings and the tools of the MCP servers given.

Options:
  --bindings <module.js>  module whose exports are the host functions (or a describeBindings() result)
  --compute-ms <N>        busy-time budget in ms (default 5000)
  --wall-ms <N>           wall-clock budget in ms (default 30000)
  --substrate <name>      run: where the program runs: thread (default) or process (a fenced
                          child process; Linux, macOS and Windows)
  --json                  run: print the run result as JSON on the last line
  --server <name=command> mcp: an MCP server whose tools programs call as name.tool(); a command
                          line started over stdio (quotes group words) or an http(s) URL; repeatable
  --http <host:port>      mcp: serve over Streamable HTTP at http://host:port/mcp instead of stdio
  --allowed-host <name>   mcp: a host name HTTP requests may carry besides loopback ones; repeatable
  -h, --help              show this help

Exit status: 0 when the program succeeds (mcp: when it stops), 1 when it fails, 2 on a usage error.`

class UsageError extends Error {}
/** A failure the message explains on its own: printed without a stack. */
class Failure extends Error {}

const COMMANDS = {
  run: { options: ['bindings', 'compute-ms', 'wall-ms', 'substrate', 'json'] },
  mcp: { options: ['bindings', 'compute-ms', 'wall-ms', 'server', 'http', 'allowed-host'] },
}

async function main(argv) {
  const args = parse(argv)
  if (args.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  return args.command === 'mcp' ? serveMcp(args) : runProgram(args)
}

async function runProgram(args) {
  const source = readProgram(args.program)
  const exported = args.bindings === undefined ? undefined : await loadBindings(args.bindings)
  const bindings = isDescribed(exported) ? exported.bindings : exported

  const { createCodeRuntime } = require('./runtime.js')
  let runtime
  try {
    runtime = createCodeRuntime({ substrate: args.substrate })
  } catch (error) {
    throw new Failure(error.message)
  }
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
      onLog: (entry) => (['warn', 'error', 'stderr'].includes(entry.level) ? process.stderr : process.stdout).write(terminalText(entry)),
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

/** Serves run_code until the client goes away (stdio) or a signal arrives. */
async function serveMcp(args) {
  const bindings = args.bindings === undefined ? undefined : await loadBindings(args.bindings)
  // over stdio, stdout carries the protocol: whatever the bindings module logs goes to stderr
  if (args.http === undefined) for (const method of ['log', 'info', 'debug']) console[method] = console.error
  const { CodeTools } = require('./mcp/serve.js')
  const { version } = require('../package.json')
  let tools
  try {
    tools = await CodeTools.open(
      {
        name: 'code-runtime-boa',
        version,
        bindings,
        servers: args.servers,
        limits: args.limits,
        // each line of a server's stderr, marked with the server's name
        onStderr: (server, text) => process.stderr.write(text.replace(/^(?=.)/gm, `[${server}] `)),
      },
      'code-runtime-boa mcp',
    )
  } catch (error) {
    throw new Failure(error.message)
  }
  const stopped = new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, resolve)
  })
  if (args.http === undefined) {
    const { StdioServerTransport } = require('./mcp/sdk.js').sdk()
    const server = tools.createServer(() => tools.close())
    await server.connect(new StdioServerTransport())
    await Promise.race([stopped, new Promise((resolve) => process.stdin.once('end', resolve))])
    await server.close()
    return 0
  }
  const { serveHttp } = require('./mcp/http.js')
  let serving
  try {
    serving = await serveHttp(tools, { ...args.http, allowedHosts: args.allowedHosts })
  } catch (error) {
    await tools.close()
    throw new Failure(`cannot serve on ${args.http.host}:${args.http.port}: ${error.message}`)
  }
  process.stderr.write(`code-runtime-boa mcp: serving run_code at ${serving.url}\n`)
  await stopped
  await serving.close()
  await tools.close()
  return 0
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
        substrate: { type: 'string' },
        server: { type: 'string', multiple: true },
        http: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError(error.message)
  }
  const { values, positionals } = parsed
  if (values.help) return { help: true }
  const [command, ...rest] = positionals
  if (command === undefined) throw new UsageError('missing command: expected `run <program>` or `mcp`')
  if (!(command in COMMANDS)) throw new UsageError(`unknown command '${command}': the commands are 'run' and 'mcp'`)
  const misplaced = Object.keys(values).find((option) => !COMMANDS[command].options.includes(option))
  if (misplaced) throw new UsageError(`--${misplaced} is not an option of ${command}`)
  const limits = {}
  if (values['compute-ms'] !== undefined) limits.computeMs = milliseconds('--compute-ms', values['compute-ms'])
  if (values['wall-ms'] !== undefined) limits.maxWallMs = milliseconds('--wall-ms', values['wall-ms'])
  if (command === 'mcp') {
    if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}': mcp takes only options`)
    return {
      command,
      bindings: values.bindings,
      limits,
      servers: values.server === undefined ? undefined : Object.fromEntries(values.server.map(serverSpec)),
      http: values.http === undefined ? undefined : hostAndPort(values.http),
      allowedHosts: values['allowed-host'] ?? [],
    }
  }
  const [program, ...extra] = rest
  if (program === undefined) throw new UsageError('missing program: give the path of a .ts or .js file to run')
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}': run takes one program`)
  if (values.substrate !== undefined && !['thread', 'process'].includes(values.substrate)) {
    throw new UsageError(`--substrate takes thread or process, got '${values.substrate}'`)
  }
  return { command, program, bindings: values.bindings, json: values.json === true, limits, substrate: values.substrate }
}

/** 'memory=npx -y @modelcontextprotocol/server-memory' → ['memory', { command, args, env }]; 'docs=https://…' → ['docs', { url }]. */
function serverSpec(text) {
  const match = /^([^=]+)=(.+)$/s.exec(text)
  if (!match) throw new UsageError(`--server expects name=command (like memory=npx @modelcontextprotocol/server-memory) or name=URL, got '${text}'`)
  const [, name, target] = match
  if (/^https?:\/\//.test(target.trim())) return [name, { url: target.trim() }]
  // quotes group words: 'a b' and "a b" are one argument
  const words = [...target.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map(([, double, single, plain]) => double?.replace(/\\(.)/g, '$1') ?? single ?? plain)
  const [command, ...serverArgs] = words
  // the servers run as the user who started this command, with their environment
  return [name, { command, args: serverArgs, env: { ...process.env } }]
}

/** '127.0.0.1:8808', 'localhost:0' or '[::1]:8808' → { host, port }. */
function hostAndPort(text) {
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(text)
  const port = match && Number(match[2])
  if (!match || port > 65535) throw new UsageError(`--http expects host:port, like 127.0.0.1:8808 (port 0 picks a free one), got '${text}'`)
  return { host: match[1], port }
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

/** The module's default export, or else its named exports: the bindings, or a describeBindings() result. */
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
  const bindings = isDescribed(exported) ? exported.bindings : exported
  if (!isObject(bindings) || Object.keys(bindings).length === 0) {
    throw new UsageError(`bindings module '${file}' exports no bindings: export functions (module.exports = { search }) or a describeBindings() result`)
  }
  return exported
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
  else process.stderr.write(`code-runtime-boa: ${error instanceof Failure ? error.message : (error.stack ?? error)}\n`)
  exit(error instanceof UsageError ? 2 : 1)
})

// Exits once the output is flushed, even if the bindings module left handles open (sockets, stdin, timers).
function exit(code) {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
}
