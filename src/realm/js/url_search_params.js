// URLSearchParams for the realm: boa_runtime provides URL but not this class. Evaluated the first
// time a program reads the global, so runs that never use it do not pay for it.
(() => {
  const encode = (s) =>
    encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
  const decode = (s) => decodeURIComponent(s.replace(/\+/g, ' '))
  class URLSearchParams {
    #list = []
    constructor(init = '') {
      if (typeof init === 'object' && init !== null) {
        const pairs = typeof init[Symbol.iterator] === 'function' ? init : Object.entries(init)
        for (const pair of pairs) {
          const [name, value] = [...pair]
          if (pair.length !== 2 && [...pair].length !== 2) throw new TypeError('URLSearchParams: each pair needs exactly two items')
          this.#list.push([String(name), String(value)])
        }
        return
      }
      const text = String(init).replace(/^\?/, '')
      for (const part of text.split('&')) {
        if (part === '') continue
        const at = part.indexOf('=')
        this.#list.push(at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))])
      }
    }
    get size() { return this.#list.length }
    append(name, value) { this.#list.push([String(name), String(value)]) }
    delete(name, value) {
      this.#list = this.#list.filter(([n, v]) => !(n === String(name) && (value === undefined || v === String(value))))
    }
    get(name) {
      const found = this.#list.find(([n]) => n === String(name))
      return found ? found[1] : null
    }
    getAll(name) { return this.#list.filter(([n]) => n === String(name)).map(([, v]) => v) }
    has(name, value) { return this.#list.some(([n, v]) => n === String(name) && (value === undefined || v === String(value))) }
    set(name, value) {
      const at = this.#list.findIndex(([n]) => n === String(name))
      if (at < 0) return this.append(name, value)
      this.#list[at] = [String(name), String(value)]
      this.#list = this.#list.filter(([n], i) => i <= at || n !== String(name))
    }
    sort() { this.#list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) }
    forEach(callback, thisArg) { for (const [n, v] of this.#list) callback.call(thisArg, v, n, this) }
    *keys() { for (const [n] of this.#list) yield n }
    *values() { for (const [, v] of this.#list) yield v }
    *entries() { for (const [n, v] of this.#list) yield [n, v] }
    [Symbol.iterator]() { return this.entries() }
    toString() { return this.#list.map(([n, v]) => encode(n) + '=' + encode(v)).join('&') }
    get [Symbol.toStringTag]() { return 'URLSearchParams' }
  }
  return URLSearchParams
})()
