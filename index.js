'use strict'

// The package's entry: createCodeRuntime and the helpers built on it. The implementation lives
// in lib/ (runtime, sessions, the host side of the bridge) over the addon (lib/addon.js loads it).

const { createCodeRuntime, __unsafeCreateUnbudgetedRuntime } = require('./lib/runtime.js')
const { describeBindings } = require('./lib/describe.js')
const { registerCodeRuntime } = require('./lib/register.js')
const { STAGED_INPUTS_ENV } = require('./lib/addon.js')
const { pause } = require('./lib/pause.js')

module.exports = {
  createCodeRuntime,
  describeBindings,
  registerCodeRuntime,
  pause,
  STAGED_INPUTS_ENV,
  __unsafeCreateUnbudgetedRuntime,
}
