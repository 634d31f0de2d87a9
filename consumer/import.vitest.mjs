// Runs under vitest in a fresh project that installed the packed tarball: the ESM entries and the bin.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describeBindings, registerCodeRuntime } from 'code-runtime-boa'
import * as cordisPlugin from 'code-runtime-boa/cordis'
import { BoaExecutor } from 'code-runtime-boa/codemode'
import { connectMcpServers, createCodeMcpServer } from 'code-runtime-boa/mcp'
import { expect, test } from 'vitest'

test('import entries load', () => {
  expect(typeof registerCodeRuntime).toBe('function')
  expect(cordisPlugin.name).toBe('code-runtime-boa')
  expect(typeof cordisPlugin.apply).toBe('function')
})

test('the mcp entry loads without its optional peer, and says what to install when used', async () => {
  expect(typeof connectMcpServers).toBe('function')
  await expect(createCodeMcpServer({ name: 'consumer', version: '1.0.0' })).rejects.toThrow(
    'code-runtime-boa/mcp needs @modelcontextprotocol/sdk 1.x, an optional peer dependency that is not installed: npm install @modelcontextprotocol/sdk@1',
  )
})

test('BoaExecutor runs an arrow function against described tools', async () => {
  const { bindings } = describeBindings({
    add: {
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      execute: ({ a, b }) => a + b,
    },
  })
  const executor = new BoaExecutor()
  try {
    const result = await executor.execute('async () => await codemode.add({ a: 2, b: 3 })', bindings.tools)
    expect(result).toEqual({ result: 5, logs: [] })
  } finally {
    await executor.dispose()
  }
})

test('the bin runs a program file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crb-bin-'))
  const program = path.join(dir, 'hello.ts')
  fs.writeFileSync(program, 'const who: string = "consumer"\nconsole.log(`hello ${who}`)\nreturn 7')
  const bin = path.resolve('node_modules/.bin/code-runtime-boa')
  const lines = execFileSync(bin, ['run', program, '--json'], { encoding: 'utf8' }).trim().split('\n')
  expect(lines[0]).toBe('hello consumer')
  expect(JSON.parse(lines.at(-1))).toMatchObject({ ok: true, value: 7 })
  fs.rmSync(dir, { recursive: true, force: true })
})
