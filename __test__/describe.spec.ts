import { createRequire } from 'node:module'
import { afterAll, describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const { describeBindings } = require('../lib/describe.js') as typeof import('../lib/describe')
const { createCodeRuntime } = require('../index.js') as typeof import('../index')

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const searchTool = {
  description: 'Search the docs.',
  inputSchema: {
    type: 'object',
    properties: {
      q: { type: 'string', description: 'Words to look for' },
      limit: { type: 'integer', minimum: 1 },
    },
    required: ['q'],
    additionalProperties: false,
  },
  outputSchema: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
  execute: async ({ q }: { q: string }) => [{ title: `About ${q}` }],
}

describe('describeBindings declarations', () => {
  it('declares tools, namespaces and doc comments as TypeScript', () => {
    const { declarations } = describeBindings({
      search: searchTool,
      'github.listIssues': {
        description: 'Open issues of a repository.\nNewest first.',
        inputSchema: { type: 'object', properties: { repo: { type: 'string' }, state: { enum: ['open', 'closed'] } }, required: ['repo'] },
        execute: async () => [],
      },
    })
    expect(declarations).toBe(
      [
        'declare const tools: {',
        '  /** Search the docs. */',
        '  search(input: {',
        '    /** Words to look for */',
        '    q: string;',
        '    limit?: number;',
        '  }): Promise<Array<{',
        '    title: string;',
        '  }>>;',
        '  github: {',
        '    /**',
        '     * Open issues of a repository.',
        '     * Newest first.',
        '     */',
        '    listIssues(input: {',
        '      repo: string;',
        '      state?: "open" | "closed";',
        '    }): Promise<unknown>;',
        '  };',
        '};',
        '',
      ].join('\n'),
    )
  })

  it('accepts an array of named tools, nested catalogs and another namespace', () => {
    const execute = async () => null
    const fromArray = describeBindings([{ name: 'fs.read', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, execute }], { namespace: 'host' })
    const nested = describeBindings({ fs: { read: { inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, execute } } }, { namespace: 'host' })
    expect(fromArray.declarations).toBe(nested.declarations)
    expect(fromArray.declarations).toContain('declare const host: {')
    // no required property, so the input may be left out
    expect(fromArray.declarations).toContain('read(input?: {')
    expect(Object.keys(fromArray.bindings)).toEqual(['host'])
    expect(typeof (fromArray.bindings.host as any).fs.read).toBe('function')
  })

  it('prints unions, tuples, records, local $refs and 2020-12 schemas', () => {
    const { declarations } = describeBindings({
      plot: {
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] },
            color: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            tags: { type: 'object', additionalProperties: { type: 'string' } },
            style: { $ref: '#/$defs/style' },
            'stroke-width': { type: 'number' },
          },
          required: ['point'],
          $defs: { style: { type: 'object', properties: { dashed: { type: 'boolean' } } } },
        },
        execute: async () => 'ok',
      },
    })
    expect(declarations).toContain('point: [number, number];')
    expect(declarations).toContain('color?: string | null;')
    expect(declarations).toContain('[key: string]: string;')
    expect(declarations).toMatch(/style\?: \{\n\s+dashed\?: boolean;/)
    expect(declarations).toContain('"stroke-width"?: number;')
  })
})

