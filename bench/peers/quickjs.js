'use strict'
// quickjs-emscripten: a fresh QuickJS runtime + context per run, in WebAssembly on the host's
// thread. Bindings return QuickJS promises settled from the host; values cross as JSON text.
// Budgets come from the interrupt handler, which QuickJS polls while it executes; an
// AbortSignal cannot be honoured because its event never fires while the host thread is busy
// inside QuickJS.
const { asyncFunctionSource, RunError } = require('./common')

const PRELUDE = `
  globalThis.console = {}
  for (const level of ['log', 'info', 'warn', 'error', 'debug'])
    console[level] = (...args) => $log(args.map(String).join(' '))
  for (const name of $names)
    globalThis[name] = (...args) =>
      $call(name, JSON.stringify(args)).then((text) => (text === undefined ? undefined : JSON.parse(text)))
`

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

    const settle = (deferred, method, text) => {
      if (disposed) return
      const handle = text === undefined ? context.undefined : context.newString(text)
      deferred[method](handle)
      handle.dispose()
      deferreds.delete(deferred)
      deferred.dispose()
      inside(() => runtime.executePendingJobs())
    }
    const define = (name, fn) => context.newFunction(name, fn).consume((h) => context.setProp(context.global, name, h))
    define('$log', (text) => {
      logs.push(context.getString(text))
    })
    define('$call', (nameHandle, argsHandle) => {
      const name = context.getString(nameHandle)
      const args = JSON.parse(context.getString(argsHandle))
      const deferred = context.newPromise()
      deferreds.add(deferred)
      Promise.resolve()
        .then(() => bindings[name](...args))
        .then(
          (value) => settle(deferred, 'resolve', value === undefined ? undefined : JSON.stringify(value)),
          (error) => settle(deferred, 'reject', String(error)),
        )
      return deferred.handle
    })
    context.newArray().consume((names) => {
      Object.keys(bindings).forEach((name, i) => context.newString(name).consume((h) => context.setProp(names, i, h)))
      context.setProp(context.global, '$names', names)
    })

    let promiseHandle
    try {
      context.unwrapResult(inside(() => context.evalCode(PRELUDE))).dispose()
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
