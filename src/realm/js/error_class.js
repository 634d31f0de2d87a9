// The error class a host declared for a namespace's calls (the DeepSeek Harness's `errorClass`):
// a real subclass of the realm's Error, so `error instanceof ToolCallError` holds, whose
// instances carry `name` and the function called as own enumerable properties. Evaluated before
// any program runs: the intrinsics are captured now, and descriptors have no prototype, so a
// program that later replaces `Error`, `Object.defineProperty` or adds `get` to Object.prototype
// cannot change what a failed call rejects with.
;((BaseError, defineProperty) => (name, memberProperty) => {
  const field = (value) => ({ __proto__: null, value, writable: true, enumerable: true, configurable: true })
  const Class = class extends BaseError {
    constructor(member, message) {
      super(message)
      defineProperty(this, 'name', field(name))
      defineProperty(this, memberProperty, field(member))
    }
  }
  defineProperty(Class, 'name', { __proto__: null, value: name, configurable: true })
  return Class
})(Error, Object.defineProperty)
