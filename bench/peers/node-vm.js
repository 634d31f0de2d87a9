'use strict'
// node:vm: a fresh context per run on the host's own heap and thread. NOT a security boundary,
// and nothing can stop a program that loops after an await, so it supports no stops.
const vm = require('node:vm')
const { asyncFunctionSource } = require('./common')

async function run({ source, bindings = {} }) {
  const code = asyncFunctionSource(source)
  const logs = []
  const log = (...args) => logs.push(args.map(String).join(' '))
  const console = { log, info: log, warn: log, error: log, debug: log }
  const context = vm.createContext({ console, ...bindings })
  // Copied out, as every other peer's result is: the context's objects have its own prototypes.
  const value = structuredClone(await vm.runInContext(`(${code})()`, context))
  return { value, logs }
}

module.exports = {
  name: 'node-vm',
  note: 'node:vm fresh context — NO isolation',
  stops: [],
  async load() {
    return { run }
  },
}
