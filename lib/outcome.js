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
// output (console.log as is, the other levels prefixed) and an error with its position.
const formatLog = ({ level, text }) => (level === 'log' ? text : `[${level}] ${text}`)

function formatError({ name, message, line, column }) {
  const at = line === undefined ? '' : ` (line ${line}${column === undefined ? '' : `, column ${column}`})`
  return `${name}: ${message}${at}`
}

module.exports = { runResult, stoppedResult, formatLog, formatError }
