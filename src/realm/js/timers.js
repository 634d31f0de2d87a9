// `setTimeout` and `setInterval` as Node has them: they return a `Timeout` object, not a number,
// with `ref`, `unref`, `hasRef`, `refresh` and `close` (models write `timer.unref()`), and a
// `Symbol.toPrimitive` that gives its number, which `clearTimeout` takes as well as the object.
// `unref` changes nothing else here: a run ends when its program settles, whatever timers are
// left (README, "The realm"). Evaluated on the program's first use of a timer global, with
// boa_runtime's timers as `native`.
((nativeSetTimeout, nativeSetInterval, nativeClear) => {
  // Node's TypeError for a callback that is not a function, as `validateFunction` words it.
  const received = (value) => {
    if (value === null || value === undefined) return ` Received ${value}`
    if (typeof value === 'function') return ` Received function ${value.name}`
    if (typeof value === 'object') {
      const name = value.constructor?.name
      return name ? ` Received an instance of ${name}` : ' Received [Object: null prototype]'
    }
    let shown = typeof value === 'string' ? `'${value.length > 25 ? `${value.slice(0, 25)}...` : value}'` : String(value)
    if (typeof value === 'bigint') shown += 'n'
    return ` Received type ${typeof value} (${shown})`
  }
  const checkCallback = (callback) => {
    if (typeof callback === 'function') return
    const error = new TypeError(`The "callback" argument must be of type function.${received(callback)}`)
    error.code = 'ERR_INVALID_ARG_TYPE'
    throw error
  }

  // Live timers by their number, which stays the one they were created with across `refresh`.
  const byNumber = new Map()
  let fired
  let isTimeout

  // What Node's Timeout and Immediate share: whether they would hold Node's loop open.
  class Handle {
    #refed = true

    unref() {
      this.#refed = false
      return this
    }

    ref() {
      this.#refed = true
      return this
    }

    hasRef() {
      return this.#refed
    }
  }

  class Timeout extends Handle {
    #number
    #native
    #closed = false
    #schedule

    static {
      // A timeout that fired is no longer live (an interval stays until cleared).
      fired = (timeout) => byNumber.delete(timeout.#number)
      isTimeout = (value) => value !== null && typeof value === 'object' && #native in value
    }

    constructor(schedule) {
      super()
      this.#schedule = schedule
      this.#native = schedule(this)
      this.#number = this.#native
      byNumber.set(this.#number, this)
    }

    /** Starts the timer's delay again from now, as Node does, even after a timeout fired. */
    refresh() {
      if (this.#closed) return this
      nativeClear(this.#native)
      this.#native = this.#schedule(this)
      byNumber.set(this.#number, this)
      return this
    }

    close() {
      this.#closed = true
      nativeClear(this.#native)
      byNumber.delete(this.#number)
      return this
    }

    [Symbol.toPrimitive]() {
      return this.#number
    }
  }

  // Node's parameters, so that `length` is Node's too.
  function setTimeout(callback, after, arg1, arg2, arg3) {
    checkCallback(callback)
    const args = Array.prototype.slice.call(arguments, 2)
    return new Timeout((timeout) =>
      nativeSetTimeout(() => {
        fired(timeout)
        callback.apply(timeout, args)
      }, after),
    )
  }

  function setInterval(callback, repeat, arg1, arg2, arg3) {
    checkCallback(callback)
    const args = Array.prototype.slice.call(arguments, 2)
    return new Timeout((timeout) => nativeSetInterval(() => callback.apply(timeout, args), repeat))
  }

  // Node's clear either kind of timer, given the object or its number (as a number or a string).
  const clear = (timer) => {
    if (isTimeout(timer)) timer.close()
    else if (typeof timer === 'number' || typeof timer === 'string') byNumber.get(Number(timer))?.close()
  }
  function clearTimeout(timer) {
    clear(timer)
  }
  function clearInterval(timer) {
    clear(timer)
  }

  // Node's `setImmediate`: the callback runs after the current task and its microtasks, here as a
  // timer of 0 ms (the realm has no I/O phase for it to follow). Models write
  // `await new Promise((resolve) => setImmediate(resolve))` to yield.
  let immediateNative
  class Immediate extends Handle {
    #native

    static {
      immediateNative = (value) => (value !== null && typeof value === 'object' && #native in value ? value.#native : undefined)
    }

    constructor(callback, args) {
      super()
      this.#native = nativeSetTimeout(() => callback.apply(this, args), 0)
    }
  }

  function setImmediate(callback, arg1, arg2, arg3) {
    checkCallback(callback)
    return new Immediate(callback, Array.prototype.slice.call(arguments, 1))
  }

  function clearImmediate(immediate) {
    const native = immediateNative(immediate)
    if (native !== undefined) nativeClear(native)
  }
  return { setTimeout, setInterval, clearTimeout, clearInterval, setImmediate, clearImmediate }
})
