'use strict'

// The public runtime: checks a run's options, queues it under maxConcurrency, starts its program
// on an addon thread and answers its binding calls until the `done` event resolves the run. A
// resume is a run of the program its token holds, replayed to its pause (lib/durable.js).

const { totalmem } = require('node:os')
const { NativeRuntime } = require('./addon.js')
const { describeValue, checkLimits, checkLanguage, checkModules, checkSignal, checkFunction } = require('./options.js')
const { EventRoutes, answerCall, nativePort, withBytes } = require('./bridge.js')
const { programSurface, nativeSurface } = require('./surface.js')
const { runResult, stoppedResult } = require('./outcome.js')
const { CodeSession } = require('./session.js')
const { TokenKeys, journalFor, pausedResult, resumption, refusedResult } = require('./durable.js')
const { checkFetchPolicy, fetchBindings, DEFAULT_MAX_FETCH_BYTES } = require('./network.js')
const { hostPlatform } = require('./platforms.js')

/** Runs and sessions admitted at once by default. What they cost together is memory and threads,
 * not CPU (at most 2 per core compute at once, src/run/compute_slots.rs): a quarter of the
 * memory the process may use, at 1 MiB a run (one waiting on a tool holds about a third of that),
 * and at most 10,000 threads (each stack takes two of the 65,530 memory mappings Linux allows a
 * process by default). A burst of thousands of runs waiting on slow tools then waits as long as
 * the tools take, not in a queue. */
function defaultMaxConcurrency() {
  let memory
  try {
    memory = Math.min(totalmem(), process.constrainedMemory?.() || Infinity)
  } catch {
    // A host that may not read the machine's memory (Deno without --allow-sys): as for 4 GiB.
    memory = 4 * 2 ** 30
  }
  return Math.max(1, Math.min(10_000, Math.floor(memory / 4 / 2 ** 20)))
}

const SUBSTRATES = ['thread', 'process']
/** The process substrate's pool: children kept warm, children at most (each holds one run or
 * session; more wait), and runs a child serves before a fresh one replaces it. */
const DEFAULT_MIN_WARM = 2
const DEFAULT_MAX_CHILDREN = 64
const DEFAULT_RUNS_PER_CHILD = 100
const POOL_KEYS = ['minWarm', 'maxChildren', 'runsPerChild', 'childExecutable']

/** The pool options of the process substrate, checked, with their defaults. */
function checkPool(pool, maxConcurrency) {
  if (pool !== undefined && (pool === null || typeof pool !== 'object')) {
    throw new TypeError(`pool must be an object like { minWarm: 2, maxChildren: 64, runsPerChild: 100 }, got ${describeValue(pool)}`)
  }
  const { minWarm, maxChildren, runsPerChild, childExecutable } = pool ?? {}
  for (const key of Object.keys(pool ?? {})) {
    if (!POOL_KEYS.includes(key)) throw new TypeError(`pool.${key} is not a pool option; the options are ${POOL_KEYS.join(', ')}`)
  }
  const count = (value, name, min, fallback) => {
    if (value === undefined) return fallback
    if (!Number.isInteger(value) || value < min || value > 2 ** 31) throw new TypeError(`pool.${name} must be a whole number from ${min} to 2^31, got ${describeValue(value)}`)
    return value
  }
  if (childExecutable !== undefined && typeof childExecutable !== 'string') {
    throw new TypeError(`pool.childExecutable must be a path, got ${describeValue(childExecutable)}`)
  }
  return {
    minWarm: count(minWarm, 'minWarm', 0, DEFAULT_MIN_WARM),
    maxChildren: count(maxChildren, 'maxChildren', 1, Math.min(DEFAULT_MAX_CHILDREN, maxConcurrency)),
    runsPerChild: count(runsPerChild, 'runsPerChild', 1, DEFAULT_RUNS_PER_CHILD),
    childExecutable,
  }
}

/** The addon for `substrate`, or an error saying what is missing and where it comes from. */
function nativeRuntime(dispatch, substrate, limits, enforceBudgets, maxWorkers, pool) {
  if (substrate === 'thread') return new NativeRuntime(dispatch, limits, enforceBudgets, maxWorkers)
  try {
    return new NativeRuntime(dispatch, limits, enforceBudgets, maxWorkers, checkPool(pool, maxWorkers ?? DEFAULT_MAX_CHILDREN))
  } catch (error) {
    // InvalidArg: the addon refuses the substrate where its child has no fence, saying so itself.
    if (error instanceof TypeError || error.code === 'InvalidArg') throw error
    const platformPackage = `code-runtime-boa-${hostPlatform()}`
    throw new Error(
      `createCodeRuntime({ substrate: 'process' }): ${error.message}. The child executable ships beside the addon in ${platformPackage}: ` +
        `reinstall it, or in a clone of the repository run npm run build`,
      { cause: error },
    )
  }
}

