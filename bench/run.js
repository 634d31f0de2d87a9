'use strict'
// Runs every workload on this runtime and on each peer, in one process, and writes
// bench/RESULTS.md. With --smoke: tiny counts, no file, and the exit code says whether every
// run completed with the expected outcome (never whether anything is fast). With --only e,h:
// only those sections, printed instead of written, to bring part of bench/RESULTS.md up to date.
const fs = require('node:fs')
const path = require('node:path')
const { isDeepStrictEqual } = require('node:util')
const { summarize, ms, mb, times, table, threadCount, resetPeakRss, peakRss, machine } = require('./report')
const { workloads } = require('./workloads')

const SMOKE = process.argv.includes('--smoke')
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined
const PEERS = ['boa', 'worker', 'isolated-vm', 'quickjs', 'sw-quickjs', 'node-vm']
const COUNTS = SMOKE
  ? { warmup: 0, coldWarmup: 0, cold: 3, sequentialCalls: 20, sequentialReps: 2, pingPongs: 20, fanOut: 3, bigValues: 2, concurrent: 20, compute: 1, stops: 1, soak: 48, durable: 2, mcpCalls: 20, mcpReps: 2 }
  : { warmup: 3, coldWarmup: 200, cold: 200, sequentialCalls: 1000, sequentialReps: 10, pingPongs: 1000, fanOut: 100, bigValues: 20, concurrent: 1000, compute: 10, stops: 5, soak: 2000, durable: 30, mcpCalls: 500, mcpReps: 10 }
// Calls the durable-run programs (l) make before they pause.
const DURABLE_CALLS = SMOKE ? [0, 50] : [0, 10, 100, 1000]
// The long-life section's counts (i): full size, or a small version for the smoke run.
const LIFE = SMOKE ? { executes: 1000, runs: 5000 } : { executes: 10_000, runs: 100_000 }
// A run that has not settled by then is reported as broken instead of hanging the bench.
const RUN_DEADLINE_MS = 120_000
const WORKLOADS_OF_ISSUE_17 = workloads()
const STOP_DEADLINE_MS = 10_000

const failures = []
const fail = (where, error) => {
  const message = error instanceof Error ? error.message : String(error)
  failures.push(`${where}: ${message}`)
  console.error(`  FAILED ${where}: ${message}`)
}

function withDeadline(promise, deadlineMs) {
  let timer
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${deadlineMs} ms`)), deadlineMs)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

const sleep = (msec) => new Promise((resolve) => setTimeout(resolve, msec))

// One run; resolves to its elapsed ms, or throws if it failed or returned the wrong thing.
async function timedRun(driver, { check, ...options }) {
  const start = performance.now()
  const result = await withDeadline(driver.run(options), RUN_DEADLINE_MS)
  const elapsed = performance.now() - start
  const problem = check(result)
  if (problem) throw new Error(problem)
  return elapsed
}

async function samples(driver, iterations, run, warmup = COUNTS.warmup) {
  for (let i = 0; i < warmup; i++) await timedRun(driver, run)
  const out = []
  for (let i = 0; i < iterations; i++) out.push(await timedRun(driver, run))
  return out
}

// Runs `measure` for every available peer; a peer that throws is recorded as a failure and
// shown as such, and the bench goes on.
async function perPeer(peers, where, measure, supported = () => true) {
  const results = {}
  for (const peer of peers) {
    if (peer.unavailable) results[peer.name] = { text: 'unavailable' }
    else if (!supported(peer)) results[peer.name] = { text: 'unsupported' }
    else {
      console.log(`  ${where} · ${peer.name}`)
      try {
        results[peer.name] = await measure(peer.driver)
      } catch (error) {
        fail(`${where} · ${peer.name}`, error)
        results[peer.name] = { text: `FAILED (${error.message})` }
      }
    }
  }
  return results
}

const peerLabel = (peer) => `${peer.name}${peer.name === 'node-vm' ? ' (NO isolation)' : ''}`

// The common table: median, p99 and how many times faster boa's median is.
function latencyTable(peers, results, extraRows = []) {
  const boa = results.boa?.stats
  const rows = peers.map((peer) => {
    const r = results[peer.name]
    if (!r.stats) return [peerLabel(peer), r.text, '', '']
    return [peerLabel(peer), ms(r.stats.median), ms(r.stats.p99), peer.name === 'boa' ? '1.0x' : times(r.stats.median, boa?.median)]
  })
  return table(['peer', 'median', 'p99', 'boa faster by'], [...rows, ...extraRows])
}

const target = (name, measured, pass) => ({ name, measured, verdict: pass === undefined ? 'n/a' : pass ? 'PASS' : 'MISS' })
const ratioOf = (results, peer) =>
  results[peer]?.stats && results.boa?.stats ? results[peer].stats.median / results.boa.stats.median : undefined

const expectValue = (expected) => ({ value }) =>
  isDeepStrictEqual(value, expected) ? undefined : `expected ${JSON.stringify(expected)}, got ${JSON.stringify(value)}`

// ---------------------------------------------------------------------------------------------
// Workloads. Each returns { markdown, targets }.

async function coldRun(peers) {
  const run = {
    ...WORKLOADS_OF_ISSUE_17.cold,
    check: (result) =>
      expectValue({ id: 7, greeting: 'hi ada' })(result) ??
      (result.logs.includes('hello ada') ? undefined : `logs ${JSON.stringify(result.logs)} lack "hello ada"`),
  }
  const results = await perPeer(peers, '(a) cold run', async (driver) => ({
    // A cold run is a fresh realm or runtime in a warmed-up host: quickjs-emscripten's WebAssembly
    // and isolated-vm's glue take a few hundred runs to reach their steady speed (quickjs's median
    // was 415-454 µs after 3 runs of warm-up, 243 µs interleaved after thousands).
    stats: summarize(await samples(driver, COUNTS.cold, run, COUNTS.coldWarmup)),
  }))
  const vsWorker = ratioOf(results, 'worker')
  const vsIvm = ratioOf(results, 'isolated-vm')
  const vsQuickjs = ratioOf(results, 'quickjs')
  const boa = results.boa?.stats
  return {
    markdown: `A small TypeScript program with one binding call and one log line, in a fresh realm each time; ${COUNTS.cold} runs per peer, one at a time, after ${COUNTS.coldWarmup} of warm-up.\n\n${latencyTable(peers, results)}`,
    targets: [
      target('(a) cold run median under 0.4 ms', boa && ms(boa.median), boa && boa.median < 0.4),
      target('(a) cold run ≥25x faster than worker', vsWorker && `${vsWorker.toFixed(1)}x`, vsWorker && vsWorker >= 25),
      target('(a) cold run ≥1.5x faster than quickjs', vsQuickjs && `${vsQuickjs.toFixed(2)}x`, vsQuickjs && vsQuickjs >= 1.5),
      target('(a) cold run ≥6x faster than isolated-vm', vsIvm && `${vsIvm.toFixed(1)}x`, vsIvm && vsIvm >= 6),
    ],
  }
}

async function sequentialCalls(peers) {
  const n = COUNTS.sequentialCalls
  const program = (count) => ({
    source: `let total: number = 0\nfor (let i = 0; i < ${count}; i++) total += await inc(i)\nreturn total`,
    bindings: { inc: async (i) => i + 1 },
    check: expectValue((count * (count + 1)) / 2),
  })
  // The same program with no calls, so the per-call figure excludes starting the realm.
  const results = await perPeer(peers, '(b) sequential binding calls', async (driver) => {
    const base = summarize(await samples(driver, COUNTS.sequentialReps, program(0))).median
    const perCall = (await samples(driver, COUNTS.sequentialReps, program(n))).map((t) => (t - base) / n)
    return { stats: summarize(perCall) }
  })
  const worker = peers.find((peer) => peer.name === 'worker').driver
  const trips = []
  for (let i = 0; i < COUNTS.sequentialReps; i++) trips.push(await worker.pingPong(COUNTS.pingPongs))
  const reference = summarize(trips)
  const boa = results.boa?.stats
  return {
    markdown: `One program making ${n} sequential awaited binding calls; time per call (run time minus the same program with no calls, divided by ${n}), ${COUNTS.sequentialReps} runs per peer. The last row is the reference: one round trip of a number over a live worker's message port.\n\n${latencyTable(peers, results, [
      ['worker message-port round trip (reference)', ms(reference.median), ms(reference.p99), times(reference.median, boa?.median)],
    ])}`,
    targets: [
      target('(b) binding round trip faster than a worker message-port round trip', boa && `${ms(boa.median)} vs ${ms(reference.median)}`, boa && boa.median < reference.median),
    ],
  }
}

async function bigValues(peers) {
  const runs = {
    argument: { ...WORKLOADS_OF_ISSUE_17.argument, check: expectValue(15000) },
    reply: { ...WORKLOADS_OF_ISSUE_17.reply, check: expectValue(14999) },
  }
  // The program that builds the same records and sends nothing: each argument sample is paired
  // with one of these, run just before it, and the difference is the crossing alone.
  const build = { ...WORKLOADS_OF_ISSUE_17.build, check: expectValue(15000) }
  const sections = []
  const targets = []
  for (const [direction, run] of Object.entries(runs)) {
    const results = await perPeer(peers, `(h) 1 MB ${direction}`, async (driver) => {
      if (direction === 'reply') return { stats: summarize(await samples(driver, COUNTS.bigValues, run)) }
      for (let i = 0; i < COUNTS.warmup; i++) await timedRun(driver, build)
      const crossings = []
      for (let i = 0; i < COUNTS.bigValues; i++) {
        const building = await timedRun(driver, build)
        crossings.push((await timedRun(driver, run)) - building)
      }
      return { stats: summarize(crossings) }
    })
    sections.push(`### 1 MB ${direction}${direction === 'argument' ? ' (the crossing: run time minus building the records alone)' : ''}\n\n${latencyTable(peers, results)}`)
    const boa = results.boa?.stats
    if (direction === 'argument') targets.push(target('(h) 1 MB argument crosses in under 60 ms', boa && ms(boa.median), boa && boa.median < 60))
  }
  return {
    markdown: `A program sending about 1 MB of JSON-shaped data (15,000 records, 1,043,291 bytes as JSON) to a binding as its argument, and one receiving as much as a binding's reply (building the records in the program counted in neither: the argument rows subtract a paired run that builds them and sends nothing). ${COUNTS.bigValues} runs per peer.\n\n${sections.join('\n\n')}`,
    targets,
  }
}

