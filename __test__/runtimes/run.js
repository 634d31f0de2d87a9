'use strict'

// Runs lifecycle.ts under Bun and Deno, both from their npm packages (the binary inside; Linux
// x64 only, hence their own package here: as devDependencies of the main package they would
// make `npm install` fail on every other platform). Then checks that Deno without --allow-ffi
// is told what to pass. Usage: npm ci --prefix __test__/runtimes && npm run test:runtimes
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..', '..')
const lifecycle = path.relative(root, path.join(__dirname, 'lifecycle.ts'))
const bun = path.join(__dirname, 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun')
const deno = path.join(__dirname, 'node_modules', '@deno', 'linux-x64-glibc', 'deno')
const denoPermissions = ['--allow-read', '--allow-env', '--allow-ffi']

// Deno reads package.json "type" from the project it runs in: the repository root
function run(binary, args) {
  console.log(`$ ${path.relative(root, binary)} ${args.join(' ')}`)
  // a bound for a hang (a thread keeping the process alive), not a speed check
  const child = spawnSync(binary, args, { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } })
  if (child.error) throw child.error
  return child
}

function main() {
  for (const binary of [bun, deno]) {
    if (!fs.existsSync(binary)) throw new Error(`${binary} is missing: npm ci --prefix __test__/runtimes`)
  }
  for (const [binary, args] of [
    [bun, [lifecycle]],
    [deno, ['run', ...denoPermissions, lifecycle]],
  ]) {
    const child = run(binary, args)
    process.stdout.write(child.stdout)
    if (child.status !== 0) throw new Error(`exit ${child.status ?? child.signal}: ${child.stderr}`)
  }
  const denied = run(deno, ['run', '--allow-read', '--allow-env', lifecycle])
  if (denied.status === 0 || !denied.stderr.includes('--allow-ffi') || denied.stderr.includes('npm has a bug')) {
    throw new Error(`Deno without --allow-ffi should be told to pass it; it got (exit ${denied.status}): ${denied.stderr}`)
  }
  console.log('Deno without --allow-ffi is told: --allow-read --allow-env --allow-ffi')
}

try {
  main()
} catch (error) {
  console.error(`runtimes test failed: ${error.message}`)
  process.exitCode = 1
}
