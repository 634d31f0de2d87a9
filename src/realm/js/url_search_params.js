// URLSearchParams for the realm, and `URL.prototype.searchParams`: each URL's query object, kept
// in step with the URL both ways as the URL Standard says. Evaluated the first time a program uses
// URL or URLSearchParams, after the realm's URL is defined (`web/url.rs`); `parse` is the
// application/x-www-form-urlencoded parser (the `form_urlencoded` crate's, from Rust), which
// returns the name-value pairs of a string; `expose` gives Rust the prototype and a reader of an
// instance's list, for the console to print it as Node does.
((parse, expose) => {
  // Names and values are USVStrings: a lone surrogate becomes U+FFFD.
  const usv = (value) => String(value).toWellFormed()
  // The urlencoded serializer's escaping: encodeURIComponent's, plus ! ' ( ) ~, and space as +.
  const encode = (text) =>
    encodeURIComponent(text).replace(/%20/g, '+').replace(/[!'()~]/g, (char) => '%' + char.charCodeAt(0).toString(16).toUpperCase())
  const { get: getSearch, set: setSearch } = Object.getOwnPropertyDescriptor(URL.prototype, 'search')
  const queryObjects = new WeakMap()
  let queryObjectOf
  let reparse

  class URLSearchParams {
    #list = []
    /** The URL this is the query object of, updated on every change; null for a free one. */
    #url = null

    static {
      queryObjectOf = (url) => {
        const params = new URLSearchParams(getSearch.call(url))
        params.#url = url
        return params
      }
      reparse = (params, query) => {
        params.#list = parse(query.replace(/^\?/, ''))
      }
      expose(URLSearchParams.prototype, (params) => (#list in params ? params.#list : undefined))
    }

    constructor(init = '') {
      if (typeof init === 'object' && init !== null) {
        const pairs = typeof init[Symbol.iterator] === 'function' ? init : Object.entries(init)
        for (const pair of pairs) {
          const items = [...pair]
          if (items.length !== 2) throw new TypeError('URLSearchParams: each pair needs exactly two items, a name and a value')
          this.#list.push([usv(items[0]), usv(items[1])])
        }
        return
      }
      this.#list = parse(usv(init).replace(/^\?/, ''))
    }

    /** The URL Standard's "update": the URL's query becomes the serialization (none when empty). */
    #update() {
      if (this.#url !== null) setSearch.call(this.#url, this.toString())
    }

    get size() {
      return this.#list.length
    }
    append(name, value) {
      this.#list.push([usv(name), usv(value)])
      this.#update()
    }
    delete(name, value) {
      const [n, v] = [usv(name), value === undefined ? undefined : usv(value)]
      this.#list = this.#list.filter(([entryName, entryValue]) => !(entryName === n && (v === undefined || entryValue === v)))
      this.#update()
    }
    get(name) {
      const found = this.#list.find(([entryName]) => entryName === usv(name))
      return found ? found[1] : null
    }
    getAll(name) {
      return this.#list.filter(([entryName]) => entryName === usv(name)).map(([, value]) => value)
    }
    has(name, value) {
      const [n, v] = [usv(name), value === undefined ? undefined : usv(value)]
      return this.#list.some(([entryName, entryValue]) => entryName === n && (v === undefined || entryValue === v))
    }
    set(name, value) {
      const [n, v] = [usv(name), usv(value)]
      const at = this.#list.findIndex(([entryName]) => entryName === n)
      if (at < 0) this.#list.push([n, v])
      else this.#list = this.#list.filter(([entryName], i) => i <= at || entryName !== n).with(at, [n, v])
      this.#update()
    }
    sort() {
      // stable, by code units
      this.#list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      this.#update()
    }
    forEach(callback, thisArg) {
      for (const [name, value] of this.#list) callback.call(thisArg, value, name, this)
    }
    *keys() {
      for (const [name] of this.#list) yield name
    }
    *values() {
      for (const [, value] of this.#list) yield value
    }
    *entries() {
      for (const [name, value] of this.#list) yield [name, value]
    }
    [Symbol.iterator]() {
      return this.entries()
    }
    toString() {
      return this.#list.map(([name, value]) => encode(name) + '=' + encode(value)).join('&')
    }
    get [Symbol.toStringTag]() {
      return 'URLSearchParams'
    }
  }

  // Accessors of URL.prototype, named as the URL's own (`get searchParams`, `set search`).
  const accessor = (name, methods) => ({ ...Object.getOwnPropertyDescriptor(methods, name), enumerable: true, configurable: true })
  // The same query object each time for a URL ([SameObject]), made on first read.
  const searchParams = accessor('searchParams', {
    get searchParams() {
      let params = queryObjects.get(this)
      if (params === undefined) {
        params = queryObjectOf(this)
        queryObjects.set(this, params)
      }
      return params
    },
  })
  Object.defineProperty(URL.prototype, 'searchParams', searchParams)
  // Setting the URL's search or href sets its query object's list to the new query.
  for (const name of ['search', 'href']) {
    const { get, set } = Object.getOwnPropertyDescriptor(URL.prototype, name)
    const setter = accessor(name, {
      set [name](value) {
        set.call(this, value)
        const params = queryObjects.get(this)
        if (params !== undefined) reparse(params, getSearch.call(this))
      },
    })
    Object.defineProperty(URL.prototype, name, { ...setter, get })
  }
  return URLSearchParams
})
