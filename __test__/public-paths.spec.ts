// Public paths the coverage report (npm run coverage) showed no test taking.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createCodeRuntime, describeBindings } from '../index.js'
import { BoaExecutor } from '../lib/adapters/codemode.js'
import { ROOT, deferred, errorOf, runInChild, valueOf, within } from './helpers'

describe('runtime', () => {
  it('a run aborted while it waits for a slot resolves as aborted and never starts', async () => {
    const runtime = createCodeRuntime({ maxConcurrency: 1 })
    try {
      const gate = deferred<number>()
      const first = runtime.run({ source: 'return await hold()', bindings: { hold: () => gate.promise } })
      let probes = 0
      const controller = new AbortController()
      const queued = runtime.run({ source: 'await probe()', bindings: { probe: () => probes++ }, signal: controller.signal })
      controller.abort()
      expect(errorOf(await within(queued, 10_000, 'the queued run')).kind).toBe('aborted')
      gate.resolve(7)
      expect(valueOf(await first)).toBe(7)
      // the slot the aborted run never took is free for the next
      expect(valueOf(await runtime.run({ source: 'return 1' }))).toBe(1)
      expect(probes).toBe(0)
    } finally {
      await runtime.dispose()
    }
  })

  it('bindings that contain themselves are a TypeError naming where', async () => {
    const runtime = createCodeRuntime()
    try {
      const tools: Record<string, unknown> = { search: () => 1 }
      tools.again = tools
      await expect(runtime.run({ source: 'return 1', bindings: { tools } })).rejects.toThrow('bindings.tools.again contains itself')
    } finally {
      await runtime.dispose()
    }
  })
})

describe('sessions', () => {
  it('close() stops the session like stop()', async () => {
    const runtime = createCodeRuntime()
    try {
      const session = await runtime.createSession()
      await session.close()
      await expect(session.execute({ code: 'return 1' })).rejects.toThrow('execute: the session is stopped')
    } finally {
      await runtime.dispose()
    }
  })
})

describe('describeBindings', () => {
  it('declares an object schema that has properties but no type', () => {
    const { declarations } = describeBindings({ find: { inputSchema: { properties: { q: { type: 'string' } } }, execute: () => 1 } })
    expect(declarations).toContain('q?: string')
  })

  it('names a property that is not an identifier by its quoted key in a validation error', async () => {
    const { bindings } = describeBindings({
      greet: { inputSchema: { type: 'object', properties: { 'first-name': { type: 'string' } } }, execute: () => 1 },
    })
    await expect(bindings.tools.greet({ 'first-name': 5 })).rejects.toThrow('input["first-name"] must be string')
  })
})

describe('BoaExecutor', () => {
  it('explains code that is not a string and providers whose tools are not functions', async () => {
    const executor = new BoaExecutor()
    try {
      expect(await executor.execute(5 as never, {})).toEqual({ result: undefined, error: 'code must be a string, got number' })
      expect((await executor.execute('async () => 1', [{ name: 'p', fns: null }] as never)).error).toBe('Provider "p" needs an object of functions as fns')
      expect((await executor.execute('async () => 1', { search: 'no' } as never)).error).toBe('Tool "search" in provider "codemode" is not a function')
    } finally {
      await executor.dispose()
    }
  })

  it('disposes the runtime it created, and starts a fresh one on the next execute', async () => {
    const executor = new BoaExecutor()
    expect((await executor.execute('async () => 1', {})).result).toBe(1)
    await executor.dispose()
    expect((await executor.execute('async () => 2', {})).result).toBe(2)
    await executor.dispose()
  })
})

describe('the CLI', () => {
  it('exits 1 naming the problem when the bindings module exports something that is not a function', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-runtime-boa-paths-'))
    try {
      fs.writeFileSync(path.join(dir, 'bindings.js'), 'module.exports = { search: 5 }\n')
      fs.writeFileSync(path.join(dir, 'program.ts'), 'return 1\n')
      const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) =>
        execFile(process.execPath, [path.join(ROOT, 'lib', 'cli.js'), 'run', 'program.ts', '--bindings', 'bindings.js'], { cwd: dir }, (error, _stdout, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stderr }),
        ),
      )
      expect(code).toBe(1)
      expect(stderr).toContain('code-runtime-boa: TypeError: bindings.search must be a function or an object of functions, got number')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('platforms', () => {
  it('tells glibc from musl by the loaded libraries where there is no ldd', async () => {
    const child = await runInChild(`
      const fs = require('node:fs')
      const read = fs.readFileSync
      fs.readFileSync = (file, ...rest) => { if (file === '/usr/bin/ldd') throw new Error('no ldd'); return read(file, ...rest) }
      const { hostPlatform } = require(${JSON.stringify(path.join(ROOT, 'lib', 'platforms.js'))})
      console.log(hostPlatform())
    `)
    expect(child.stdout.trim()).toBe(`${process.platform}-${process.arch}-gnu`)
  })
})
