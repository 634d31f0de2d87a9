// Binary data in the differential, shared by both sides: how it crosses the bridge (README, "What
// crosses the bridge": as bytes, a typed array as the same kind, a Buffer as a Uint8Array) and
// how it is written down for comparing (JSON alone would show a typed array as an object of
// indices and an ArrayBuffer as {}).

/** A copy of binary data `value` as the other side receives it; undefined for anything else. */
export function crossedBinary(value) {
  if (value instanceof ArrayBuffer) return value.slice(0)
  if (value instanceof DataView) return new DataView(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength))
  if (ArrayBuffer.isView(value)) {
    const Kind = Buffer.isBuffer(value) ? Uint8Array : value.constructor
    return new Kind(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength))
  }
  return undefined
}

/** A JSON.stringify replacer that writes binary data as `{ binary: kind, bytes: [...] }`. */
export function showBinary(key, value) {
  const raw = this[key]
  if (!(raw instanceof ArrayBuffer) && !ArrayBuffer.isView(raw)) return value
  const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength)
  return { binary: Object.prototype.toString.call(raw).slice(8, -1), bytes: Array.from(bytes) }
}
