'use strict'

// The DeepSeek Harness suites (vitest projects dsh-thread and dsh-process, vitest.config.ts):
// the seam's contract and its tool registry's Code Mode over BoaCodeRuntime, on a Node the
// harness's packages run on (scripts/harness-node.js: this repository's CI runs Node 20, and
// they need ^22.19 || >=24). Part of `npm test`; extra arguments go to vitest.
const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { harnessNode } = require('./harness-node.js')

const root = path.resolve(__dirname, '..')
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
const args = [vitest, 'run', '--project', 'dsh-thread', '--project', 'dsh-process', ...process.argv.slice(2)]
// VITE_CONFIG_NATIVE_IGNORE_WARNING: vite on Node 24 tells, once per project, that a native
// config loader could not load this CommonJS package's ESM config; it loads it its own way.
const env = { ...process.env, DSH_SUITE: '1', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' }
const child = spawnSync(harnessNode(), args, { cwd: root, stdio: 'inherit', env })
if (child.error) throw child.error
process.exitCode = child.status ?? 1
