// AbortController and AbortSignal for the realm, as the web platform defines them (without the
// rest of EventTarget and DOMException: an abort reason is an Error named AbortError or
// TimeoutError, with Node's messages). Evaluated the first time a program reads either global.
(() => {
  const CREATE = Symbol('create')
  // Aborts a signal; set inside the class, where its private fields are in reach.
  let signalAbort
  const reasonNamed = (name, message) => {
    const error = new Error(message)
    error.name = name
    return error
  }
  class AbortSignal {
    #aborted = false
    #reason = undefined
    #listeners = []
    onabort = null
    constructor(token) {
      if (token !== CREATE) throw new TypeError('Illegal constructor: use new AbortController().signal, AbortSignal.abort(), AbortSignal.timeout() or AbortSignal.any()')
    }
    get aborted() { return this.#aborted }
    get reason() { return this.#reason }
    throwIfAborted() {
      if (this.#aborted) throw this.#reason
    }
    addEventListener(type, listener, options) {
      if (type !== 'abort' || listener === null || listener === undefined) return
      if (this.#listeners.some((entry) => entry.listener === listener)) return
      const once = typeof options === 'object' && options !== null && Boolean(options.once)
      this.#listeners.push({ listener, once })
    }
    removeEventListener(type, listener) {
      if (type !== 'abort') return
      this.#listeners = this.#listeners.filter((entry) => entry.listener !== listener)
    }
    static {
      signalAbort = (signal, reason) => AbortSignal.#abort(signal, reason)
    }
    static #abort(signal, reason) {
      if (signal.#aborted) return
      signal.#aborted = true
      signal.#reason = reason === undefined ? reasonNamed('AbortError', 'This operation was aborted') : reason
      const event = { type: 'abort', target: signal, currentTarget: signal }
      const listeners = signal.#listeners
      signal.#listeners = listeners.filter((entry) => !entry.once)
      if (typeof signal.onabort === 'function') signal.onabort.call(signal, event)
      for (const { listener } of listeners) {
        if (typeof listener === 'function') listener.call(signal, event)
        else if (typeof listener?.handleEvent === 'function') listener.handleEvent(event)
      }
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
})()
