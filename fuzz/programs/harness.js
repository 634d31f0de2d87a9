'use strict'

// Parent side of the program fuzzer: runs a batch of programs in one child (worker.js), watches
// it for signal deaths, hangs and memory, and judges every program's outcome. Shared by the
// fuzzer (scripts/fuzz-programs.js) and the corpus replay spec.

const { spawn } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const WORKER = path.join(__dirname, 'worker.js')
const MiB = 1024 * 1024

/** Budgets every fuzzed program runs under: tight, so a runaway shows quickly. */
const FUZZ_LIMITS = Object.freeze({ computeMs: 200, maxWallMs: 1000, maxMemoryBytes: 64 * MiB })
/**
 * Budgets for programs that first build data 1e4-1e6 deep: Boa needs 2-3 s and 100+ MiB for a
 * million-deep array, and without them the native recursion over it is never reached.
 */
const DEEP_LIMITS = Object.freeze({ computeMs: 4000, maxWallMs: 6000, maxMemoryBytes: 512 * MiB })

/**
 * How late past its wall budget a program may end before it counts as a hang, on an idle machine.
 * A loaded one stretches every wall time: with three builds beside it (load 4-5 on two cores) a
 * 25-minute run recorded 20 hangs, dispose of million-deep realms mostly, and none of them hung
 * when replayed; so the slack grows with the load per core (`loadSlackMs`).
 */
const HANG_SLACK_MS = 1000

/** The hang slack for the machine's load now. */
function loadSlackMs() {
  return Math.round(HANG_SLACK_MS * Math.max(1, os.loadavg()[0] / os.availableParallelism()))
}
/** Time a child gets to load Node and the addon before its first program. */
const BOOT_MS = 20_000
/**
 * How far a program may raise the process's RSS above where it started: its memory budget plus
 * 10% the engine may overshoot between checks, plus 16 MiB for the realm, the program thread's
 * stack and allocator slack (a trivial program adds about 8 MiB here). Measured as growth, not
 * absolute RSS, because earlier programs in the same child leave the allocator holding memory.
 */
const BUDGET_OVERSHOOT = 0.1
const GROWTH_SLACK_BYTES = 16 * MiB
/** A child past this RSS is killed on the spot, to keep a runaway from hurting the machine. */
const HARD_RSS_CEILING_BYTES = 3 * 1024 * MiB
const POLL_MS = 25

/** Result kinds a hostile program may end with: its value, a catchable error, or a budget. */
const ACCEPTED_KINDS = new Set(['syntax', 'runtime', 'result', 'compute_budget', 'wall_budget', 'memory_budget'])
/** The error name a run ends with when the engine panicked inside it (`ProgramError::crashed`). */
const ENGINE_PANIC = 'InternalError'

function allowedGrowth(limits) {
  return Math.round(limits.maxMemoryBytes * (1 + BUDGET_OVERSHOOT) + GROWTH_SLACK_BYTES)
}

function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

// Children alive now, so a parent that is stopped can take them down with it.
const liveChildren = new Set()

/** Kills every child this process started that is still running. */
function killChildren() {
  for (const child of liveChildren) child.kill('SIGKILL')
}

/**
 * Runs `programs` ([{ id, source, language, limits?, returns? }]) in one child: `limits` default
 * to FUZZ_LIMITS, `returns` is a number the program must end with. Resolves with what each
 * program did (`records`, by id, each with its limits), which program was in flight when the
 * child ended (`inFlight`, with the step it was on), and how the child ended. `hangSlackMs` is how
 * late past its wall budget a step may answer.
 */
function runChild(inputs, { hangSlackMs = loadSlackMs() } = {}) {
  const programs = inputs.map((program) => ({ ...program, limits: program.limits ?? FUZZ_LIMITS }))
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WORKER], { stdio: ['pipe', 'pipe', 'pipe'] })
    liveChildren.add(child)
    const records = new Map()
    const byId = new Map(programs.map((program) => [program.id, program]))
    let inFlight = null
    let step = 'boot'
    let deadline = Date.now() + BOOT_MS
    let killedFor = null
    let peakPolledRss = 0
    let stdoutRest = ''
    let stderr = ''
    let finished = false

    const stepTimeout = (id) => ({
      run: byId.get(id).limits.maxWallMs + hangSlackMs,
      // The canary runs under the same budgets as the program.
      canary: byId.get(id).limits.maxWallMs + hangSlackMs,
      dispose: hangSlackMs,
      between: BOOT_MS,
    })
    const onEvent = (event) => {
      const now = Date.now()
      if (event.event === 'start') {
        inFlight = event.id
        const { limits, returns } = byId.get(event.id)
        records.set(event.id, { id: event.id, limits, returns })
        step = 'run'
      } else if (event.event === 'result') {
        records.get(event.id).result = event
        step = 'canary'
      } else if (event.event === 'canary') {
        records.get(event.id).canary = event
        step = 'dispose'
      } else if (event.event === 'disposed') {
        records.get(event.id).startRssBytes = event.startRssBytes
        records.get(event.id).peakRssBytes = event.peakRssBytes
        records.get(event.id).complete = true
        step = 'between'
      } else if (event.event === 'hostError') {
        if (inFlight !== null) records.get(inFlight).hostError = event.message
      } else if (event.event === 'done') {
        step = 'done'
        inFlight = null
        return
      }
      deadline = now + stepTimeout(inFlight)[step]
    }

    child.stdout.on('data', (chunk) => {
      const lines = (stdoutRest + chunk).split('\n')
      stdoutRest = lines.pop()
      for (const line of lines) if (line) onEvent(JSON.parse(line))
    })
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    // A child that dies before reading all of its input closes the pipe under us.
    child.stdin.on('error', () => {})
    child.stdin.end(JSON.stringify({ programs }))

    const watch = setInterval(() => {
      if (finished) return
      const rss = rssOf(child.pid)
      peakPolledRss = Math.max(peakPolledRss, rss)
      if (rss > HARD_RSS_CEILING_BYTES) {
        killedFor = { reason: 'memory', step, rss }
        child.kill('SIGKILL')
      } else if (step !== 'done' && Date.now() > deadline) {
        killedFor = { reason: 'hang', step }
        child.kill('SIGKILL')
      }
    }, POLL_MS)

    child.on('close', (code, signal) => {
      finished = true
      liveChildren.delete(child)
      clearInterval(watch)
      const record = inFlight === null ? undefined : records.get(inFlight)
      resolve({
        records,
        inFlight: record && !record.complete ? { id: inFlight, step } : null,
        lastStarted: inFlight,
        code,
        signal: killedFor ? null : signal,
        killedFor,
        hangSlackMs,
        peakPolledRss,
        stderr: stderr.trim(),
      })
    })
  })
}