describe('describeBindings tools', () => {
  it('lists each tool with its parameters and the declarations of it alone', () => {
    const { tools } = describeBindings({ search: searchTool, 'github.issues.list': { inputSchema: { type: 'object', properties: { repo: { type: 'string' } } }, execute: async () => [] } })
    expect(tools).toEqual([
      { name: 'tools.search', description: 'Search the docs.', parameters: ['q', 'limit'], declaration: expect.stringMatching(/^declare const tools: \{\n  \/\*\* Search the docs. \*\/\n  search\(input: \{/) },
      {
        name: 'tools.github.issues.list',
        description: undefined,
        parameters: ['repo'],
        declaration: 'declare const tools: {\n  github: {\n    issues: {\n      list(input?: {\n        repo?: string;\n      }): Promise<unknown>;\n    };\n  };\n};\n',
      },
    ])
  })
})

describe('describeBindings with shared and recursive $refs', () => {
  // 40 definitions, each referring to the two before it: 165 million paths through the refs, so
  // printing every path (as inlining each $ref where it is used would) cannot finish in a test's time.
  const WIDTH = 40
  function chainOfDefinitions() {
    const $defs: Record<string, object> = {}
    for (let i = 0; i < WIDTH; i++) {
      $defs[`step${i}`] =
        i < 2
          ? { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }
          : { type: 'object', properties: { prev: { $ref: `#/$defs/step${i - 1}` }, prevPrev: { $ref: `#/$defs/step${i - 2}` } } }
    }
    return { type: 'object', properties: { last: { $ref: `#/$defs/step${WIDTH - 1}` } }, required: ['last'], $defs }
  }

  it('prints each shared definition once, as a named type, and validates through it', async () => {
    const { declarations, bindings } = describeBindings({ plan: { inputSchema: chainOfDefinitions(), execute: async () => 'planned' } })
    // step0, step38 and step39 are referred to from one place each and printed there; the others
    // from two places, so once as a named type
    for (let i = 1; i < WIDTH - 2; i++) expect(declarations.match(new RegExp(`^type Step${i} = `, 'gm'))).toHaveLength(1)
    for (const once of [0, WIDTH - 2, WIDTH - 1]) expect(declarations).not.toContain(`type Step${once} =`)
    expect(declarations).toContain('type Step1 = {\n  label: string;\n};\n')
    expect(declarations).toContain('type Step2 = {\n  prev?: Step1;\n  prevPrev?: {\n    label: string;\n  };\n};\n')
    expect(declarations).toContain(`type Step5 = {\n  prev?: Step4;\n  prevPrev?: Step3;\n};`)
    expect(declarations).toMatch(/plan\(input: \{\n\s+last: \{\n\s+prev\?: \{\n\s+prev\?: Step37;\n\s+prevPrev\?: Step36;\n\s+\};\n\s+prevPrev\?: Step37;/)
    // linear in the schema, not in the paths through it
    expect(declarations.length).toBeLessThan(100 * WIDTH)

    // down `prev` from step39 to step1, whose label is required and a string
    const chain = (label: unknown) => {
      let step: object = { label }
      for (let i = 2; i < WIDTH; i++) step = { prev: step }
      return { last: step }
    }
    const plan = (bindings.tools as any).plan
    await expect(plan(chain('x'))).resolves.toBe('planned')
    await expect(plan(chain(7))).rejects.toThrow(`input.last${'.prev'.repeat(WIDTH - 2)}.label must be string`)
  })

  it('describes a recursive schema with a named type that refers to itself', async () => {
    const node = {
      description: 'A folder and what it holds.',
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/folder' } } },
      required: ['name'],
    }
    const { declarations, bindings } = describeBindings({
      mkdirs: { inputSchema: { type: 'object', properties: { root: { $ref: '#/definitions/folder' } }, definitions: { folder: node } }, execute: async () => 'made' },
      // `#` is the whole schema: its name comes from the tool
      'links.follow': { inputSchema: { type: 'object', properties: { url: { type: 'string' }, next: { $ref: '#' } } }, execute: async () => 'followed' },
    })
    expect(declarations).toBe(
      [
        '/** A folder and what it holds. */',
        'type Folder = {',
        '  name: string;',
        '  children?: Array<Folder>;',
        '};',
        'type LinksFollowInput = {',
        '  url?: string;',
        '  next?: LinksFollowInput;',
        '};',
        'declare const tools: {',
        '  mkdirs(input?: {',
        '    root?: Folder;',
        '  }): Promise<unknown>;',
        '  links: {',
        '    follow(input?: LinksFollowInput): Promise<unknown>;',
        '  };',
        '};',
        '',
      ].join('\n'),
    )
    const result = await runtime.run({
      source: `
        const made = await tools.mkdirs({ root: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] } })
        const refused = await tools.mkdirs({ root: { name: 'a', children: [{ children: [] }] } }).catch((e: Error) => e.message)
        return [made, refused, await tools.links.follow({ url: 'x', next: { url: 'y', next: {} } })]`,
      bindings,
    })
    expect(result).toMatchObject({ ok: true, value: ['made', 'tools.mkdirs: invalid input: input.root.children[0].name is required', 'followed'] })
  })

  it('names a definition that would shadow a standard type, or one already named, apart', () => {
    const { declarations } = describeBindings({
      a: {
        inputSchema: {
          type: 'object',
          properties: { x: { $ref: '#/$defs/Date' }, y: { $ref: '#/$defs/Date' }, z: { $ref: '#/$defs/item-list' }, w: { $ref: '#/$defs/item-list' } },
          $defs: { Date: { type: 'string' }, 'item-list': { type: 'array', items: { type: 'number' } } },
        },
        execute: async () => null,
      },
      b: {
        inputSchema: { type: 'object', properties: { p: { $ref: '#/$defs/Date' }, q: { $ref: '#/$defs/Date' } }, $defs: { Date: { type: 'number' } } },
        execute: async () => null,
      },
    })
    expect(declarations).toContain('type DateType = string;\ntype ItemList = Array<number>;\ntype DateType2 = number;\n')
    expect(declarations).toContain('x?: DateType;')
    expect(declarations).toContain('q?: DateType2;')
  })
})

describe('describeBindings bindings', () => {
  it('passes a valid call to execute and its result to the program', async () => {
    const { bindings } = describeBindings({ search: searchTool })
    const result = await runtime.run({ source: 'return await tools.search({ q: "limits", limit: 2 })', bindings })
    expect(result).toMatchObject({ ok: true, value: [{ title: 'About limits' }] })
  })

  it('rejects an invalid call before execute runs, naming the fields', async () => {
    let calls = 0
    const { bindings } = describeBindings({ search: { ...searchTool, execute: async () => [calls++] } })
    const result = await runtime.run({
      source: `
        try {
          await tools.search({ q: 42, limit: 0, extra: true })
          return 'no error'
        } catch (error) {
          return (error as Error).message
        }`,
      bindings,
    })
    expect(result.ok).toBe(true)
    const message = (result as { value: string }).value
    expect(message).toContain('tools.search: invalid input')
    expect(message).toContain('input.q must be string')
    expect(message).toContain('input.limit must be >= 1')
    expect(message).toContain('input.extra is not allowed')
    expect(calls).toBe(0)
  })

  it('names missing fields, enum choices, formats and nested paths', async () => {
    const { bindings } = describeBindings({
      invite: {
        inputSchema: {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email' },
            role: { enum: ['admin', 'member'] },
            teams: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
          },
          required: ['email', 'role'],
        },
        execute: async () => 'invited',
      },
    })
    const invite = (bindings.tools as any).invite
    await expect(invite({ role: 'admin' })).rejects.toThrow('input.email is required')
    await expect(invite({ email: 'not-an-email', role: 'owner' })).rejects.toThrow(
      'input.email must match format "email"; input.role must be one of "admin", "member"',
    )
    await expect(invite({ email: 'a@example.com', role: 'member', teams: [{ id: 'x' }] })).rejects.toThrow('input.teams[0].id must be integer')
    await expect(invite({ email: 'a@example.com', role: 'member' })).resolves.toBe('invited')
  })

  it('calls a tool whose input is optional with an empty object', async () => {
    const seen: unknown[] = []
    const { bindings } = describeBindings({ now: { inputSchema: { type: 'object', properties: {} }, execute: async (input: unknown) => seen.push(input) } })
    const result = await runtime.run({ source: 'await tools.now(); return "done"', bindings })
    expect(result).toMatchObject({ ok: true, value: 'done' })
    expect(seen).toEqual([{}])
  })
})

describe('describeBindings catalog errors', () => {
  const execute = async () => null
  it.each([
    ['a non-object catalog', 5, 'a catalog must be an array of tools or an object of tools and namespaces, got number 5'],
    ['a tool without execute', { search: { inputSchema: { type: 'object' } } }, "tool 'search' needs an execute(input) function"],
    ['a tool without inputSchema', { search: { execute } }, "tool 'search' needs an inputSchema"],
    ['a zod schema', { search: { inputSchema: { _zod: {} }, execute } }, 'pass JSON Schema instead (z.toJSONSchema(schema))'],
    ['an invalid schema', { search: { inputSchema: { type: 'text' }, execute } }, "tool 'search' has an invalid inputSchema"],
    ['an invalid outputSchema', { search: { inputSchema: true, outputSchema: { type: 'object', required: 'q' }, execute } }, "tool 'search' has an invalid outputSchema: schema/required must be array"],
    ['an array entry without a name', [{ inputSchema: true, execute }], 'every tool in a catalog array needs a string name'],
    ['a name used twice', { 'a.b': { inputSchema: true, execute }, a: { b: { inputSchema: true, execute } } }, "'a.b' is defined twice"],
    ['a tool that is also a namespace', [{ name: 'a', inputSchema: true, execute }, { name: 'a.b', inputSchema: true, execute }], "'a' in 'a.b' is both a tool and a namespace"],
    ['an empty name segment', { 'a..b': { inputSchema: true, execute } }, "tool name 'a..b' has an empty segment"],
  ])('explains %s', (_, catalog, message) => {
    expect(() => describeBindings(catalog as any)).toThrow(message)
  })

  it('explains a namespace that is not an identifier', () => {
    expect(() => describeBindings({}, { namespace: 'my-tools' })).toThrow("namespace must be a JavaScript identifier such as 'tools'")
  })
})
