'use strict'
// Statistics, formatting and the machine description for bench/RESULTS.md.
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

// Nearest-rank percentile: with few samples p99 is the slowest one, never an interpolation.
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function summarize(samples) {
  if (samples.length === 0 || !samples.every(Number.isFinite)) {
    throw new Error(`malformed samples: ${JSON.stringify(samples)}`)
  }
  const sorted = [...samples].sort((a, b) => a - b)
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length }
}

function ms(x) {
  if (x === undefined) return 'n/a'
  if (Math.abs(x) < 1) return `${(x * 1000).toFixed(1)} µs`
  return `${x.toFixed(Math.abs(x) < 10 ? 2 : 1)} ms`
}

function mb(bytes) {
  return `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 2 : 1)} MB`
}

// How many times better boa is than a peer on a lower-is-better figure.
function times(peerValue, boaValue) {
  if (peerValue === undefined || boaValue === undefined) return 'n/a'
  if (boaValue <= 0) return '∞'
  const ratio = peerValue / boaValue
  return `${ratio < 1 ? ratio.toPrecision(2) : ratio.toFixed(1)}x`
}

function table(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

// A numeric field of /proc/<pid>/status (this process by default).
function procStatus(field, pid = 'self') {
  const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))
  return Number(match[1])
}

const threadCount = () => procStatus('Threads')

// Linux resets the peak RSS (VmHWM) when "5" is written to clear_refs; false where that is refused.
function resetPeakRss() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5')
    return true
  } catch {
    return false
  }
}

const peakRss = (pid = 'self') => procStatus('VmHWM', pid) * 1024

// Read from the file: packages with an "exports" map refuse require('<name>/package.json').
function packageVersion(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'node_modules', name, 'package.json'), 'utf8')).version
  } catch {
    return 'not installed'
  }
}

function machine() {
  const cpus = os.cpus()
  return table(
    ['what', 'value'],
    [
      ['cpu', cpus[0]?.model ?? 'unknown'],
      ['cores', String(cpus.length)],
      ['memory', `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`],
      ['os', `${os.type()} ${os.release()} ${os.arch()}`],
      ['node', process.version],
      ['peers', ['isolated-vm', 'quickjs-emscripten', '@sebastianwessel/quickjs', '@jitl/quickjs-ng-wasmfile-release-sync', 'typescript', 'amaro'].map((n) => `${n} ${packageVersion(n)}`).join(', ')],
    ],
  )
}

module.exports = { summarize, ms, mb, times, table, threadCount, resetPeakRss, peakRss, machine }
