// run_code served over MCP: in process (createCodeMcpServer), and by the mcp command over stdio
// and Streamable HTTP, each driven by the SDK's own Client.
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCodeRuntime, describeBindings } from '../index.js'
import { until, valueOf } from './helpers'
import {
  CLI,
  Client,
  FIXTURE,
  SPAWNING,
  StreamableHTTPClientTransport,
  cliClient,
  connectMcpServers,
  createCodeMcpServer,
  fixtureServer,
  referenceServer,
  startHttpCli,
  temporaryFolder,
  textOf,
} from './mcp-helpers'

const require = createRequire(import.meta.url)
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js') as typeof import('@modelcontextprotocol/sdk/inMemory.js')
const { ToolListChangedNotificationSchema } = require('@modelcontextprotocol/sdk/types.js') as typeof import('@modelcontextprotocol/sdk/types.js')

const BUDGET_CHARS = 4_000 * 4
const EXAMPLE_BINDINGS = path.join(__dirname, '..', 'examples', 'bindings.js')
// the fixture server with 300 generated tools, as a --server command line
const BIG_CATALOG = `big="${process.execPath}" "${FIXTURE}"`

/** Runs `test` with a Client connected in process to a server made with these options, then closes both. */
async function withServer(options: Partial<Parameters<typeof createCodeMcpServer>[0]>, test: (client: InstanceType<typeof Client>) => Promise<void>) {
  const server = await createCodeMcpServer({ name: 'test', version: '1.0.0', ...options })
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'test', version: '1.0.0' })
  await client.connect(clientSide)
  try {
    await test(client)
  } finally {
    await client.close()
    await server.close()
  }
}

const runCode = (client: InstanceType<typeof Client>, code: string) => client.callTool({ name: 'run_code', arguments: { code } })

describe('createCodeMcpServer', SPAWNING, () => {
  const runtime = createCodeRuntime()
  afterAll(() => runtime.dispose())

  it('serves run_code over plain functions: declared in its description, output and value returned', async () => {
    await withServer({ runtime, bindings: { double: (n: number) => n * 2, text: { upper: (s: string) => s.toUpperCase() } } }, async (client) => {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(['run_code'])
      expect(tools[0].description).toContain('declare const double: (...args: any[]) => Promise<unknown>;\ndeclare const text: {\n  upper(...args: any[]): Promise<unknown>;\n};')
      const result = await runCode(client, 'console.log("working"); console.warn("careful"); return [await double(21), await text.upper("ok")]')
      expect(result.structuredContent).toEqual({ output: 'working\n[warn] careful', value: [42, 'OK'] })
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent)
    })
  })

  it('a failing program is an isError result with its kind, message, position and output', async () => {
    await withServer({ runtime, limits: { computeMs: 200 } }, async (client) => {
      const thrown = await runCode(client, 'console.log("before")\nconst user: { name?: string } | undefined = undefined\nreturn user.name')
      expect(thrown.isError).toBe(true)
      expect(textOf(thrown)).toBe("TypeError: Cannot read properties of undefined (reading 'name') (line 3, column 13) [runtime]\n\nOutput before the error:\nbefore")
      const syntax = await runCode(client, 'const x = ;')
      expect(textOf(syntax)).toMatch(/^SyntaxError: .* \(line 1, column 11\) \[syntax\]\n\n.*const x = ;\n.*\^/s)
      const looping = await runCode(client, 'while (true) {}')
      expect(textOf(looping)).toMatch(/\[compute_budget\]$/)
    })
  })

  it("a server's tools/list_changed updates run_code's description for its clients", async () => {
    await withServer({ runtime, servers: { fx: fixtureServer() } }, async (client) => {
      let changes = 0
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        changes++
      })
      expect((await client.listTools()).tools[0].description).not.toContain('late_tool')
      await runCode(client, "await fx.add_tool({ name: 'late-tool' })")
      await until(() => changes > 0, 20_000)
      expect((await client.listTools()).tools[0].description).toContain('late_tool(input?: {')
      expect((await runCode(client, 'return await fx.late_tool()')).structuredContent).toEqual({ output: '', value: 'late-tool was called' })
    })
  })

  it('a call still pending when its run ends is cancelled at the server', async () => {
    let stderr = ''
    await withServer({ runtime, servers: { fx: fixtureServer() }, onStderr: (_, text) => (stderr += text) }, async (client) => {
      // say's reply comes after the server has taken hang: calls travel in order on one pipe
      const result = await runCode(client, "fx.hang().catch(() => {}); await fx.say({ text: 'sent' }); return 'left it waiting'")
      expect(result.structuredContent).toEqual({ output: '', value: 'left it waiting' })
      await until(() => stderr.includes('hang: cancelled by the client'), 20_000)
      expect(stderr).toContain('hang: cancelled by the client')
    })
  })

  it.each([
    ['no name', { version: '1' }, "createCodeMcpServer: options.name must be a non-empty string (the server's name clients see), got undefined"],
    ['servers that are not an object', { name: 'a', version: '1', servers: [] }, 'createCodeMcpServer: options.servers must be an object like'],
    ['a binding named catalog', { name: 'a', version: '1', bindings: { catalog: () => 1 } }, "createCodeMcpServer: 'catalog' is both a binding and the tool search inside programs"],
    ['a server named catalog', { name: 'a', version: '1', servers: { catalog: { command: 'x' } } }, "createCodeMcpServer: 'catalog' is the tool search inside programs"],
    ['a binding and a server of one name', { name: 'a', version: '1', bindings: { fx: () => 1 }, servers: { fx: { command: 'x' } } }, "'fx' is both a binding and a server"],
    ['a binding that is not a function', { name: 'a', version: '1', bindings: { x: 5 } }, 'createCodeMcpServer: options.bindings: bindings.x must be a function'],
    ['an unknown limit', { name: 'a', version: '1', limits: { cpuMs: 5 } }, 'createCodeMcpServer: options.limits.cpuMs is not a limit'],
    ['a negative token budget', { name: 'a', version: '1', maxDescriptionTokens: -1 }, 'createCodeMcpServer: options.maxDescriptionTokens must be a number from 0'],
  ])('explains %s', async (_, options, message) => {
    await expect(createCodeMcpServer(options as any)).rejects.toThrow(message)
  })
})

