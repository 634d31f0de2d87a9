'use strict'

// The public runtime: checks a run's options, queues it under maxConcurrency, starts its program
// on an addon thread and answers its binding calls until the `done` event resolves the run.

const { NativeRuntime } = require('./addon.js')
const { checkLimits, checkLanguage } = require('./options.js')
const { flattenBindings, answerCall } = require('./bridge.js')
const { runResult, stoppedResult } = require('./outcome.js')
const { CodeSession } = require('./session.js')

class CodeRuntime {
  #native
  #maxConcurrency
  #running = 0
  #queue = []
  #sessions = new Set()
  #disposed = false
  #disposing

  constructor(options, enforceBudgets) {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new TypeError('createCodeRuntime(options) takes an object like { limits, maxConcurrency }')
    }
    const { limits, maxConcurrency } = options ?? {}
    if (maxConcurrency !== undefined && !(Number.isInteger(maxConcurrency) && maxConcurrency >= 1)) {
      throw new TypeError(`maxConcurrency must be a whole number >= 1, got ${String(maxConcurrency)}`)
    }
    this.#native = new NativeRuntime(checkLimits(limits, 'limits'), enforceBudgets)
    this.#maxConcurrency = maxConcurrency ?? Infinity
  }

  get substrate() {
    return 'thread'
  }

  get language() {
    return 'typescript'
  }

  /** @internal Program threads alive now (for leak checks). */
  get liveThreads() {
    return this.#native.liveThreads()
  }

  run(options) {
    let job
    try {
      if (options === null || typeof options !== 'object') throw new TypeError('run(options) takes an object like { source }')
      if (typeof options.source !== 'string') throw new TypeError('run({ source }) needs the program text as a string')
      if (options.onLog !== undefined && typeof options.onLog !== 'function') throw new TypeError('onLog must be a function')
      job = {
        source: options.source,
        language: checkLanguage(options.language),
        functions: flattenBindings(options.bindings),
        limits: checkLimits(options.limits, 'limits'),
        signal: options.signal,
        onLog: options.onLog,
      }
    } catch (error) {
      return Promise.reject(error)
    }
    return new Promise((resolve) => {
      job.resolve = resolve
      if (this.#disposed) return resolve(stoppedResult('disposed'))
      if (job.signal?.aborted) return resolve(stoppedResult('aborted'))
      if (this.#running < this.#maxConcurrency) this.#start(job)
      else {
        this.#queue.push(job)
        job.signal?.addEventListener('abort', () => {
          const at = this.#queue.indexOf(job)
          if (at >= 0) {
            this.#queue.splice(at, 1)
            resolve(stoppedResult('aborted'))
          }
        }, { once: true })
      }
    })
  }

  #start(job) {
    this.#running++
    let id
    const onAbort = () => this.#native.stop(id, 'aborted')
    const finish = (result) => {
      job.signal?.removeEventListener('abort', onAbort)
      this.#running--
      job.resolve(result)
      const next = this.#queue.shift()
      if (next) this.#start(next)
    }
    const onEvent = (event) => {
      switch (event.kind) {
        case 'log':
          if (job.onLog) {
            try {
              job.onLog(event.entry)
            } catch {
              // A failing log listener must not break the run.
            }
          }
          break
        case 'call':
          answerCall(job.functions, event.call, (reply) => this.#native.reply(id, event.call.id, reply))
          break
        case 'done':
          finish(runResult(event.outcome))
          break
      }
    }
    try {
      id = this.#native.run(job.source, job.language, [...job.functions.keys()], job.limits, onEvent)
    } catch (error) {
      return finish(stoppedResult('disposed', error.message))
    }
    job.signal?.addEventListener('abort', onAbort, { once: true })
  }

  async createSession(options = {}) {
    if (this.#disposed) throw new Error('the runtime is disposed; create a new one with createCodeRuntime()')
    const session = new CodeSession(this.#native, options, () => this.#sessions.delete(session))
    this.#sessions.add(session)
    return session
  }

  dispose() {
    if (!this.#disposing) {
      this.#disposed = true
      for (const job of this.#queue.splice(0)) job.resolve(stoppedResult('disposed'))
      const sessions = [...this.#sessions]
      this.#disposing = Promise.all(sessions.map((s) => s.stop())).then(() => this.#native.dispose()).then(() => undefined)
    }
    return this.#disposing
  }
}

function createCodeRuntime(options) {
  return new CodeRuntime(options, true)
}

/**
 * A runtime that does not enforce compute, wall or memory budgets inside running code. It exists
 * only so the benchmark can measure what enforcement costs; never run untrusted code with it.
 */
function __unsafeCreateUnbudgetedRuntime(options) {
  return new CodeRuntime(options, false)
}

module.exports = { createCodeRuntime, __unsafeCreateUnbudgetedRuntime }
