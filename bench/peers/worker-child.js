'use strict'
// Inside the per-run Worker: bindings become promise-returning globals that post to the host.
const { parentPort, workerData } = require('node:worker_threads')

const pending = new Map()
let nextId = 0
parentPort.on('message', ({ id, value, error }) => {
  const call = pending.get(id)
  pending.delete(id)
  if (error === undefined) call.resolve(value)
  else call.reject(new Error(error))
})

for (const name of workerData.bindings) {
  globalThis[name] = (...args) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      parentPort.postMessage({ type: 'call', id, name, args })
    })
}
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => parentPort.postMessage({ type: 'log', text: args.map(String).join(' ') })
}

// Indirect eval: the program sees globals only, not this module's scope.
;(0, eval)(workerData.code)().then(
  (value) => parentPort.postMessage({ type: 'done', value }),
  (error) => parentPort.postMessage({ type: 'error', message: String((error && error.stack) || error) }),
)