describe('code-runtime-boa mcp over stdio', SPAWNING, () => {
  const folder = temporaryFolder('mcp-serve')
  afterAll(() => folder.remove())

  it('serves run_code over the bindings module and a reference server', async () => {
    const memory = referenceServer('memory')
    const { client } = await cliClient(['--bindings', EXAMPLE_BINDINGS, '--server', `memory=${memory.command} ${memory.args.join(' ')}`], {
      MEMORY_FILE_PATH: path.join(folder.dir, 'memory.jsonl'),
    })
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(['run_code'])
      const { description } = tools[0]
      expect(description).toContain(require(EXAMPLE_BINDINGS).declarations)
      expect(description).toMatch(/declare const memory: \{\n  \/\*\* Create multiple new entities in the knowledge graph \*\/\n  create_entities\(/)
      const result = await runCode(
        client,
        `const bugs = await tools.issues.search({ label: 'bug', limit: 10 })
         await memory.create_entities({ entities: bugs.map((bug) => ({ name: 'issue ' + bug.number, entityType: 'bug', observations: [bug.title] })) })
         const graph = await memory.read_graph()
         return graph.entities.map((e) => e.name).sort()`,
      )
      expect(result.structuredContent).toEqual({ output: '', value: ['issue 12', 'issue 21', 'issue 7'] })
    } finally {
      await client.close()
    }
  })

  it('a catalog of 300 tools: names in the description, under its budget; found and called through search', async () => {
    const { client } = await cliClient(['--server', BIG_CATALOG], { FIXTURE_TOOLS: '300' })
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(['run_code', 'search_tools', 'describe_tool'])
      const { description } = tools[0]
      expect(description!.length).toBeLessThanOrEqual(BUDGET_CHARS)
      expect(description).toContain('- big.echo: Returns its value as structured content.')
      expect(description).toMatch(/\n- … and \d+ more: find them with search_tools$/)
      expect(description).not.toContain('find_weather_station')

      const found = await client.callTool({ name: 'search_tools', arguments: { query: 'weather station of a town', limit: 3 } })
      expect((found.structuredContent as { tools: Array<{ name: string }> }).tools[0]).toEqual({ name: 'big.find_weather_station', description: 'Finds the weather station nearest to a town.' })
      const declared = await client.callTool({ name: 'describe_tool', arguments: { name: 'big.find_weather_station' } })
      expect(textOf(declared)).toBe('declare const big: {\n  /** Finds the weather station nearest to a town. */\n  find_weather_station(input: {\n    town: string;\n  }): Promise<unknown>;\n};\n')
      // the server's own name finds it too
      expect(textOf(await client.callTool({ name: 'describe_tool', arguments: { name: 'big.find-weather-station' } }))).toBe(textOf(declared))
      const unknown = await client.callTool({ name: 'describe_tool', arguments: { name: 'big.find_wether_station' } })
      expect(unknown).toMatchObject({ isError: true })
      expect(textOf(unknown)).toBe("no tool is named 'big.find_wether_station'; did you mean big.find_weather_station? search_tools finds tools by words")

      const program = await runCode(
        client,
        `const [best] = await catalog.search_tools({ query: 'nearest weather station' })
         const declaration = await catalog.describe_tool({ name: best.name })
         console.log(declaration.split('\\n')[1].trim())
         const tool = best.name.split('.').reduce((namespace: any, key: string) => namespace[key], globalThis)
         return await tool({ town: 'Oslo' })`,
      )
      expect(program.structuredContent).toEqual({ output: '/** Finds the weather station nearest to a town. */', value: { station: 'Oslo airfield' } })
    } finally {
      await client.close()
    }
  })

  it('a server that cannot start: the command exits 1 with its stderr', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, 'mcp', '--server', BIG_CATALOG], { env: { ...process.env, FIXTURE_FAIL_START: '1' } }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
      )
    })
    expect(code).toBe(1)
    expect(stderr).toContain("code-runtime-boa: connectMcpServers: MCP server 'big'")
    expect(stderr).toContain('  error: the configuration file /etc/fixture.toml is missing\n')
  })
})

