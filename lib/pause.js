'use strict'

// The value a binding returns to pause its run (durable runs, lib/durable.js).

/** What a binding returned to pause the run; only `pause()` makes one. */
class Pause {
  constructor(data) {
    this.data = data
    Object.freeze(this)
  }
}

/**
 * What a binding returns (or resolves to) to pause the run at its call: the run ends with
 * `paused: { token, call, data }`, and `runtime.resume(token, { reply })` continues it later,
 * in this process or another, as if the call had returned `reply`.
 */
function pause(data) {
  return new Pause(data)
}

const isPause = (value) => value instanceof Pause

module.exports = { pause, isPause }
