'use strict'
// Shared by the peers. Every peer module exports { name, note, stops, load() }: `stops` lists the
// RunError kinds it can enforce, and load() resolves to a driver whose
// run({ source, bindings, limits, signal }) takes a TypeScript program body and flat async host
// functions, and resolves to { value, logs: string[] } or rejects with a RunError. A peer whose
// load() throws is reported as unavailable.
const amaro = require('amaro')

// The programs are TypeScript bodies with top-level `await` and `return`. The stripper rejects a
// top-level `return`, so the body is wrapped in an async-function shell before stripping; the
// result is an expression evaluating to that async function.
function asyncFunctionSource(source) {
  return amaro.transformSync(`(async () => {\n${source}\n})`, { mode: 'strip-only' }).code
}

// A run that did not produce a value. `kind` uses the runtime's ErrorKind names
// ('compute_budget', 'wall_budget', 'memory_budget', 'aborted', 'runtime', ...).
class RunError extends Error {
  constructor(kind, message = kind) {
    super(message)
    this.kind = kind
  }
}

module.exports = { asyncFunctionSource, RunError }
