'use strict'

const { createCodeRuntime } = require('./runtime.js')

/**
 * Creates a runtime and makes it `ctx.codeRuntime`. On a cordis context it becomes a service
 * tied to ctx's scope: unset, then disposed, when that scope is disposed. On any other object it
 * is a plain property, and disposing it is the caller's job.
 */
function registerCodeRuntime(ctx, options) {
  if (typeof ctx !== 'object' || ctx === null) {
    throw new TypeError(`registerCodeRuntime: ctx must be an object to put codeRuntime on, got ${ctx === null ? 'null' : typeof ctx}`)
  }
  if (isCordisContext(ctx)) {
    const runtime = createCodeRuntime(options)
    // set() first, so that on dispose the service is withdrawn before the runtime shuts down
    ctx.set('codeRuntime', runtime)
    ctx.effect(() => () => runtime.dispose())
    return runtime
  }
  if (ctx.codeRuntime != null) {
    throw new Error('registerCodeRuntime: ctx.codeRuntime is already set; dispose it and delete the property first, or use another object')
  }
  const runtime = createCodeRuntime(options)
  ctx.codeRuntime = runtime
  return runtime
}

const isCordisContext = (ctx) => typeof ctx.set === 'function' && typeof ctx.effect === 'function' && typeof ctx.provide === 'function'

module.exports = { registerCodeRuntime }