async function fanOut(peers) {
  const run = {
    source: 'const results: number[] = await Promise.all(Array.from({ length: 100 }, (_, i) => inc(i)))\nreturn results.reduce((a, b) => a + b, 0)',
    bindings: { inc: async (i) => i + 1 },
    check: expectValue(5050),
  }
  const results = await perPeer(peers, '(c) fan-out', async (driver) => ({
    stats: summarize(await samples(driver, COUNTS.fanOut, run)),
  }))
  return {
    markdown: `One program starting 100 binding calls at once and awaiting them with Promise.all; time per run, ${COUNTS.fanOut} runs per peer.\n\n${latencyTable(peers, results)}`,
    targets: [],
  }
}

async function concurrentRuns(peers) {
  const count = COUNTS.concurrent
  const run = {
    source: 'await wait()\nreturn 1',
    bindings: { wait: () => new Promise((resolve) => setTimeout(resolve, 20)) },
    check: expectValue(1),
  }
  // One batch per peer: 1,000 fresh Workers alone take about a minute and 5 GB here.
  const results = await perPeer(peers, '(d) concurrent runs', async (driver) => {
    global.gc()
    await sleep(100)
    const before = process.memoryUsage.rss()
    const peakKnown = resetPeakRss()
    const start = performance.now()
    await Promise.all(Array.from({ length: count }, () => timedRun(driver, run)))
    const total = performance.now() - start
    const growth = peakKnown ? peakRss() - before : undefined
    return { total, growth, perRun: growth && growth / count }
  })
  const boa = results.boa
  const rows = peers.map((peer) => {
    const r = results[peer.name]
    if (!r.total) return [peerLabel(peer), r.text, '', '', '', '']
    return [
      peerLabel(peer),
      ms(r.total),
      r.growth ? mb(r.growth) : 'n/a',
      r.perRun ? mb(r.perRun) : 'n/a',
      times(r.total, boa?.total),
      times(r.perRun, boa?.perRun),
    ]
  })
  const bursts = []
  for (const [label, maxConcurrency] of [['default maxConcurrency', undefined], ['maxConcurrency: Infinity', Infinity]]) {
    console.log(`  (d) burst of ${BURST.runs} waiting runs · boa, ${label}`)
    try {
      bursts.push([label, await burstInChild(maxConcurrency)])
    } catch (error) {
      fail(`(d) burst · ${label}`, error)
      bursts.push([label, undefined])
    }
  }
  const burstRows = bursts.map(([label, r]) => [label, r ? ms(r.total) : 'FAILED', r?.growth === undefined ? 'n/a' : mb(r.growth), r?.growth === undefined ? 'n/a' : mb(r.growth / BURST.runs)])
  const unbounded = bursts[1][1]
  return {
    markdown: `${count} runs started at once, each awaiting a binding that resolves after a 20 ms host timer; one batch per peer. Peak RSS growth is the process's peak resident set (VmHWM, reset before the batch) minus its RSS before it; per run is that divided by ${count}.\n\n${table(
      ['peer', 'total', 'peak RSS growth', 'per concurrent run', 'boa faster by', 'boa smaller by'],
      rows,
    )}\n\n### A burst of ${BURST.runs} runs each waiting ${BURST.waitMs / 1000} s on a tool (boa)\n\nWith the default maxConcurrency (a run per MiB of a quarter of the machine's memory, at most 10,000) and with none; runs past maxConcurrency would queue, each waiting for a slot. Peak RSS growth as above.\n\n${table(
      ['runtime', 'total', 'peak RSS growth', 'per run'],
      burstRows,
    )}`,
    targets: [
      target('(d) ≤1 MB more memory per concurrent awaiting run', boa?.perRun && mb(boa.perRun), boa?.perRun && boa.perRun <= 2 ** 20),
      // The burst without maxConcurrency has every run waiting at once, whatever the machine's
      // default would admit.
      target(`(d) ≤0.15 MB per waiting run (the burst of ${BURST.runs}, maxConcurrency: Infinity)`, unbounded?.growth && mb(unbounded.growth / BURST.runs), unbounded?.growth && unbounded.growth / BURST.runs <= 0.15 * 2 ** 20),
      target(`(d) burst of ${BURST.runs} waiting runs: peak RSS growth under 1 GiB (maxConcurrency: Infinity)`, unbounded?.growth && mb(unbounded.growth), unbounded?.growth && unbounded.growth < 2 ** 30),
      target(`(d) burst of ${BURST.runs} waiting runs with the default maxConcurrency: done within 1.5x the tool's ${BURST.waitMs / 1000} s`, bursts[0][1] && ms(bursts[0][1].total), bursts[0][1] && bursts[0][1].total <= 1.5 * BURST.waitMs),
    ],
  }
}

// The burst of issue 28: many runs at once that only wait on a slow tool, boa alone, with the
// default maxConcurrency and with none.
const BURST = SMOKE ? { runs: 100, waitMs: 200 } : { runs: 5000, waitMs: 2000 }
const BURST_DEADLINE_MS = 600_000

// Each burst runs in a Node process of its own: what an earlier burst left with the allocator
// would otherwise count in the next one's "before" and hide that much of its growth.
function burstInChild(maxConcurrency) {
  const { execFile } = require('node:child_process')
  const args = ['--expose-gc', __filename, BURST_CHILD_FLAG, String(maxConcurrency), ...(SMOKE ? ['--smoke'] : [])]
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: BURST_DEADLINE_MS + 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`the burst's process failed: ${error.message}${stderr}`))
      else resolve(JSON.parse(stdout.trim().split('\n').pop()))
    })
  })
}

const BURST_CHILD_FLAG = '--burst-child'

async function waitingBurst(maxConcurrency) {
  const { createCodeRuntime } = require('..')
  const driver = require('./peers/boa').driver(createCodeRuntime(maxConcurrency === undefined ? {} : { maxConcurrency }))
  try {
    await driver.run({ source: 'return 1' })
    global.gc()
    await sleep(100)
    const before = process.memoryUsage.rss()
    const peakKnown = resetPeakRss()
    const start = performance.now()
    // Runs that queue behind maxConcurrency take longer than RUN_DEADLINE_MS in all; the batch
    // as a whole has a deadline of its own.
    const run = () => driver.run({ source: 'await tool()\nreturn 1', bindings: { tool: () => sleep(BURST.waitMs) } })
    const results = await withDeadline(Promise.all(Array.from({ length: BURST.runs }, run)), BURST_DEADLINE_MS)
    const wrong = results.map(expectValue(1)).find(Boolean)
    if (wrong) throw new Error(wrong)
    return { total: performance.now() - start, growth: peakKnown ? peakRss() - before : undefined }
  } finally {
    await driver.close()
  }
}

