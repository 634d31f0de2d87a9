'use strict'
// The committed table of test262 counts per directory, and the ratchet's comparison with a run:
// a directory whose pass count fell below its row is a drop.

const fs = require('node:fs')

const COUNT_KEYS = ['passed', 'run', 'notApplicable']

function checkCounts(counts, where) {
  if (counts === null || typeof counts !== 'object') throw new Error(`${where} must be an object like { "passed": 1, "run": 2, "notApplicable": 0 }`)
  for (const key of COUNT_KEYS) {
    if (!Number.isInteger(counts[key]) || counts[key] < 0) throw new Error(`${where}.${key} must be a whole number >= 0, got ${JSON.stringify(counts[key])}`)
  }
  if (counts.passed > counts.run) throw new Error(`${where}: passed (${counts.passed}) is more than run (${counts.run})`)
}

/**
 * The table in `text` (the committed JSON), checked: `{ test262, totals, directories }` with
 * `{ passed, run, notApplicable }` counts. Throws saying what is wrong and where.
 */
function parseTable(text, file = 'the table') {
  let table
  try {
    table = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file} is not JSON (${error.message}); rewrite it with --update`)
  }
  if (table === null || typeof table !== 'object' || Array.isArray(table)) throw new Error(`${file} must be an object like { "test262": "<commit>", "totals": {…}, "directories": {…} }`)
  if (typeof table.test262 !== 'string' || !/^[0-9a-f]{40}$/.test(table.test262)) {
    throw new Error(`${file}: "test262" must be the 40-hex-digit test262 commit the table was made at, got ${JSON.stringify(table.test262)}`)
  }
  checkCounts(table.totals, `${file}: totals`)
  if (table.directories === null || typeof table.directories !== 'object' || Array.isArray(table.directories)) {
    throw new Error(`${file}: "directories" must be an object of { "built-ins/Array": { passed, run, notApplicable }, … }`)
  }
  for (const [directory, counts] of Object.entries(table.directories)) checkCounts(counts, `${file}: directories[${JSON.stringify(directory)}]`)
  return table
}

function readTable(file) {
  let text
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`cannot read the table ${file} (${error.code ?? error.message}); make it with --update`)
  }
  return parseTable(text, file)
}

/**
 * Counts per directory and in total from `{ directory, verdict }` records: 'pass', 'na' (not
 * applicable), anything else a failed run ('fail', and a test that crashed or hung its process).
 */
function tally(records) {
  const zero = () => ({ passed: 0, run: 0, notApplicable: 0 })
  const directories = {}
  const totals = zero()
  for (const { directory, verdict } of records) {
    const row = (directories[directory] ??= zero())
    for (const counts of [row, totals]) {
      if (verdict === 'na') counts.notApplicable++
      else {
        counts.run++
        if (verdict === 'pass') counts.passed++
      }
    }
  }
  return { directories, totals }
}

/**
 * Directories of the table whose pass count in `counts` is below the table's, as
 * `{ directory, was, now }`. A partial run (`covered` lists the directories it ran in full)
 * is compared on those only; a full run counts a directory it did not see at all as 0.
 */
function drops(table, counts, covered) {
  const found = []
  for (const [directory, row] of Object.entries(table.directories)) {
    if (covered && !covered.includes(directory)) continue
    const now = counts.directories[directory]?.passed ?? 0
    if (now < row.passed) found.push({ directory, was: row.passed, now })
  }
  return found
}

/** Directories whose pass count rose above the table's, as `{ directory, was, now }`; `covered` as for drops. */
function rises(table, counts, covered) {
  return Object.entries(counts.directories)
    .filter(([directory, row]) => (!covered || covered.includes(directory)) && row.passed > (table.directories[directory]?.passed ?? 0))
    .map(([directory, row]) => ({ directory, was: table.directories[directory]?.passed ?? 0, now: row.passed }))
}

/** The table's text for a full run at test262 commit `commit`: directories sorted, one per line. */
function formatTable(counts, commit) {
  const row = ({ passed, run, notApplicable }) => JSON.stringify({ passed, run, notApplicable })
  const directories = Object.keys(counts.directories)
    .sort()
    .map((directory) => `    ${JSON.stringify(directory)}: ${row(counts.directories[directory])}`)
  return `{\n  "test262": ${JSON.stringify(commit)},\n  "totals": ${row(counts.totals)},\n  "directories": {\n${directories.join(',\n')}\n  }\n}\n`
}

module.exports = { parseTable, readTable, tally, drops, rises, formatTable }
