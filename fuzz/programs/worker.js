'use strict'

// Child process of the program fuzzer: runs programs one after another, each in its own runtime,
// and reports every step on stdout as one JSON line, written synchronously so the parent knows
// which program and which step was in flight if this process dies or hangs.
//
// Input on stdin: { programs: [{ id, source, language, limits }] }.
// Output lines: start, result, canary, disposed (one of each per program), then done.

const fs = require('node:fs')
const path = require('node:path')
const { createCodeRuntime } = require(path.join(__dirname, '..', '..', 'index.js'))
const { resetPeakRss, peakRss } = require(path.join(__dirname, '..', '..', 'bench', 'report.js'))

const CANARY_SOURCE = 'return [1, 2, 3].map((x) => x * 2).join()'
const CANARY_VALUE = '2,4,6'
const MESSAGE_CHARS = 300

const emit = (event) => fs.writeSync(1, JSON.stringify(event) + '\n')

const bindings = {
  tool: async () => 1,
  echo: (value) => value,
}

// Wrapper-escape programs build this text only when their code runs in sloppy mode, which
// programs never do inside the runtime's strict wrapper.
const ESCAPE_MARKER = 'ESCAPED-SLOPPY'

function summary(result) {
  const escaped = JSON.stringify(result).includes(ESCAPE_MARKER)
  if (result.ok) {
    const value = ['number', 'boolean'].includes(typeof result.value) ? result.value : undefined
    return { ok: true, valueType: typeof result.value, value, escaped }
  }
  const { kind, name, message } = result.error
  return { ok: false, kind, name, message: String(message).slice(0, MESSAGE_CHARS), escaped }
}

async function runOne(program) {
  emit({ event: 'start', id: program.id })
  const peakResettable = resetPeakRss()
  // Right after the reset the peak is the current RSS.
  const startRssBytes = peakRss()
  const runtime = createCodeRuntime({ limits: program.limits, substrate: process.env.FUZZ_SUBSTRATE })
  const started = Date.now()
  try {
    const result = await runtime.run({ source: program.source, language: program.language, bindings })
    emit({ event: 'result', id: program.id, ms: Date.now() - started, ...summary(result) })
  } catch (error) {
    emit({ event: 'result', id: program.id, ms: Date.now() - started, hostError: String(error?.stack ?? error).slice(0, MESSAGE_CHARS) })
  }
  try {
    const canary = await runtime.run({ source: CANARY_SOURCE, language: 'javascript' })
    const ok = canary.ok && canary.value === CANARY_VALUE
    emit({ event: 'canary', id: program.id, ok, ...(ok ? {} : summary(canary)) })
  } catch (error) {
    emit({ event: 'canary', id: program.id, ok: false, hostError: String(error?.stack ?? error).slice(0, MESSAGE_CHARS) })
  }
  await runtime.dispose()
  emit({ event: 'disposed', id: program.id, startRssBytes, peakRssBytes: peakResettable ? peakRss() : null })
}

async function main() {
  const input = JSON.parse(fs.readFileSync(0, 'utf8'))
  for (const program of input.programs) await runOne(program)
  emit({ event: 'done' })
}

process.on('uncaughtException', (error) => {
  emit({ event: 'hostError', message: String(error?.stack ?? error).slice(0, MESSAGE_CHARS) })
  process.exit(70)
})
process.on('unhandledRejection', (error) => {
  emit({ event: 'hostError', message: String(error?.stack ?? error).slice(0, MESSAGE_CHARS) })
  process.exit(70)
})

main().then(
  () => process.exit(0),
  (error) => {
    emit({ event: 'hostError', message: String(error?.stack ?? error).slice(0, MESSAGE_CHARS) })
    process.exit(70)
  },
)
