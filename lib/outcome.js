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

module.exports = { runResult, stoppedResult }