// The programs are in bench/workloads.js, so bench/instructions.js and bench/interleaved.js
// measure the same ones.
const COMPUTE_PROGRAMS = [
  { ...WORKLOADS_OF_ISSUE_17.fib, check: expectValue(75025), withinQuickjs: 2 },
  {
    ...WORKLOADS_OF_ISSUE_17.json,
    check: ({ value }) => (value?.bytes > 1_000_000 && value.kept > 0 && value.out > 0 ? undefined : `unexpected ${JSON.stringify(value)}`),
  },
  { ...WORKLOADS_OF_ISSUE_17.chars, check: expectValue(200000) },
  { ...WORKLOADS_OF_ISSUE_17.prepend, check: expectValue(200000) },
  { ...WORKLOADS_OF_ISSUE_17.report, check: expectValue(1618892) },
  { ...WORKLOADS_OF_ISSUE_17.tool, check: expectValue({ repos: 37, lines: 59 }) },
  // Issue 28's call-heavy programs, each with its target against quickjs-emscripten.
  { ...WORKLOADS_OF_ISSUE_17.pipeline, check: expectValue({ kept: 80000, top: 284, customers: 97 }), withinQuickjs: 1.5 },
  { ...WORKLOADS_OF_ISSUE_17.classes, check: expectValue(2395600), withinQuickjs: 1.5 },
]

async function compute(peers) {
  // Generous budgets, so every peer runs with its enforcement switched on but never trips it.
  const limits = { computeMs: 100_000, maxWallMs: 100_000 }
  const sections = []
  const targets = []
  for (const program of COMPUTE_PROGRAMS) {
    const run = { ...program, limits }
    const results = await perPeer(peers, `(e) ${program.name}`, async (driver) => ({
      stats: summarize(await samples(driver, COUNTS.compute, run)),
    }))
    const unbudgeted = peers.find((peer) => peer.name === 'boa').driver?.unbudgeted
    let overhead
    const extraRows = []
    if (unbudgeted) {
      try {
        console.log(`  (e) ${program.name} · boa without budget enforcement`)
        const stats = summarize(await samples(unbudgeted, COUNTS.compute, run))
        overhead = results.boa?.stats && results.boa.stats.median / stats.median - 1
        extraRows.push(['boa without budget enforcement', ms(stats.median), ms(stats.p99), times(stats.median, results.boa?.stats?.median)])
      } catch (error) {
        fail(`(e) ${program.name} · boa without budget enforcement`, error)
      }
    }
    const overheadText = overhead === undefined ? 'n/a' : `${(overhead * 100).toFixed(1)}%`
    sections.push(`### ${program.name}\n\n${latencyTable(peers, results, extraRows)}\n\nBudget enforcement overhead on boa: ${overheadText}`)
    targets.push(target(`(e) budget overhead ≤30%: ${program.name}`, overheadText, overhead === undefined ? undefined : overhead <= 0.3))
    if (program.withinQuickjs) {
      const quickjsFaster = ratioOf(results, 'quickjs')
      const slower = quickjsFaster && 1 / quickjsFaster
      targets.push(target(`(e) at most ${program.withinQuickjs}x quickjs: ${program.name}`, slower && `${slower.toFixed(2)}x`, slower && slower <= program.withinQuickjs))
    }
  }
  return {
    markdown: `${COUNTS.compute} runs per program per peer, each in a fresh realm, with generous compute and wall budgets set.\n\n${sections.join('\n\n')}`,
    targets,
  }
}

const STOP_PROGRAMS = [
  { name: 'while (true) {}', source: 'while (true) {}' },
  { name: 'loop in a forEach callback', source: '[1].forEach(function f() { while (true) {} })' },
  { name: 'sort comparator that never returns', source: '[3, 1, 2].sort(() => { while (true) {} })' },
  { name: 'deep recursion fib(60)', source: 'function fib(n: number): number { return n < 2 ? n : fib(n - 1) + fib(n - 2) }\nfib(60)' },
  // sw-quickjs: a timeout here aborts its WebAssembly module (an assertion in JS_FreeRuntime,
  // quickjs-ng 0.32) instead of stopping the run.
  { name: 'loop after an await', source: 'await tick()\nwhile (true) {}', except: ['sw-quickjs'] },
  // Work inside one built-in call. Only boa runs these: a peer that cannot interrupt its
  // built-ins would block the benchmark's own thread (quickjs runs on it).
  { name: 'catastrophic regex backtracking', source: "/(a+)+$/.test('a'.repeat(40) + 'b')", only: ['boa'] },
  { name: 'forEach over { length: 1e15 }', source: 'Array.prototype.forEach.call({ length: 1e15 }, () => {})', only: ['boa'] },
  { name: 'indexOf of a 2e5-long near-miss in 2e6', source: "'a'.repeat(2e6).indexOf('a'.repeat(2e5) + 'b')", only: ['boa'] },
  { name: 'lastIndexOf of a 2e5-long near-miss in 2e6', source: "'a'.repeat(2e6).lastIndexOf('a'.repeat(2e5) + 'b')", only: ['boa'] },
  { name: "new RegExp('\\\\w|'.repeat(33e4), 'iu')", source: "new RegExp('\\\\w|'.repeat(33e4), 'iu')", only: ['boa'] },
  { name: 'lookbehind /(?<=a+)b/ over 1 MB', source: "/(?<=a+)b/.test('a'.repeat(1e6))", only: ['boa'] },
  // One such call is linear now (tens of ms); repeated, the stop lands inside one.
  { name: "normalize('NFC') of 2^22 composing pairs, repeated", source: "const s = 'e\\u0301'.repeat(1 << 22)\nwhile (true) s.normalize('NFC')", only: ['boa'] },
  { name: 'JSON.parse of a string of 2^22 escapes, repeated', source: "const t = '\"' + '\\\\u0041'.repeat(1 << 22) + '\"'\nwhile (true) JSON.parse(t)", only: ['boa'] },
  { name: 'Number() of 2^26 spaces, repeated', source: "const s = ' '.repeat(2 ** 26)\nwhile (true) Number(s)", only: ['boa'] },
  { name: 'encodeURIComponent of 2^22 units, repeated', source: "const s = '\\u00e9'.repeat(1 << 22)\nwhile (true) encodeURIComponent(s)", only: ['boa'] },
  { name: 'JSON.stringify of 2000 levels, 2000-char keys, repeated', source: "let o = {}\nfor (let i = 0; i < 2000; i++) o = { ['k'.repeat(2000)]: o }\nwhile (true) JSON.stringify(o)", only: ['boa'] },
]
const STOP_BUDGET_MS = 200
const STOP_KINDS = [
  { kind: 'compute_budget', title: 'compute budget 200 ms', budgetMs: STOP_BUDGET_MS, limits: { computeMs: STOP_BUDGET_MS } },
  { kind: 'wall_budget', title: 'wall budget 300 ms', budgetMs: 300, limits: { maxWallMs: 300 } },
  { kind: 'aborted', title: 'AbortSignal aborted after 200 ms', budgetMs: STOP_BUDGET_MS, abortAfterMs: STOP_BUDGET_MS },
]

// Runs a program that never ends on its own; resolves to the error kind and elapsed ms.
async function stoppedRun(driver, { source, limits = {}, abortAfterMs, deadlineMs = STOP_DEADLINE_MS }) {
  const controller = abortAfterMs === undefined ? undefined : new AbortController()
  const start = performance.now()
  const abortTimer = controller && setTimeout(() => controller.abort(), abortAfterMs)
  try {
    await withDeadline(driver.run({ source, bindings: { tick: async () => 0 }, limits, signal: controller?.signal }), deadlineMs)
    return { kind: 'completed', elapsed: performance.now() - start }
  } catch (error) {
    if (!error.kind) throw error
    return { kind: error.kind, elapsed: performance.now() - start }
  } finally {
    clearTimeout(abortTimer)
  }
}

