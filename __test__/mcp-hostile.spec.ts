// MCP servers that misbehave: exiting mid-call, never answering, oversized replies, malformed
// schemas, failing to start; and what a well-behaved one can send: pages of tools, binary
// content, a changing tool list. The fixture server (fixtures/mcp-server.js) does each on request.
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import fs from 'node:fs'
import path from 'node:path'
import { sleep, until, valueOf } from './helpers'
import { Client, SPAWNING, StdioClientTransport, connectMcpServers, fixtureServer, temporaryFolder } from './mcp-helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

/** Runs `source` with a fresh fixture server's tools as `fx`, then closes it. */
async function withFixture<T>(test: (mcp: Awaited<ReturnType<typeof connectMcpServers>>) => Promise<T>, options = {}, env = {}) {
  const mcp = await connectMcpServers({ fx: fixtureServer(env) }, options)
  try {
    return await test(mcp)
  } finally {
    await mcp.close()
  }
}

describe('a misbehaving server', SPAWNING, () => {
  it('that exits mid-call rejects that call with its stderr; the next call starts it again', async () => {
    await withFixture(async (mcp) => {
      const result = await runtime.run({
        source: `
          const failures: string[] = []
          try { await fx.crash() } catch (e) { failures.push((e as Error).message) }
          const again = await fx.say({ text: 'again' })
          return { failures, again, computed: [1, 2, 3].map((n) => n * 2) }`,
        bindings: mcp.bindings,
      })
      expect(valueOf(result)).toEqual({
        failures: ["fx.crash: MCP server 'fx' ended during the call: it closed the connection. Its stderr ended with:\n  panic: crashing on purpose"],
        again: 'again',
        computed: [2, 4, 6],
      })
    })
  })

  it('started again is a new server: its tools are listed again and onChange is told', async () => {
    await withFixture(async (mcp) => {
      let changes = 0
      mcp.onChange(() => changes++)
      const fx = () => (mcp.bindings as any).fx
      await fx().add_tool({ name: 'late-tool' })
      await until(() => changes === 1, 20_000)
      expect(mcp.declarations).toContain('late_tool(')
      await expect(fx().crash()).rejects.toThrow('ended during the call')
      await expect(fx().say({ text: 'back' })).resolves.toBe('back')
      expect(changes).toBe(2)
      expect(mcp.declarations).not.toContain('late_tool(')
      expect(fx().late_tool).toBeUndefined()
    })
  })

  it('with restart: false, a server that exited stays gone', async () => {
    await withFixture(
      async (mcp) => {
        const fx = (mcp.bindings as any).fx
        await expect(fx.crash()).rejects.toThrow("fx.crash: MCP server 'fx' ended during the call: it closed the connection")
        await expect(fx.say({ text: 'again' })).rejects.toThrow(
          "fx.say: MCP server 'fx' cannot be called: it closed the connection. Its stderr ended with:\n  panic: crashing on purpose",
        )
      },
      { restart: false },
    )
  })

  it('that cannot start again: the call says why, none tries again before the back-off, then it is back', async () => {
    const folder = temporaryFolder('mcp-restart')
    const marker = path.join(folder.dir, 'broken')
    try {
      await withFixture(
        async (mcp) => {
          const fx = (mcp.bindings as any).fx
          await expect(fx.crash()).rejects.toThrow('ended during the call')
          fs.writeFileSync(marker, '')
          await expect(fx.say({ text: 'x' })).rejects.toThrow(
            "fx.say: MCP server 'fx' went away (it closed the connection) and could not be started again: MCP error -32000: Connection closed. Its stderr ended with:\n" +
              '  loading configuration\n' +
              '  error: the configuration file /etc/fixture.toml is missing',
          )
          await expect(fx.say({ text: 'x' })).rejects.toThrow(
            /^fx\.say: MCP server 'fx' cannot be called: it closed the connection; starting it again failed 1 time\(s\) in a row \(MCP error -32000: Connection closed\), the next attempt is in \d+ ms\. Its stderr ended with:\n {2}loading configuration/,
          )
          fs.rmSync(marker)
          let reply: unknown
          const deadline = Date.now() + 60_000
          while (reply === undefined && Date.now() < deadline) {
            reply = await fx.say({ text: 'back' }).catch(() => sleep(200).then(() => undefined))
          }
          expect(reply).toBe('back')
        },
        {},
        { FIXTURE_FAIL_START_IF: marker },
      )
    } finally {
      folder.remove()
    }
  })

  it('calls waiting while it starts again share one start', async () => {
    await withFixture(async (mcp) => {
      const fx = (mcp.bindings as any).fx
      await expect(fx.crash()).rejects.toThrow('ended during the call')
      const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => fx.say({ text: `reply ${i}` })))
      expect(replies).toEqual(['reply 0', 'reply 1', 'reply 2', 'reply 3', 'reply 4'])
    })
  })

  it('that never answers: the call rejects after timeoutMs, and the server is told it was cancelled', async () => {
    let stderr = ''
    await withFixture(
      async (mcp) => {
        const result = await runtime.run({
          source: `try { await fx.hang() } catch (e) { return (e as Error).message }`,
          bindings: mcp.bindings,
        })
        expect(valueOf(result)).toBe("fx.hang: MCP server 'fx' did not answer within 1500 ms (timeoutMs); the call was cancelled")
        await until(() => stderr.includes('hang: cancelled by the client'), 20_000)
        expect(stderr).toContain('hang: cancelled by the client')
      },
      { timeoutMs: 1_500, onStderr: (_: string, text: string) => (stderr += text) },
    )
  })

  it('that never answers: a signal given to bindingsFor cancels the pending call', async () => {
    await withFixture(async (mcp) => {
      const runEnded = new AbortController()
      const pending = (mcp.bindingsFor(runEnded.signal) as any).fx.hang()
      runEnded.abort()
      await expect(pending).rejects.toThrow('fx.hang: cancelled, as its run ended')
      // the server is still there for other calls
      await expect((mcp.bindings as any).fx.say({ text: 'on' })).resolves.toBe('on')
    })
  })

  it('whose reply is larger than maxResultBytes: refused in the program like any reply', async () => {
    await withFixture(async (mcp) => {
      const result = await runtime.run({
        source: `
          let refused = ''
          try { await fx.big({ chars: 200_000 }) } catch (e) { refused = (e as Error).name + ': ' + (e as Error).message }
          return { refused, small: (await fx.big({ chars: 5 })) }`,
        bindings: mcp.bindings,
        limits: { maxResultBytes: 100_000 },
      })
      expect(valueOf(result)).toEqual({ refused: "RangeError: the host's reply is larger than 100000 bytes", small: 'xxxxx' })
    })
  })

  it('whose schema is malformed still gets a binding, typed unknown with a note', async () => {
    await withFixture(async (mcp) => {
      expect(mcp.declarations).toContain(
        '   * Has an input schema that is not JSON Schema.\n' +
          '   * Note: it has an invalid inputSchema: schema/properties/when/type must be equal to one of the allowed values, so its input is typed unknown.\n' +
          '   */\n' +
          '  malformed(input?: unknown): Promise<unknown>;',
      )
      const result = await runtime.run({ source: 'return await fx.malformed({ when: 5 })', bindings: mcp.bindings })
      expect(valueOf(result)).toEqual({ when: 5 })
    })
  })

  it('that cannot start fails connectMcpServers with the last lines of its stderr', async () => {
    const started = connectMcpServers({ fine: fixtureServer(), broken: fixtureServer({ FIXTURE_FAIL_START: '1' }) })
    await expect(started).rejects.toThrow(
      `connectMcpServers: MCP server 'broken' (${process.execPath} ${fixtureServer().args[0]}) could not start: MCP error -32000: Connection closed. Its stderr ended with:\n` +
        '  loading configuration\n' +
        '  error: the configuration file /etc/fixture.toml is missing',
    )
  })

  it('whose command does not exist fails connectMcpServers saying so', async () => {
    await expect(connectMcpServers({ nowhere: { command: 'code-runtime-boa-no-such-command' } })).rejects.toThrow(
      "connectMcpServers: MCP server 'nowhere' (code-runtime-boa-no-such-command) could not start: spawn code-runtime-boa-no-such-command ENOENT",
    )
  })
})

