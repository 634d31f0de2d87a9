// MCP servers' tools as bindings, against the reference servers from npm spawned over stdio.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import { errorOf, valueOf } from './helpers'
import { SPAWNING, connectMcpServers, referenceServer, temporaryFolder } from './mcp-helpers'

const runtime = createCodeRuntime()
const folder = temporaryFolder('mcp-consume')
let mcp: Awaited<ReturnType<typeof connectMcpServers>>
const files = path.join(fs.realpathSync(folder.dir), 'files')
const memoryFile = path.join(folder.dir, 'memory.jsonl')

beforeAll(async () => {
  fs.mkdirSync(path.join(files, 'docs', 'drafts'), { recursive: true })
  fs.writeFileSync(path.join(files, 'README.md'), '# Project\n')
  fs.writeFileSync(path.join(files, 'docs', 'guide.md'), 'How to use it.\n')
  fs.writeFileSync(path.join(files, 'docs', 'drafts', 'notes.txt'), 'later\n')
  fs.writeFileSync(path.join(files, 'package.json'), '{"name":"project"}\n')
  mcp = await connectMcpServers({
    memory: { ...referenceServer('memory'), env: { MEMORY_FILE_PATH: memoryFile } },
    files: referenceServer('filesystem', files),
    everything: referenceServer('everything', 'stdio'),
  })
}, SPAWNING.timeout)

afterAll(async () => {
  await mcp?.close()
  await runtime.dispose()
  folder.remove()
}, SPAWNING.timeout)

