'use strict'
// test262 as a ratchet: runs the built-ins and language trees of a test262 checkout through the
// built package and fails when any directory's pass count falls below the committed table
// (counts.json beside this file). README "Conformance (test262)" says what a test becomes here.
//
//   npm run test262 -- <checkout> [--update] [--only <dir under test/>]... [--jobs N] [--at-once N]
//                      [--failures <file>] [--commit <sha>] [--table <file>] [--hang-ms N]

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { fork } = require('node:child_process')
const { parseArgs } = require('node:util')
const { TREES, LIMITS, directoryOf } = require('./tests.js')
const { openCheckout } = require('./checkout.js')
const { readTable, tally, drops, rises, formatTable } = require('./table.js')

const TABLE = path.join(__dirname, 'counts.json')
const WORKER = path.join(__dirname, 'worker.js')
/** By default, a test not answered this long after it started wedged its process past every budget. */
const HANG_MS = LIMITS.maxWallMs + 60_000
const USAGE = 'usage: npm run test262 -- <test262 checkout> [--update] [--only <dir under test/>]... [--jobs N] [--at-once N] [--failures <file>] [--commit <sha>] [--table <file>] [--hang-ms N]'

function options(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      update: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      jobs: { type: 'string', default: String(os.availableParallelism()) },
      'at-once': { type: 'string', default: '4' },
      failures: { type: 'string' },
      commit: { type: 'string' },
      table: { type: 'string', default: TABLE },
      'hang-ms': { type: 'string', default: String(HANG_MS) },
    },
  })
  if (positionals.length !== 1) throw new Error(`give exactly one test262 checkout, got ${positionals.length}`)
  const count = (name) => {
    const value = Number(values[name])
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number >= 1, got ${JSON.stringify(values[name])}`)
    return value
  }
  if (values.update && values.only) throw new Error('--update rewrites the whole table: run it without --only')
  if (values.commit !== undefined && !/^[0-9a-f]{40}$/.test(values.commit)) throw new Error(`--commit takes a 40-hex-digit commit, got ${JSON.stringify(values.commit)}`)
  return { checkout: positionals[0], update: values.update, only: values.only, jobs: count('jobs'), atOnce: count('at-once'), hangMs: count('hang-ms'), failures: values.failures, commit: values.commit, table: values.table }
}

/**
 * Runs `keys` on `jobs` worker processes, `atOnce` tests in flight each, and resolves with a Map
 * of key to `{ verdict, message, computeMs }`. A process that dies takes its tests in flight with
 * it: each is run again alone in a process of its own (`spawn(key)`), and one that kills that too
 * is 'crashed'. A test unanswered after `hangMs` is 'hung': its process is killed, its other
 * tests go back in the queue.
 */
function runTests(root, keys, { jobs, atOnce, hangMs, onProgress }) {
  const answers = new Map()
  const queue = [...keys].reverse()
  const workers = new Set()
  let nextId = 0
  return new Promise((resolve, reject) => {
    let failed = false
    const record = (key, verdict, message, computeMs) => {
      answers.set(key, { verdict, message, computeMs })
      onProgress(answers.size)
    }
    const finishIfDone = () => {
      if (workers.size === 0 && !failed) {
        clearInterval(watchdog)
        resolve(answers)
      }
    }
    const spawn = (alone) => {
      const child = fork(WORKER, [root, String(alone ? 1 : atOnce)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
      const worker = { child, ready: false, outstanding: new Map(), killed: false }
      workers.add(worker)
      const feed = () => {
        if (!alone) while (worker.outstanding.size < atOnce && queue.length > 0) send(queue.pop())
        if (worker.outstanding.size === 0 && child.connected) child.disconnect()
      }
      const send = (key) => {
        const id = nextId++
        worker.outstanding.set(id, { key, started: Date.now() })
        child.send({ id, key })
      }
      child.on('message', (message) => {
        if (message.ready) {
          worker.ready = true
          if (alone) send(alone)
          return feed()
        }
        const task = worker.outstanding.get(message.id)
        if (!task) return
        worker.outstanding.delete(message.id)
        record(task.key, message.verdict, message.message, message.computeMs)
        feed()
      })
      child.on('exit', (code, signal) => {
        workers.delete(worker)
        if (!worker.ready) {
          failed = true
          clearInterval(watchdog)
          for (const other of workers) other.child.kill('SIGKILL')
          return reject(new Error(`a test process exited before it could run tests (${signal ?? `code ${code}`}); is the package built (npm run build)?`))
        }
        const lost = [...worker.outstanding.values()].map((task) => task.key)
        if (alone && lost.length > 0) record(alone, 'crashed', `the process died (${signal ?? `code ${code}`}) running this test alone`)
        else if (worker.killed) queue.push(...lost)
        else for (const key of lost) spawn(key)
        if (!alone && queue.length > 0) spawn(undefined)
        finishIfDone()
      })
    }
    const watchdog = setInterval(() => {
      for (const worker of workers) {
        for (const [id, task] of worker.outstanding) {
          if (Date.now() - task.started < hangMs) continue
          worker.outstanding.delete(id)
          record(task.key, 'hung', `no answer after ${hangMs / 1000} s: the engine did not stop at its budgets`)
          worker.killed = true
          worker.child.kill('SIGKILL')
        }
      }
    }, 1_000)
    for (let i = 0; i < Math.min(jobs, Math.ceil(keys.length / atOnce)); i++) spawn(undefined)
    finishIfDone()
  })
}

/** Whether `key` (a path under test/) is `prefix` or lies under it. */
function within(prefix, key) {
  const directory = prefix.replace(/\/+$/, '')
  return key === directory || key.startsWith(`${directory}/`)
}

function formatDuration(ms) {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

async function main() {
  const opts = options(process.argv.slice(2))
  const checkout = openCheckout(opts.checkout)
  const prefixes = opts.only ?? TREES
  const keys = checkout.listTests(prefixes)
  const table = opts.update ? undefined : readTable(opts.table)
  const commit = checkout.commit() ?? opts.commit
  if (opts.update && !commit) throw new Error(`cannot tell which test262 commit ${checkout.root} is at (not a git work tree): pass --commit <sha>`)
  if (table && commit && commit !== table.test262) {
    console.warn(`warning: the table was made at test262 ${table.test262}, the checkout is at ${commit}: counts can move for reasons other than the engine`)
  }

  const started = Date.now()
  let lastReport = started
  const answers = await runTests(checkout.root, keys, {
    jobs: opts.jobs,
    atOnce: opts.atOnce,
    hangMs: opts.hangMs,
    onProgress(done) {
      if (Date.now() - lastReport < 15_000) return
      lastReport = Date.now()
      console.error(`${done} / ${keys.length} tests, ${formatDuration(lastReport - started)}`)
    },
  })
  const elapsed = Date.now() - started
  const records = keys.map((key) => ({ key, directory: directoryOf(key), ...answers.get(key) }))
  const counts = tally(records)

  if (opts.failures) {
    const lines = records.filter((r) => r.verdict !== 'pass').map((r) => `${r.verdict} ${r.key}: ${r.message}`)
    fs.writeFileSync(opts.failures, lines.join('\n') + '\n')
  }
  for (const r of records.filter((r) => r.verdict === 'crashed' || r.verdict === 'hung')) console.log(`${r.verdict.toUpperCase()} ${r.key}: ${r.message}`)
  for (const prefix of opts.only ?? []) {
    const { passed, run, notApplicable } = tally(records.filter((r) => within(prefix, r.key))).totals
    console.log(`${prefix}: ${passed} / ${run} passed, ${notApplicable} not applicable`)
  }
  const slowest = records.filter((r) => r.computeMs !== undefined).sort((a, b) => b.computeMs - a.computeMs).slice(0, 5)
  console.log(`most CPU: ${slowest.map((r) => `${r.key} ${Math.round(r.computeMs)} ms`).join(', ')} (budget ${LIMITS.computeMs} ms)`)
  const { passed, run, notApplicable } = counts.totals
  console.log(`test262 ${commit ?? '(commit unknown)'}: ${passed} / ${run} passed, ${notApplicable} not applicable, ${keys.length} files in ${formatDuration(elapsed)}`)

  if (opts.update) {
    fs.writeFileSync(opts.table, formatTable(counts, commit))
    console.log(`wrote ${opts.table}`)
    return 0
  }
  const covered = opts.only && Object.keys(table.directories).filter((directory) => opts.only.some((prefix) => within(prefix, directory)))
  for (const { directory, was, now } of rises(table, counts, covered)) console.log(`up   ${directory}: ${was} -> ${now} passed (npm run test262 -- <checkout> --update raises the table)`)
  const fallen = drops(table, counts, covered)
  for (const { directory, was, now } of fallen) console.log(`DROP ${directory}: ${was} -> ${now} passed`)
  if (fallen.length > 0) {
    console.log(`${fallen.length} ${fallen.length === 1 ? 'directory' : 'directories'} passed fewer tests than ${opts.table} records (--failures <file> lists every failing test)`)
    return 1
  }
  console.log('no directory passed fewer tests than the table records')
  return 0
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`test262: ${error.message}\n${USAGE}`)
    process.exit(2)
  },
)
