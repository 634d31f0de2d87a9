// The small Intl the realm has without ICU (vendor/README.md, "Intl"): NumberFormat and Collator
// over the engine's en-US `Number.prototype.toLocaleString` and root-like `localeCompare`. Every
// locale formats and compares the same way. A function of no inputs, evaluated and called the
// first time a program reads `Intl`.
(() => {
  const formatNumber = Number.prototype.toLocaleString
  const compareStrings = String.prototype.localeCompare
  const copyOptions = (options) => (options === undefined ? {} : { ...Object(options) })
  class NumberFormat {
    #options
    constructor(locales, options) {
      this.#options = copyOptions(options)
      // Invalid options throw here, as they do from the real constructor.
      formatNumber.call(0, locales, this.#options)
    }
    get format() {
      return (value) => formatNumber.call(Number(value), 'en-US', this.#options)
    }
    resolvedOptions() {
      return { locale: 'en-US', numberingSystem: 'latn', style: 'decimal', ...this.#options }
    }
    static supportedLocalesOf() {
      return ['en-US']
    }
  }
  class Collator {
    #options
    constructor(locales, options) {
      this.#options = copyOptions(options)
      compareStrings.call('', '', locales, this.#options)
    }
    get compare() {
      return (a, b) => compareStrings.call(String(a), String(b), 'en-US', this.#options)
    }
    resolvedOptions() {
      return { locale: 'en-US', usage: 'sort', sensitivity: 'variant', numeric: false, ...this.#options }
    }
    static supportedLocalesOf() {
      return ['en-US']
    }
  }
  const Intl = { NumberFormat, Collator }
  Object.defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true })
  return Intl
})
