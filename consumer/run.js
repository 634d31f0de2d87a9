'use strict'

// The package as a user gets it: the main package as the release publishes it and this
// platform's package (the napi-rs layout: the addon lives only in the platform package), each
// packed with `npm pack`, installed from their tarballs into a fresh project with install scripts
// off (no build, no Rust toolchain), then a jest spec (CommonJS) and a vitest spec (ESM) run
// there, and a DeepSeek Harness app that loads code-runtime-boa/dsh from its cordis.yml. Run
// after `npm run build`; usage: npm run test:consumer
const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const { publishedPlatforms } = require('../lib/platforms.js')
const { harnessNode } = require('../scripts/harness-node.js')

const root = path.resolve(__dirname, '..')
const manifestPath = path.join(root, 'package.json')
const { name, version, devDependencies, scripts = {} } = require(manifestPath)
// Any path naming a platform (linux-x64-gnu, darwin-arm64, ...) is platform-specific
const platformSpecific = new RegExp(`(${publishedPlatforms.join('|')})`)

function sh(command, args, cwd) {
  console.log(`$ ${command} ${args.join(' ')}`)
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
}

// --ignore-scripts: otherwise pack runs `prepare`, rebuilding the addon that is already built
function pack(dir, destination) {
  const [packed] = JSON.parse(sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], dir))
  console.log(`packed ${packed.filename}: ${packed.size} bytes (${packed.unpackedSize} unpacked), ${packed.files.length} files`)
  return packed
}

function main() {
  const builds = fs.readdirSync(path.join(root, 'lib', 'native')).filter((file) => file.endsWith('.node'))
  if (builds.length !== 1) throw new Error(`expected one compiled addon (*.node) in lib/native, found ${builds.length}: run \`npm run build\` first`)
  const platform = builds[0].slice(name.length + 1, -'.node'.length)
  const installScripts = ['preinstall', 'install', 'postinstall'].filter((script) => script in scripts)
  if (installScripts.length) throw new Error(`package.json has install scripts (${installScripts.join(', ')}); users' npm would not run them`)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'code-runtime-boa-consumer-'))

  // The packages as the release workflow makes them: napi create-npm-dirs makes npm/<platform>/
  // (not committed) and napi pre-publish pins each platform package, at exactly this version, in
  // the main package's optionalDependencies. The other targets' addons, built only by the
  // workflow, get stand-ins that pre-publish wants present and nothing here packs.
  sh('npx', ['--no-install', 'napi', 'create-npm-dirs'], root)
  const platformDir = path.join(root, 'npm', platform)
  fs.copyFileSync(path.join(root, 'lib', 'native', builds[0]), path.join(platformDir, builds[0]))
  const standIns = publishedPlatforms
    .map((other) => path.join(root, 'npm', other, `${name}.${other}.node`))
    .filter((file) => !fs.existsSync(file))
  for (const file of standIns) fs.writeFileSync(file, 'a stand-in, never packed')
  const manifest = fs.readFileSync(manifestPath, 'utf8')
  let main
  try {
    sh('npx', ['--no-install', 'napi', 'pre-publish', '--skip-optional-publish', '--no-gh-release', '--tagstyle', 'npm'], root)
    const { optionalDependencies } = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
    const expected = Object.fromEntries(publishedPlatforms.map((other) => [`${name}-${other}`, version]))
    if (JSON.stringify(optionalDependencies) !== JSON.stringify(expected)) {
      throw new Error(`pre-publish pinned ${JSON.stringify(optionalDependencies)}, expected ${JSON.stringify(expected)}`)
    }
    main = pack(root, work)
  } finally {
    // pre-publish rewrote package.json in place, as it does in the release job: put it back
    fs.writeFileSync(manifestPath, manifest)
    for (const file of standIns) fs.rmSync(file)
  }
  const platformFiles = main.files.map((file) => file.path).filter((file) => file.endsWith('.node') || platformSpecific.test(file))
  if (platformFiles.length) throw new Error(`the main package ships platform-specific files: ${platformFiles.join(', ')}`)
  const native = pack(platformDir, work)
  if (!native.files.some((file) => file.path === builds[0])) throw new Error(`${native.filename} lacks ${builds[0]}`)

  fs.writeFileSync(
    path.join(work, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, jest: { testMatch: ['**/require.test.cjs'] } }, null, 2),
  )
  fs.copyFileSync(path.join(__dirname, 'require.jest.cjs'), path.join(work, 'require.test.cjs'))
  fs.copyFileSync(path.join(__dirname, 'import.vitest.mjs'), path.join(work, 'import.test.mjs'))

  // --ignore-scripts proves the packages need no install script; --prefer-offline uses the npm cache first
  const tools = ['jest', 'vitest', 'vite'].map((tool) => `${tool}@${devDependencies[tool]}`)
  const tarballs = [main, native].map((packed) => `./${packed.filename}`)
  sh('npm', ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs, ...tools], work)
  const addon = require.resolve(`${name}-${platform}`, { paths: [work] })
  console.log(`the installed addon: ${path.relative(work, addon)}`)

  process.stdout.write(sh('npx', ['--no-install', 'jest', '--ci'], work))
  process.stdout.write(sh('npx', ['--no-install', 'vitest', 'run', 'import.test.mjs'], work))

  // A DeepSeek Harness app beside them: its packages at the versions this repository tests with
  const harness = Object.keys(devDependencies).filter((dependency) => dependency.startsWith('@deepseek-ai/') && !dependency.includes('worker-thread'))
  sh('npm', ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', ...harness.map((dependency) => `${dependency}@${devDependencies[dependency]}`)], work)
  fs.copyFileSync(path.join(__dirname, 'dsh-app.mjs'), path.join(work, 'dsh-app.mjs'))
  process.stdout.write(sh(harnessNode(), ['dsh-app.mjs'], work))
  fs.rmSync(work, { recursive: true, force: true })
  console.log(`consumer test passed: jest (CommonJS), vitest (ESM) and a DeepSeek Harness app against ${main.filename} and ${native.filename}`)
}

try {
  main()
} catch (error) {
  console.error(`consumer test failed: ${error.message}`)
  process.exitCode = 1
}
