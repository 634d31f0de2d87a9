// AbortController and AbortSignal for the realm, as the web platform defines them: a signal is an
// EventTarget, and an abort reason is a DOMException named AbortError or TimeoutError, with Node's
// messages. Evaluated, with the realm's Event and EventTarget, the first time a program reads any
// of them.
((Event, EventTarget) => {
  const CREATE = Symbol('create')
  // Aborts a signal; set inside the class, where its private fields are in reach.
  let signalAbort
  // An Error of that name where the program replaced the global DOMException.
  const reasonNamed = (name, message) => {
    if (typeof DOMException === 'function') return new DOMException(message, name)
    const error = new Error(message)
    error.name = name
    return error
  }
  class AbortSignal extends EventTarget {
    #aborted = false
    #reason = undefined
    #onabort = null
    constructor(token) {
      if (token !== CREATE) throw new TypeError('Illegal constructor: use new AbortController().signal, AbortSignal.abort(), AbortSignal.timeout() or AbortSignal.any()')
      super()
    }
    get aborted() { return this.#aborted }
    get reason() { return this.#reason }
    get onabort() { return this.#onabort }
    set onabort(handler) { this.#onabort = typeof handler === 'function' || (typeof handler === 'object' && handler !== null) ? handler : null }
    throwIfAborted() {
      if (this.#aborted) throw this.#reason
    }
    static {
      signalAbort = (signal, reason) => AbortSignal.#abort(signal, reason)
    }
    static #abort(signal, reason) {
      if (signal.#aborted) return
      signal.#aborted = true
      signal.#reason = reason === undefined ? reasonNamed('AbortError', 'This operation was aborted') : reason
      const event = new Event('abort')
      const handler = signal.#onabort
      if (typeof handler === 'function') {
        try { handler.call(signal, event) } catch (error) { queueMicrotask(() => { throw error }) }
      }
      signal.dispatchEvent(event)
    }
    static abort(reason) {
      const signal = new AbortSignal(CREATE)
      signalAbort(signal, reason)
      return signal
    }
    static timeout(ms) {
      const delay = Number(ms)
      if (!Number.isFinite(delay) || delay < 0) throw new TypeError(`AbortSignal.timeout: ms must be a finite number >= 0, got ${ms}`)
      const signal = new AbortSignal(CREATE)
      setTimeout(() => signalAbort(signal, reasonNamed('TimeoutError', 'The operation was aborted due to timeout')), delay)
      return signal
    }
    static any(signals) {
      const signal = new AbortSignal(CREATE)
      const list = [...signals]
      const done = list.find((s) => s.aborted)
      if (done) {
        signalAbort(signal, done.reason)
        return signal
      }
      for (const source of list) source.addEventListener('abort', () => signalAbort(signal, source.reason), { once: true })
      return signal
    }
    get [Symbol.toStringTag]() { return 'AbortSignal' }
  }
  class AbortController {
    #signal = new AbortSignal(CREATE)
    get signal() { return this.#signal }
    abort(reason) { signalAbort(this.#signal, reason) }
    get [Symbol.toStringTag]() { return 'AbortController' }
  }
  return { AbortController, AbortSignal }
})
