'use strict'
// @sebastianwessel/quickjs 3.x: TypeScript in QuickJS (quickjs-ng in WebAssembly, on the host's
// thread), the closest drop-in a TypeScript user would pick instead of this runtime. Used as its
// README shows: one loaded module, `runSandboxed` per run (a fresh context), the program
// transpiled by the `typescript` package (`transformTypescript`) and evaluated as an ES module
// whose default export is the result. Bindings are its `env` object; its async host functions
// become QuickJS promises. Its only budget is `executionTimeout`, a deadline for the whole run
// (wall time), and `memoryLimit`; there is no compute budget and no way to abort.
const { RunError } = require('./common')

// The program body is the body of an async function: the module awaits it as its default export.
// The bindings are read off `env` under their own names, as the other peers expose them.
function moduleSource(source, names) {
  const bindings = names.length ? `const { ${names.join(', ')} } = env\n` : ''
  return `${bindings}export default await (async () => {\n${source}\n})()\n`
}

function load(runSandboxed) {
  async function run({ source, bindings = {}, limits = {} }) {
    const logs = []
    const log = (...args) => logs.push(args.map(String).join(' '))
    const options = {
      transformTypescript: true,
      env: bindings,
      console: { log, info: log, warn: log, error: log, debug: log },
      ...(limits.maxWallMs ? { executionTimeout: limits.maxWallMs } : {}),
      ...(limits.maxMemoryBytes ? { memoryLimit: limits.maxMemoryBytes } : {}),
    }
    const result = await runSandboxed(({ evalCode }) => evalCode(moduleSource(source, Object.keys(bindings))), options)
    if (result.ok) return { value: result.data, logs }
    const { name, message } = result.error
    if (name === 'ExecutionTimeout') throw new RunError('wall_budget', message)
    if (limits.maxMemoryBytes && /out of memory/i.test(message)) throw new RunError('memory_budget', message)
    throw new RunError('runtime', `${name}: ${message}`)
  }
  return { run }
}

module.exports = {
  name: 'sw-quickjs',
  note: '@sebastianwessel/quickjs 3.1 (quickjs-ng 0.32 in WebAssembly, TypeScript by the typescript package), runSandboxed per run',
  stops: ['wall_budget', 'memory_budget'],
  async load() {
    const { loadQuickJs } = require('@sebastianwessel/quickjs')
    const variant = require('@jitl/quickjs-ng-wasmfile-release-sync')
    const { runSandboxed } = await loadQuickJs(variant.default ?? variant)
    return load(runSandboxed)
  },
}
