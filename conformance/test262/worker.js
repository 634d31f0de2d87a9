'use strict'
// A child process of the runner (run.js): runs the tests its parent sends, several at once on
// one runtime, and answers each with its verdict. It is a process of its own so that a test
// that crashes or wedges the engine takes only this process down; the parent carries on.
//   node worker.js <test262 checkout> <tests at once>
// CODE_RUNTIME_ROOT names another build of the package to measure (default: this repository).

const path = require('node:path')
const { createCodeRuntime } = require(process.env.CODE_RUNTIME_ROOT || path.join(__dirname, '..', '..'))
const { LIMITS, metadata, notApplicable, programFor, judge, firstLine } = require('./tests.js')
const { openCheckout } = require('./checkout.js')

const [root, atOnce] = process.argv.slice(2)
const checkout = openCheckout(root)
const runtime = createCodeRuntime({ maxConcurrency: Number(atOnce) })

/** `{ verdict: 'pass' | 'fail' | 'na', message?, computeMs? }` for the test at `key`. */
async function verdictOf(key) {
  const source = checkout.readTest(key)
  const meta = metadata(source)
  const includedText = meta.includes.map((name) => checkout.readHarness(name)).join('\n')
  const reason = notApplicable(meta, source, includedText)
  if (reason) return { verdict: 'na', message: reason }
  const test = { key, source, meta }
  const { source: program, modules } = programFor(test, checkout)
  const run = (withModules) => runtime.run({ source: program, modules: withModules, language: 'javascript', limits: LIMITS })
  const result = await run(modules)
  const answer = { ...judge(test, result), computeMs: result.stats.computeMs }
  // The runtime names the first module it finds unparsable, in no fixed order: a fixture that
  // does not parse makes the test not applicable only if the test's own module parses.
  if (answer.verdict === 'na' && test.meta.flags.includes('module')) {
    const own = path.posix.basename(key)
    const alone = judge(test, await run({ [own]: modules[own] }))
    if (alone.verdict === 'fail' && alone.message.includes(`module "${own}" does not parse`)) return alone
  }
  return answer
}

process.on('message', ({ id, key }) => {
  verdictOf(key).then(
    (answer) => process.send({ id, ...answer }),
    (error) => process.send({ id, verdict: 'fail', message: `runner: ${firstLine(error.message)}` }),
  )
})
process.on('disconnect', () => runtime.dispose().then(() => process.exit(0)))
// The package loaded and the runtime exists: from here on, an exit is a test's doing.
process.send({ ready: true })