describe('what a server sends', SPAWNING, () => {
  it('text parsed as JSON when it is JSON, else as text; structured content; isError as an Error', async () => {
    await withFixture(async (mcp) => {
      const result = await runtime.run({
        source: `
          let failure
          try { await fx.fail({ message: 'the disk is full' }) } catch (e) { failure = (e as Error).name + ': ' + (e as Error).message }
          return {
            json: await fx.say({ text: '{"rows":[1,2]}' }),
            text: await fx.say({ text: 'plain words' }),
            structured: await fx.echo({ value: [true, null] }),
            failure,
          }`,
        bindings: mcp.bindings,
      })
      expect(valueOf(result)).toEqual({ json: { rows: [1, 2] }, text: 'plain words', structured: { value: [true, null] }, failure: 'Error: the disk is full' })
    })
  })

  it('images and embedded resources, several items as an array', async () => {
    await withFixture(async (mcp) => {
      const result = await runtime.run({ source: 'return await fx.picture()', bindings: mcp.bindings })
      expect(valueOf(result)).toEqual([
        { mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'notes' },
        { uri: 'file:///blob.bin', mimeType: 'application/octet-stream', data: 'AAEC' },
      ])
    })
  })

  it('every page of tools/list', async () => {
    await withFixture(
      async (mcp) => {
        const names = mcp.tools.map((tool) => tool.name)
        expect(names).toHaveLength(10 + 300)
        expect(names).toContain('fx.report_0')
        expect(names).toContain('fx.report_299')
        expect(names.at(-1)).toBe('fx.find_weather_station')
        const result = await runtime.run({ source: 'return await fx.report_123({})', bindings: mcp.bindings })
        expect(valueOf(result)).toEqual({ report: 123, topic: 'tickets', input: {} })
      },
      {},
      { FIXTURE_TOOLS: '300', FIXTURE_PAGE: '40' },
    )
  })

  it('tools/list_changed: the catalog is listed again for later runs', async () => {
    await withFixture(async (mcp) => {
      let changes = 0
      mcp.onChange(() => changes++)
      expect(valueOf(await runtime.run({ source: "return await fx.add_tool({ name: 'late-tool' })", bindings: mcp.bindings }))).toBe('added')
      await until(() => changes > 0, 20_000)
      expect(mcp.declarations).toContain('late_tool(input?: {')
      const result = await runtime.run({ source: 'return await fx.late_tool()', bindings: mcp.bindings })
      expect(valueOf(result)).toBe('late-tool was called')
    })
  })
})

