#!/usr/bin/env node
'use strict'

// The conformance scoreboard (README, "Conformance"): runs every data file of __test__/wpt in our
// realm and in Node, and prints per file the cases, how many we pass and how many Node passes, as
// the README's table.
//
//   npm run wpt                 # the table
//   npm run wpt -- --failures   # and every case we fail: what we got, and what Node got

const { createCodeRuntime } = require('../index.js')
const { runSuites, counts } = require('../__test__/wpt/runner.js')

async function main() {
  const showFailures = process.argv.includes('--failures')
  const runtime = createCodeRuntime()
  try {
    const results = await runSuites(runtime)
    console.log(`Node ${process.versions.node}\n`)
    console.log('| data file | from | what it checks | cases | ours | Node |')
    console.log('| --- | --- | --- | --- | --- | --- |')
    for (const result of results) {
      const { cases, ours, node } = counts(result)
      console.log(`| \`${result.file}\` | ${result.ours ? 'ours' : 'WPT'} | ${result.api} | ${cases} | ${ours} | ${node} |`)
    }
    if (!showFailures) return
    for (const result of results) {
      const failing = result.cases.filter((c) => c.ours !== null)
      if (failing.length) console.log(`\n${result.file}`)
      for (const c of failing) console.log(`  ${c.name}\n    ours: ${c.ours}\n    node: ${c.node ?? 'passes'}`)
    }
  } finally {
    await runtime.dispose()
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
