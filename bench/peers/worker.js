'use strict'
// The design this runtime replaces: one worker_threads Worker per run, TypeScript stripped on the
// host, bindings bridged over the message port.
const path = require('node:path')
const { Worker } = require('node:worker_threads')
const { asyncFunctionSource, RunError } = require('./common')

const CHILD = path.join(__dirname, 'worker-child.js')

function run({ source, bindings = {}, limits = {}, signal }) {
  const code = asyncFunctionSource(source)
  return new Promise((resolve, reject) => {
    const logs = []
    const worker = new Worker(CHILD, {
      env: {},
      execArgv: [],
      workerData: { code, bindings: Object.keys(bindings) },
      resourceLimits: limits.maxMemoryBytes ? { maxOldGenerationSizeMb: limits.maxMemoryBytes / 2 ** 20 } : undefined,
    })
    let timer
    const onAbort = () => finish(new RunError('aborted'))
    // Resolves as soon as the result is known; the worker is torn down in the background, as
    // a caller of the old backend would see it.
    const finish = (error, value) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      worker.removeAllListeners()
      worker.on('error', () => {})
      worker.terminate()
      if (error) reject(error)
      else resolve({ value, logs })
    }
    if (limits.maxWallMs) timer = setTimeout(() => finish(new RunError('wall_budget')), limits.maxWallMs)
    if (signal) {
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
    }
    worker.on('message', (message) => {
      if (message.type === 'log') logs.push(message.text)
      else if (message.type === 'done') finish(null, message.value)
      else if (message.type === 'error') finish(new RunError('runtime', message.message))
      else {
        const { id, name, args } = message
        Promise.resolve()
          .then(() => bindings[name](...args))
          .then(
            (value) => worker.postMessage({ id, value }),
            (error) => worker.postMessage({ id, error: String(error) }),
          )
      }
    })
    worker.on('error', (error) =>
      finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new RunError('memory_budget') : error),
    )
    worker.on('exit', (code) => finish(new Error(`worker exited with code ${code} before finishing`)))
  })
}

// Reference figure for binding calls: the cost of one message-port round trip to a live worker.
async function pingPong(count) {
  const worker = new Worker(
    "const { parentPort } = require('node:worker_threads'); parentPort.on('message', (m) => parentPort.postMessage(m))",
    { eval: true, env: {}, execArgv: [] },
  )
  const roundTrip = (n) => new Promise((resolve) => { worker.once('message', resolve); worker.postMessage(n) })
  await roundTrip(-1)
  const start = performance.now()
  for (let i = 0; i < count; i++) await roundTrip(i)
  const perTripMs = (performance.now() - start) / count
  await worker.terminate()
  return perTripMs
}

module.exports = {
  name: 'worker',
  note: 'fresh worker_threads Worker per run (the design this runtime replaces)',
  stops: ['wall_budget', 'aborted', 'memory_budget'],
  async load() {
    return { run, pingPong }
  },
}
