'use strict'

// Runs each conformance suite (suites.js) in our realm and in Node, the oracle: all of a suite's
// cases in one program, the same program text on both sides.

const fs = require('node:fs')
const path = require('node:path')
const { prelude, suites } = require('./suites.js')

/** Generous: a suite is one program of up to a thousand cases, on a shared machine. */
const LIMITS = { computeMs: 60_000, maxWallMs: 120_000, maxResultBytes: 16 << 20 }

/** The suite's cases, named uniquely (a repeated name gets ` (2)`, ` (3)`, …). */
function namedCases(suite) {
  const folder = suite.ours ? 'ours' : 'data'
  const data = JSON.parse(fs.readFileSync(path.join(__dirname, folder, suite.file), 'utf8'))
  const seen = new Map()
  return suite.cases(data).map((testCase) => {
    const count = (seen.get(testCase.name) ?? 0) + 1
    seen.set(testCase.name, count)
    return count === 1 ? testCase : { ...testCase, name: `${testCase.name} (${count})` }
  })
}

/** One program that checks every case and returns, per case, null (passed) or what it got. */
function program(suite, cases) {
  const values = suite.renderValues ? suite.renderValues(cases.map((c) => c.value)) : JSON.stringify(cases.map((c) => c.value))
  return `${prelude}
const check = ${suite.check}
return (${values}).map((value) => {
  try {
    return check(value)
  } catch (error) {
    return thrown(error)
  }
})`
}

function inNode(source) {
  return new Function(`'use strict'\n${source}`)()
}

async function inOurRealm(runtime, source, file) {
  const result = await runtime.run({ source, language: 'javascript', limits: LIMITS })
  if (!result.ok) throw new Error(`the ${file} program failed in our realm: ${JSON.stringify(result.error)}`)
  return result.value
}

/**
 * Every suite's cases and results: `{ file, ours, api, cases: [{ name, value, ours, node }] }`,
 * where `ours` and `node` are null for a pass, or what that side got.
 */
async function runSuites(runtime) {
  const results = []
  for (const suite of suites) {
    const cases = namedCases(suite)
    const source = program(suite, cases)
    const [ours, node] = [await inOurRealm(runtime, source, suite.file), inNode(source)]
    results.push({
      file: suite.file,
      ours: Boolean(suite.ours),
      api: suite.api,
      cases: cases.map((testCase, i) => ({ ...testCase, ours: ours[i], node: node[i] })),
    })
  }
  return results
}

/** Cases, ours passed and Node passed, for one suite's results. */
function counts({ cases }) {
  return { cases: cases.length, ours: cases.filter((c) => c.ours === null).length, node: cases.filter((c) => c.node === null).length }
}

module.exports = { runSuites, counts }
