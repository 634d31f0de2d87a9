// `performance`, as Node has it for timing a program's steps. `now()` counts whole milliseconds,
// the resolution of `Date` (so it is no finer a timer than the realm already has), from
// `timeOrigin`, the moment the program first used `performance`. Evaluated then, with `now` from
// the run's clock (which a resumed durable run replays).
((now, timeOrigin) => {
  const ILLEGAL = 'Illegal constructor'
  const CREATE = Symbol('create')
  let marks = []
  let measures = []
  class PerformanceEntry {
    constructor(token, name, entryType, startTime, duration, detail) {
      if (token !== CREATE) throw new TypeError(ILLEGAL)
      this.name = name
      this.entryType = entryType
      this.startTime = startTime
      this.duration = duration
      this.detail = detail
    }
    toJSON() {
      const { name, entryType, startTime, duration, detail } = this
      return { name, entryType, startTime, duration, detail }
    }
  }
  class PerformanceMark extends PerformanceEntry {}
  class PerformanceMeasure extends PerformanceEntry {}
  // A mark's name, or a time in milliseconds: where a measure starts or ends.
  const timeOf = (mark) => {
    if (typeof mark === 'number') return mark
    const name = String(mark)
    const found = marks.findLast((entry) => entry.name === name)
    if (found === undefined) throw new SyntaxError(`The "${name}" performance mark has not been set`)
    return found.startTime
  }
  const byStart = (entries) => entries.sort((a, b) => a.startTime - b.startTime)
  class Performance {
    constructor(token) {
      if (token !== CREATE) throw new TypeError(ILLEGAL)
    }
    get timeOrigin() { return timeOrigin }
    now() { return now() }
    mark(name, options) {
      if (arguments.length === 0) throw new TypeError('The "name" argument must be specified')
      const startTime = options?.startTime === undefined ? now() : Number(options.startTime)
      if (!Number.isFinite(startTime) || startTime < 0) throw new TypeError(`performance.mark: startTime must be a number >= 0, got ${options.startTime}`)
      const mark = new PerformanceMark(CREATE, String(name), 'mark', startTime, 0, options?.detail ?? null)
      marks.push(mark)
      return mark
    }
    measure(name, startOrOptions, endMark) {
      if (arguments.length === 0) throw new TypeError('The "name" argument must be specified')
      const options = typeof startOrOptions === 'object' && startOrOptions !== null ? startOrOptions : { start: startOrOptions, end: endMark }
      const end = options.end === undefined ? now() : timeOf(options.end)
      const start = options.start === undefined
        ? (options.duration === undefined ? 0 : end - Number(options.duration))
        : timeOf(options.start)
      const measure = new PerformanceMeasure(CREATE, String(name), 'measure', start, end - start, options.detail ?? null)
      measures.push(measure)
      return measure
    }
    getEntries() { return byStart([...marks, ...measures]) }
    getEntriesByType(type) {
      return type === 'mark' ? [...marks] : type === 'measure' ? [...measures] : []
    }
    getEntriesByName(name, type) {
      return this.getEntries().filter((entry) => entry.name === String(name) && (type === undefined || entry.entryType === type))
    }
    clearMarks(name) { marks = name === undefined ? [] : marks.filter((entry) => entry.name !== String(name)) }
    clearMeasures(name) { measures = name === undefined ? [] : measures.filter((entry) => entry.name !== String(name)) }
    toJSON() { return { timeOrigin } }
    get [Symbol.toStringTag]() { return 'Performance' }
  }
  return new Performance(CREATE)
})
