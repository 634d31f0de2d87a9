'use strict'

// The package's entry: createCodeRuntime and the helpers built on it. The implementation lives
// in lib/ (runtime, sessions, the host side of the bridge) over the addon in lib/native/.

const { createCodeRuntime, __unsafeCreateUnbudgetedRuntime } = require('./lib/runtime.js')
const { describeBindings } = require('./lib/describe.js')
const { registerCodeRuntime } = require('./lib/register.js')
const { STAGED_INPUTS_ENV } = require('./lib/native/binding.js')

module.exports = {
  createCodeRuntime,
  describeBindings,
  registerCodeRuntime,
  STAGED_INPUTS_ENV,
  __unsafeCreateUnbudgetedRuntime,
}
