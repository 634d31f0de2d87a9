'use strict'
// isolated-vm: a fresh V8 isolate + context per run; bindings are References whose promise
// results are proxied back into the isolate. Every stop is isolate.dispose() from the host,
// which works because the isolate runs on isolated-vm's own threads.
const { asyncFunctionSource, RunError } = require('./common')

// Runs inside the isolate before the program: console and one global per binding. Logs are
// delivered synchronously so that none arrives after the run's result.
const PRELUDE = `
  const names = $0
  globalThis.console = {}
  for (const level of ['log', 'info', 'warn', 'error', 'debug'])
    console[level] = (...args) => $log.applySync(undefined, [args.map(String).join(' ')])
  for (const name of names)
    globalThis[name] = (...args) =>
      $call.apply(undefined, [name, args], { arguments: { copy: true }, result: { promise: true, copy: true } })
`

// V8 refuses heaps under 8 MB.
const MIN_MEMORY_MB = 8
const DEFAULT_MEMORY_MB = 128

function load() {
  const ivm = require('isolated-vm')

  async function run({ source, bindings = {}, limits = {}, signal }) {
    const code = asyncFunctionSource(source)
    const memoryMb = limits.maxMemoryBytes ? Math.max(MIN_MEMORY_MB, limits.maxMemoryBytes / 2 ** 20) : DEFAULT_MEMORY_MB
    const isolate = new ivm.Isolate({ memoryLimit: memoryMb })
    let stopKind
    const stop = (kind) => {
      if (stopKind || isolate.isDisposed) return
      stopKind = kind
      isolate.dispose()
    }
    const onAbort = () => stop('aborted')
    const wallTimer = limits.maxWallMs && setTimeout(() => stop('wall_budget'), limits.maxWallMs)
    // isolate.cpuTime counts only time spent executing, so polling it is a real compute budget.
    const computeTimer =
      limits.computeMs &&
      setInterval(() => {
        if (!isolate.isDisposed && isolate.cpuTime > BigInt(limits.computeMs) * 1_000_000n) stop('compute_budget')
      }, 5)
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      if (signal?.aborted) stop('aborted')
      const logs = []
      const context = await isolate.createContext()
      await context.global.set('$log', new ivm.Reference((text) => logs.push(text)))
      await context.global.set('$call', new ivm.Reference((name, args) => bindings[name](...args)))
      await context.evalClosure(PRELUDE, [Object.keys(bindings)], { arguments: { copy: true } })
      const script = await isolate.compileScript(`(${code})()`)
      const value = await script.run(context, { promise: true, copy: true })
      return { value, logs }
    } catch (error) {
      if (stopKind) throw new RunError(stopKind)
      if (/memory limit/i.test(error.message)) throw new RunError('memory_budget', error.message)
      throw new RunError('runtime', error.message)
    } finally {
      clearTimeout(wallTimer)
      clearInterval(computeTimer)
      signal?.removeEventListener('abort', onAbort)
      if (!isolate.isDisposed) isolate.dispose()
    }
  }

  return { run }
}

module.exports = {
  name: 'isolated-vm',
  note: 'isolated-vm 5.0.4, fresh isolate + context per run',
  stops: ['compute_budget', 'wall_budget', 'aborted', 'memory_budget'],
  async load() {
    return load()
  },
}
