// The process substrate: programs run in child processes, so a child that dies or misbehaves
// ends only the runs it held, with `crashed`, and the host goes on. Children are killed from
// outside (as the OOM killer or a segfault would end them) and impostor children send what a
// compromised engine could.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createCodeRuntime } from '../index.js'
import type { CodeRuntime } from '../index.js'
import { deferred, errorOf, ROOT, runInChild, until, valueOf, within } from './helpers.js'

const childPids = (runtime: CodeRuntime) => (runtime as unknown as { childPids: number[] }).childPids
const linux = process.platform === 'linux'
const macos = process.platform === 'darwin'
const windows = process.platform === 'win32'
/** Running, not a zombie. Elsewhere than Linux a signal 0 answers: the host reaps its children,
 * and launchd the orphans of a host that exited. */
const alive = (pid: number) => {
  if (linux) return existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The child executable fenced in as the host starts it, then trying what its fence refuses
 * (`--probe-fence`), with a pipe as descriptor 3 for the fence to close. */
function probeFence() {
  const native = path.join(ROOT, 'lib', 'native')
  const addon = readdirSync(native).find((file) => file.endsWith('.node'))!
  const child = path.join(native, 'code-runtime-boa-child')
  return spawnSync(child, [path.join(native, addon), String(process.pid), '--probe-fence'], { env: {}, stdio: ['pipe', 'pipe', 'pipe', 'pipe'], encoding: 'utf8' })
}

/** The child holding the run that is waiting in `binding`: the one pid that appeared for it. */
async function childRunning(runtime: CodeRuntime, started: Promise<void>) {
  await started
  const pids = childPids(runtime)
  expect(pids.length).toBeGreaterThan(0)
  return pids
}

/** A child the pool starts, told to probe its fence instead of serving: what it reported and how
 * it ended (on Windows it reports on stdout, which the host reads; elsewhere only how it ended). */
const probeThroughHost = (runtime: CodeRuntime) => (runtime as unknown as { probeFence(): string }).probeFence()

describe('the process substrate', () => {
  const runtimes: CodeRuntime[] = []
  const processRuntime = (options: Parameters<typeof createCodeRuntime>[0] = {}) => {
    const runtime = createCodeRuntime({ substrate: 'process', ...options })
    runtimes.push(runtime)
    return runtime
  }
  afterAll(() => Promise.all(runtimes.map((runtime) => runtime.dispose())))

  it('says which substrate runs its programs', () => {
    expect(createCodeRuntime().substrate).toBe('thread')
    expect(processRuntime().substrate).toBe('process')
  })

  it('runs a TypeScript program with a binding, logs and a result as the thread substrate does', async () => {
    const options = {
      source: 'const n: number = await tools.add(2, 3); console.log("sum", n); return { n, bytes: new Uint8Array([n]) }',
      bindings: { tools: { add: async (a: number, b: number) => a + b } },
    }
    const onProcess = await processRuntime().run(options)
    const onThread = await createCodeRuntime().run(options)
    expect(valueOf(onProcess)).toEqual(valueOf(onThread))
    expect(onProcess.logs).toEqual([{ level: 'log', text: 'sum 5' }])
  })

  it('enforces budgets in the child', async () => {
    const result = await processRuntime().run({ source: 'while (true) {}', limits: { computeMs: 50 } })
    expect(errorOf(result).kind).toBe('compute_budget')
  })

  // Not SIGSEGV or SIGBUS sent from outside: Rust's stack-overflow handler returns from those
  // when no guard page was hit, and only a fault the child itself makes would come back. On
  // Windows a kill is TerminateProcess, whatever the signal's name, and the child exits with 1.
  for (const signal of windows ? (['SIGKILL'] as const) : (['SIGKILL', 'SIGABRT', 'SIGTERM'] as const)) {
    it(`a child killed by ${signal} mid-run ends that run as crashed, and the next run succeeds`, async () => {
      const runtime = processRuntime({ pool: { minWarm: 1, maxChildren: 1 } })
      const started = deferred()
      const running = runtime.run({ source: 'await tools.hang(); return 1', bindings: { tools: { hang: () => (started.resolve(), new Promise(() => {})) } } })
      const [pid] = await childRunning(runtime, started.promise)
      process.kill(pid, signal)
      const error = errorOf(await within(running, 10_000, 'the run on the killed child'))
      expect(error.kind).toBe('crashed')
      expect(error.message).toContain(windows ? 'exited with status 1' : signal)
      expect(valueOf(await within(runtime.run({ source: 'return 2' }), 10_000, 'the next run'))).toBe(2)
    })
  }

  it("a session whose child dies ends, and its next execute says it was lost and a new one is needed", async () => {
    const runtime = processRuntime({ pool: { minWarm: 0, maxChildren: 1 } })
    const session = await runtime.createSession()
    expect(await session.execute({ code: 'globalThis.kept = 1; return kept' })).toMatchObject({ status: 'completed', value: 1 })
    const [pid] = childPids(runtime)
    const running = session.execute({ code: 'while (true) {}', observeMs: Infinity })
    process.kill(pid, 'SIGKILL')
    const observed = await within(running, 10_000, 'the execute on the killed child')
    expect(observed).toMatchObject({ status: 'error', error: { kind: 'crashed' } })
    await expect(session.execute({ code: 'return kept' })).rejects.toThrow(windows ? /session was lost.*exited with status 1.*create a new session/ : /session was lost.*SIGKILL.*create a new session/)
    const next = await runtime.createSession()
    expect(await next.execute({ code: 'return typeof kept' })).toMatchObject({ status: 'completed', value: 'undefined' })
  })

  it('keeps state across a session\'s programs and reads its staged inputs', async () => {
    const session = await processRuntime().createSession({ frame: { user: 'ada' } })
    await session.stageInputs([{ name: 'a.txt', data: 'hello' }])
    expect(await session.execute({ code: 'globalThis.n = FRAME.user.length; return n' })).toMatchObject({ value: 3 })
    expect(await session.execute({ code: 'return n + 1' })).toMatchObject({ value: 4 })
    const manifest = await session.execute({ code: 'return Object.keys(JSON.parse(process.env.STAGED_INPUTS ?? "{}"))' })
    expect(manifest.status).toBe('completed')
  })

  it('dispose kills and reaps every child', async () => {
    const runtime = createCodeRuntime({ substrate: 'process', pool: { minWarm: 2 } })
    const started = deferred()
    const running = runtime.run({ source: 'await tools.hang()', bindings: { tools: { hang: () => (started.resolve(), new Promise(() => {})) } } })
    const pids = await childRunning(runtime, started.promise)
    await runtime.dispose()
    expect(errorOf(await running).kind).toBe('disposed')
    for (const pid of pids) expect(alive(pid)).toBe(false)
    expect(childPids(runtime)).toEqual([])
  })

  it('a host that exits without disposing leaves no child behind', async () => {
    const child = await runInChild(`
      const rt = runtime.createCodeRuntime({ substrate: 'process', pool: { minWarm: 2 } })
      rt.run({ source: 'return 1' }).then(() => { console.log(JSON.stringify(rt.childPids)); process.exit(0) })
    `)
    expect(child.status).toBe(0)
    const pids: number[] = JSON.parse(child.stdout)
    expect(pids.length).toBeGreaterThan(0)
    await until(() => pids.every((pid) => !alive(pid)), 10_000)
    for (const pid of pids) expect(alive(pid)).toBe(false)
  })

  it.runIf(linux)('fences the child in before it reads a program: no new privileges, no environment, / as its directory, only its pipes', async () => {
    process.env.CODE_RUNTIME_BOA_TEST_SECRET = 'not for the child'
    const runtime = processRuntime({ pool: { minWarm: 1, maxChildren: 1 } })
    await runtime.run({ source: 'return 1' })
    const [pid] = childPids(runtime)
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    expect(status).toMatch(/^NoNewPrivs:\s+1$/m)
    expect(status).toMatch(/^Seccomp:\s+2$/m)
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).toBe('')
    expect(readlinkSync(`/proc/${pid}/cwd`)).toBe('/')
    expect(readdirSync(`/proc/${pid}/fd`).map(Number).sort()).toEqual([0, 1, 2])
    expect(readFileSync(`/proc/${pid}/limits`, 'utf8')).toMatch(/^Max core file size\s+0\s+0/m)
  })

  it.runIf(linux)('kills a child that makes a system call its filter refuses (a socket), after refusing it a file and closing what it inherited', () => {
    const probe = probeFence()
    expect(probe.stderr).toMatch(/^keep inherited descriptor 3: refused \(Bad file descriptor/m)
    expect(probe.stderr).toMatch(/^open \/etc\/passwd: refused \(Permission denied/m)
    expect(probe.stderr).not.toContain('ALLOWED')
    expect({ status: probe.status, signal: probe.signal }).toEqual({ status: null, signal: 'SIGSYS' })
  })

  it.runIf(linux)('fences the child its pool starts as the one started by hand: its probe dies of the filter', () => {
    expect(probeThroughHost(processRuntime())).toMatch(/^child: was killed by signal 31 \(SIGSYS/m)
  })

  it.runIf(windows)('starts the child in a job of one process with a memory limit and at low integrity: a process, a file beside it, executable memory and memory past the limit refused', () => {
    const report = probeThroughHost(processRuntime())
    // Kill on job close 0x2000, die on an unhandled exception 0x400, process memory 0x100, active
    // processes 0x8; the memory limit is the floor of 4 GiB (4 x the default 256 MiB budget is
    // less); every UI restriction but the one on the child's own windows
    expect(report).toMatch(/^job: limits 0x2508, at most 1 process, 4294967296 bytes of memory per process, UI restrictions 0xff$/m)
    expect(report).toMatch(/^start a process: refused \(/m)
    expect(report).toMatch(/^write a file beside the executable: refused \(Access is denied/m)
    expect(report).toMatch(/^map executable memory: refused \(/m)
    expect(report).toMatch(/^commit more than the job's memory limit: refused \(/m)
    // 68 says something got through, 67 that the child could not fence itself in
    expect({ status: report.match(/^child: (.*)$/m)?.[1], allowed: report.includes('ALLOWED') }).toEqual({ status: 'exited with status 0', allowed: false })
  })

  it.runIf(macos)('sandboxes the child: files, the network and new processes refused, what it inherited closed', () => {
    const probe = probeFence()
    expect(probe.stderr).toMatch(/^keep inherited descriptor 3: refused \(Bad file descriptor/m)
    expect(probe.stderr).toMatch(/^open \/etc\/passwd: refused \(Operation not permitted/m)
    expect(probe.stderr).toMatch(/^connect to 127\.0\.0\.1:9: refused \((Operation not permitted|Permission denied)/m)
    expect(probe.stderr).toMatch(/^fork: refused \(/m)
    // 68 says something got through, 67 that the sandbox could not be entered
    expect({ status: probe.status, signal: probe.signal, allowed: probe.stderr.includes('ALLOWED') }).toEqual({ status: 0, signal: null, allowed: false })
  })

  it('names the missing child executable and the platform package', () => {
    expect(() => createCodeRuntime({ substrate: 'process', pool: { childExecutable: '/nonexistent/code-runtime-boa-child' } })).toThrow(
      /\/nonexistent\/code-runtime-boa-child.*code-runtime-boa-(linux|darwin|win32)-/,
    )
  })

  it('refuses unknown substrates and pool options with what it takes', () => {
    expect(() => createCodeRuntime({ substrate: 'vm' as never })).toThrow(/substrate must be 'thread' or 'process'/)
    expect(() => createCodeRuntime({ substrate: 'process', pool: { maxChildren: 0 } })).toThrow(/pool.maxChildren must be a whole number from 1/)
    expect(() => createCodeRuntime({ pool: { minWarm: 1 } })).toThrow(/with substrate: 'process'/)
  })
})

/**
 * Impostor children: each answers the host's hello with `ready`, takes the run, then sends what
 * a compromised engine could. The host must end that run as crashed, never call a binding it was
 * not given, and go on.
 */
describe.runIf(linux || macos)('a hostile child', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'hostile-child-'))
  const impostor = (name: string, afterRun: string) => {
    const file = path.join(directory, name)
    writeFileSync(
      file,
      `#!${process.execPath}
const fs = require('node:fs')
const frame = (text, buffers = []) => {
  const parts = [Buffer.from(text), ...buffers]
  const body = Buffer.concat(parts.flatMap((part) => { const length = Buffer.alloc(4); length.writeUInt32LE(part.length); return [length, part] }))
  const length = Buffer.alloc(4); length.writeUInt32LE(body.length)
  return Buffer.concat([length, body])
}
const send = (bytes) => fs.writeSync(1, bytes)
let input = Buffer.alloc(0), frames = 0
process.stdin.on('data', (chunk) => {
  input = Buffer.concat([input, chunk])
  while (input.length >= 4 && input.length >= 4 + input.readUInt32LE(0)) {
    input = input.subarray(4 + input.readUInt32LE(0))
    frames++
    if (frames === 1) send(frame('{"kind":"ready"}'))
    if (frames === 2) { ${afterRun} }
  }
})
`,
    )
    chmodSync(file, 0o755)
    return file
  }
  const cases: Array<[string, string, RegExp]> = [
    ['calls a binding it was not given', `send(frame(JSON.stringify({ kind: 'call', execution: 0, call: { id: 1, path: 'secret.steal', args: [] } })))`, /broke the protocol \(.*secret\.steal.*not one of the run's bindings/],
    ['claims a frame larger than any result', `const length = Buffer.alloc(4); length.writeUInt32LE(2 ** 31); send(length)`, /broke the protocol \(.*over the \d+-byte limit/],
    ['sends text that is not an event', `send(frame('not json'))`, /broke the protocol \(an event is not valid/],
    ['logs past maxLogBytes', `for (let i = 0; i < 3; i++) send(frame(JSON.stringify({ kind: 'log', execution: 0, entry: { level: 'log', text: 'x'.repeat(600) } })))`, /broke the protocol \(it logged past maxLogBytes \(1024 bytes\)/],
    ['reports for another execution', `send(frame(JSON.stringify({ kind: 'done', execution: 7, outcome: { ok: true, logs: [] } })))`, /broke the protocol \(an event names execution 7/],
    ['exits with a status', `process.exit(3)`, /exited with status 3/],
    // its own wall budget (200 ms) is not enforced by a hostile engine: the host's deadline is
    ['never answers', `setInterval(() => {}, 1000)`, /did not end the run by its wall budget/],
  ]
  for (const [what, afterRun, message] of cases) {
    it(`a child that ${what} ends the run as crashed and is replaced`, async () => {
      const runtime = createCodeRuntime({ substrate: 'process', limits: { maxLogBytes: 1024, maxWallMs: 200 }, pool: { childExecutable: impostor(what.replace(/\W+/g, '-'), afterRun) } })
      const stolen: unknown[] = []
      const result = await within(
        runtime.run({ source: 'return 1', onLog: () => {}, bindings: { tools: { ok: () => 1 }, secret: { kept: (...args: unknown[]) => stolen.push(args) } } }),
        20_000,
        'the run on a hostile child',
      )
      const error = errorOf(result)
      expect(error.kind).toBe('crashed')
      expect(error.message).toMatch(message)
      expect(stolen).toEqual([])
      await runtime.dispose()
    }, 30_000)
  }
  // An honest child refuses a value over maxResultBytes itself; the host counts the result the
  // same way, so one that does not is caught at the same byte, with the thread substrate's error.
  describe('reports a result the engine would have refused', () => {
    const limit = 1024
    const stats = { computeMs: 0, wallMs: 0, bindingCalls: 0, memoryBytes: 0 }
    const reporting = (name: string, outcome: object, buffers = '[]') => {
      const event = JSON.stringify({ kind: 'done', execution: 0, outcome: { ok: true, logs: [], stats, realmLost: false, ...outcome } })
      return impostor(name, `send(frame(${JSON.stringify(event)}, ${buffers}))`)
    }
    const runOn = async (childExecutable: string) => {
      const runtime = createCodeRuntime({ substrate: 'process', limits: { maxResultBytes: limit }, pool: { childExecutable } })
      const result = await within(runtime.run({ source: 'return 1' }), 20_000, 'the run on a hostile child')
      await runtime.dispose()
      return result
    }
    const onThreads = async (source: string) => {
      const runtime = createCodeRuntime({ substrate: 'thread', limits: { maxResultBytes: limit } })
      const result = await runtime.run({ source })
      await runtime.dispose()
      return result
    }

    it('a string one byte over the limit ends the run with the error the thread substrate gives', async () => {
      // A string counts its UTF-8 bytes and its two quotes.
      const expected = errorOf(await onThreads(`return 'x'.repeat(${limit - 1})`))
      const error = errorOf(await runOn(reporting('result-over', { value: 'x'.repeat(limit - 1) })))
      expect(error.kind).toBe('result')
      expect({ kind: error.kind, name: error.name, message: error.message }).toEqual({ kind: expected.kind, name: expected.name, message: expected.message })
    }, 30_000)

    it('nested data at the limit passes and one byte more does not', async () => {
      // {"k":[true,"a…"]}: the object 2, its key 1 + 4, the array 2 + a byte per element, true 5,
      // and the string its length + 2: 18 beside the string's length.
      const value = (length: number) => ({ k: [true, 'a'.repeat(length)] })
      const fits = limit - 18
      expect((await onThreads(`return ${JSON.stringify(value(fits))}`)).ok).toBe(true)
      expect(errorOf(await onThreads(`return ${JSON.stringify(value(fits + 1))}`)).kind).toBe('result')
      const passed = await runOn(reporting('result-at-limit', { value: value(fits) }))
      expect(passed.ok && passed.value).toEqual(value(fits))
      expect(errorOf(await runOn(reporting('result-past-limit', { value: value(fits + 1) }))).kind).toBe('result')
    }, 30_000)

    it('binary data beside the JSON counts its bytes', async () => {
      const bytes = (length: number) => `[Buffer.alloc(${length})]`
      const over = errorOf(await runOn(reporting('bytes-over', { value: null, bytes: [{ at: [], kind: 'Uint8Array' }] }, bytes(limit + 1))))
      expect(over.kind).toBe('result')
      const at = await runOn(reporting('bytes-at-limit', { value: null, bytes: [{ at: [], kind: 'Uint8Array' }] }, bytes(limit)))
      expect(at.ok && (at.value as Uint8Array).length).toBe(limit)
    }, 30_000)
  })
})