async function stopLatency(peers) {
  const sections = []
  let worstBoa
  for (const stop of STOP_KINDS) {
    const rows = []
    for (const program of STOP_PROGRAMS) {
      const results = await perPeer(
        peers,
        `(f) ${stop.title} · ${program.name}`,
        async (driver) => {
          const latencies = []
          for (let i = 0; i < COUNTS.stops; i++) {
            const { kind, elapsed } = await stoppedRun(driver, { ...stop, source: program.source })
            if (kind !== stop.kind) throw new Error(`ended with '${kind}' instead of '${stop.kind}'`)
            latencies.push(elapsed - stop.budgetMs)
          }
          return { stats: summarize(latencies) }
        },
        (peer) => peer.stops.includes(stop.kind) && (!program.only || program.only.includes(peer.name)) && !program.except?.includes(peer.name),
      )
      const boa = results.boa?.stats
      if (boa) worstBoa = Math.max(worstBoa ?? -Infinity, boa.p99)
      rows.push([
        program.name,
        ...peers.map((peer) => {
          const r = results[peer.name]
          if (!r.stats) return r.text
          const cell = `${ms(r.stats.median)} / ${ms(r.stats.p99)}`
          return peer.name === 'boa' ? cell : `${cell} (${times(r.stats.median, boa?.median)})`
        }),
      ])
    }
    sections.push(`### ${stop.title}\n\n${table(['program', ...peers.map(peerLabel)], rows)}`)
  }
  return {
    markdown: `Latency = time from run() to its settling, as the caller sees it, minus the budget; ${COUNTS.stops} runs per cell, shown as median / p99 (and how many times boa's median is smaller). The run must end with the matching error kind. "unsupported": the peer has no way to make that stop (or, for the built-in rows, is not run).\n\n${sections.join('\n\n')}`,
    targets: [target('(f) stop latency ≤50 ms (boa, worst p99 over all cells)', worstBoa === undefined ? undefined : ms(worstBoa), worstBoa === undefined ? undefined : worstBoa <= 50)],
  }
}

const SOAK_KINDS = [
  { kind: 'compute_budget', source: 'while (true) {}', limits: { computeMs: 20 } },
  // 1 MiB strings rather than `new Array(1000).fill(1)`: Boa needs about 3 s to fill 32 MiB of
  // arrays, which would make the soak about the speed of fill.
  {
    kind: 'memory_budget',
    source: "const keep: string[] = []\nwhile (true) keep.push('x'.repeat(1 << 20) + keep.length)",
    limits: { maxMemoryBytes: 32 * 2 ** 20, computeMs: 30_000 },
  },
  { kind: 'aborted', source: 'while (true) {}', abortAfterMs: 20 },
]
const SOAK_IN_FLIGHT = 4

async function soak(peers) {
  const results = await perPeer(
    peers,
    '(g) soak',
    async (driver) => {
      global.gc()
      const before = { threads: threadCount(), rss: process.memoryUsage.rss() }
      const wrong = {}
      let next = 0
      const start = performance.now()
      const lanesUpTo = (end) => {
        const lane = async () => {
          while (next < end) {
            const mix = SOAK_KINDS[next++ % SOAK_KINDS.length]
            const { kind } = await stoppedRun(driver, { ...mix, deadlineMs: RUN_DEADLINE_MS })
            if (kind !== mix.kind) wrong[`${mix.kind}→${kind}`] = (wrong[`${mix.kind}→${kind}`] ?? 0) + 1
          }
        }
        return Promise.all(Array.from({ length: SOAK_IN_FLIGHT }, lane))
      }
      // The allocator keeps what the first runs' threads freed (per-thread arenas): a leak shows
      // as growth from the halfway point on, not from the start.
      await lanesUpTo(COUNTS.soak / 2)
      global.gc()
      const half = process.memoryUsage.rss()
      await lanesUpTo(COUNTS.soak)
      const seconds = (performance.now() - start) / 1000
      // Let threads that are being torn down finish before counting them.
      await sleep(500)
      global.gc()
      const after = { threads: threadCount(), rss: process.memoryUsage.rss() }
      if (Object.keys(wrong).length) throw new Error(`runs with the wrong outcome: ${JSON.stringify(wrong)}`)
      return { before, half, after, seconds }
    },
    // The soak looks for leaked threads and memory in this runtime; on isolated-vm alone it
    // would take a quarter of an hour (V8 takes ~0.6 s to give up at a 32 MB heap limit).
    (peer) => peer.name === 'boa',
  )
  const rows = peers.map((peer) => {
    const r = results[peer.name]
    if (!r.before) return [peerLabel(peer), r.text === 'unsupported' ? 'not run' : r.text, '', '']
    return [peerLabel(peer), `${r.seconds.toFixed(1)} s`, `${r.before.threads} → ${r.after.threads}`, `${mb(r.before.rss)} → ${mb(r.half)} → ${mb(r.after.rss)}`]
  })
  return {
    markdown: `${COUNTS.soak} runs that each trip a budget, ${SOAK_IN_FLIGHT} in flight, rotating: a loop under a 20 ms compute budget, a memory bomb keeping 1 MiB strings under maxMemoryBytes 32 MiB, and a loop aborted after 20 ms. Every run must end with the matching error kind. Threads are the process's (/proc/self/status), RSS after a GC, at the start, halfway and the end.\n\n${table(['peer', 'time', 'threads before → after', 'RSS start → half → end'], rows)}`,
    targets: [],
  }
}

// (i) Long life: one session and one runtime used for a long time, sequentially. A leak shows as
// RSS growing after warm-up, per-run time creeping up, or the program's memory count rising.
const LIFE_WARMUP_SHARE = 0.1
const LIFE_WINDOW_SHARE = 0.1
// The smoke run fails past these, measured from the end of warm-up to the end. RSS settles late
// (a session grew about 20 MB over its first 5,000 executes, then stayed flat), while a leaked
// realm per run (about 240 KiB) would pass 64 MB within the smoke run's first 300 runs.
const LIFE_RSS_GROWTH_BOUND = 64 * 2 ** 20
const LIFE_SLOWDOWN_BOUND = 3
const LIFE_SESSION_MEMORY = 16 * 2 ** 20
const LIFE_PROGRAM = 'const n: number = await tick(); return n + 1'

const median = (values) => summarize(values).median

/**
 * Calls `step(i)` `count` times in sequence, timing each; resolves to RSS (after a GC) and thread
 * counts at the start, after warm-up, halfway and at the end, the per-step median of the first
 * window after warm-up and of the last window, and `probe()`'s figure after warm-up and at the end.
 */
async function life(count, step, probe) {
  const warmup = Math.round(count * LIFE_WARMUP_SHARE)
  const window = Math.round(count * LIFE_WINDOW_SHARE)
  const sample = async () => {
    global.gc()
    return { rss: process.memoryUsage.rss(), threads: threadCount() }
  }
  const elapsed = new Float64Array(count)
  const marks = { start: await sample() }
  let memoryStart
  for (let i = 0; i < count; i++) {
    if (i === warmup) {
      marks.warm = await sample()
      memoryStart = await probe()
    }
    if (i === count / 2) marks.middle = await sample()
    const t0 = performance.now()
    await withDeadline(step(i), RUN_DEADLINE_MS)
    elapsed[i] = performance.now() - t0
  }
  marks.end = await sample()
  const memoryEnd = await probe()
  return {
    marks,
    memory: { start: memoryStart, end: memoryEnd },
    perStep: { start: median(Array.from(elapsed.subarray(warmup, warmup + window))), end: median(Array.from(elapsed.subarray(count - window))) },
  }
}

/** The smallest of `low`..`high` for which `fits(n)` holds, to `resolution` (fits must be monotonic). */
async function smallestFitting(low, high, resolution, fits) {
  while (high - low > resolution) {
    const mid = Math.floor((low + high) / 2)
    if (await fits(mid)) high = mid
    else low = mid
  }
  return high
}

const KIB = 1024