class CodeRuntime {
  #native
  /** Where the addon's events reach their run or session. */
  #routes = new EventRoutes()
  #limits
  #tokenKeys
  /** The runtime-wide network policy and body limit, for runs and sessions that give none. */
  #network
  #maxConcurrency
  /** Runs and open sessions holding a thread now. */
  #active = 0
  /** What waits for a slot: `{ start(), cancel() }`, first come first served. */
  #waiting = []
  #sessions = new Set()
  #disposed = false
  #disposing
  #substrate

  constructor(options, enforceBudgets) {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new TypeError('createCodeRuntime(options) takes an object like { limits, maxConcurrency, durableKey, fetch, substrate }')
    }
    const { limits, maxConcurrency, durableKey, fetch, substrate = 'thread', pool } = options ?? {}
    if (!SUBSTRATES.includes(substrate)) throw new TypeError(`substrate must be 'thread' or 'process', got ${describeValue(substrate)}`)
    if (pool !== undefined && substrate !== 'process') throw new TypeError("pool configures the process substrate's children: pass it with substrate: 'process'")
    this.#substrate = substrate
    if (maxConcurrency !== undefined && !((Number.isInteger(maxConcurrency) && maxConcurrency >= 1) || maxConcurrency === Infinity)) {
      throw new TypeError(`maxConcurrency must be a whole number >= 1 or Infinity, got ${describeValue(maxConcurrency)}`)
    }
    this.#maxConcurrency = maxConcurrency ?? defaultMaxConcurrency()
    const maxWorkers = Number.isFinite(this.#maxConcurrency) ? Math.min(this.#maxConcurrency, 2 ** 32 - 1) : undefined
    this.#limits = checkLimits(limits, 'limits')
    this.#tokenKeys = new TokenKeys(durableKey)
    this.#network = { policy: checkFetchPolicy(fetch, 'fetch'), maxFetchBytes: this.#limits?.maxFetchBytes ?? DEFAULT_MAX_FETCH_BYTES }
    this.#native = nativeRuntime(this.#routes.dispatch, substrate, this.#limits, enforceBudgets, maxWorkers, pool)
  }

