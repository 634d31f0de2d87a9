'use strict'
// Inside a worker of bench/peers/worker-pool.js: runs each program it is sent at once, its
// bindings promise-returning functions that post to the host.
const { parentPort } = require('node:worker_threads')

const pending = new Map()
let nextCall = 0

parentPort.on('message', (message) => {
  if (message.type === 'reply') {
    const call = pending.get(message.call)
    pending.delete(message.call)
    if (message.error === undefined) call.resolve(message.value)
    else call.reject(new Error(message.error))
    return
  }
  const { job, code, names } = message
  const bindings = Object.fromEntries(
    names.map((name) => [
      name,
      (...args) =>
        new Promise((resolve, reject) => {
          const call = nextCall++
          pending.set(call, { resolve, reject })
          parentPort.postMessage({ type: 'call', job, call, name, args })
        }),
    ]),
  )
  // Indirect eval: the program sees globals and its bindings, not this module's scope.
  Promise.resolve()
    .then(() => (0, eval)(code)(bindings))
    .then(
      (value) => parentPort.postMessage({ type: 'done', job, value }),
      (error) => parentPort.postMessage({ type: 'error', job, message: String((error && error.stack) || error) }),
    )
})