async function longLife() {
  const { createCodeRuntime } = require('..')
  const runtime = createCodeRuntime()
  const bindings = { tick: () => 1 }
  const expectTwo = (what, result) => {
    if (!result.ok || result.value !== 2) throw new Error(`${what} ended with ${JSON.stringify(result.error ?? result.value)}`)
  }
  const rows = []
  try {
    // A session: its realm lives through every execute. Memory count: the public budget is the
    // only window on it, so the probe finds the largest string a program can still allocate under
    // the session's maxMemoryBytes; the count is the budget minus that headroom (±1 KiB).
    const session = await runtime.createSession({ bindings, limits: { maxMemoryBytes: LIFE_SESSION_MEMORY } })
    const sessionMemory = async () => {
      const headroom = await smallestFitting(0, LIFE_SESSION_MEMORY, KIB, async (n) => {
        const observation = await session.execute({ code: `return ((n) => 'x'.repeat(n).length)(${n})` })
        return observation.status !== 'completed'
      })
      return LIFE_SESSION_MEMORY - headroom
    }
    console.log(`  (i) long life · session, ${LIFE.executes} executes`)
    const sessionLife = await life(LIFE.executes, async () => {
      const observation = await session.execute({ code: LIFE_PROGRAM })
      expectTwo('an execute', observation.status === 'completed' ? { ok: true, value: observation.value } : { ok: false, error: observation })
    }, sessionMemory)
    await session.stop()
    rows.push(['session', LIFE.executes, sessionLife])

    // A runtime: every run gets a fresh realm, so the count is the smallest maxMemoryBytes under
    // which the run still completes (±1 KiB), i.e. what a fresh realm and the program take.
    const runMemory = () => smallestFitting(0, 16 * 2 ** 20, KIB, async (maxMemoryBytes) => {
      const result = await runtime.run({ source: LIFE_PROGRAM, bindings, limits: { maxMemoryBytes } })
      return result.ok
    })
    console.log(`  (i) long life · runtime, ${LIFE.runs} runs`)
    const runtimeLife = await life(LIFE.runs, async () => expectTwo('a run', await runtime.run({ source: LIFE_PROGRAM, bindings })), runMemory)
    rows.push(['runtime', LIFE.runs, runtimeLife])
  } catch (error) {
    fail('(i) long life', error)
  } finally {
    await runtime.dispose()
  }
  for (const [what, , figures] of rows) {
    const growth = figures.marks.end.rss - figures.marks.warm.rss
    if (growth > LIFE_RSS_GROWTH_BOUND) fail(`(i) long life · ${what}`, `RSS grew by ${mb(growth)} after warm-up (bound ${mb(LIFE_RSS_GROWTH_BOUND)})`)
    if (figures.perStep.end > LIFE_SLOWDOWN_BOUND * figures.perStep.start) {
      fail(`(i) long life · ${what}`, `the last window's median (${ms(figures.perStep.end)}) is over ${LIFE_SLOWDOWN_BOUND}x the first's (${ms(figures.perStep.start)})`)
    }
  }
  return {
    markdown: `One session executing ${LIFE.executes} times and one runtime running ${LIFE.runs} times, in sequence, the trivial program \`${LIFE_PROGRAM}\` (one binding call) each time. RSS after a GC at the start, after warm-up (the first ${LIFE_WARMUP_SHARE * 100}%), halfway and at the end; per-run time as the median of the first ${LIFE_WINDOW_SHARE * 100}% after warm-up and of the last ${LIFE_WINDOW_SHARE * 100}%; threads are the process's. There is no public reading of a program's memory count, so it is probed through the public budget (±1 KiB): for the session, its ${mb(LIFE_SESSION_MEMORY)} maxMemoryBytes minus the largest string a program can still allocate; for the runtime, the smallest maxMemoryBytes under which the run completes. The smoke run fails when RSS grows by more than ${mb(LIFE_RSS_GROWTH_BOUND)} after warm-up or the last window's median is over ${LIFE_SLOWDOWN_BOUND}x the first's.\n\n${table(
      ['subject', 'count', 'RSS start → warm → half → end', 'per run start → end', 'threads start → end', 'memory count warm → end'],
      rows.map(([what, count, f]) => [
        what,
        String(count),
        `${mb(f.marks.start.rss)} → ${mb(f.marks.warm.rss)} → ${mb(f.marks.middle.rss)} → ${mb(f.marks.end.rss)}`,
        `${ms(f.perStep.start)} → ${ms(f.perStep.end)}`,
        `${f.marks.start.threads} → ${f.marks.end.threads}`,
        `${(f.memory.start / KIB).toFixed(0)} KiB → ${(f.memory.end / KIB).toFixed(0)} KiB`,
      ]),
    )}`,
    targets: [],
  }
}

// Built-ins that build a result whose size the program chose, each past the budget (issue 12).
const BULK_BUDGET = 64 * 2 ** 20
const BULK_PROGRAMS = [
  ['Array.prototype.join', "Array(200).fill('x'.repeat(1 << 20)).join('')"],
  ['String.prototype.repeat', "'x'.repeat(2 ** 28)"],
  ['String.prototype.concat', "''.concat(...Array(200).fill('x'.repeat(1 << 20)))"],
  ['string +=, doubling', "let s = 'x'\nfor (;;) s += s"],
  ['String.prototype.padStart', "'x'.padStart(1 << 27)"],
  ['String.prototype.padEnd', "'\\u00e9'.padEnd(1 << 25)"],
  ['String.prototype.normalize NFKD', "'\\ufdfa'.repeat(1 << 20).normalize('NFKD')"],
  ['String.prototype.replaceAll', "'x'.repeat(1 << 20).replaceAll('x', 'y'.repeat(100))"],
  ['JSON.stringify', "JSON.stringify(Array(100).fill('x'.repeat(1 << 20)))"],
  ['Array.prototype.fill', 'Array(1e8).fill(0)'],
  ['Array.from', 'Array.from({ length: 1e8 })'],
  ['Array.prototype.push loop', 'const a: unknown[] = []\nfor (;;) a.push({ i: a.length })'],
  // An ArrayBuffer past the budget is a catchable RangeError, as in V8 past its limit.
  ['new Uint8Array', 'new Uint8Array(2 ** 27)', 'runtime'],
  ['Symbol description', "Symbol('x'.repeat(1 << 25)).toString()"],
  ['atob', "atob('QUFB'.repeat(1 << 24))"],
  ['btoa', "btoa('x'.repeat(1 << 25))"],
  ['TextEncoder.encode', "new TextEncoder().encode('\\u00e9'.repeat(1 << 25))"],
]

