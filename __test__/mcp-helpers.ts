// What the MCP specs share: the servers they spawn over stdio (reference servers from npm, and a
// fixture that misbehaves on request), temporary folders, and a Client of the mcp command.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './helpers'

const require = createRequire(import.meta.url)
export const { Client } = require('@modelcontextprotocol/sdk/client/index.js') as typeof import('@modelcontextprotocol/sdk/client/index.js')
export const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js') as typeof import('@modelcontextprotocol/sdk/client/stdio.js')
export const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js')
export const { connectMcpServers, createCodeMcpServer } = require('../lib/adapters/mcp.js') as typeof import('../lib/adapters/mcp')

/** Servers start in about a second alone; a loaded machine may take several times that. */
export const SPAWNING = { timeout: 120_000 }
export const CLI = path.join(ROOT, 'lib', 'cli.js')
export const FIXTURE = path.join(ROOT, '__test__', 'fixtures', 'mcp-server.js')

/** A reference server from npm, run as its package's own script (npx would look it up online). */
export const referenceServer = (name: string, ...args: string[]) => ({
  command: process.execPath,
  args: [path.join(ROOT, 'node_modules', '@modelcontextprotocol', `server-${name}`, 'dist', 'index.js'), ...args],
})

export const fixtureServer = (env: Record<string, string> = {}) => ({ command: process.execPath, args: [FIXTURE], env })

/** A temporary folder, removed by the returned function. */
export function temporaryFolder(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `code-runtime-boa-${prefix}-`))
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** A Client of `code-runtime-boa mcp <args>` over stdio, and the command's stderr so far. */
export async function cliClient(args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], env, cwd: ROOT, stderr: 'pipe' })
  let stderr = ''
  transport.stderr!.on('data', (chunk) => (stderr += chunk))
  const client = new Client({ name: 'test', version: '1.0.0' })
  await client.connect(transport)
  return { client, stderr: () => stderr }
}

/** The text of a tool result's first content item. */
export const textOf = (result: unknown) => ((result as { content: Array<{ text: string }> }).content[0]).text

/** `code-runtime-boa mcp --http 127.0.0.1:0 …` started, with the URL it serves at; stop() ends it and gives its exit code. */
export async function startHttpCli(args: string[], env: Record<string, string> = {}, address = '127.0.0.1:0') {
  const child = spawn(process.execPath, [CLI, 'mcp', '--http', address, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      const served = /serving run_code at (\S+)/.exec(stderr)
      if (served) resolve(served[1])
    })
    child.on('exit', (code) => reject(new Error(`the mcp command exited with ${code} before serving: ${stderr}`)))
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { url, stop: () => (child.kill('SIGTERM'), exited) }
}
