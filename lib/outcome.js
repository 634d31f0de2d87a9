'use strict'

// Turns what the addon reports at the end of a program into the public RunResult.

const { stoppedOutcome } = require('./addon.js')

/** The public RunResult of a `done` event's outcome. */
function runResult({ ok, value, error, logs, stats }) {
  if (ok) return { ok, value, logs, stats }
  return { ok, error, logs, stats }
}

/** The result of a run stopped before or outside its program ('aborted' or 'disposed'). */
function stoppedResult(reason, message) {
  return runResult(JSON.parse(stoppedOutcome(reason, message)))
}

// How a result reads as text, for a model: as @cloudflare/codemode's executors write console
// output (console.log and process.stdout writes as they are, the other levels prefixed) and an
// error with its position.
const formatLog = ({ level, text }) => (level === 'log' || level === 'stdout' ? text : `[${level}] ${text}`)

/** Whether an entry is a raw `process.stdout`/`process.stderr` write (its text has its own
 * newlines), not a console line. */
const isWrite = ({ level }) => level === 'stdout' || level === 'stderr'

/** An entry as a terminal shows it: a console line with its newline, a write as it was written. */
const terminalText = (entry) => (isWrite(entry) ? entry.text : `${entry.text}\n`)

function formatError({ name, message, line, column }) {
  const at = line === undefined ? '' : ` (line ${line}${column === undefined ? '' : `, column ${column}`})`
  return `${name}: ${message}${at}`
}

module.exports = { runResult, stoppedResult, formatLog, formatError, terminalText }