async function memoryBudget(peers) {
  const boa = peers.find((peer) => peer.name === 'boa').driver
  const rows = []
  let worstCount = 0
  let worstGrowth = 0
  for (const [name, source, kind = 'memory_budget'] of BULK_PROGRAMS) {
    try {
      global.gc()
      const resettable = resetPeakRss()
      const start = peakRss()
      const ended = await boa.run({ source, limits: { maxMemoryBytes: BULK_BUDGET, computeMs: 10_000, maxWallMs: 20_000 } }).then(
        () => { throw new Error('completed under the budget') },
        (error) => error,
      )
      if (ended.kind !== kind) throw new Error(`ended with '${ended.kind}' (${ended.message}) instead of '${kind}'`)
      const count = ended.stats.memoryBytes / BULK_BUDGET
      const growth = resettable ? (peakRss() - start) / BULK_BUDGET : undefined
      worstCount = Math.max(worstCount, count)
      if (growth !== undefined) worstGrowth = Math.max(worstGrowth, growth)
      rows.push([name, `\`${source.replace(/\n/g, '; ')}\``, ended.kind === 'runtime' ? `RangeError: ${ended.message}` : ended.kind, `${(count * 100).toFixed(0)}%`, growth === undefined ? 'n/a' : `${(growth * 100).toFixed(0)}%`])
    } catch (error) {
      fail(`(j) ${name}`, error)
      rows.push([name, `\`${source}\``, 'failed', 'failed', 'failed'])
    }
  }
  const holds = worstCount <= 1.1
  return {
    markdown: `Each program builds a result past its ${mb(BULK_BUDGET)} maxMemoryBytes in one built-in (or in a loop of them) and must end with memory_budget (or, for an ArrayBuffer, a catchable RangeError). "count" is the most the program held by the budget's own count (\`stats.memoryBytes\`: allocator blocks, garbage not yet collected, touched stack), "RSS" the growth of this process's peak RSS over the run (reset before it; it also holds the realm, worker threads and allocator slack, about 8 MiB), both as a share of the budget.\n\n${table(['built-in', 'program', 'ended with', 'count / budget', 'RSS / budget'], rows)}`,
    targets: [
      target('(j) memory budget holds within 10% for every bulk built-in (worst count)', `${(worstCount * 100).toFixed(0)}% of the budget`, rows.length === BULK_PROGRAMS.length && holds),
      target('(j) RSS growth within the budget + 10% + 16 MiB (worst)', `${(worstGrowth * 100).toFixed(0)}% of the budget`, worstGrowth * BULK_BUDGET <= BULK_BUDGET * 1.1 + 16 * 2 ** 20),
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// (k) An agent server: a Node HTTP server answers pings from another process while it runs a
// batch of programs that each alternate tool calls and computing. What a peer costs the server
// is how late its pings are answered and how long its event loop stalls, beside how many
// programs per second it gets through.

const AGENT = SMOKE ? { programs: 10 } : { programs: 200 }
const AGENT_CALLS = 10
// Rows each program builds, filters, maps and sums after every tool reply: 3-6 ms in boa here.
const AGENT_ROWS = 2500
const AGENT_PEERS = ['boa', 'quickjs', 'isolated-vm', 'worker-pool']
const AGENT_PROGRAM = [
  'type Reply = { n: number }',
  'let total = 0',
  `for (let call = 0; call < ${AGENT_CALLS}; call++) {`,
  '  const reply: Reply = await tool(call)',
  `  const rows = Array.from({ length: ${AGENT_ROWS} }, (_, i) => ({ id: i, score: (reply.n * 31 + i * 17) % 101 }))`,
  '  total += rows.filter((row) => row.score > 50).map((row) => row.score * 2).reduce((a, b) => a + b, 0)',
  '}',
  'return total',
].join('\n')

// The same computation in Node, for each program's expected result.
function agentExpected(program) {
  let total = 0
  for (let call = 0; call < AGENT_CALLS; call++) {
    const n = program * AGENT_CALLS + call
    for (let i = 0; i < AGENT_ROWS; i++) {
      const score = (n * 31 + i * 17) % 101
      if (score > 50) total += score * 2
    }
  }
  return total
}

// Tool delays of 2-20 ms from a seeded generator (mulberry32), the same sequence for every peer.
function toolDelays(count, seed = 28) {
  let state = seed
  return Array.from({ length: count }, () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return 2 + Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * 19)
  })
}

// Program `program` of the batch, its tools answering after `delay(call)` ms.
const agentRun = (program, delay) => ({
  source: AGENT_PROGRAM,
  bindings: {
    tool: (call) => new Promise((resolve) => setTimeout(() => resolve({ n: program * AGENT_CALLS + call }), delay(call))),
  },
  limits: { computeMs: 60_000, maxWallMs: RUN_DEADLINE_MS },
  check: expectValue(agentExpected(program)),
})

// The computing between two calls, as one program alone sees it: its run time with tools that
// answer at once, divided by its calls (median of a few runs, which also warm the peer up).
async function agentStep(driver) {
  const alone = await samples(driver, 5, agentRun(0, () => 0), 0)
  return summarize(alone).median / AGENT_CALLS
}

async function agentBatch(driver, delays) {
  await Promise.all(Array.from({ length: AGENT.programs }, (_, program) => timedRun(driver, agentRun(program, (call) => delays[program * AGENT_CALLS + call]))))
}

async function agentServer(peers) {
  const http = require('node:http')
  const { fork } = require('node:child_process')
  const { monitorEventLoopDelay } = require('node:perf_hooks')
  const pool = require('./peers/worker-pool')
  const agentPeers = [...peers.filter((peer) => AGENT_PEERS.includes(peer.name)), ...processSubstratePeer(), { ...pool, ownDriver: true, driver: await pool.load() }]
  const delays = toolDelays(AGENT.programs * AGENT_CALLS)
  const server = http.createServer((request, response) => response.end('pong'))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const results = await perPeer(agentPeers, '(k) agent server', async (driver) => {
    const step = await agentStep(driver)
    global.gc()
    await sleep(100)
    const pinger = fork(path.join(__dirname, 'pinger.js'), [JSON.stringify({ port: server.address().port })])
    const report = new Promise((resolve, reject) => {
      pinger.on('message', (message) => message !== 'ready' && resolve(message))
      pinger.on('exit', (code) => reject(new Error(`the pinger exited with code ${code} before reporting`)))
    })
    await new Promise((resolve) => pinger.once('message', resolve))
    const before = process.memoryUsage.rss()
    const peakKnown = resetPeakRss()
    const loopDelay = monitorEventLoopDelay({ resolution: 1 })
    loopDelay.enable()
    const start = performance.now()
    try {
      await agentBatch(driver, delays)
    } finally {
      loopDelay.disable()
      pinger.send('stop')
    }
    const seconds = (performance.now() - start) / 1000
    const { latencies, failures } = await report
    if (failures || latencies.length === 0) throw new Error(`${failures} pings failed, ${latencies.length} answered`)
    return {
      step,
      perSecond: AGENT.programs / seconds,
      pings: summarize(latencies),
      loopP99: loopDelay.percentile(99) / 1e6,
      // The process substrate's children hold its realms: their peak resident sets count too.
      growth: peakKnown ? peakRss() - before + (driver.childrenPeakRss?.() ?? 0) : undefined,
    }
  })
  server.close()
  await Promise.all(agentPeers.filter((peer) => peer.ownDriver).map((peer) => peer.driver.close()))
  const rows = agentPeers.map((peer) => {
    const r = results[peer.name]
    if (!r.pings) return [peerLabel(peer), r.text, '', '', '', '', '']
    return [peerLabel(peer), ms(r.step), r.perSecond.toFixed(1), ms(r.pings.median), ms(r.pings.p99), ms(r.loopP99), r.growth === undefined ? 'n/a' : mb(r.growth)]
  })
  const boa = results.boa
  const quickjs = results.quickjs
  return {
    markdown: `A Node HTTP server answering \`GET /ping\`, sent every 5 ms by a client in another process (bench/pinger.js, latency as that client sees it), while it runs ${AGENT.programs} programs at once, each making ${AGENT_CALLS} tool calls (a host timer of 2-20 ms, from a seeded sequence the same for every peer) and after each reply building, filtering, mapping and summing ${AGENT_ROWS} rows ("step": that computing, measured on one program alone with tools that answer at once). Each peer as it comes: boa with its defaults, boa on the process substrate (its peak RSS growth adds its children's peak resident sets, each child's whole life), quickjs-emscripten and its compute on Node's own thread, isolated-vm on its own threads, and a pool of worker_threads. Event-loop delay is \`monitorEventLoopDelay\` (resolution 1 ms) over the batch; peak RSS growth as in (d).\n\n${table(
      ['peer', 'step', 'programs/s', 'ping p50', 'ping p99', 'event-loop delay p99', 'peak RSS growth'],
      rows,
    )}`,
    targets: [
      target('(k) event-loop delay p99 under 5 ms while programs run (boa)', boa?.loopP99 !== undefined && ms(boa.loopP99), boa?.loopP99 !== undefined && boa.loopP99 < 5),
      target('(k) programs per second at least quickjs\'s', boa?.perSecond && quickjs?.perSecond && `${boa.perSecond.toFixed(1)} vs ${quickjs.perSecond.toFixed(1)}`, boa?.perSecond && quickjs?.perSecond ? boa.perSecond >= quickjs.perSecond : undefined),
    ],
  }
}

// This runtime on the process substrate (Linux), as a peer of its own in (k).
function processSubstratePeer() {
  if (process.platform !== 'linux') return []
  const { createCodeRuntime } = require('..')
  const runtime = createCodeRuntime({ substrate: 'process' })
  const childrenPeakRss = () => runtime.childPids.reduce((sum, pid) => sum + peakRss(pid), 0)
  return [{ name: 'boa-process', note: 'this runtime on the process substrate', ownDriver: true, driver: { ...require('./peers/boa').driver(runtime), childrenPeakRss } }]
}

// A binding's reply in the durable-run programs: a small record, about 40 bytes of JSON.
const durableRecord = (i) => ({ id: i, title: `item ${i}`, done: i % 2 === 0 })

async function durableRuns() {
  const { createCodeRuntime, pause } = require('..')
  const runtime = createCodeRuntime({ durableKey: 'a bench key of thirty-two bytes!' })
  const bindings = { get: async (i) => durableRecord(i), approve: (done) => pause({ done }) }
  const rows = []
  const sizes = []
  let worst = 0
  for (const calls of DURABLE_CALLS) {
    const source = `let done = 0\nfor (let i = 0; i < ${calls}; i++) if ((await get(i)).done) done++\nconst ok: boolean = await approve(done)\nreturn ok ? done : -1`
    const expected = Math.ceil(calls / 2)
    try {
      const fresh = []
      const resumed = []
      let token
      // Interleaved, so that both see the same machine; the first rounds are warm-up.
      for (let round = -COUNTS.warmup; round < COUNTS.durable; round++) {
        let start = performance.now()
        const paused = await withDeadline(runtime.run({ source, bindings }), RUN_DEADLINE_MS)
        const freshMs = performance.now() - start
        if (paused.error?.kind !== 'paused') throw new Error(`the run did not pause: ${JSON.stringify(paused.error)}`)
        token = paused.paused.token
        start = performance.now()
        const done = await withDeadline(runtime.resume(token, { reply: true }, { bindings }), RUN_DEADLINE_MS)
        const resumeMs = performance.now() - start
        if (!done.ok || done.value !== expected || done.stats.replayedCalls !== calls + 1) throw new Error(`the resume gave ${JSON.stringify(done.ok ? done.value : done.error)}`)
        if (round >= 0) {
          fresh.push(freshMs)
          resumed.push(resumeMs)
        }
      }
      const [f, r] = [summarize(fresh), summarize(resumed)]
      worst = Math.max(worst, r.median / f.median)
      sizes.push([calls, token.length])
      rows.push([`${calls} calls, then the pause`, ms(f.median), ms(r.median), `${(r.median / f.median).toFixed(2)}x`, `${token.length} bytes`])
    } catch (error) {
      fail(`(l) ${calls} calls`, error)
      rows.push([`${calls} calls, then the pause`, 'failed', 'failed', 'failed', 'failed'])
    }
  }
  await runtime.dispose()
  const [[fewCalls, fewBytes], [manyCalls, manyBytes]] = [sizes[0] ?? [0, 0], sizes.at(-1) ?? [0, 0]]
  const perCall = manyCalls > fewCalls ? (manyBytes - fewBytes) / (manyCalls - fewCalls) : undefined
  return {
    markdown: `A program that makes N sequential binding calls (each reply a small record, about 40 bytes of JSON), then one that pauses. "fresh" is \`run()\` to the paused result (the token made and signed); "resume" is \`resume(token)\` replaying those N calls and the pause from the token, then returning. Median of ${COUNTS.durable} runs each, interleaved. Token size per logged call: ${perCall === undefined ? 'n/a' : `${perCall.toFixed(1)} bytes`} (the difference between the largest and smallest token over the difference in calls; each call's path, arguments and reply, in base64url).\n\n${table(['program', 'fresh to the pause', 'resume', 'resume / fresh', 'token'], rows)}`,
    targets: [
      target('(l) resume within 1.2x of running fresh to the pause (worst row)', rows.length && `${worst.toFixed(2)}x`, worst > 0 && worst <= 1.2),
      target('(l) token size per logged call', perCall && `${perCall.toFixed(1)} bytes`),
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// (m) MCP tool calls over stdio, boa only: what a program pays per call beyond the server's own
// time, against the fixture server the tests use (its echo tool does no work).

const MCP_FIXTURE = path.join(__dirname, '..', '__test__', 'fixtures', 'mcp-server.js')

async function mcpCalls(peers) {
  const boa = peers.find((peer) => peer.name === 'boa').driver
  const n = COUNTS.mcpCalls
  const { connectMcpServers } = require('../lib/adapters/mcp.js')
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js')
  const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js')
  const server = { command: process.execPath, args: [MCP_FIXTURE] }
  const mcp = await connectMcpServers({ fx: server })
  const direct = new Client({ name: 'bench', version: '1.0.0' })
  await direct.connect(new StdioClientTransport(server))
  const program = (count) => ({
    source: `let total = 0\nfor (let i = 0; i < ${count}; i++) total += (await fx.echo({ value: i + 1 })).value\nreturn total`,
    bindings: mcp.bindings,
    check: expectValue((count * (count + 1)) / 2),
  })
  const rows = { direct: [], program: [] }
  try {
    // interleaved, so that the machine's moods fall on both alike
    for (let rep = 0; rep < COUNTS.mcpReps + COUNTS.warmup; rep++) {
      const start = performance.now()
      for (let i = 0; i < n; i++) await direct.callTool({ name: 'echo', arguments: { value: i } })
      const directMs = (performance.now() - start) / n
      const base = await timedRun(boa, program(0))
      const programMs = ((await timedRun(boa, program(n))) - base) / n
      if (rep < COUNTS.warmup) continue
      rows.direct.push(directMs)
      rows.program.push(programMs)
    }
  } finally {
    await direct.close()
    await mcp.close()
  }
  const directStats = summarize(rows.direct)
  const programStats = summarize(rows.program)
  const beyond = summarize(rows.program.map((perCall, at) => perCall - rows.direct[at]))
  return {
    markdown: `A program making ${n} sequential calls of a tool that does no work (the echo tool of \`__test__/fixtures/mcp-server.js\`, spawned over stdio) through \`connectMcpServers\` bindings, per call (run time minus the same program with no calls, divided by ${n}), against the same calls made directly with the SDK's Client from Node (the server's own time, stdio both ways included); ${COUNTS.mcpReps} rounds, interleaved.\n\n${table(
      ['calls', 'median', 'p99'],
      [
        ['direct, SDK Client from Node', ms(directStats.median), ms(directStats.p99)],
        ['from a program, through code-runtime-boa/mcp', ms(programStats.median), ms(programStats.p99)],
        ['beyond the server\'s own time (per round)', ms(beyond.median), ms(beyond.p99)],
      ],
    )}`,
    targets: [target('(m) MCP tool call over stdio: cost beyond the server\'s own time under 0.5 ms', ms(beyond.median), beyond.median < 0.5)],
  }
}

// 10 MiB of bytes as a binding's argument and as its reply, and fetch through a network policy.
async function binaryAndFetch(peers) {
  const size = 10 << 20
  const limits = { maxResultBytes: 11 << 20 }
  const reply = new Uint8Array(size).fill(3)
  const bindings = { take: (bytes) => bytes.length + bytes[5], give: () => reply, giveNothing: () => 0 }
  const runs = {
    // each crossing is paired with a run that does the same but for the crossing, run just before
    argument: [
      { source: 'const bytes = new Uint8Array(10 << 20)\nbytes[5] = 7\nreturn await take(bytes)', bindings, limits, check: expectValue(size + 7) },
      { source: 'const bytes = new Uint8Array(10 << 20)\nbytes[5] = 7\nreturn await giveNothing() + bytes.length + bytes[5]', bindings, limits, check: expectValue(size + 7) },
    ],
    reply: [
      { source: 'const bytes = await give()\nreturn bytes.length + bytes[5]', bindings, limits, check: expectValue(size + 3) },
      { source: 'return await giveNothing() + 10485763', bindings, limits, check: expectValue(size + 3) },
    ],
  }
  const sections = []
  const targets = []
  const binaryPeers = (peer) => peer.name === 'boa' || peer.name === 'isolated-vm'
  for (const [direction, [crossing, without]] of Object.entries(runs)) {
    const results = await perPeer(peers, `(n) 10 MiB ${direction}`, async (driver) => {
      for (let i = 0; i < COUNTS.warmup; i++) await timedRun(driver, crossing)
      const times = []
      for (let i = 0; i < COUNTS.bigValues; i++) {
        const base = await timedRun(driver, without)
        times.push((await timedRun(driver, crossing)) - base)
      }
      return { stats: summarize(times) }
    }, binaryPeers)
    sections.push(`### 10 MiB Uint8Array ${direction} (run time minus the same run without the crossing)\n\n${latencyTable(peers, results)}`)
    const boa = results.boa?.stats
    targets.push(target(`(n) 10 MiB Uint8Array ${direction} crosses in under 10 ms`, boa && ms(boa.median), boa && boa.median < 10))
  }

  // fetch of a local 1 KiB JSON document: 100 in sequence inside one program, against the host
  // making the same 100 requests itself.
  const http = require('node:http')
  const document = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] }))).padEnd(1024, ' ')
  const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(document))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${server.address().port}/doc.json`
  const count = SMOKE ? 5 : 100
  const fetchRun = {
    source: `let n = 0\nfor (let i = 0; i < ${count}; i++) n += (await (await fetch('${url}')).json()).length\nreturn n`,
    fetch: { allow: [url] },
    check: expectValue(20 * count),
  }
  const results = await perPeer(peers, '(n) fetch', async (driver) => ({
    stats: summarize((await samples(driver, COUNTS.sequentialReps, fetchRun)).map((t) => t / count)),
  }), (peer) => peer.name === 'boa')
  const direct = []
  for (let rep = 0; rep < COUNTS.sequentialReps; rep++) {
    const start = performance.now()
    for (let i = 0; i < count; i++) await (await fetch(url)).json()
    direct.push((performance.now() - start) / count)
  }
  server.close()
  const host = summarize(direct)
  const boa = results.boa?.stats
  sections.push(`### fetch of a local 1 KiB JSON document (per request: ${count} in sequence in one program, ${COUNTS.sequentialReps} runs)\n\n${table(['who', 'median', 'p99'], [
    ['boa program, fetch through an allow-list policy', boa ? ms(boa.median) : results.boa?.text, boa ? ms(boa.p99) : ''],
    ['the host, fetch directly', ms(host.median), ms(host.p99)],
  ])}`)
  targets.push(target('(n) fetch of a local 1 KiB JSON document, program vs host directly', boa && `${ms(boa.median)} vs ${ms(host.median)}`))
  return {
    markdown: `isolated-vm copies with its ExternalCopy (\`copy: true\` on the call and its result). ${COUNTS.bigValues} runs per peer.\n\n${sections.join('\n\n')}`,
    targets,
  }
}

