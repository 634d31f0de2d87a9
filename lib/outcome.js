'use strict'

// Turns what the addon reports at the end of a program into the public RunResult.

const { stoppedOutcome } = require('./addon.js')

/** The public RunResult of a `done` event's outcome: the value crosses as JSON text, parsed once here. */
function runResult({ ok, valueJson, error, logs, stats }) {
  if (ok) return { ok, value: valueJson === undefined ? undefined : JSON.parse(valueJson), logs, stats }
  return { ok, error, logs, stats }
}

/** The result of a run stopped before or outside its program ('aborted' or 'disposed'). */
function stoppedResult(reason, message) {
  return runResult(stoppedOutcome(reason, message))
}

module.exports = { runResult, stoppedResult }
