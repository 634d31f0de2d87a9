import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..')
const cli = path.join(root, 'lib', 'cli.js')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-runtime-boa-cli-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function file(name: string, text: string) {
  const file = path.join(dir, name)
  fs.writeFileSync(file, text)
  return file
}

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr })
    })
  })
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!

describe('code-runtime-boa run', () => {
  it('runs the README example in a child process with --substrate process', async () => {
    const { code, stdout } = await runCli(['run', 'examples/agent.ts', '--bindings', 'examples/bindings.js', '--substrate', 'process', '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(lastLine(stdout))).toMatchObject({ ok: true, value: { triaged: expect.any(Array) } })
  })

  it('refuses a substrate it does not have', async () => {
    const { code, stderr } = await runCli(['run', 'examples/agent.ts', '--substrate', 'vm'])
    expect(code).toBe(2)
    expect(stderr).toContain("--substrate takes thread or process, got 'vm'")
  })

  it('runs the README example: several tools, Promise.all and a failing call handled', async () => {
    const { code, stdout, stderr } = await runCli(['run', 'examples/agent.ts', '--bindings', 'examples/bindings.js', '--json'])
    expect(code).toBe(0)
    expect(stdout).toContain('found 3 open bugs\n')
    expect(stderr).toContain('skipping #7: ')
    expect(stderr).toContain('issue #7 was deleted')
    expect(JSON.parse(lastLine(stdout))).toMatchObject({
      ok: true,
      value: {
        triaged: [
          { number: 21, title: 'Login loop on Safari', priority: 'p0' },
          { number: 12, title: 'Crash when the config file is empty', priority: 'p2' },
        ],
        skipped: [7],
        ci: 'failed',
      },
      stats: { bindingCalls: 6 },
    })
  })

  it('prints the value of a program, and takes JavaScript by its extension', async () => {
    const program = file('value.js', 'console.log("working"); return { answer: 6 * 7 }')
    const { code, stdout } = await runCli(['run', program])
    expect(code).toBe(0)
    expect(stdout).toBe('working\n{\n  "answer": 42\n}\n')
  })

  it('accepts a module of plain functions as bindings, CommonJS or ESM', async () => {
    const program = file('greet.ts', 'const who: string = "cli"; return await greet(who)')
    const cjs = file('greet.cjs', 'module.exports = { greet: async (name) => `hello ${name}` }')
    const esm = file('greet.mjs', 'export const greet = async (name) => `hi ${name}`')
    expect((await runCli(['run', program, '--bindings', cjs])).stdout).toBe('hello cli\n')
    expect((await runCli(['run', program, '--bindings', esm])).stdout).toBe('hi cli\n')
  })

  it('exits 1 and reports where a program failed', async () => {
    const program = file('fails.ts', 'const x: number = 1\nthrow new RangeError(`bad value ${x}`)')
    const { code, stdout, stderr } = await runCli(['run', program])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain(`${program}:2`)
    expect(stderr).toContain('RangeError: bad value 1 [runtime]')
  })

  it('applies --compute-ms, and with --json ends with the failed result', async () => {
    const program = file('loop.ts', 'console.log("looping"); while (true) {}')
    const { code, stdout } = await runCli(['run', program, '--compute-ms', '100', '--json'])
    expect(code).toBe(1)
    expect(stdout.startsWith('looping\n')).toBe(true)
    expect(JSON.parse(lastLine(stdout))).toMatchObject({ ok: false, error: { kind: 'compute_budget' }, logs: [{ level: 'log', text: 'looping' }] })
  })

  it('applies --wall-ms', async () => {
    const program = file('sleep.ts', 'await new Promise((resolve) => setTimeout(resolve, 60_000))')
    const { code, stdout } = await runCli(['run', program, '--wall-ms', '200', '--json'])
    expect(code).toBe(1)
    expect(JSON.parse(lastLine(stdout))).toMatchObject({ ok: false, error: { kind: 'wall_budget' } })
  })

  it('streams console output while the program still runs', async () => {
    const program = file('stream.ts', 'console.log("waiting for input")\nreturn await readLine()')
    const bindings = file('stdin.cjs', 'module.exports = { readLine: () => new Promise((resolve) => process.stdin.once("data", (d) => resolve(String(d).trim()))) }')
    const child = spawn(process.execPath, [cli, 'run', program, '--bindings', bindings], { cwd: root })
    let stdout = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      // the program can only finish after the test has seen its first line; stdin stays open,
      // so the CLI must also exit on its own despite the handle the bindings left
      if (stdout === 'waiting for input\n') child.stdin.write('go on\n')
    })
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    expect(stdout).toBe('waiting for input\ngo on\n')
  })

  it.each([
    [[], 'missing command'],
    [['exec', 'x.ts'], "unknown command 'exec'"],
    [['run'], 'missing program'],
    [['run', 'a.ts', 'b.ts'], "unexpected argument 'b.ts'"],
    [['run', 'nowhere.ts'], "cannot read program 'nowhere.ts': no such file"],
    [['run', 'examples/agent.ts', '--compute-ms', 'soon'], "--compute-ms expects a whole number of milliseconds from 1 to 2147483647, got 'soon'"],
    [['run', 'examples/agent.ts', '--wall-ms', '-5'], '--wall-ms'],
    [['run', 'examples/agent.ts', '--bindings', 'missing.js'], "cannot load bindings module 'missing.js'"],
    [['run', 'examples/agent.ts', '--verbose'], "Unknown option '--verbose'"],
    [['run', 'examples/agent.ts', '--http', '127.0.0.1:1'], '--http is not an option of run'],
    [['mcp', '--json'], '--json is not an option of mcp'],
    [['mcp', 'program.ts'], "unexpected argument 'program.ts': mcp takes only options"],
    [['mcp', '--server', 'memory'], "--server expects name=command (like memory=npx @modelcontextprotocol/server-memory) or name=URL, got 'memory'"],
    [['mcp', '--http', 'localhost'], "--http expects host:port, like 127.0.0.1:8808 (port 0 picks a free one), got 'localhost'"],
  ])('exits 2 with a usage error for %j', async (args, message) => {
    const { code, stderr } = await runCli(args)
    expect(code).toBe(2)
    expect(stderr).toContain(message)
    expect(stderr).toContain('Usage: code-runtime-boa run <program.ts|program.js>')
  })

  it('explains a bindings module that exports nothing usable', async () => {
    const empty = file('empty.cjs', 'module.exports = {}')
    const { code, stderr } = await runCli(['run', 'examples/agent.ts', '--bindings', empty])
    expect(code).toBe(2)
    expect(stderr).toContain('exports no bindings')
  })

  it('prints help', async () => {
    const { code, stdout } = await runCli(['--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('--bindings <module.js>')
  })
})