describe('connectMcpServers input', () => {
  it.each([
    ['servers that are not an object', null, 'connectMcpServers: servers must be an object like'],
    ['a server name that is not an identifier', { 'my-server': { command: 'x' } }, 'server name "my-server" must be a JavaScript identifier'],
    ['a reserved word as a name', { delete: { command: 'x' } }, 'server name "delete" must be a JavaScript identifier that is not a reserved word'],
    ['a spec of nothing known', { a: { program: 'x' } }, "server 'a' must be a command ({ command, args?, env?, cwd? }), a Streamable HTTP endpoint ({ url, headers? }) or a connected Client"],
    ['args that are not strings', { a: { command: 'x', args: [1] } }, "server 'a': args must be an array of strings"],
    ['env that is not strings', { a: { command: 'x', env: { A: 1 } } }, "server 'a': env must be an object of strings"],
    ['a url that is not one', { a: { url: 'not a url' } }, 'url "not a url" is not a URL'],
  ])('explains %s', async (_, specs, message) => {
    await expect(connectMcpServers(specs as any)).rejects.toThrow(message)
  })

  it('explains a restart that is not a boolean', async () => {
    await expect(connectMcpServers({}, { restart: 'yes' } as any)).rejects.toThrow(
      "connectMcpServers: options.restart must be true (start a server that went away again on its next call, the default) or false, got \"yes\"",
    )
  })

  it('explains a timeoutMs out of range', async () => {
    await expect(connectMcpServers({}, { timeoutMs: -1 })).rejects.toThrow('connectMcpServers: options.timeoutMs must be a number from 0 to 2147483647')
  })

  it('takes a Client already connected, and leaves it open on close()', SPAWNING, async () => {
    const client = new Client({ name: 'host', version: '1.0.0' })
    await client.connect(new StdioClientTransport(fixtureServer()))
    try {
      const mcp = await connectMcpServers({ fx: client })
      expect(valueOf(await runtime.run({ source: "return await fx.say({ text: 'hello' })", bindings: mcp.bindings }))).toBe('hello')
      await mcp.close()
      await expect(client.ping()).resolves.toEqual({})
    } finally {
      await client.close()
    }
  })
})
