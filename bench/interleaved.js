'use strict'
// Wall-clock medians with the contenders interleaved, so each sees the same machine:
//   node bench/interleaved.js <workload> <rounds> <runs per round> <contender>...
// A contender is name=<package dir> (a build of this runtime; name=<dir>+unbudgeted for it without
// budget enforcement), a peer of bench/peers
// (quickjs, isolated-vm, ...), or `port`: SEQUENTIAL_CALLS round trips of a number over a live
// worker's message port, the reference for `sequential`. Prints per contender the best and the
// median of its per-round medians (per call for `sequential` and `port`).
const path = require('node:path')
const { Worker } = require('node:worker_threads')
const { workloads, SEQUENTIAL_CALLS } = require('./workloads')

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const WARMUP = 2

async function portDriver() {
  const worker = new Worker("require('node:worker_threads').parentPort.on('message', (n) => require('node:worker_threads').parentPort.postMessage(n + 1))", { eval: true })
  await new Promise((resolve) => worker.once('online', resolve))
  const trip = (n) => new Promise((resolve) => {
    worker.once('message', resolve)
    worker.postMessage(n)
  })
  return {
    async run() {
      for (let i = 0, n = 0; i < SEQUENTIAL_CALLS; i++) n = await trip(n)
    },
    close: () => worker.terminate(),
  }
}

async function contender(spec) {
  const [name, dir] = spec.split('=')
  if (name === 'port') return { name, ...(await portDriver()) }
  if (!dir) return { name, ...(await require(`./peers/${name}`).load()) }
  // `name=dir` measures that build; `name=dir+unbudgeted` the same build without its budget
  // enforcement, to measure what enforcement costs.
  const [root, variant] = dir.split('+')
  const runtimes = require(path.join(path.resolve(root), 'index.js'))
  const runtime = variant === 'unbudgeted' ? runtimes.__unsafeCreateUnbudgetedRuntime() : runtimes.createCodeRuntime()
  return {
    name,
    async run(workload) {
      const result = await runtime.run({ ...workload, language: 'typescript' })
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`)
    },
    close: () => runtime.dispose(),
  }
}

async function main() {
  const [name, rounds, perRound, ...specs] = process.argv.slice(2)
  const workload = workloads()[name]
  const contenders = []
  for (const spec of specs) contenders.push(await contender(spec))
  const medians = new Map(contenders.map((c) => [c.name, []]))
  for (let round = 0; round < Number(rounds); round++) {
    for (const c of contenders) {
      const times = []
      for (let i = 0; i < WARMUP + Number(perRound); i++) {
        const start = performance.now()
        await c.run(workload)
        if (i >= WARMUP) times.push(performance.now() - start)
      }
      medians.get(c.name).push(median(times))
    }
  }
  const perCall = name === 'sequential'
  const show = (msec) => (perCall ? `${((msec * 1000) / SEQUENTIAL_CALLS).toFixed(1)} µs per call` : `${msec.toFixed(3)} ms`)
  for (const [who, values] of medians) {
    console.log(`${name} · ${who}: best ${show(Math.min(...values))}, median ${show(median(values))} of ${values.length} round medians [${values.map(show).join(', ')}]`)
  }
  for (const c of contenders) await c.close?.()
  process.exit(0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
