'use strict'

// The package as a user gets it: `npm pack`, install the tarball into a fresh project with
// install scripts off (no build, no Rust toolchain), then run a jest spec (CommonJS) and a
// vitest spec (ESM) there. Run after `npm run build`; usage: npm run test:consumer
const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const { devDependencies, scripts = {} } = require('../package.json')

function sh(command, args, cwd) {
  console.log(`$ ${command} ${args.join(' ')}`)
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
}

function main() {
  if (!fs.readdirSync(path.join(root, 'lib', 'native')).some((file) => file.endsWith('.node'))) {
    throw new Error('no compiled addon (*.node) in lib/native: run `npm run build` first')
  }
  const installScripts = ['preinstall', 'install', 'postinstall'].filter((name) => name in scripts)
  if (installScripts.length) throw new Error(`package.json has install scripts (${installScripts.join(', ')}); users' npm would not run them`)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'code-runtime-boa-consumer-'))

  // --ignore-scripts: otherwise pack runs `prepare`, rebuilding the addon that is already built
  const [packed] = JSON.parse(sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root))
  const shipped = packed.files.map((file) => file.path)
  if (!shipped.some((file) => file.endsWith('.node'))) throw new Error(`the tarball has no *.node addon; it ships: ${shipped.join(', ')}`)

  fs.writeFileSync(
    path.join(work, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, jest: { testMatch: ['**/require.test.cjs'] } }, null, 2),
  )
  fs.copyFileSync(path.join(__dirname, 'require.jest.cjs'), path.join(work, 'require.test.cjs'))
  fs.copyFileSync(path.join(__dirname, 'import.vitest.mjs'), path.join(work, 'import.test.mjs'))

  // --ignore-scripts proves the package needs no install script; --prefer-offline uses the npm cache first
  const tools = ['jest', 'vitest', 'vite'].map((name) => `${name}@${devDependencies[name]}`)
  sh('npm', ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', `./${packed.filename}`, ...tools], work)

  process.stdout.write(sh('npx', ['--no-install', 'jest', '--ci'], work))
  process.stdout.write(sh('npx', ['--no-install', 'vitest', 'run', 'import.test.mjs'], work))
  fs.rmSync(work, { recursive: true, force: true })
  console.log('consumer test passed: jest (CommonJS) and vitest (ESM) against the packed tarball')
}

try {
  main()
} catch (error) {
  console.error(`consumer test failed: ${error.message}`)
  process.exitCode = 1
}
