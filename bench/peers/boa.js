'use strict'
// This runtime, through its public API only.
const { RunError } = require('./common')

function driver(runtime) {
  async function run({ source, bindings, limits, signal, fetch }) {
    const result = await runtime.run({ source, language: 'typescript', bindings, limits, signal, fetch })
    if (!result.ok) throw Object.assign(new RunError(result.error.kind, result.error.message), { stats: result.stats })
    return { value: result.value, logs: result.logs.map((entry) => entry.text), stats: result.stats }
  }
  return { run, close: () => runtime.dispose() }
}

module.exports = {
  driver,
  name: 'boa',
  note: 'this runtime (code-runtime-boa)',
  stops: ['compute_budget', 'wall_budget', 'aborted', 'memory_budget'],
  async load() {
    const addon = require('../..')
    const boa = driver(addon.createCodeRuntime())
    // The same build with budget enforcement switched off, when the addon exposes it: the
    // compute workloads measure what enforcement costs.
    if (typeof addon.__unsafeCreateUnbudgetedRuntime === 'function') {
      boa.unbudgeted = driver(addon.__unsafeCreateUnbudgetedRuntime())
    }
    return boa
  },
}
