'use strict'

const { registerCodeRuntime } = require('../register.js')
const { pause } = require('../pause.js')

/**
 * A cordis plugin module (name + apply): `ctx.plugin(require('code-runtime-boa/cordis'), options)`
 * provides the `codeRuntime` service, created when the plugin starts and disposed with its scope.
 */
const name = 'code-runtime-boa'

function apply(ctx, options) {
  registerCodeRuntime(ctx, options)
}

module.exports = { name, apply, pause }
