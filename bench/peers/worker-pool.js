'use strict'
// A pool of worker_threads, one per core, each running many programs at once (each program an
// async function of its bindings, evaluated in the worker's global scope): the usual way to keep
// programs' computing off Node's thread without a Worker per run. Programs in one worker share
// its heap and globals, so this is a throughput reference, not isolation. Used by section (k).
const path = require('node:path')
const { availableParallelism } = require('node:os')
const { Worker } = require('node:worker_threads')
const amaro = require('amaro')
const { RunError } = require('./common')

const CHILD = path.join(__dirname, 'worker-pool-child.js')

// The program body as an async function whose parameters are its bindings' names.
function programSource(source, names) {
  return amaro.transformSync(`(async ({ ${names.join(', ')} }) => {\n${source}\n})`, { mode: 'strip-only' }).code
}

function load() {
  const workers = Array.from({ length: availableParallelism() }, () => new Worker(CHILD, { env: {}, execArgv: [] }))
  const jobs = new Map()
  let nextJob = 0
  for (const worker of workers) {
    worker.on('message', (message) => {
      const job = jobs.get(message.job)
      if (message.type === 'call') {
        Promise.resolve()
          .then(() => job.bindings[message.name](...message.args))
          .then(
            (value) => worker.postMessage({ type: 'reply', job: message.job, call: message.call, value }),
            (error) => worker.postMessage({ type: 'reply', job: message.job, call: message.call, error: String(error) }),
          )
      } else {
        jobs.delete(message.job)
        if (message.type === 'done') job.resolve({ value: message.value, logs: [] })
        else job.reject(new RunError('runtime', message.message))
      }
    })
  }

  function run({ source, bindings = {} }) {
    const names = Object.keys(bindings)
    const code = programSource(source, names)
    const job = nextJob++
    return new Promise((resolve, reject) => {
      jobs.set(job, { bindings, resolve, reject })
      workers[job % workers.length].postMessage({ type: 'run', job, code, names })
    })
  }

  return { run, close: () => Promise.all(workers.map((worker) => worker.terminate())) }
}

module.exports = {
  name: 'worker-pool',
  note: 'a pool of worker_threads (one per core), many programs at once in each, no isolation between them',
  stops: [],
  async load() {
    return load()
  },
}
