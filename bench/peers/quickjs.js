'use strict'
// quickjs-emscripten in its leanest form (as issue 17 defines the comparison): a fresh QuickJS
// runtime + context per run, in WebAssembly on the host's thread, with no JavaScript shim
// evaluated before the program. `console` and every binding are host functions defined directly;
// a binding returns a QuickJS promise settled from the host. Values cross as JSON text, made and
// read by QuickJS's own JSON.stringify and JSON.parse (dumping a large argument handle by handle
// from the host is several times slower). Budgets come from the interrupt handler, which QuickJS polls
// while it executes; an AbortSignal cannot be honoured because its event never fires while the
// host thread is busy inside QuickJS.
const { asyncFunctionSource, RunError } = require('./common')

const LOG_LEVELS = ['log', 'info', 'warn', 'error', 'debug']

function load(QuickJS) {
  async function run({ source, bindings = {}, limits = {} }) {
    const code = asyncFunctionSource(source)
    const runtime = QuickJS.newRuntime()
    const context = runtime.newContext()
    const started = performance.now()
    const logs = []
    const deferreds = new Set()
    let busyMs = 0
    let sliceStart = started
    let stopKind
    let disposed = false
    let hostStop

    // Compute time is the sum of the slices spent inside QuickJS; waiting on bindings is free.
    const inside = (fn) => {
      sliceStart = performance.now()
      try {
        return fn()
      } finally {
        busyMs += performance.now() - sliceStart
      }
    }
    runtime.setInterruptHandler(() => {
      const now = performance.now()
      if (limits.computeMs && busyMs + now - sliceStart > limits.computeMs) stopKind ??= 'compute_budget'
      if (limits.maxWallMs && now - started > limits.maxWallMs) stopKind ??= 'wall_budget'
      return stopKind !== undefined
    })
    if (limits.maxMemoryBytes) runtime.setMemoryLimit(limits.maxMemoryBytes)

    // A resolved value is the binding's JSON text parsed by QuickJS; a rejection is the error's text.
    const settlement = (method, text) => {
      if (text === undefined) return context.undefined
      const string = context.newString(text)
      return method === 'reject' ? string : string.consume((h) => context.unwrapResult(context.callFunction(jsonParse, context.undefined, h)))
    }
    const settle = (deferred, method, text) => {
      if (disposed) return
      const handle = settlement(method, text)
      deferred[method](handle)
      handle.dispose()
      deferreds.delete(deferred)
      deferred.dispose()
      inside(() => runtime.executePendingJobs())
    }
    const define = (target, name, fn) => context.newFunction(name, fn).consume((h) => context.setProp(target, name, h))
    context.newObject().consume((console) => {
      const log = (...args) => {
        logs.push(args.map((h) => String(context.dump(h))).join(' '))
      }
      for (const level of LOG_LEVELS) define(console, level, log)
      context.setProp(context.global, 'console', console)
    })
    const [jsonParse, jsonStringify] = context.getProp(context.global, 'JSON').consume((json) => [context.getProp(json, 'parse'), context.getProp(json, 'stringify')])
    const argument = (handle) =>
      context.unwrapResult(context.callFunction(jsonStringify, context.undefined, handle)).consume((text) => (context.typeof(text) === 'string' ? JSON.parse(context.getString(text)) : undefined))
    for (const [name, fn] of Object.entries(bindings)) {
      define(context.global, name, (...argHandles) => {
        const args = argHandles.map(argument)
        const deferred = context.newPromise()
        deferreds.add(deferred)
        Promise.resolve()
          .then(() => fn(...args))
          .then(
            (value) => settle(deferred, 'resolve', value === undefined ? undefined : JSON.stringify(value)),
            (error) => settle(deferred, 'reject', String(error)),
          )
        return deferred.handle
      })
    }

    let promiseHandle
    try {
      const evaluated = inside(() => context.evalCode(`(${code})()`))
      promiseHandle = context.unwrapResult(evaluated)
      const settled = context.resolvePromise(promiseHandle)
      inside(() => runtime.executePendingJobs())
      // While the program waits on bindings QuickJS is not running, so the wall budget needs a
      // host timer too.
      const stopped = new Promise((_, reject) => {
        hostStop = limits.maxWallMs && setTimeout(() => reject(new RunError((stopKind ??= 'wall_budget'))), limits.maxWallMs - (performance.now() - started))
      })
      const result = await Promise.race([settled, stopped])
      if (result.error) {
        const error = context.dump(result.error)
        result.error.dispose()
        throw error
      }
      const value = result.value.consume((h) => context.dump(h))
      return { value, logs }
    } catch (error) {
      if (error instanceof RunError) throw error
      if (stopKind) throw new RunError(stopKind)
      const message = String(error && error.message ? error.message : error)
      if (limits.maxMemoryBytes && /out of memory/i.test(message)) throw new RunError('memory_budget', message)
      throw new RunError('runtime', message)
    } finally {
      clearTimeout(hostStop)
      disposed = true
      for (const deferred of deferreds) deferred.dispose()
      jsonParse.dispose()
      jsonStringify.dispose()
      promiseHandle?.dispose()
      context.dispose()
      runtime.dispose()
    }
  }
  return { run }
}

module.exports = {
  name: 'quickjs',
  note: 'quickjs-emscripten 0.32, fresh runtime + context per run',
  stops: ['compute_budget', 'wall_budget', 'memory_budget'],
  async load() {
    const { getQuickJS } = require('quickjs-emscripten')
    return load(await getQuickJS())
  },
}