// (o) The two substrates of this runtime side by side, interleaved: each round runs every
// measurement on a thread runtime, then on a process runtime, so both see the same machine.
async function substrates() {
  const { createCodeRuntime } = require('..')
  const rounds = SMOKE ? 2 : 20
  const perRound = SMOKE ? 3 : 25
  const calls = SMOKE ? 20 : 500
  const bindings = { tools: { echo: async (value) => value, size: async (bytes) => bytes.length, nothing: async () => 0 } }
  // the argument is bounded by maxResultBytes, 1 MiB by default, with room for nothing else
  const limits = { maxResultBytes: 2 << 20 }
  const runs = {
    'cold TS run with one binding': { source: 'const n: number = await tools.echo(1)\nreturn n + 1', bindings, check: expectValue(2) },
    [`binding round trip (per call, ${calls} in one run)`]: {
      source: `let n = 0\nfor (let i = 0; i < ${calls}; i++) n = await tools.echo(n + 1)\nreturn n`, bindings, check: expectValue(calls), perCall: calls,
    },
    '1 MiB Uint8Array argument (minus the same run without it)': {
      source: 'const bytes = new Uint8Array(1 << 20)\nreturn await tools.size(bytes)', bindings, limits, check: expectValue(1 << 20),
      without: { source: 'const bytes = new Uint8Array(1 << 20)\nreturn (await tools.nothing()) + bytes.length', bindings, limits, check: expectValue(1 << 20) },
    },
  }
  const runtimes = { thread: createCodeRuntime(), process: createCodeRuntime({ substrate: 'process' }) }
  const times = Object.fromEntries(Object.keys(runs).map((name) => [name, { thread: [], process: [] }]))
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(runs)) {
      for (const [substrate, runtime] of Object.entries(runtimes)) {
        const driver = { run: (options) => runtime.run(options) }
        for (let i = 0; i < perRound; i++) {
          const base = run.without ? await timedRun(driver, run.without) : 0
          times[name][substrate].push(((await timedRun(driver, run)) - base) / (run.perCall ?? 1))
        }
      }
    }
  }
  // Pool warm-up: from createCodeRuntime until a first run has come back, against the same on threads.
  const warmUp = { thread: [], process: [] }
  for (let round = 0; round < (SMOKE ? 2 : 10); round++) {
    for (const substrate of ['thread', 'process']) {
      const start = performance.now()
      const runtime = createCodeRuntime({ substrate })
      await timedRun(runtime, { source: 'return 1', check: expectValue(1) })
      warmUp[substrate].push(performance.now() - start)
      await runtime.dispose()
    }
  }
  // Memory of an idle child: its resident set once its runs are over.
  const rss = runtimes.process.childPids.map((pid) => Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024)
  for (const runtime of Object.values(runtimes)) await runtime.dispose()
  const rows = Object.entries(times).map(([name, { thread, process }]) => {
    const [t, p] = [summarize(thread), summarize(process)]
    return [name, ms(t.median), ms(p.median), `${(p.median / t.median).toFixed(2)}x`]
  })
  const [t, p] = [summarize(warmUp.thread), summarize(warmUp.process)]
  rows.push(['createCodeRuntime until a first run is back', ms(t.median), ms(p.median), `${(p.median / t.median).toFixed(2)}x`])
  const idle = rss.length ? mb(Math.max(...rss)) : 'n/a'
  rows.push(['resident memory of an idle child (the largest)', '', idle, ''])
  const ratio = (name) => summarize(times[name].process).median / summarize(times[name].thread).median
  const names = Object.keys(runs)
  return {
    markdown: `Medians over ${rounds} interleaved rounds of ${perRound} runs per substrate.\n\n${table(['measurement', 'thread', 'process', 'process / thread'], rows)}`,
    targets: [
      target('(o) cold TS run with one binding on the process substrate, at most 2x the thread substrate', `${ratio(names[0]).toFixed(2)}x`, ratio(names[0]) <= 2),
      target('(o) binding round trip on the process substrate, at most 2x', `${ratio(names[1]).toFixed(2)}x`, ratio(names[1]) <= 2),
      target('(o) 1 MiB argument on the process substrate, at most 1.5x', `${ratio(names[2]).toFixed(2)}x`, ratio(names[2]) <= 1.5),
      target('(o) pool warm-up: a first run back within 50 ms of createCodeRuntime', ms(p.median), p.median < 50),
      target('(o) an idle child holds at most 16 MiB', idle, rss.length > 0 && Math.max(...rss) <= 16 << 20),
    ],
  }
}

