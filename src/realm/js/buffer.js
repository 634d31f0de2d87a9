// Node's `Buffer` (Node 20's `lib/buffer.js` and `internal/buffer.js`, written anew): a subclass
// of Uint8Array with Node's static and prototype methods, its argument checks and its errors
// (`errors`, from js/node_errors.js), over `native` (buffer.rs), which does the work on bytes.
// Evaluated on a program's first use of `Buffer`, with the realm's own Uint8Array and well-known
// symbols: what a program replaced on the globals or their prototypes does not reach it, except
// where Node too reads what the program can change (a value's `length`, `valueOf`, a Buffer's
// `length` and `buffer`, `Buffer.from` and `Buffer.alloc` called by name).
//
// Unlike Node, small Buffers are not slices of a shared 8 KiB pool: each has an ArrayBuffer of
// its own, and `allocUnsafe` gives zeroed memory.
((native, Uint8Array, errors, symbols) => {
  'use strict'
  // Object destructuring and indexed loops only: array destructuring and `for...of` would run the
  // array iterator, which a program can replace.
  const { invalidArgType, outOfRange, invalidArgValue, bufferOutOfBounds, unknownEncoding, invalidBufferSize, withCode } = errors
  const { TypeError, RangeError } = errors
  const { defineProperty, setPrototypeOf } = native
  const kMaxLength = 2 ** 32
  // the encodings' numbers in buffer.rs
  const UTF8 = 0
  const UTF16LE = 1
  const LATIN1 = 2
  const ASCII = 3
  const BASE64 = 4
  const BASE64URL = 5
  const HEX = 6
  const BUFFER_OR_UINT8ARRAY = 'an instance of Buffer or Uint8Array'

  // `native.kinds` flags
  const isUint8Array = (value) => (native.kinds(value) & 1) !== 0
  const isTypedArray = (value) => (native.kinds(value) & 2) !== 0
  const isArrayBufferView = (value) => (native.kinds(value) & 4) !== 0
  const isAnyArrayBuffer = (value) => (native.kinds(value) & 8) !== 0
  const isArray = (value) => (native.kinds(value) & 16) !== 0

  // Math.trunc and Math.floor, as the program cannot replace them
  const trunc = (value) => {
    const n = +value
    return n !== n || n === Infinity || n === -Infinity ? n : n - (n % 1)
  }
  const floor = (value) => {
    const n = trunc(value)
    return n > +value ? n - 1 : n
  }
  const isInteger = (value) => typeof value === 'number' && value % 1 === 0

  // Node's validators
  const validateNumber = (value, name, min, max) => {
    if (typeof value !== 'number') throw invalidArgType(`"${name}" argument`, 'of type number', value)
    if ((min != null && value < min) || (max != null && value > max) || ((min != null || max != null) && value !== value)) {
      const range = `${min != null ? `>= ${min}` : ''}${min != null && max != null ? ' && ' : ''}${max != null ? `<= ${max}` : ''}`
      throw outOfRange(name, range, value)
    }
  }
  const validateInteger = (value, name, min = -(2 ** 53 - 1), max = 2 ** 53 - 1) => {
    if (typeof value !== 'number') throw invalidArgType(`"${name}" argument`, 'of type number', value)
    if (!isInteger(value)) throw outOfRange(name, 'an integer', value)
    if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value)
  }
  const validateOffset = (value, name, min = 0, max = kMaxLength) => validateInteger(value, name, min, max)

  // An encoding's number (buffer.rs), -1 for none: by its name, in any case, as Node's
  // `getEncodingOps` reads it (which takes '' for no encoding)...
  const encodingOf = (encoding) => native.encoding(encoding + '')
  // ... and as its `normalizeEncoding` does (`undefined`, `null` and '' are utf8).
  const normalizeEncoding = (encoding) => {
    if (encoding === undefined || encoding === null || encoding === '') return UTF8
    return typeof encoding === 'string' ? native.encoding(encoding) : -1
  }

  class FastBuffer extends Uint8Array {
    // Explicit, so that no iterator the program can replace is used to pass the arguments on.
    constructor(bufferOrLength, byteOffset, length) {
      super(bufferOrLength, byteOffset, length)
    }
  }

  function Buffer(arg, encodingOrOffset, length) {
    if (typeof arg === 'number') {
      if (typeof encodingOrOffset === 'string') throw invalidArgType('"string" argument', 'of type string', arg)
      return Buffer.alloc(arg)
    }
    return Buffer.from(arg, encodingOrOffset, length)
  }
  FastBuffer.prototype.constructor = Buffer
  Buffer.prototype = FastBuffer.prototype
  setPrototypeOf(Buffer, Uint8Array)
  defineProperty(Buffer, symbols.species, { __proto__: null, enumerable: false, configurable: true, get: () => FastBuffer })

  const fromString = (string, encoding) => {
    let id = UTF8
    if (encoding && encoding !== 'utf8' && typeof encoding === 'string') {
      id = encodingOf(encoding)
      if (id < 0) throw unknownEncoding(encoding)
    }
    return string.length === 0 ? new FastBuffer() : new FastBuffer(native.fromString(string, id))
  }

  const fromArrayBuffer = (buffer, byteOffset, length) => {
    if (byteOffset === undefined) {
      byteOffset = 0
    } else {
      byteOffset = +byteOffset
      if (byteOffset !== byteOffset) byteOffset = 0
    }
    const maxLength = buffer.byteLength - byteOffset
    if (maxLength < 0) throw bufferOutOfBounds('offset')
    // V8's words, where the engine's typed array constructor would give its own
    if (trunc(byteOffset) < 0) throw new RangeError(`Start offset ${byteOffset} is outside the bounds of the buffer`)
    if (length === undefined) {
      length = maxLength
    } else {
      length = +length
      if (length > 0) {
        if (length > maxLength) throw bufferOutOfBounds('length')
      } else {
        length = 0
      }
    }
    return new FastBuffer(buffer, byteOffset, length)
  }

  const fromArrayLike = (source) => {
    if (source.length <= 0) return new FastBuffer()
    const buffer = new FastBuffer(source.length)
    native.setFrom(buffer, source)
    return buffer
  }

  const fromObject = (value) => {
    if (value.length !== undefined || isAnyArrayBuffer(value.buffer)) {
      if (typeof value.length !== 'number') return new FastBuffer()
      return fromArrayLike(value)
    }
    if (value.type === 'Buffer' && isArray(value.data)) return fromArrayLike(value.data)
  }

  const allocate = (size) => (size <= 0 ? new FastBuffer() : new FastBuffer(size))

  const byteLength = function byteLength(string, encoding) {
    if (typeof string !== 'string') {
      if (isArrayBufferView(string) || isAnyArrayBuffer(string)) return string.byteLength
      throw invalidArgType('"string" argument', 'of type string or an instance of Buffer or ArrayBuffer', string)
    }
    if (string.length === 0) return 0
    if (!encoding || encoding === 'utf8') return native.byteLength(string, UTF8)
    if (encoding === 'ascii') return string.length
    const id = encodingOf(encoding)
    // Node's default for an encoding it does not know
    return native.byteLength(string, id < 0 ? UTF8 : id)
  }

  // `copy` and `concat`: as many bytes as both have room for.
  const copyActual = (source, target, targetStart, sourceStart, sourceEnd) => {
    if (sourceEnd - sourceStart > target.length - targetStart) sourceEnd = sourceStart + target.length - targetStart
    let count = sourceEnd - sourceStart
    const sourceLength = source.length - sourceStart
    if (count > sourceLength) count = sourceLength
    native.copy(source, sourceStart, target, targetStart, count)
    return count
  }

  // Node's `toInteger`: a number, floored, or `fallback` past the safe integers.
  const toInteger = (value, fallback) => {
    const n = +value
    return n === n && n >= -(2 ** 53 - 1) && n <= 2 ** 53 - 1 ? floor(n) : fallback
  }

  const fillBuffer = (buffer, value, offset, end, encoding) => {
    let id = UTF8
    if (typeof value === 'string') {
      if (offset === undefined || typeof offset === 'string') {
        encoding = offset
        offset = 0
        end = buffer.length
      } else if (typeof end === 'string') {
        encoding = end
        end = buffer.length
      }
      id = normalizeEncoding(encoding)
      if (id < 0) {
        if (typeof encoding !== 'string') throw invalidArgType('"encoding" argument', 'of type string', encoding)
        throw unknownEncoding(encoding)
      }
      if (value.length === 0) value = 0
    }
    if (offset === undefined) {
      offset = 0
      end = buffer.length
    } else {
      validateOffset(offset, 'offset')
      if (end === undefined) end = buffer.length
      else validateOffset(end, 'end', 0, buffer.length)
      if (offset >= end) return buffer
    }
    if (typeof value === 'number') {
      if (offset > end || end > native.byteLengthOf(buffer)) throw bufferOutOfBounds()
      native.fillNumber(buffer, value, offset, end)
    } else {
      const result = native.fill(buffer, value, offset, end, id)
      if (result === -1) throw invalidArgValue('value', value)
      if (result < 0) throw bufferOutOfBounds()
    }
    return buffer
  }

  const indexOf = (buffer, value, byteOffset, encoding, forward) => {
    if (!isArrayBufferView(buffer)) throw invalidArgType('"buffer" argument', 'an instance of Buffer, TypedArray, or DataView', buffer)
    if (typeof byteOffset === 'string') {
      encoding = byteOffset
      byteOffset = undefined
    } else if (byteOffset > 0x7fffffff) {
      byteOffset = 0x7fffffff
    } else if (byteOffset < -0x80000000) {
      byteOffset = -0x80000000
    }
    byteOffset = +byteOffset
    // `undefined`, 'x' and {} search the whole buffer
    if (byteOffset !== byteOffset) byteOffset = forward ? 0 : buffer.length || buffer.byteLength
    if (typeof value === 'number') return native.indexOf(buffer, value >>> 0, byteOffset, forward, UTF8)
    const id = encoding === undefined ? UTF8 : encodingOf(encoding)
    if (typeof value === 'string') {
      if (id < 0) throw unknownEncoding(encoding)
      return native.indexOf(buffer, value, byteOffset, forward, id)
    }
    if (isUint8Array(value)) return native.indexOf(buffer, value, byteOffset, forward, id < 0 ? UTF8 : id)
    throw invalidArgType('"value" argument', 'one of type number or string or an instance of Buffer or Uint8Array', value)
  }

  // Why Node's readers and writers refuse an offset (or a byteLength, `name`).
  const boundsError = (value, length, name) => {
    if (floor(value) !== value) {
      validateNumber(value, name)
      throw outOfRange(name || 'offset', 'an integer', value)
    }
    if (length < 0) throw bufferOutOfBounds()
    throw outOfRange(name || 'offset', `>= ${name ? 1 : 0} and <= ${length}`, value)
  }

  // A number's kind, as buffer.rs reads it: its size in bytes | LE | SIGNED | FLOAT | BIG.
  const LE = 16
  const SIGNED = 32
  const FLOAT = 64
  const BIG = 128
  const read = (buffer, offset, size, kind) => {
    validateNumber(offset, 'offset')
    const value = native.read(buffer, offset, kind)
    if (value === undefined) boundsError(offset, buffer.length - size)
    return value
  }
  // `readUIntLE(offset, byteLength)` and its relatives: 1 to 6 bytes.
  const readSized = (buffer, offset, byteLength, flags) => {
    if (offset === undefined) throw invalidArgType('"offset" argument', 'of type number', offset)
    if (byteLength >= 1 && byteLength <= 6 && isInteger(byteLength)) return read(buffer, offset, byteLength, byteLength | flags)
    boundsError(byteLength, 6, 'byteLength')
  }

  const checkBounds = (buffer, offset, last) => {
    validateNumber(offset, 'offset')
    if (buffer[offset] === undefined || buffer[offset + last] === undefined) boundsError(offset, buffer.length - (last + 1))
  }
  const rangeOf = (min, max, size) => {
    const n = typeof min === 'bigint' ? 'n' : ''
    if (size <= 4) return `>= ${min}${n} and <= ${max}${n}`
    const bits = size * 8
    return min === 0 || min === 0n ? `>= 0${n} and < 2${n} ** ${bits}${n}` : `>= -(2${n} ** ${bits - 1}${n}) and < 2${n} ** ${bits - 1}${n}`
  }
  const writeInteger = (buffer, value, offset, size, flags, min, max) => {
    value = +value
    if (size === 1) {
      // Node checks a single byte's offset first
      validateNumber(offset, 'offset')
      if (value > max || value < min) throw outOfRange('value', rangeOf(min, max, size), value)
      if (buffer[offset] === undefined) boundsError(offset, buffer.length - 1)
    } else {
      if (value > max || value < min) throw outOfRange('value', rangeOf(min, max, size), value)
      checkBounds(buffer, offset, size - 1)
    }
    return native.put(buffer, value, offset, size | flags)
  }
  // the largest unsigned integer of each size in bytes
  const LIMITS = [0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff]
  const writeSized = (buffer, value, offset, byteLength, flags) => {
    if (byteLength >= 1 && byteLength <= 6 && isInteger(byteLength)) {
      const unsigned = LIMITS[byteLength]
      const signed = (unsigned - 1) / 2
      return flags & SIGNED
        ? writeInteger(buffer, value, offset, byteLength, flags, -signed - 1, signed)
        : writeInteger(buffer, value, offset, byteLength, flags, 0, unsigned)
    }
    boundsError(byteLength, 6, 'byteLength')
  }
  const writeBigInt = (buffer, value, offset, flags, min, max) => {
    if (value > max || value < min) throw outOfRange('value', rangeOf(min, max, 8), value)
    checkBounds(buffer, offset, 7)
    // the value's low 64 bits, or the TypeError Node's writer gives what is not a BigInt
    return native.put(buffer, value & 0xffffffffffffffffn, offset, 8 | BIG | flags)
  }
  const writeFloat = (buffer, value, offset, size, flags) => {
    value = +value
    checkBounds(buffer, offset, size - 1)
    return native.put(buffer, value, offset, size | FLOAT | flags)
  }

  const U64 = 0xffffffffffffffffn
  const I64_MIN = -0x8000000000000000n
  const I64_MAX = 0x7fffffffffffffffn
  // The readers and writers, under the names Node's functions have (its aliases below).
  const numbers = {
    readBigUInt64LE(offset = 0) { return read(this, offset, 8, 8 | BIG | LE) },
    readBigUInt64BE(offset = 0) { return read(this, offset, 8, 8 | BIG) },
    readBigInt64LE(offset = 0) { return read(this, offset, 8, 8 | BIG | SIGNED | LE) },
    readBigInt64BE(offset = 0) { return read(this, offset, 8, 8 | BIG | SIGNED) },
    writeBigUInt64LE(value, offset = 0) { return writeBigInt(this, value, offset, LE, 0n, U64) },
    writeBigUInt64BE(value, offset = 0) { return writeBigInt(this, value, offset, 0, 0n, U64) },
    writeBigInt64LE(value, offset = 0) { return writeBigInt(this, value, offset, SIGNED | LE, I64_MIN, I64_MAX) },
    writeBigInt64BE(value, offset = 0) { return writeBigInt(this, value, offset, SIGNED, I64_MIN, I64_MAX) },
    readUIntLE(offset, byteLength) { return readSized(this, offset, byteLength, LE) },
    readUInt32LE(offset = 0) { return read(this, offset, 4, 4 | LE) },
    readUInt16LE(offset = 0) { return read(this, offset, 2, 2 | LE) },
    readUInt8(offset = 0) { return read(this, offset, 1, 1) },
    readUIntBE(offset, byteLength) { return readSized(this, offset, byteLength, 0) },
    readUInt32BE(offset = 0) { return read(this, offset, 4, 4) },
    readUInt16BE(offset = 0) { return read(this, offset, 2, 2) },
    readIntLE(offset, byteLength) { return readSized(this, offset, byteLength, SIGNED | LE) },
    readInt32LE(offset = 0) { return read(this, offset, 4, 4 | SIGNED | LE) },
    readInt16LE(offset = 0) { return read(this, offset, 2, 2 | SIGNED | LE) },
    readInt8(offset = 0) { return read(this, offset, 1, 1 | SIGNED) },
    readIntBE(offset, byteLength) { return readSized(this, offset, byteLength, SIGNED) },
    readInt32BE(offset = 0) { return read(this, offset, 4, 4 | SIGNED) },
    readInt16BE(offset = 0) { return read(this, offset, 2, 2 | SIGNED) },
    writeUIntLE(value, offset, byteLength) { return writeSized(this, value, offset, byteLength, LE) },
    writeUInt32LE(value, offset = 0) { return writeInteger(this, value, offset, 4, LE, 0, 0xffffffff) },
    writeUInt16LE(value, offset = 0) { return writeInteger(this, value, offset, 2, LE, 0, 0xffff) },
    writeUInt8(value, offset = 0) { return writeInteger(this, value, offset, 1, 0, 0, 0xff) },
    writeUIntBE(value, offset, byteLength) { return writeSized(this, value, offset, byteLength, 0) },
    writeUInt32BE(value, offset = 0) { return writeInteger(this, value, offset, 4, 0, 0, 0xffffffff) },
    writeUInt16BE(value, offset = 0) { return writeInteger(this, value, offset, 2, 0, 0, 0xffff) },
    writeIntLE(value, offset, byteLength) { return writeSized(this, value, offset, byteLength, SIGNED | LE) },
    writeInt32LE(value, offset = 0) { return writeInteger(this, value, offset, 4, LE, -0x80000000, 0x7fffffff) },
    writeInt16LE(value, offset = 0) { return writeInteger(this, value, offset, 2, LE, -0x8000, 0x7fff) },
    writeInt8(value, offset = 0) { return writeInteger(this, value, offset, 1, 0, -0x80, 0x7f) },
    writeIntBE(value, offset, byteLength) { return writeSized(this, value, offset, byteLength, SIGNED) },
    writeInt32BE(value, offset = 0) { return writeInteger(this, value, offset, 4, 0, -0x80000000, 0x7fffffff) },
    writeInt16BE(value, offset = 0) { return writeInteger(this, value, offset, 2, 0, -0x8000, 0x7fff) },
    readFloatForwards(offset = 0) { return read(this, offset, 4, 4 | FLOAT | LE) },
    readFloatBackwards(offset = 0) { return read(this, offset, 4, 4 | FLOAT) },
    readDoubleForwards(offset = 0) { return read(this, offset, 8, 8 | FLOAT | LE) },
    readDoubleBackwards(offset = 0) { return read(this, offset, 8, 8 | FLOAT) },
    writeFloatForwards(value, offset = 0) { return writeFloat(this, value, offset, 4, LE) },
    writeFloatBackwards(value, offset = 0) { return writeFloat(this, value, offset, 4, 0) },
    writeDoubleForwards(value, offset = 0) { return writeFloat(this, value, offset, 8, LE) },
    writeDoubleBackwards(value, offset = 0) { return writeFloat(this, value, offset, 8, 0) },
  }

  // Node's natives' indices (`ParseArrayIndex`): undefined is the default, a negative one is
  // refused.
  const nativeIndex = (value, fallback) => {
    if (value === undefined) return fallback
    const index = trunc(value) || 0
    if (index < 0) throw withCode(RangeError, 'ERR_OUT_OF_RANGE', 'Index out of range')
    return index
  }
  const checkView = (value) => {
    if (!isArrayBufferView(value)) throw withCode(TypeError, 'ERR_INVALID_ARG_TYPE', 'argument must be a buffer')
  }
  // `hexSlice(start, end)`, `utf8Write(string, offset, length)` and their kin.
  const slicer = (id) =>
    function (start, end) {
      checkView(this)
      const length = native.byteLengthOf(this)
      start = nativeIndex(start, 0)
      end = nativeIndex(end, length)
      if (end < start) end = start
      if (end > length) throw withCode(RangeError, 'ERR_OUT_OF_RANGE', 'Index out of range')
      return native.slice(this, start, end, id)
    }
  const writer = (id) =>
    function (string, offset, length) {
      checkView(this)
      offset = nativeIndex(offset, 0)
      return native.write(this, string, offset, nativeIndex(length, native.byteLengthOf(this) - offset), id)
    }

  const proto = Buffer.prototype
  const named = (name, method) => defineProperty(method, 'name', { __proto__: null, value: name, configurable: true })
  const assign = (target, from, names) => {
    for (let i = 0; i < names.length; i += 2) target[names[i]] = from[names[i + 1]]
  }
  // Node's order, its aliases (`readUint8`) beside its names, and its names for the floats'
  // functions (`readFloatForwards` is `readFloatLE`)
  assign(proto, numbers, [
    'readBigUInt64LE', 'readBigUInt64LE', 'readBigUInt64BE', 'readBigUInt64BE',
    'readBigUint64LE', 'readBigUInt64LE', 'readBigUint64BE', 'readBigUInt64BE',
    'readBigInt64LE', 'readBigInt64LE', 'readBigInt64BE', 'readBigInt64BE',
    'writeBigUInt64LE', 'writeBigUInt64LE', 'writeBigUInt64BE', 'writeBigUInt64BE',
    'writeBigUint64LE', 'writeBigUInt64LE', 'writeBigUint64BE', 'writeBigUInt64BE',
    'writeBigInt64LE', 'writeBigInt64LE', 'writeBigInt64BE', 'writeBigInt64BE',
  ])
  const integers = ['UIntLE', 'UInt32LE', 'UInt16LE', 'UInt8', 'UIntBE', 'UInt32BE', 'UInt16BE']
  const aliases = ['UintLE', 'Uint32LE', 'Uint16LE', 'Uint8', 'UintBE', 'Uint32BE', 'Uint16BE']
  const signedIntegers = ['IntLE', 'Int32LE', 'Int16LE', 'Int8', 'IntBE', 'Int32BE', 'Int16BE']
  const direction = ['read', 'write']
  for (let d = 0; d < 2; d++) {
    const prefix = direction[d]
    for (let i = 0; i < integers.length; i++) proto[prefix + integers[i]] = numbers[prefix + integers[i]]
    for (let i = 0; i < aliases.length; i++) proto[prefix + aliases[i]] = numbers[prefix + integers[i]]
    for (let i = 0; i < signedIntegers.length; i++) proto[prefix + signedIntegers[i]] = numbers[prefix + signedIntegers[i]]
  }
  assign(proto, numbers, [
    'readFloatLE', 'readFloatForwards', 'readFloatBE', 'readFloatBackwards',
    'readDoubleLE', 'readDoubleForwards', 'readDoubleBE', 'readDoubleBackwards',
    'writeFloatLE', 'writeFloatForwards', 'writeFloatBE', 'writeFloatBackwards',
    'writeDoubleLE', 'writeDoubleForwards', 'writeDoubleBE', 'writeDoubleBackwards',
  ])
  const codecs = ['ascii', ASCII, 'base64', BASE64, 'base64url', BASE64URL, 'latin1', LATIN1, 'hex', HEX, 'ucs2', UTF16LE, 'utf8', UTF8]
  for (let i = 0; i < codecs.length; i += 2) proto[`${codecs[i]}Slice`] = named(`${codecs[i]}Slice`, slicer(codecs[i + 1]))
  for (let i = 0; i < codecs.length; i += 2) proto[`${codecs[i]}Write`] = named(`${codecs[i]}Write`, writer(codecs[i + 1]))

  const instanceOfBuffer = (value) => value instanceof Buffer
  defineProperty(proto, 'parent', {
    __proto__: null,
    enumerable: true,
    get() {
      return instanceOfBuffer(this) ? this.buffer : undefined
    },
  })
  defineProperty(proto, 'offset', {
    __proto__: null,
    enumerable: true,
    get() {
      return instanceOfBuffer(this) ? this.byteOffset : undefined
    },
  })

  const adjustOffset = (offset, length) => {
    offset = trunc(offset)
    if (offset === 0) return 0
    if (offset < 0) {
      offset += length
      return offset > 0 ? offset : 0
    }
    if (offset < length) return offset
    return offset !== offset ? 0 : length
  }

  const methods = {
    copy(target, targetStart, sourceStart, sourceEnd) {
      const source = this
      if (!isUint8Array(source)) throw invalidArgType('"source" argument', BUFFER_OR_UINT8ARRAY, source)
      if (!isUint8Array(target)) throw invalidArgType('"target" argument', BUFFER_OR_UINT8ARRAY, target)
      if (targetStart === undefined) {
        targetStart = 0
      } else {
        targetStart = isInteger(targetStart) ? targetStart : toInteger(targetStart, 0)
        if (targetStart < 0) throw outOfRange('targetStart', '>= 0', targetStart)
      }
      if (sourceStart === undefined) {
        sourceStart = 0
      } else {
        sourceStart = isInteger(sourceStart) ? sourceStart : toInteger(sourceStart, 0)
        if (sourceStart < 0 || sourceStart > source.length) throw outOfRange('sourceStart', `>= 0 && <= ${source.length}`, sourceStart)
      }
      if (sourceEnd === undefined) {
        sourceEnd = source.length
      } else {
        sourceEnd = isInteger(sourceEnd) ? sourceEnd : toInteger(sourceEnd, 0)
        if (sourceEnd < 0) throw outOfRange('sourceEnd', '>= 0', sourceEnd)
      }
      if (targetStart >= target.length || sourceStart >= sourceEnd) return 0
      return copyActual(source, target, targetStart, sourceStart, sourceEnd)
    },

    toString(encoding, start, end) {
      if (arguments.length === 0) return native.slice(this, 0, this.length, UTF8)
      const length = this.length
      if (start <= 0) start = 0
      else if (start >= length) return ''
      else start = trunc(start) || 0
      if (end === undefined || end > length) end = length
      else end = trunc(end) || 0
      if (end <= start) return ''
      if (encoding === undefined) return native.slice(this, start, end, UTF8)
      const id = encodingOf(encoding)
      if (id < 0) throw unknownEncoding(encoding)
      return native.slice(this, start, end, id)
    },

    equals(otherBuffer) {
      if (!isUint8Array(otherBuffer)) throw invalidArgType('"otherBuffer" argument', BUFFER_OR_UINT8ARRAY, otherBuffer)
      if (this === otherBuffer) return true
      const length = native.byteLengthOf(this)
      if (length !== native.byteLengthOf(otherBuffer)) return false
      return length === 0 || native.compare(this, otherBuffer) === 0
    },

    inspect(recurseTimes, ctx) {
      return `<${this.constructor.name} ${native.inspectBytes(this)}>`
    },

    compare(target, targetStart, targetEnd, sourceStart, sourceEnd) {
      if (!isUint8Array(target)) throw invalidArgType('"target" argument', BUFFER_OR_UINT8ARRAY, target)
      if (arguments.length === 1) return native.compare(this, target)
      if (targetStart === undefined) targetStart = 0
      else validateOffset(targetStart, 'targetStart')
      if (targetEnd === undefined) targetEnd = target.length
      else validateOffset(targetEnd, 'targetEnd', 0, target.length)
      if (sourceStart === undefined) sourceStart = 0
      else validateOffset(sourceStart, 'sourceStart')
      if (sourceEnd === undefined) sourceEnd = this.length
      else validateOffset(sourceEnd, 'sourceEnd', 0, this.length)
      if (sourceStart >= sourceEnd) return targetStart >= targetEnd ? 0 : -1
      if (targetStart >= targetEnd) return 1
      // what Node's native refuses
      if (sourceStart > native.byteLengthOf(this)) throw withCode(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "sourceStart" is out of range.')
      if (targetStart > native.byteLengthOf(target)) throw withCode(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "targetStart" is out of range.')
      return native.compare(this, target, sourceStart, sourceEnd, targetStart, targetEnd)
    },

    indexOf(value, byteOffset, encoding) {
      return indexOf(this, value, byteOffset, encoding, true)
    },

    lastIndexOf(value, byteOffset, encoding) {
      return indexOf(this, value, byteOffset, encoding, false)
    },

    includes(value, byteOffset, encoding) {
      return this.indexOf(value, byteOffset, encoding) !== -1
    },

    fill(value, offset, end, encoding) {
      return fillBuffer(this, value, offset, end, encoding)
    },

    write(string, offset, length, encoding) {
      if (offset === undefined) return native.write(this, string, 0, this.length, UTF8)
      if (length === undefined && typeof offset === 'string') {
        encoding = offset
        length = this.length
        offset = 0
      } else {
        validateOffset(offset, 'offset', 0, this.length)
        const remaining = this.length - offset
        if (length === undefined) {
          length = remaining
        } else if (typeof length === 'string') {
          encoding = length
          length = remaining
        } else {
          validateOffset(length, 'length', 0, this.length)
          if (length > remaining) length = remaining
        }
      }
      if (!encoding || encoding === 'utf8') return native.write(this, string, offset, length, UTF8)
      if (encoding === 'ascii') return native.write(this, string, offset, length, ASCII)
      const id = encodingOf(encoding)
      if (id < 0) throw unknownEncoding(encoding)
      return native.write(this, string, offset, length, id)
    },

    toJSON() {
      return { type: 'Buffer', data: this.length > 0 ? native.jsonData(this) : [] }
    },

    subarray(start, end) {
      const length = this.length
      start = adjustOffset(start, length)
      end = end !== undefined ? adjustOffset(end, length) : length
      return new FastBuffer(this.buffer, this.byteOffset + start, end > start ? end - start : 0)
    },

    slice(start, end) {
      return this.subarray(start, end)
    },

    swap16() {
      if (this.length % 2 !== 0) throw invalidBufferSize('16-bits')
      return native.swap(this, 2)
    },

    swap32() {
      if (this.length % 4 !== 0) throw invalidBufferSize('32-bits')
      return native.swap(this, 4)
    },

    swap64() {
      if (this.length % 8 !== 0) throw invalidBufferSize('64-bits')
      return native.swap(this, 8)
    },
  }
  const methodNames = ['copy', 'toString', 'equals', 'inspect', 'compare', 'indexOf', 'lastIndexOf', 'includes', 'fill', 'write', 'toJSON', 'subarray', 'slice', 'swap16', 'swap32', 'swap64']
  for (let i = 0; i < methodNames.length; i++) proto[methodNames[i]] = methods[methodNames[i]]
  proto.toLocaleString = methods.toString

  const FROM_TYPES = 'of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object'
  const statics = {
    from(value, encodingOrOffset, length) {
      if (typeof value === 'string') return fromString(value, encodingOrOffset)
      if (typeof value === 'object' && value !== null) {
        if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length)
        const valueOf = value.valueOf && value.valueOf()
        if (valueOf != null && valueOf !== value && (typeof valueOf === 'string' || typeof valueOf === 'object')) {
          return statics.from(valueOf, encodingOrOffset, length)
        }
        const buffer = fromObject(value)
        if (buffer) return buffer
        if (typeof value[symbols.toPrimitive] === 'function') {
          const primitive = value[symbols.toPrimitive]('string')
          if (typeof primitive === 'string') return fromString(primitive, encodingOrOffset)
        }
      }
      throw invalidArgType('first argument', FROM_TYPES, value)
    },

    copyBytesFrom(view, offset, length) {
      if (!isTypedArray(view)) throw invalidArgType('"view" argument', 'an instance of TypedArray', view)
      const viewLength = native.lengthOf(view)
      if (viewLength === 0) return Buffer.alloc(0)
      let end = viewLength
      if (offset !== undefined || length !== undefined) {
        if (offset !== undefined) {
          validateInteger(offset, 'offset', 0)
          if (offset >= viewLength) return Buffer.alloc(0)
        } else {
          offset = 0
        }
        if (length !== undefined) {
          validateInteger(length, 'length', 0)
          end = offset + length
        }
      } else {
        offset = 0
      }
      return new FastBuffer(native.copyBytes(view, offset, end))
    },

    alloc(size, fill, encoding) {
      validateNumber(size, 'size', 0, kMaxLength)
      if (fill !== undefined && fill !== 0 && size > 0) {
        const buffer = new FastBuffer(size)
        return fillBuffer(buffer, fill, 0, buffer.length, encoding)
      }
      return new FastBuffer(size)
    },

    allocUnsafe(size) {
      validateNumber(size, 'size', 0, kMaxLength)
      return allocate(size)
    },

    allocUnsafeSlow(size) {
      validateNumber(size, 'size', 0, kMaxLength)
      return new FastBuffer(size)
    },

    isBuffer(b) {
      return b instanceof Buffer
    },

    compare(buf1, buf2) {
      if (!isUint8Array(buf1)) throw invalidArgType('"buf1" argument', BUFFER_OR_UINT8ARRAY, buf1)
      if (!isUint8Array(buf2)) throw invalidArgType('"buf2" argument', BUFFER_OR_UINT8ARRAY, buf2)
      return buf1 === buf2 ? 0 : native.compare(buf1, buf2)
    },

    isEncoding(encoding) {
      return typeof encoding === 'string' && encoding.length !== 0 && normalizeEncoding(encoding) >= 0
    },

    concat(list, length) {
      if (!isArray(list)) throw invalidArgType('"list" argument', 'an instance of Array', list)
      if (list.length === 0) return new FastBuffer()
      if (length === undefined) {
        length = 0
        for (let i = 0; i < list.length; i++) {
          if (list[i].length) length += list[i].length
        }
      } else {
        validateOffset(length, 'length')
      }
      const buffer = Buffer.allocUnsafe(length)
      let position = 0
      for (let i = 0; i < list.length; i++) {
        const part = list[i]
        if (!isUint8Array(part)) throw invalidArgType(`"list[${i}]" argument`, BUFFER_OR_UINT8ARRAY, part)
        position += copyActual(part, buffer, position, 0, part.length)
      }
      if (position < length) native.fillNumber(buffer, 0, position, length)
      return buffer
    },
  }
  // an arrow function, as in Node: not a constructor
  const of = (...items) => {
    const buffer = new FastBuffer(items.length)
    for (let k = 0; k < items.length; k++) buffer[k] = items[k]
    return buffer
  }
  Buffer.poolSize = 8 * 1024
  Buffer.from = statics.from
  Buffer.copyBytesFrom = statics.copyBytesFrom
  Buffer.of = of
  const staticNames = ['alloc', 'allocUnsafe', 'allocUnsafeSlow', 'isBuffer', 'compare', 'isEncoding', 'concat']
  for (let i = 0; i < staticNames.length; i++) Buffer[staticNames[i]] = statics[staticNames[i]]
  Buffer.byteLength = byteLength
  return Buffer
})
