// The protocol's own conformance suite (@modelcontextprotocol/conformance 0.1.13, the last to run
// on Node 20) against `code-runtime-boa mcp --http`: the server scenarios that apply to a server
// with tools only. It runs offline: the suite talks only to the URL it is given.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './helpers'
import { SPAWNING, startHttpCli } from './mcp-helpers'

const CONFORMANCE = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js')

function conformance(url: string, scenario: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [CONFORMANCE, 'server', '--url', url, '--scenario', scenario], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, output: stdout + stderr }),
    )
  })
}

describe('MCP conformance, server scenarios', SPAWNING, () => {
  let served: Awaited<ReturnType<typeof startHttpCli>>
  beforeAll(async () => {
    served = await startHttpCli(['--bindings', path.join(ROOT, 'examples', 'bindings.js')])
  }, SPAWNING.timeout)
  afterAll(() => served?.stop(), SPAWNING.timeout)

  it.each(['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'])('%s', async (scenario) => {
    const { code, output } = await conformance(served.url, scenario)
    expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/)
    expect(code).toBe(0)
  })
})
