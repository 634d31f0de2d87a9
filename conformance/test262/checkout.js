'use strict'
// A test262 checkout on disk: its test files (named by their path under `test/`), its harness
// files, and the commit it is at.

const fs = require('node:fs')
const path = require('node:path')
const { execFileSync } = require('node:child_process')
const { declaredNames } = require('./tests.js')

const HOW_TO_GET_ONE = 'git clone https://github.com/tc39/test262 && git -C test262 checkout <the commit in conformance/test262/counts.json>'

function openCheckout(root) {
  const resolved = path.resolve(root)
  if (!fs.existsSync(path.join(resolved, 'harness', 'assert.js')) || !fs.existsSync(path.join(resolved, 'test'))) {
    throw new Error(`${resolved} is not a test262 checkout (no harness/assert.js or test/); get one with: ${HOW_TO_GET_ONE}`)
  }
  const harness = new Map()
  const names = new Map()
  const readHarness = (name) => {
    if (!harness.has(name)) harness.set(name, fs.readFileSync(path.join(resolved, 'harness', name), 'utf8'))
    return harness.get(name)
  }
  return {
    root: resolved,
    /** The text of `test/<key>`, or undefined when there is no such file. */
    readTest(key) {
      try {
        return fs.readFileSync(path.join(resolved, 'test', key), 'utf8')
      } catch (error) {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined
        throw error
      }
    },
    readHarness,
    harnessNames(name) {
      if (!names.has(name)) names.set(name, declaredNames(readHarness(name)))
      return names.get(name)
    },
    /** Test files under `test/<prefix>` for each prefix, sorted; fixtures are not tests. */
    listTests(prefixes) {
      const found = []
      const walk = (key) => {
        const full = path.join(resolved, 'test', key)
        if (!fs.existsSync(full)) throw new Error(`${path.join('test', key)} does not exist in ${resolved}`)
        if (!fs.statSync(full).isDirectory()) return found.push(key)
        for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
          const child = `${key}/${entry.name}`
          if (entry.isDirectory()) walk(child)
          else if (entry.name.endsWith('.js') && !entry.name.includes('_FIXTURE')) found.push(child)
        }
      }
      for (const prefix of prefixes) walk(prefix.replace(/\/+$/, ''))
      return [...new Set(found)].sort()
    },
    /** The commit checked out, or undefined when the checkout is not the top of a git work tree. */
    commit() {
      try {
        const [top, head] = execFileSync('git', ['-C', resolved, 'rev-parse', '--show-toplevel', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n')
        return fs.realpathSync(top) === fs.realpathSync(resolved) ? head : undefined
      } catch {
        return undefined
      }
    },
  }
}

module.exports = { openCheckout, HOW_TO_GET_ONE }