describe('connectMcpServers with the reference servers', SPAWNING, () => {
  it('declares every tool from its schemas, under its server, with names made identifiers', () => {
    expect(mcp.declarations).toContain('declare const memory: {')
    expect(mcp.declarations).toMatch(/create_entities\(input: \{\n\s+entities: Array<\{/)
    // server-everything names its tools with hyphens; the original names stay findable
    expect(mcp.declarations).toMatch(/get_sum\(input: \{\n\s+\/\*\* First number \*\/\n\s+a: number;/)
    expect(mcp.tools.find((tool) => tool.name === 'everything.get_sum')).toMatchObject({ aliases: ['everything.get-sum'], parameters: ['a', 'b'] })
    // an outputSchema types the promise
    expect(mcp.declarations).toMatch(/read_graph\(input\?: \{[^]*?\}\): Promise<\{\n\s+entities: Array</)
  })

  it('builds a small knowledge graph in server-memory and reads it back', async () => {
    const result = await runtime.run({
      source: `
        await memory.create_entities({ entities: [
          { name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first program'] },
          { name: 'Analytical Engine', entityType: 'machine', observations: ['designed by Babbage'] },
        ] })
        await memory.create_relations({ relations: [{ from: 'Ada Lovelace', to: 'Analytical Engine', relationType: 'programmed' }] })
        await memory.add_observations({ observations: [{ entityName: 'Ada Lovelace', contents: ['born in 1815'] }] })
        const graph = await memory.read_graph()
        const found = await memory.search_nodes({ query: 'Babbage' })
        return {
          entities: graph.entities.map((e: { name: string; observations: string[] }) => e.name + ': ' + e.observations.join('; ')).sort(),
          relations: graph.relations.map((r: { from: string; to: string; relationType: string }) => r.from + ' ' + r.relationType + ' ' + r.to),
          found: found.entities.map((e: { name: string }) => e.name),
        }`,
      bindings: mcp.bindings,
    })
    expect(valueOf(result)).toEqual({
      entities: ['Ada Lovelace: wrote the first program; born in 1815', 'Analytical Engine: designed by Babbage'],
      relations: ['Ada Lovelace programmed Analytical Engine'],
      found: ['Analytical Engine'],
    })
    // the server itself kept the graph, where it was told to
    expect(fs.readFileSync(memoryFile, 'utf8')).toContain('"Ada Lovelace"')
  })

  it('walks a directory through server-filesystem and returns a summary', async () => {
    const result = await runtime.run({
      source: `
        const summary = { files: [] as string[], characters: 0, byExtension: {} as Record<string, number> }
        async function walk(dir: string) {
          const { content } = await files.list_directory({ path: dir })
          for (const line of content.split('\\n')) {
            const [, kind, name] = /^\\[(FILE|DIR)\\] (.*)$/.exec(line)!
            const full = dir + '/' + name
            if (kind === 'DIR') { await walk(full); continue }
            const text = (await files.read_text_file({ path: full })).content
            summary.files.push(full.slice(ROOT.length + 1))
            summary.characters += text.length
            const extension = name.split('.').pop()!
            summary.byExtension[extension] = (summary.byExtension[extension] ?? 0) + 1
          }
        }
        const ROOT = ${JSON.stringify(files)}
        await walk(ROOT)
        summary.files.sort()
        return summary`,
      bindings: mcp.bindings,
    })
    expect(valueOf(result)).toEqual({
      files: ['README.md', 'docs/drafts/notes.txt', 'docs/guide.md', 'package.json'],
      characters: 10 + 15 + 6 + 19,
      byExtension: { md: 2, txt: 1, json: 1 },
    })
  })

  it('a path outside the allowed folder is the server error the program catches', async () => {
    const result = await runtime.run({
      source: `try { await files.read_text_file({ path: '/etc/hostname' }); return 'read' } catch (e) { return (e as Error).message }`,
      bindings: mcp.bindings,
    })
    expect(valueOf(result)).toMatch(/Access denied|outside allowed directories/)
  })

  it('gives structured content, text, and binary content as { mimeType, data }', async () => {
    const result = await runtime.run({
      source: `
        const sum = await everything.get_sum({ a: 2, b: 40 })
        const weather = await everything.get_structured_content({ location: 'Chicago' })
        const image = await everything.get_tiny_image()
        return { sum, weather, image: image.map((item: any) => typeof item === 'string' ? item : item.mimeType + ' ' + typeof item.data) }`,
      bindings: mcp.bindings,
    })
    const value = valueOf(result)
    expect(value.sum).toBe('The sum of 2 and 40 is 42.')
    expect(value.weather).toEqual({ temperature: expect.any(Number), conditions: expect.any(String), humidity: expect.any(Number) })
    expect(value.image).toEqual([expect.any(String), 'image/png string', expect.any(String)])
  })

  it("rejects a call the server answers with isError with an Error carrying the server's message", async () => {
    const result = await runtime.run({
      source: `
        try { await everything.get_sum({ a: 'two', b: 2 }) } catch (e) { return { name: (e as Error).name, message: (e as Error).message } }`,
      bindings: mcp.bindings,
    })
    const { name, message } = valueOf(result)
    expect(name).toBe('Error')
    expect(message).toContain('Input validation error')
    expect(message).toContain('expected number')
  })

  it('an uncaught failing call ends the run as a runtime error with that message', async () => {
    const result = await runtime.run({ source: `await everything.get_sum({ a: 'two' })`, bindings: mcp.bindings })
    expect(errorOf(result)).toMatchObject({ kind: 'runtime', message: expect.stringContaining('Input validation error') })
  })
})

describe('a call past its timeout', SPAWNING, () => {
  it('rejects, is cancelled, and the run goes on with the same server', async () => {
    const slow = await connectMcpServers({ everything: referenceServer('everything', 'stdio') }, { timeoutMs: 2_000 })
    try {
      const result = await runtime.run({
        source: `
          let failure = ''
          try { await everything.trigger_long_running_operation({ duration: 120, steps: 2 }) } catch (e) { failure = (e as Error).message }
          return { failure, after: await everything.echo({ message: 'still here' }) }`,
        bindings: slow.bindings,
      })
      expect(valueOf(result)).toEqual({
        failure: "everything.trigger_long_running_operation: MCP server 'everything' did not answer within 2000 ms (timeoutMs); the call was cancelled",
        after: 'Echo: still here',
      })
    } finally {
      await slow.close()
    }
  })
})
