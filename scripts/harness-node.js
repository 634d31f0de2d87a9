'use strict'

// A Node.js the DeepSeek Harness's packages run on (^22.19 || >=24): this one when it is, else a
// Node 24 from the npm registry, which `npm ci --prefix __test__/node24` installs for this
// platform (a package carrying the binary, no install script). For scripts/test-dsh.js and the
// consumer check's DSH app.
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const prefix = path.join(root, '__test__', 'node24')

/** Whether `version` (`v22.19.0`) can run the harness's packages. */
function runsHarness(version) {
  const [major, minor] = version.slice(1).split('.').map(Number)
  return major >= 24 || (major === 22 && minor >= 19)
}

function npmNode() {
  const platform = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform]
  const binary = path.join(prefix, 'node_modules', `node-${platform}-${process.arch}`, 'bin', process.platform === 'win32' ? 'node.exe' : 'node')
  if (!fs.existsSync(binary)) {
    const npm = spawnSync('npm', ['ci', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund'], { stdio: 'inherit', shell: process.platform === 'win32' })
    if (npm.status !== 0) throw new Error(`npm ci --prefix ${path.relative(root, prefix)} failed (exit ${npm.status})`)
  }
  if (!fs.existsSync(binary)) {
    throw new Error(
      `the DeepSeek Harness's packages need Node ^22.19 || >=24, and the npm registry has no Node 24 package for ${process.platform}-${process.arch} (${path.relative(root, prefix)}/package.json lists those it has): run this with Node 22.19 or later`,
    )
  }
  return binary
}

/** The path of a Node the harness's packages run on. */
const harnessNode = () => (runsHarness(process.version) ? process.execPath : npmNode())

module.exports = { harnessNode }