/**
 * The verdict on one program of a finished child: null when it behaved, otherwise
 * { category, detail } with category one of signal, exit, hang, memory, canary, host-error,
 * bad-result, panic, escape, wrong-result.
 */
function judge(record, child) {
  if (record === undefined) return null
  if (!record.complete) {
    const step = child.inFlight?.step ?? 'run'
    if (child.killedFor?.reason === 'hang') {
      return { category: 'hang', detail: `no answer ${child.hangSlackMs} ms past the budget, at the ${step} step; the child was killed` }
    }
    if (child.killedFor?.reason === 'memory') {
      return { category: 'memory', detail: `the child passed ${mib(child.killedFor.rss)} RSS at the ${step} step and was killed` }
    }
    if (child.signal) return { category: 'signal', signal: child.signal, detail: `the child died with ${child.signal} at the ${step} step` }
    if (record.hostError) return { category: 'host-error', detail: `the host threw at the ${step} step: ${record.hostError}` }
    return { category: 'exit', detail: `the child exited with code ${child.code} at the ${step} step` }
  }
  const { result, canary } = record
  if (result.hostError) return { category: 'host-error', detail: `run() rejected: ${result.hostError}` }
  if (!result.ok && !ACCEPTED_KINDS.has(result.kind)) {
    return { category: 'bad-result', detail: `ended with kind ${result.kind}: ${result.name}: ${result.message}` }
  }
  // The host survives an engine panic, but the run is lost with a message that tells the
  // program nothing (Rust's sort panicked on `sort(() => Math.random() - 0.5)` this way).
  if (!result.ok && result.name === ENGINE_PANIC) {
    return { category: 'panic', detail: `the engine panicked: ${result.message} (the child's stderr has where)` }
  }
  if (record.returns !== undefined && !(result.ok && result.value === record.returns)) {
    const ended = result.ok ? `returned a ${result.valueType} ${result.value ?? ''}` : `ended with ${result.kind}: ${result.message}`
    return { category: 'wrong-result', detail: `should have returned ${record.returns}, but ${ended}` }
  }
  if (result.escaped) return { category: 'escape', detail: 'the program ran outside the strict wrapper, in sloppy mode' }
  if (!canary.ok) {
    return { category: 'canary', detail: `the next run in the same runtime failed: ${canary.hostError ?? `${canary.kind}: ${canary.message}`}` }
  }
  const { limits } = record
  const growth = record.peakRssBytes - record.startRssBytes
  if (record.peakRssBytes !== null && growth > allowedGrowth(limits)) {
    return {
      category: 'memory',
      detail: `RSS grew by ${mib(growth)} (to ${mib(record.peakRssBytes)}), past ${mib(allowedGrowth(limits))} (budget ${mib(limits.maxMemoryBytes)} + 10% + ${mib(GROWTH_SLACK_BYTES)})`,
    }
  }
  return null
}

function mib(bytes) {
  return `${(bytes / MiB).toFixed(0)} MiB`
}

/** A verdict's category as one word, with the signal when there is one (signal-SIGSEGV). */
function categoryKey(verdict) {
  return verdict.signal ? `signal-${verdict.signal}` : verdict.category
}

/** Runs one program alone in a fresh child; resolves with its verdict (null when it behaved). */
async function runAlone(program) {
  const child = await runChild([{ ...program, id: 0 }])
  return { verdict: judge(child.records.get(0), child), child }
}

module.exports = {
  FUZZ_LIMITS,
  DEEP_LIMITS,
  ACCEPTED_KINDS,
  allowedGrowth,
  runChild,
  runAlone,
  killChildren,
  judge,
  categoryKey,
}