describe('code-runtime-boa mcp over Streamable HTTP', SPAWNING, () => {
  let served: Awaited<ReturnType<typeof startHttpCli>>
  beforeAll(async () => {
    served = await startHttpCli(['--bindings', EXAMPLE_BINDINGS, '--server', BIG_CATALOG], { FIXTURE_TOOLS: '300' })
  }, SPAWNING.timeout)
  afterAll(async () => {
    expect(await served?.stop()).toBe(0)
  }, SPAWNING.timeout)

  it('gives each client a session of its own with run_code, search_tools and describe_tool', async () => {
    const clients = [new Client({ name: 'one', version: '1.0.0' }), new Client({ name: 'two', version: '1.0.0' })]
    const transports = clients.map(() => new StreamableHTTPClientTransport(new URL(served.url)))
    await Promise.all(clients.map((client, at) => client.connect(transports[at])))
    try {
      expect(transports[0].sessionId).toBeDefined()
      expect(transports[0].sessionId).not.toBe(transports[1].sessionId)
      for (const [at, client] of clients.entries()) {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['run_code', 'search_tools', 'describe_tool'])
        const found = await client.callTool({ name: 'search_tools', arguments: { query: 'search issues' } })
        expect((found.structuredContent as { tools: Array<{ name: string }> }).tools[0].name).toBe('tools.issues.search')
        expect(textOf(await client.callTool({ name: 'describe_tool', arguments: { name: 'tools.issues.get' } }))).toContain('get(input: {\n      number: number;')
        const result = await runCode(client, `const issue = await tools.issues.get({ number: 21 }); return issue.title + ' ${at}'`)
        expect(result.structuredContent).toEqual({ output: '', value: `Login loop on Safari ${at}` })
      }
    } finally {
      await Promise.all(clients.map((client) => client.close()))
    }
  })

  it('restarted, it no longer knows the session: the call goes again on a new one', async () => {
    const first = await startHttpCli(['--bindings', EXAMPLE_BINDINGS])
    const mcp = await connectMcpServers({ remote: { url: first.url } })
    let second: Awaited<ReturnType<typeof startHttpCli>> | undefined
    try {
      const call = () => (mcp.bindings as any).remote.run_code({ code: 'return 6 * 7' })
      await expect(call()).resolves.toEqual({ output: '', value: 42 })
      expect(await first.stop()).toBe(0)
      second = await startHttpCli(['--bindings', EXAMPLE_BINDINGS], {}, new URL(first.url).host)
      await expect(call()).resolves.toEqual({ output: '', value: 42 })
    } finally {
      await mcp.close()
      await second?.stop()
    }
  })

  it('is itself a server connectMcpServers consumes: run_code as a binding', async () => {
    const mcp = await connectMcpServers({ remote: { url: served.url } })
    const runtime = createCodeRuntime()
    try {
      const result = await runtime.run({ source: "return await remote.run_code({ code: 'return 6 * 7' })", bindings: mcp.bindings })
      expect(valueOf(result)).toEqual({ output: '', value: 42 })
    } finally {
      await runtime.dispose()
      await mcp.close()
    }
  })

  it.each([
    ['a Host that is not this server', { host: 'evil.example.com' }, 'Invalid Host header: evil.example.com'],
    ['an Origin of another site', { origin: 'http://evil.example.com' }, 'Invalid Origin header: http://evil.example.com'],
  ])('refuses a request with %s (DNS rebinding)', async (_, headers, message) => {
    const response = await postRaw(served.url, headers)
    expect(response.status).toBe(403)
    expect(response.body.error.message).toContain(message)
  })

  it('refuses a request without a session that is not an initialize request', async () => {
    const response = await postRaw(served.url, {}, { jsonrpc: '2.0', id: 1, method: 'tools/list' })
    expect(response.status).toBe(400)
    expect(response.body.error.message).toContain('start a session with an initialize request')
  })
})

/** A POST to `url` with these headers (fetch cannot set Host), as a DNS-rebinding page would send it. */
function postRaw(url: string, headers: Record<string, string>, body: unknown = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }) {
  const { hostname, port, pathname } = new URL(url)
  const text = JSON.stringify(body)
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const request = require('node:http').request(
      { hostname, port, path: pathname, method: 'POST', headers: { host: `${hostname}:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (response: any) => {
        let data = ''
        response.on('data', (chunk: string) => (data += chunk))
        response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(data) }))
      },
    )
    request.on('error', reject)
    request.end(text)
  })
}
