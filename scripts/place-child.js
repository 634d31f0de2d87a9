'use strict'

// After `napi build`: copies the process substrate's child executable, which cargo built in the
// same invocation, beside the .node in lib/native (where the addon looks for it). The target is
// the one napi built for: --target's value, else this machine's.
const fs = require('node:fs')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const root = path.join(__dirname, '..')
const at = process.argv.indexOf('--target')
const target = at > 0 ? process.argv[at + 1] : execFileSync('rustc', ['-vV'], { encoding: 'utf8' }).match(/^host: (.+)$/m)[1]
const file = `code-runtime-boa-child${target.includes('windows') ? '.exe' : ''}`
const built = path.join(root, 'target', target, 'release', file)
if (!fs.existsSync(built)) {
  console.error(`place-child: ${built} was not built; run npm run build`)
  process.exit(1)
}
fs.copyFileSync(built, path.join(root, 'lib', 'native', file))
