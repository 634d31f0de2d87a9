'use strict'
// Per-file coverage of the JS layer (`npm run coverage`): vitest's v8 coverage of its own test
// processes, merged with that of the child processes the tests start (the CLI, loading failures,
// anything that could kill a process), which vitest does not see. Node writes the children's
// coverage itself when NODE_V8_COVERAGE is set; it is converted here file by file with the
// converter @vitest/coverage-v8 uses (ast-v8-to-istanbul over vite's parser), so both halves
// have the same statements and branches and merge exactly.
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')
const { fileURLToPath } = require('node:url')
const { createCoverageMap } = require('istanbul-lib-coverage')
const { createContext } = require('istanbul-lib-report')
const reports = require('istanbul-reports')

const root = path.resolve(__dirname, '..')
const out = path.join(root, 'coverage')
const children = path.join(out, 'children')
// The JS layer: the entry and lib/, less the loader napi-rs generates
const measured = (file) =>
  (file === path.join(root, 'index.js') || file.startsWith(path.join(root, 'lib') + path.sep)) && !file.includes(`${path.sep}native${path.sep}`)

async function main() {
  fs.rmSync(out, { recursive: true, force: true })
  const vitest = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--coverage.enabled', '--coverage.provider=v8', '--coverage.include=index.js', '--coverage.include=lib/**/*.js',
      '--coverage.exclude=lib/native/**', '--coverage.reporter=json', `--coverage.reportsDirectory=${out}`, ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_V8_COVERAGE: children } },
  )
  if (vitest.status !== 0) process.exit(vitest.status ?? 1)

  const { convert } = await import('ast-v8-to-istanbul')
  const { parseAstAsync } = await import('vite')
  const map = createCoverageMap({})
  for (const name of fs.readdirSync(children)) {
    let result
    try {
      ;({ result } = JSON.parse(fs.readFileSync(path.join(children, name), 'utf8')))
    } catch {
      // a child the tests kill on purpose (a timeout, a signal) can leave its file half-written
      console.warn(`coverage: skipped ${name}, a child process's coverage that is not whole`)
      continue
    }
    for (const script of result) {
      if (!script.url.startsWith('file://')) continue
      const file = fileURLToPath(script.url)
      if (!measured(file)) continue
      const code = fs.readFileSync(file, 'utf8')
      // Node compiles CommonJS without a wrapper in the source text, so offsets are the file's own
      const converted = await convert({ code, ast: parseAstAsync(code), wrapperLength: 0, coverage: { url: script.url, functions: script.functions } })
      // through JSON, as vitest's half came: a line's end column is Infinity here and null there
      map.merge(JSON.parse(JSON.stringify(converted)))
    }
  }
  map.merge(JSON.parse(fs.readFileSync(path.join(out, 'coverage-final.json'), 'utf8')))
  const context = createContext({ coverageMap: map, dir: out })
  for (const report of ['text', 'json-summary']) reports.create(report).execute(context)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
