'use strict'
// `npm run bench:dsh`: bench/dsh.mjs on a Node the DeepSeek Harness's packages run on.
const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { harnessNode } = require('../scripts/harness-node.js')

const child = spawnSync(harnessNode(), [path.join(__dirname, 'dsh.mjs'), ...process.argv.slice(2)], { stdio: 'inherit' })
process.exitCode = child.status ?? 1
