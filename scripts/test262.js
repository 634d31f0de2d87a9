'use strict'
// Runs test262 files through this package's engine and prints pass counts per directory:
//   node scripts/test262.js <test262 checkout> <dir under test/> [more dirs...]
// Each test runs as a JavaScript program body with its harness includes before it. Tests for
// modules, async tests and negative (parse-error) tests are skipped: a program body is neither a
// module nor a script, so they do not fit this shape. Set CODE_RUNTIME_ROOT to measure another build.
const fs = require('node:fs')
const path = require('node:path')
const { createCodeRuntime } = require(process.env.CODE_RUNTIME_ROOT || path.join(__dirname, '..'))

const [root, ...dirs] = process.argv.slice(2)
if (!root || dirs.length === 0) {
  console.error('usage: node scripts/test262.js <test262 checkout> <dir under test/>...')
  process.exit(2)
}

const harness = (name) => fs.readFileSync(path.join(root, 'harness', name), 'utf8')

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(file)
    return entry.name.endsWith('.js') && !entry.name.includes('_FIXTURE') ? [file] : []
  })
}

function metadata(source) {
  const yaml = /\/\*---([\s\S]*?)---\*\//.exec(source)?.[1] ?? ''
  const list = (key) => {
    const match = new RegExp(`^${key}:\\s*\\[(.*)\\]`, 'm').exec(yaml)
    if (match) return match[1].split(',').map((s) => s.trim()).filter(Boolean)
    const block = new RegExp(`^${key}:\\s*\\n((?:\\s+-.*\\n?)+)`, 'm').exec(yaml)
    return block ? block[1].split('\n').map((s) => s.replace(/^\s*-\s*/, '').trim()).filter(Boolean) : []
  }
  return { includes: list('includes'), flags: list('flags'), negative: /^negative:/m.test(yaml) }
}

async function main() {
  const runtime = createCodeRuntime()
  for (const dir of dirs) {
    let passed = 0
    let failed = 0
    let skipped = 0
    const failures = []
    for (const file of testFiles(path.join(root, 'test', dir))) {
      const source = fs.readFileSync(file, 'utf8')
      const { includes, flags, negative } = metadata(source)
      if (negative || flags.some((flag) => ['module', 'async', 'raw', 'CanBlockIsFalse', 'CanBlockIsTrue'].includes(flag))) {
        skipped++
        continue
      }
      const prelude = ['assert.js', 'sta.js', ...includes].map(harness).join('\n')
      const strict = flags.includes('onlyStrict') ? '"use strict";\n' : ''
      const result = await runtime.run({ source: `${strict}${prelude}\n${source}`, language: 'javascript', limits: { computeMs: 10_000, maxWallMs: 20_000 } })
      if (result.ok) passed++
      else {
        failed++
        failures.push(`${path.relative(root, file)}: ${result.error.message.split('\n')[0]}`)
      }
    }
    console.log(`${dir}: ${passed} passed, ${failed} failed, ${skipped} skipped`)
    if (process.env.VERBOSE) for (const failure of failures) console.log(`  ${failure}`)
  }
  runtime.dispose()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