  /** The network of a run or session: its own `fetch` policy and body limit, else the runtime's. */
  #networkFor(fetch, limits) {
    return {
      policy: fetch === undefined ? this.#network.policy : checkFetchPolicy(fetch, 'fetch'),
      maxFetchBytes: limits?.maxFetchBytes ?? this.#network.maxFetchBytes,
    }
  }

  get substrate() {
    return this.#substrate
  }

  get language() {
    return 'typescript'
  }

  /** @internal Program threads alive now (for leak checks). */
  get liveThreads() {
    return this.#native.liveThreads()
  }

  /** @internal The process substrate's child processes alive now (for containment tests). */
  get childPids() {
    return this.#native.childPids()
  }

  /** @internal The process substrate's child, started as its pool starts them, probing its fence:
   * what it reported and how it ended (for the fence's tests). */
  probeFence() {
    return this.#native.probeFence()
  }

  /** @internal The most program threads that computed at once so far (tests check the bound). */
  get computingPeak() {
    return this.#native.computingPeak()
  }

  /** Calls `waiter.start()` once a slot is free (now, or when one is released). */
  #acquire(waiter) {
    if (this.#active < this.#maxConcurrency) {
      this.#active++
      waiter.start()
    } else {
      this.#waiting.push(waiter)
    }
  }

  /** Hands a finished run's or closed session's slot to the next waiter. */
  #release() {
    const next = this.#waiting.shift()
    if (next) next.start()
    else this.#active--
  }

  run(options) {
    let job
    try {
      if (options === null || typeof options !== 'object') throw new TypeError('run(options) takes an object like { source }')
      if (typeof options.source !== 'string') throw new TypeError('run({ source }) needs the program text as a string')
      const limits = checkLimits(options.limits, 'limits')
      job = {
        source: options.source,
        language: checkLanguage(options.language),
        modules: checkModules(options.modules),
        limits,
        // What a token of this run holds: the runtime's limits as this run overrides them.
        tokenLimits: { ...this.#limits, ...limits },
        ...this.#hostOptions(options, limits),
      }
      job.journal = journalFor(job)
    } catch (error) {
      return Promise.reject(error)
    }
    return this.#submit(job)
  }

  /**
   * Continues a run a binding paused, from its token, as if the paused call had returned
   * `answer.reply` (or thrown `answer.error`): the program runs again from its start, answered
   * from the token's log up to its pause, and live from there.
   */
  resume(token, answer, options = {}) {
    let job
    try {
      if (options === null || typeof options !== 'object') throw new TypeError('resume(token, answer, options) takes options like { bindings, onLog, signal, limits }')
      const resumed = resumption(this.#tokenKeys, token, answer)
      if (resumed.refused) return Promise.resolve(refusedResult(resumed.refused))
      const limits = { ...resumed.tokenLimits, ...checkLimits(options.limits, 'limits') }
      job = { ...resumed, limits, tokenLimits: limits, ...this.#hostOptions(options, limits) }
    } catch (error) {
      return Promise.reject(error)
    }
    return this.#submit(job)
  }

  /** What the host gives a run or a resume besides the program: checked. */
  #hostOptions(options, limits) {
    const { functions, surface } = programSurface(options)
    const { policy, maxFetchBytes } = this.#networkFor(options.fetch, limits)
    return {
      functions,
      surface,
      // `fetch` reaches the host as bindings of its own, which the policy answers.
      network: policy ? fetchBindings(policy, maxFetchBytes, functions) : undefined,
      signal: checkSignal(options.signal),
      onLog: checkFunction(options.onLog, 'onLog'),
    }
  }

  /** Queues a checked run for a slot; resolves with its result. */
  #submit(job) {
    return new Promise((resolve) => {
      job.resolve = resolve
      if (this.#disposed) return resolve(stoppedResult('disposed'))
      if (job.signal?.aborted) return resolve(stoppedResult('aborted'))
      const waiter = {
        start: () => {
          job.signal?.removeEventListener('abort', onAbortWhileWaiting)
          this.#start(job)
        },
        cancel: (reason) => resolve(stoppedResult(reason)),
      }
      const onAbortWhileWaiting = () => {
        const at = this.#waiting.indexOf(waiter)
        if (at >= 0) {
          this.#waiting.splice(at, 1)
          waiter.cancel('aborted')
        }
      }
      job.signal?.addEventListener('abort', onAbortWhileWaiting, { once: true })
      this.#acquire(waiter)
    })
  }

  #start(job) {
    let id
    const onAbort = () => this.#native.stop(id, 'aborted')
    const finish = (result) => {
      job.signal?.removeEventListener('abort', onAbort)
      job.network?.abortAll()
      job.resolve(result)
      this.#release()
    }
    const { journal } = job
    // Where the run's calls are answered; made once the addon gave the run its id, before any event.
    let port
    const { lossless } = job.surface
    const onEvent = (json, buffers) => {
      const event = withBytes(JSON.parse(json), buffers, lossless)
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
          journal.call(event.call.id, json)
          answerCall(job.functions, event.call, port, lossless)
          break
        case 'done':
          finish(event.outcome.paused ? pausedResult(job, event.outcome, this.#tokenKeys) : runResult(event.outcome))
          break
      }
    }
    try {
      const surface = nativeSurface(job.surface, job.functions)
      id = this.#native.run(job.source, job.language, surface, job.limits, job.modules, job.onLog !== undefined, job.tape)
      this.#routes.add(id, onEvent)
      port = journal.port(nativePort(this.#native, id), (callId) => this.#native.pause(id, callId))
    } catch (error) {
      return finish(stoppedResult('disposed', error.message))
    }
    job.signal?.addEventListener('abort', onAbort, { once: true })
  }

  /** A session holds a thread while it is open, so it takes a slot of maxConcurrency until it closes. */
  async createSession(options = {}) {
    const disposed = () => new Error('the runtime is disposed; create a new one with createCodeRuntime()')
    if (this.#disposed) throw disposed()
    const network = options !== null && typeof options === 'object' ? this.#networkFor(options.fetch, checkLimits(options.limits, 'limits')) : undefined
    const session = new CodeSession(this.#native, this.#routes, options, network, () => {
      this.#sessions.delete(session)
      this.#release()
    })
    await new Promise((resolve, reject) => this.#acquire({ start: resolve, cancel: () => reject(disposed()) }))
    try {
      session.open()
    } catch (error) {
      this.#release()
      throw error
    }
    this.#sessions.add(session)
    return session
  }

  dispose() {
    if (!this.#disposing) {
      this.#disposed = true
      for (const waiter of this.#waiting.splice(0)) waiter.cancel('disposed')
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
