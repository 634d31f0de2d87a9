// Node's errors as its APIs throw them (Node 20's `internal/errors`), for the realm's Node APIs
// (js/buffer.js): an error of a class of the code's own, a subclass of TypeError or RangeError
// whose instances carry the code as an own `code` property, Node's message, and a `toString`
// that names the code; `marker` is the symbol by which the console knows them, to print
// `RangeError [ERR_OUT_OF_RANGE]: ...` as Node does. What Node's natives throw is a plain error of
// the base class with a `code` (`withCode`). The messages describe values with the natives of
// buffer.rs (`received`, `format`), which format them as the console does.
((marker, native, TypeError, RangeError) => {
  'use strict'
  const classes = { __proto__: null }
  const nodeError = (Base, code, message) => {
    let NodeError = classes[code]
    if (NodeError === undefined) {
      // A local of this function: the engine does not see a variable of an outer one that only a
      // computed class key uses as captured (the key then reads it uninitialized).
      const isNodeError = marker
      NodeError = class NodeError extends Base {
        code = code

        constructor(message) {
          super(message)
        }

        // As in Node, the instances' constructor is the base class (`e.constructor === RangeError`).
        get ['constructor']() {
          return Base
        }

        get [isNodeError]() {
          return true
        }

        toString() {
          return `${this.name} [${code}]: ${this.message}`
        }
      }
      classes[code] = NodeError
    }
    return new NodeError(message)
  }
  // How `received` describes a value: Node's `determineSpecificType` (`type number (5)`, `an
  // instance of Object`), ERR_OUT_OF_RANGE's (`4_294_967_296`) and ERR_INVALID_ARG_VALUE's (the
  // value inspected, cut at 128 characters).
  const AS_TYPE = 0
  const AS_RANGE = 1
  const AS_VALUE = 2
  return {
    /** `subject` as Node names it: `"size" argument`, `first argument`. */
    invalidArgType: (subject, expected, actual) =>
      nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The ${subject} must be ${expected}. Received ${native.received(actual, AS_TYPE)}`),
    outOfRange: (name, range, input) =>
      nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be ${range}. Received ${native.received(input, AS_RANGE)}`),
    invalidArgValue: (name, value) =>
      nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument '${name}' is invalid. Received ${native.received(value, AS_VALUE)}`),
    bufferOutOfBounds: (name) =>
      nodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', name === undefined ? 'Attempt to access memory outside buffer bounds' : `"${name}" is outside of buffer bounds`),
    unknownEncoding: (encoding) => nodeError(TypeError, 'ERR_UNKNOWN_ENCODING', native.format('Unknown encoding: %s', encoding)),
    invalidBufferSize: (unit) => nodeError(RangeError, 'ERR_INVALID_BUFFER_SIZE', `Buffer size must be a multiple of ${unit}`),
    withCode: (Base, code, message) => {
      const error = new Base(message)
      error.code = code
      return error
    },
    TypeError,
    RangeError,
  }
})
