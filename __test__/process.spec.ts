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
  // `afterRun` runs once the run's request came, `afterReply` once the host answered a call. The
  // host shares a region of memory with it as its stderr (64 bytes of header, then the data):
  // `share(offset, bytes)` writes there, `sharedFrame(text, places)` sends a frame whose buffers
  // lie in it, each place an [offset, length].
  const impostor = (name: string, afterRun: string, afterReply = '') => {
    const file = path.join(directory, name)
    writeFileSync(
      file,
      `#!${process.execPath}
const fs = require('node:fs')
const word = (value) => { const bytes = Buffer.alloc(4); bytes.writeUInt32LE(value); return bytes }
const framed = (body) => Buffer.concat([word(body.length), body])
const frame = (text, buffers = []) => framed(Buffer.concat([Buffer.from(text), ...buffers].flatMap((part) => [word(part.length), part])))
const sharedFrame = (text, places) => framed(Buffer.concat([word(Buffer.byteLength(text)), Buffer.from(text), ...places.flatMap((place) => [word(0xffffffff), ...place.map(word)])]))
const share = (offset, bytes) => fs.writeSync(2, bytes, 0, bytes.length, 64 + offset)
const send = (bytes) => fs.writeSync(1, bytes)
let input = Buffer.alloc(0), frames = 0
process.stdin.on('data', (chunk) => {
  input = Buffer.concat([input, chunk])
  while (input.length >= 4 && input.length >= 4 + input.readUInt32LE(0)) {
    input = input.subarray(4 + input.readUInt32LE(0))
    frames++
    if (frames === 1) send(frame('{"kind":"ready"}'))
    if (frames === 2) { ${afterRun} }
    if (frames === 3) { ${afterReply} }
  }
})
`,
    )
    chmodSync(file, 0o755)
    return file
  }
  // A call whose one argument is a Uint8Array beside the JSON.
  const sharedCall = JSON.stringify({ kind: 'call', execution: 0, call: { id: 1, path: 'tools.ok', args: [null], bytes: [{ at: [0], kind: 'Uint8Array' }] } })
  const cases: Array<[string, string, RegExp]> = [
    ['calls a binding it was not given', `send(frame(JSON.stringify({ kind: 'call', execution: 0, call: { id: 1, path: 'secret.steal', args: [] } })))`, /broke the protocol \(.*secret\.steal.*not one of the run's bindings/],
    ['claims a frame larger than any result', `const length = Buffer.alloc(4); length.writeUInt32LE(2 ** 31); send(length)`, /broke the protocol \(.*over the \d+-byte limit/],
    ['sends text that is not an event', `send(frame('not json'))`, /broke the protocol \(an event is not valid/],
    ['logs past maxLogBytes', `for (let i = 0; i < 3; i++) send(frame(JSON.stringify({ kind: 'log', execution: 0, entry: { level: 'log', text: 'x'.repeat(600) } })))`, /broke the protocol \(it logged past maxLogBytes \(1024 bytes\)/],
    ['reports for another execution', `send(frame(JSON.stringify({ kind: 'done', execution: 7, outcome: { ok: true, logs: [] } })))`, /broke the protocol \(an event names execution 7/],
    ['places a buffer outside the region it shares with the host', `send(sharedFrame(${JSON.stringify(sharedCall)}, [[(2 << 20) - 10, 100]]))`, /broke the protocol \(a frame is malformed: a buffer's place is outside the shared region/],
    ['puts a frame\'s text in the shared region', `send(framed(Buffer.concat([word(0xffffffff), word(0), word(2)])))`, /broke the protocol \(a frame is malformed: its text is in the shared region/],
    // Each place is inside the region; together they are more than any frame may hold.
    ['names the shared region more often than a frame may hold', `send(sharedFrame(${JSON.stringify(sharedCall)}, Array(32).fill([0, 2 << 20])))`, /broke the protocol \(a frame of \d+ bytes is over the \d+-byte limit/],
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
  // Linux only: an impostor in Node can write the region only through its descriptor, and macOS's
  // shared memory objects are mapped, never written with write(2).
  it.runIf(linux)('a child that rewrites the shared region after sending a frame changes no length the host reads', async () => {
    // The place says 100,000 bytes; then the whole region, its header included, is overwritten.
    const child = impostor(
      'rewrites-region',
      `share(0, Buffer.alloc(100000, 1)); send(sharedFrame(${JSON.stringify(sharedCall)}, [[0, 100000]])); fs.writeSync(2, Buffer.alloc((2 << 20) + 64, 0xff), 0, (2 << 20) + 64, 0)`,
      `send(frame(JSON.stringify({ kind: 'done', execution: 0, outcome: { ok: true, value: 1, logs: [], stats: { computeMs: 0, wallMs: 0, bindingCalls: 1, memoryBytes: 0 }, realmLost: false } })))`,
    )
    const runtime = createCodeRuntime({ substrate: 'process', pool: { childExecutable: child } })
    const lengths: number[] = []
    const result = await within(runtime.run({ source: 'return 1', bindings: { tools: { ok: (bytes: Uint8Array) => lengths.push(bytes.length) } } }), 20_000, 'the run on a hostile child')
    expect(valueOf(result)).toBe(1)
    expect(lengths).toEqual([100000])
    await runtime.dispose()
  }, 30_000)

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

    it('keeps the logs and stats the child reported, as the thread substrate does', async () => {
      const onThread = await onThreads(`console.log('before'); return 'x'.repeat(${limit - 1})`)
      const logs = [{ level: 'log', text: 'before' }]
      const result = await runOn(reporting('result-over-with-logs', { value: 'x'.repeat(limit - 1), logs, stats: { ...stats, bindingCalls: 3 } }))
      expect(errorOf(result).kind).toBe('result')
      expect(result.logs).toEqual(onThread.logs)
      expect(result.stats.bindingCalls).toBe(3)
    }, 30_000)

    // The engine counts each argument of a call as it counts a result; one past the limit is a
    // TypeError in the program, so such a call never leaves an honest child.
    describe('counts each argument of a call against maxResultBytes', () => {
      const calling = (name: string, args: unknown[], buffers = '[]', bytes: unknown[] = []) => {
        const call = JSON.stringify({ kind: 'call', execution: 0, call: { id: 1, path: 'tools.take', args, ...(bytes.length ? { bytes } : {}) } })
        const done = JSON.stringify({ kind: 'done', execution: 0, outcome: { ok: true, value: 1, logs: [], stats, realmLost: false } })
        return impostor(name, `send(frame(${JSON.stringify(call)}, ${buffers}))`, `send(frame(${JSON.stringify(done)}))`)
      }
      const callOn = async (childExecutable: string) => {
        const runtime = createCodeRuntime({ substrate: 'process', limits: { maxResultBytes: limit }, pool: { childExecutable } })
        const taken: unknown[][] = []
        const result = await within(runtime.run({ source: 'return 1', bindings: { tools: { take: (...args: unknown[]) => taken.push(args) } } }), 20_000, 'the run on a hostile child')
        await runtime.dispose()
        return { result, taken }
      }

      it('a string argument at the limit reaches the binding and one byte more ends the child', async () => {
        // The engine's own count, on threads: at the limit the call is made, one byte more refused.
        const threads = createCodeRuntime({ substrate: 'thread', limits: { maxResultBytes: limit } })
        const source = `await tools.take(1, 'x'.repeat(${limit - 2}))\ntry { await tools.take(1, 'x'.repeat(${limit - 1})) } catch (error) { return error.name }`
        expect(valueOf(await threads.run({ source, bindings: { tools: { take: () => 1 } } }))).toBe('TypeError')
        await threads.dispose()
        const at = await callOn(calling('argument-at-limit', [1, 'x'.repeat(limit - 2)]))
        expect(valueOf(at.result)).toBe(1)
        expect(at.taken).toEqual([[1, 'x'.repeat(limit - 2)]])
        const over = await callOn(calling('argument-over-limit', [1, 'x'.repeat(limit - 1)]))
        expect(errorOf(over.result).kind).toBe('crashed')
        expect(errorOf(over.result).message).toMatch(/broke the protocol \(argument 2 of its call to tools\.take is larger than maxResultBytes \(1024 bytes\)/)
        expect(over.taken).toEqual([])
      }, 30_000)

      it('binary data counts its bytes toward the argument it belongs to', async () => {
        const bytes = [{ at: [0], kind: 'Uint8Array' }]
        const at = await callOn(calling('bytes-argument-at-limit', [null], `[Buffer.alloc(${limit})]`, bytes))
        expect((at.taken[0]?.[0] as Uint8Array).length).toBe(limit)
        const over = await callOn(calling('bytes-argument-over-limit', [null], `[Buffer.alloc(${limit + 1})]`, bytes))
        expect(errorOf(over.result).message).toMatch(/broke the protocol \(argument 1 of its call to tools\.take is larger than maxResultBytes/)
        const astray = await callOn(calling('bytes-of-no-argument', [null], '[Buffer.alloc(4)]', [{ at: [1], kind: 'Uint8Array' }]))
        expect(errorOf(astray.result).message).toMatch(/broke the protocol \(a call's buffer belongs to none of its arguments/)
      }, 30_000)
    })

    it('binary data beside the JSON counts its bytes', async () => {
      const bytes = (length: number) => `[Buffer.alloc(${length})]`
      const over = errorOf(await runOn(reporting('bytes-over', { value: null, bytes: [{ at: [], kind: 'Uint8Array' }] }, bytes(limit + 1))))
      expect(over.kind).toBe('result')
      const at = await runOn(reporting('bytes-at-limit', { value: null, bytes: [{ at: [], kind: 'Uint8Array' }] }, bytes(limit)))
      expect(at.ok && (at.value as Uint8Array).length).toBe(limit)
    }, 30_000)
  })
})
