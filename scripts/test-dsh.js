'use strict'

// The DeepSeek Harness suites (vitest projects dsh-thread and dsh-process, vitest.config.ts):
// the seam's contract and its tool registry's Code Mode over BoaCodeRuntime. The harness's
// packages need Node ^22.19 || >=24, so on an older Node (this repository's CI runs Node 20)
// they run under a Node 24 from the npm registry, which `npm ci --prefix __test__/node24`
// installs for this platform (a package carrying the binary, no install script). Part of
// `npm test`; extra arguments go to vitest.
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
      `the DeepSeek Harness suites need Node ^22.19 || >=24, and the npm registry has no Node 24 package for ${process.platform}-${process.arch} (${path.relative(root, prefix)}/package.json lists those it has): run npm test with Node 22.19 or later`,
    )
  }
  return binary
}

function main() {
  const node = runsHarness(process.version) ? process.execPath : npmNode()
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
  const args = [vitest, 'run', '--project', 'dsh-thread', '--project', 'dsh-process', ...process.argv.slice(2)]
  const child = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, DSH_SUITE: '1' } })
  if (child.error) throw child.error
  process.exitCode = child.status ?? 1
}

main()
