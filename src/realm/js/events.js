// Event, CustomEvent and EventTarget, as the DOM Standard defines them for a target with no tree
// (Node's globals): listeners with `capture`, `once`, `passive` and `signal`, `handleEvent`
// objects, `stopImmediatePropagation`, `preventDefault` on cancelable events. A listener that
// throws does not stop the others; its error is thrown again from a microtask, so it ends the run
// as an uncaught exception ends a Node process. Evaluated the first time a program uses one.
(() => {
  const describe = (value) => {
    if (value === null) return 'null'
    if (typeof value === 'function') return `function ${value.name}`
    if (typeof value === 'object') return `an instance of ${value.constructor?.name ?? 'Object'}`
    return `type ${typeof value} (${String(value)})`
  }
  const optionsOf = (options) => typeof options === 'boolean' ? { capture: options } : (options ?? {})
  // Event state the target changes while it dispatches; set inside the class, where its private
  // fields are in reach.
  let enterDispatch, leaveDispatch, stoppedAt, setPassive
  class Event {
    #type
    #bubbles
    #cancelable
    #composed
    #defaultPrevented = false
    #target = null
    #currentTarget = null
    #dispatching = false
    // As in Node, neither is cleared by a dispatch: an event stopped before it is dispatched
    // reaches no listener.
    #propagationStopped = false
    #immediateStopped = false
    #passive = false
    #timeStamp = Date.now()
    constructor(type, options = {}) {
      if (arguments.length === 0) throw new TypeError('The "type" argument must be specified')
      if (options !== null && typeof options !== 'object') throw new TypeError(`The "options" argument must be of type object. Received ${describe(options)}`)
      this.#type = String(type)
      this.#bubbles = Boolean(options?.bubbles)
      this.#cancelable = Boolean(options?.cancelable)
      this.#composed = Boolean(options?.composed)
    }
    get type() { return this.#type }
    get bubbles() { return this.#bubbles }
    get cancelable() { return this.#cancelable }
    get composed() { return this.#composed }
    get defaultPrevented() { return this.#cancelable && this.#defaultPrevented }
    get returnValue() { return !this.defaultPrevented }
    get target() { return this.#target }
    get currentTarget() { return this.#currentTarget }
    get srcElement() { return this.#target }
    get eventPhase() { return this.#dispatching ? Event.AT_TARGET : Event.NONE }
    get isTrusted() { return false }
    get timeStamp() { return this.#timeStamp }
    get cancelBubble() { return this.#propagationStopped }
    set cancelBubble(value) { if (value) this.#propagationStopped = true }
    composedPath() { return this.#dispatching ? [this.#currentTarget] : [] }
    preventDefault() { if (!this.#passive) this.#defaultPrevented = true }
    stopPropagation() { this.#propagationStopped = true }
    stopImmediatePropagation() { this.#propagationStopped = this.#immediateStopped = true }
    static {
      enterDispatch = (event, target) => {
        if (event.#dispatching) {
          const error = new Error(`The event "${event.#type}" is already being dispatched`)
          error.code = 'ERR_EVENT_RECURSION'
          throw error
        }
        event.#dispatching = true
        event.#target = event.#currentTarget = target
      }
      leaveDispatch = (event) => {
        event.#dispatching = false
        event.#currentTarget = null
        event.#passive = false
      }
      stoppedAt = (event) => event.#immediateStopped
      setPassive = (event, passive) => { event.#passive = passive }
    }
    get [Symbol.toStringTag]() { return 'Event' }
  }
  for (const [name, value] of [['NONE', 0], ['CAPTURING_PHASE', 1], ['AT_TARGET', 2], ['BUBBLING_PHASE', 3]]) {
    Object.defineProperty(Event, name, { value, enumerable: true })
    Object.defineProperty(Event.prototype, name, { value, enumerable: true })
  }
  class CustomEvent extends Event {
    #detail
    constructor(type, options = {}) {
      if (arguments.length === 0) throw new TypeError('The "type" argument must be specified')
      super(type, options)
      this.#detail = options?.detail ?? null
    }
    get detail() { return this.#detail }
    get [Symbol.toStringTag]() { return 'CustomEvent' }
  }
  class EventTarget {
    // type -> [{ listener, capture, once, passive, removed }], in the order they were added
    #listeners = new Map()
    addEventListener(type, listener, options) {
      if (arguments.length < 2) throw new TypeError('The "type" and "listener" arguments must be specified')
      if (listener === null || listener === undefined) return
      if (typeof listener !== 'function' && typeof listener !== 'object') {
        throw new TypeError(`The "listener" argument must be an instance of EventListener. Received ${describe(listener)}`)
      }
      const { capture = false, once = false, passive = false, signal } = optionsOf(options)
      if (signal?.aborted) return
      const name = String(type)
      const list = this.#listeners.get(name) ?? []
      if (list.some((entry) => entry.listener === listener && entry.capture === Boolean(capture))) return
      list.push({ listener, capture: Boolean(capture), once: Boolean(once), passive: Boolean(passive), removed: false })
      this.#listeners.set(name, list)
      signal?.addEventListener('abort', () => this.removeEventListener(name, listener, { capture }), { once: true })
    }
    removeEventListener(type, listener, options) {
      const capture = Boolean(optionsOf(options).capture)
      const name = String(type)
      const list = this.#listeners.get(name)
      const at = list?.findIndex((entry) => entry.listener === listener && entry.capture === capture) ?? -1
      if (at < 0) return
      // A copy without it: a dispatch going through the list skips it, and goes on in step.
      list[at].removed = true
      this.#listeners.set(name, list.toSpliced(at, 1))
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) throw new TypeError(`The "event" argument must be an instance of Event. Received ${describe(event)}`)
      enterDispatch(event, this)
      try {
        // As in Node (not the DOM Standard, which copies the list first): a listener added while
        // dispatching runs for this event too, unless it was added by the last one, whose
        // successor Node read before calling it; a removed one does not run.
        const list = this.#listeners.get(event.type) ?? []
        for (let i = 0, last = false; !last && i < list.length; i++) {
          const entry = list[i]
          last = i + 1 === list.length
          if (stoppedAt(event)) break
          if (entry.removed) continue
          if (entry.once) this.removeEventListener(event.type, entry.listener, { capture: entry.capture })
          setPassive(event, entry.passive)
          try {
            if (typeof entry.listener === 'function') entry.listener.call(this, event)
            else if (typeof entry.listener.handleEvent === 'function') entry.listener.handleEvent(event)
          } catch (error) {
            queueMicrotask(() => { throw error })
          }
        }
      } finally {
        leaveDispatch(event)
      }
      return !event.defaultPrevented
    }
    get [Symbol.toStringTag]() { return 'EventTarget' }
  }
  return { Event, CustomEvent, EventTarget }
})()
