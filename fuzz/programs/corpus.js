'use strict'

// Finding files of the program fuzzer. A finding is a `.js` file: header comments, then one or
// more programs run in that order in one child, each opened by a line
//   // ---- program {"language":"javascript","limits":{…},"returns":1} ----
// where `limits` are the budgets it ran under and `returns` (optional) the value it must end
// with. A program too large to keep as text is kept as the expression that builds it, in
// `"builtBy"`, with no body.
//
//   fuzz/programs/findings/  fixed findings: the replay spec runs every one of them
//   fuzz/programs/open/      findings that still break the host; the fuzzer treats their
//                            signatures as known. Move a file to findings/ once it is fixed.

const fs = require('node:fs')
const path = require('node:path')

const FINDINGS_DIR = path.join(__dirname, 'findings')
const OPEN_DIR = path.join(__dirname, 'open')
const PROGRAM_MARKER = /^\/\/ ---- program (\{.*\}) ----$/

/** Parses one finding file into its header fields and programs ({ language, source }). */
function parseFinding(text, file = '<text>') {
  const header = {}
  const programs = []
  let current = null
  for (const line of text.split('\n')) {
    const marker = PROGRAM_MARKER.exec(line)
    if (marker) {
      current = { ...JSON.parse(marker[1]), lines: [] }
      programs.push(current)
    } else if (current) {
      current.lines.push(line)
    } else {
      const field = /^\/\/ ([a-z][a-z -]*): (.*)$/.exec(line)
      if (field) header[field[1]] = field[2]
    }
  }
  if (!header.signature) throw new Error(`${file}: no '// signature:' header line`)
  if (programs.length === 0) throw new Error(`${file}: no '// ---- program {…} ----' line`)
  return {
    file,
    header,
    signature: header.signature,
    programs: programs.map(({ lines, builtBy, ...options }) => ({
      ...options,
      // The expression is the fuzzer's own text (written by renderFinding), not a program's.
      source: builtBy ? new Function(`return (${builtBy})`)() : lines.join('\n').replace(/\n$/, ''),
    })),
  }
}

function readCorpus(dir) {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name)
      return parseFinding(fs.readFileSync(file, 'utf8'), file)
    })
}

/**
 * The text of a finding file. `programs` are [{ language, limits, returns?, source }] or, for
 * source-shape programs, the same with `builtBy` (an expression) instead of `source`.
 */
function renderFinding({ signature, name, seed, what, stderr, programs, found = new Date().toISOString() }) {
  const header = [
    '// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>',
    `// signature: ${signature}`,
    `// templates: ${name}`,
    `// seed: ${seed} (the program before minimising: node scripts/fuzz-programs.js --seed ${seed} --count 1 --print)`,
    `// found: ${found}`,
    `// what happened: ${oneLine(what)}`,
  ]
  if (stderr) header.push(`// stderr: ${oneLine(stderr).slice(0, 300)}`)
  const body = programs.map(({ source, ...options }) => {
    const marker = `// ---- program ${JSON.stringify(options)} ----`
    return options.builtBy === undefined ? `${marker}\n${source}` : marker
  })
  return `${header.join('\n')}\n${body.join('\n')}\n`
}

function oneLine(text) {
  return String(text).replace(/\s*\n\s*/g, ' | ')
}

/** A file name for a new finding in `dir` that no other finding has taken. */
function findingPath(dir, signature, seed) {
  const base = signature.replace(/[^A-Za-z0-9.+-]+/g, '_').slice(0, 120)
  const first = path.join(dir, `${base}.js`)
  return fs.existsSync(first) ? path.join(dir, `${base}-${seed}.js`) : first
}

module.exports = { FINDINGS_DIR, OPEN_DIR, parseFinding, readCorpus, renderFinding, findingPath }
