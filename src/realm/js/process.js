// The realm's `process`: Node's shape for what a program here may use. Called once, when a
// program first uses `process`, with natives that do the work, so nothing in it reads a global
// the program may have replaced by then. `stdout` and `stderr` share their `write` through one
// prototype, as Node's streams do (a program may call it from there).
;(function (env, writeChunk, exitWith, nextTick, hrtime, uptime) {
  class WriteStream {
    #fd
    constructor(fd) {
      this.#fd = fd
    }
    get fd() {
      return this.#fd
    }
    get isTTY() {
      return false
    }
    write(chunk, encoding, callback) {
      writeChunk(this.#fd, chunk)
      const done = typeof encoding === 'function' ? encoding : callback
      if (typeof done === 'function') nextTick(done, null)
      return true
    }
  }
  const process = {
    env,
    argv: ['node'],
    execArgv: [],
    exitCode: undefined,
    stdout: new WriteStream(1),
    stderr: new WriteStream(2),
    exit(code) {
      exitWith(code === undefined ? process.exitCode : code)
    },
    nextTick,
    hrtime,
    uptime,
  }
  return process
})