const WORKLOADS = [
  ['(a) Cold run', coldRun],
  ['(b) Sequential binding calls', sequentialCalls],
  ['(c) Fan-out with Promise.all', fanOut],
  ['(d) Concurrent awaiting runs', concurrentRuns],
  ['(e) Compute', compute],
  ['(f) Stop latency', stopLatency],
  ['(g) Soak of stopped runs', soak],
  ['(h) 1 MB across the bridge', bigValues],
  ['(i) Long life', longLife],
  ['(j) Memory budget of bulk built-ins', memoryBudget],
  ['(k) An agent server', agentServer],
  ['(l) Durable runs', durableRuns],
  ['(m) MCP tool calls over stdio', mcpCalls],
  ['(n) Binary data and fetch', binaryAndFetch],
  ['(o) Substrates: thread and process', substrates],
]

// ---------------------------------------------------------------------------------------------

async function loadPeers() {
  const peers = []
  for (const name of PEERS) {
    const peer = require(`./peers/${name}`)
    try {
      peers.push({ ...peer, driver: await peer.load() })
    } catch (error) {
      console.error(`peer ${name} unavailable: ${error.message.split('\n')[0]}`)
      peers.push({ ...peer, unavailable: error.message.split('\n')[0] })
    }
  }
  return peers
}

async function main() {
  if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc')
  if (process.argv.includes(BURST_CHILD_FLAG)) {
    const maxConcurrency = process.argv[process.argv.indexOf(BURST_CHILD_FLAG) + 1]
    console.log(JSON.stringify(await waitingBurst(maxConcurrency === 'undefined' ? undefined : Number(maxConcurrency))))
    return
  }
  const peers = await loadPeers()
  // This runtime is the subject: without it the bench has measured nothing.
  if (peers[0].unavailable) fail('loading boa', peers[0].unavailable)
  const sections = []
  const targets = []
  for (const [title, workload] of WORKLOADS) {
    if (ONLY && !ONLY.some((letter) => title.startsWith(`(${letter})`))) continue
    console.log(title)
    const section = await workload(peers)
    sections.push(`## ${title}\n\n${section.markdown}`)
    targets.push(...section.targets)
  }
  for (const peer of peers) await peer.driver?.close?.()

  const markdown = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.js) on ${new Date().toISOString()}. Lower is better everywhere; "boa faster by" is the peer's figure divided by boa's.`,
    '',
    '## Machine',
    '',
    machine(),
    '',
    '## Peers',
    '',
    table(['peer', 'what it is', 'stops it can make'], peers.map((peer) => [peerLabel(peer), peer.unavailable ? `unavailable (${peer.unavailable})` : peer.note, peer.stops.join(', ') || 'none'])),
    '',
    '## Targets',
    '',
    table(['target', 'measured', 'verdict'], targets.map((t) => [t.name, t.measured || 'n/a', t.verdict])),
    '',
    ...sections.flatMap((section) => [section, '']),
    failures.length ? `## Failures\n\n${failures.map((f) => `- ${f}`).join('\n')}\n` : '',
  ].join('\n')

  if (SMOKE || ONLY) console.log(`\n${markdown}`)
  else {
    const file = path.join(__dirname, 'RESULTS.md')
    fs.writeFileSync(file, markdown)
    console.log(`\n${markdown}\nwrote ${file}`)
  }
  console.log(failures.length ? `bench: ${failures.length} failure(s)` : 'bench: every run completed as expected')
  // Exit explicitly: a runtime that failed to stop a program may still hold a busy thread.
  process.exit(failures.length ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
