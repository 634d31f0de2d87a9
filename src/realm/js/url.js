// URL for the realm: boa_runtime's class, with Node's error where a string does not parse
// (`TypeError: Invalid URL`, with `code` and `input`, and `base` when one was given) in place of
// boa_runtime's `Failed to parse URL: <reason>`: programs written for Node test `e.code` or the
// message. Evaluated the first time a program uses URL, right after boa_runtime defines it; the
// constructor returned replaces boa_runtime's, over the same prototype.
(() => {
  const NativeURL = globalThis.URL
  const unparsable = (error) => error instanceof TypeError && /^(Failed to (parse|set)|Base URL )/.test(error.message)
  const invalidURL = (input, base) => {
    const error = new TypeError('Invalid URL')
    error.code = 'ERR_INVALID_URL'
    error.input = input
    if (base !== undefined) error.base = base
    return error
  }

  const URL = function URL(url, base = undefined) {
    if (new.target === undefined) throw new TypeError("Class constructor URL cannot be invoked without 'new'")
    const input = `${url}`
    const baseInput = base === undefined ? undefined : `${base}`
    try {
      return Reflect.construct(NativeURL, baseInput === undefined ? [input] : [input, baseInput], new.target)
    } catch (error) {
      throw unparsable(error) ? invalidURL(input, baseInput) : error
    }
  }
  for (const key of Reflect.ownKeys(NativeURL)) {
    if (!['length', 'name', 'prototype'].includes(key)) Object.defineProperty(URL, key, Object.getOwnPropertyDescriptor(NativeURL, key))
  }
  Object.defineProperty(URL, 'prototype', { value: NativeURL.prototype, writable: false })
  Object.defineProperty(NativeURL.prototype, 'constructor', { value: URL, writable: true, enumerable: false, configurable: true })

  // Setting `href` to a string that does not parse fails as the constructor does.
  const href = Object.getOwnPropertyDescriptor(NativeURL.prototype, 'href')
  Object.defineProperty(NativeURL.prototype, 'href', {
    ...href,
    set(value) {
      const input = `${value}`
      try {
        href.set.call(this, input)
      } catch (error) {
        throw unparsable(error) ? invalidURL(input) : error
      }
    },
  })
  return URL
})
