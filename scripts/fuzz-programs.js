#!/usr/bin/env node
'use strict'

// Crash fuzzer for hostile programs: generates programs from seeds (fuzz/programs/generate.js),
// runs them in batches in a child process, and records every signal death, non-zero exit, hang
// past the budget plus 1 s, memory past the budget plus slack, or broken follow-up run as a
// finding in fuzz/programs/open/. Exits non-zero when it found anything not already there.
//
//   npm run fuzz:programs                      # 60 minutes
//   npm run fuzz:programs -- --minutes 5
//   npm run fuzz:programs -- --ci              # 2 minutes, for CI
//   node scripts/fuzz-programs.js --seed 1234 --count 1 --print   # one program, and its source
//   node scripts/fuzz-programs.js --replay fuzz/programs/open/<file>.js

const fs = require('node:fs')
const path = require('node:path')
const { generateProgram, renderProgram, programLabel, programName } = require('../fuzz/programs/generate.js')
const { FUZZ_LIMITS, DEEP_LIMITS, runChild, runAlone, killChildren, judge, categoryKey } = require('../fuzz/programs/harness.js')
const { OPEN_DIR, readCorpus, parseFinding, renderFinding, findingPath } = require('../fuzz/programs/corpus.js')

const USAGE = `usage: node scripts/fuzz-programs.js [--minutes N] [--ci] [--seed N] [--count N] [--batch N]
                                    [--out DIR] [--report FILE] [--print] [--replay FILE] [--substrate NAME]
  --minutes N   how long to fuzz (default 60, or $FUZZ_MINUTES; --ci makes it 2)
  --seed N      first seed (default: from the clock, printed); program i uses seed + i
  --count N     stop after N programs
  --batch N     programs per child process (default 20)
  --out DIR     where new findings are written (default fuzz/programs/open)
  --report FILE write a JSON summary there
  --print       print each generated program's source
  --replay FILE run a finding file's programs and print what they did
  --substrate NAME  thread (default) or process: where the programs run; on process, a child
                that dies is a 'crashed' result, which is a finding like a dead worker`

// Candidate runs a minimisation may spend on one finding.
const MAX_MINIMISE_RUNS = 20

function parseArgs(argv) {
  const options = { minutes: Number(process.env.FUZZ_MINUTES ?? 60), batch: 20, out: OPEN_DIR, print: false }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`)
      return argv[++i]
    }
    if (flag === '--minutes') options.minutes = Number(value())
    else if (flag === '--ci') options.minutes = process.env.FUZZ_MINUTES ? options.minutes : 2
    else if (flag === '--seed') options.seed = Number(value()) >>> 0
    else if (flag === '--count') options.count = Number(value())
    else if (flag === '--batch') options.batch = Number(value())
    else if (flag === '--out') options.out = path.resolve(value())
    else if (flag === '--report') options.report = path.resolve(value())
    else if (flag === '--print') options.print = true
    else if (flag === '--replay') options.replay = path.resolve(value())
    // the workers (fuzz/programs/worker.js) read it from their environment
    else if (flag === '--substrate') process.env.FUZZ_SUBSTRATE = value()
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE)
      process.exit(0)
    } else throw new Error(`unknown flag ${flag}\n${USAGE}`)
  }
  if (!(options.minutes > 0) || !(options.batch >= 1)) throw new Error(`--minutes and --batch must be positive\n${USAGE}`)
  options.seed ??= (Date.now() ^ (process.pid << 16)) >>> 0
  return options
}

/** What the child runs: id, source and language of a generated program. */
function childInput(program) {
  return { id: program.seed, ...programOptions(program), source: renderProgram(program) }
}

function programOptions(program) {
  return { language: program.language, limits: program.deep ? DEEP_LIMITS : FUZZ_LIMITS, returns: program.returns }
}

/** A program as a finding file keeps it: source-shape programs as the expression that builds them. */
function findingProgram(program) {
  const snippet = program.snippets[0]
  if (snippet.raw) return { ...programOptions(program), builtBy: snippet.lines[0] }
  return { ...programOptions(program), source: renderProgram(program) }
}

function signatureOf(verdict, program) {
  return `${categoryKey(verdict)} ${programLabel(program)}`
}

class Fuzzer {
  constructor(options) {
    this.options = options
    this.known = new Set(readCorpus(OPEN_DIR).map((f) => f.signature))
    if (options.out !== OPEN_DIR) for (const f of readCorpus(options.out)) this.known.add(f.signature)
    this.started = Date.now()
    this.programs = 0
    this.children = 0
    this.newFindings = []
    this.knownHits = new Map()
    this.unconfirmed = []
    this.slowest = []
    // How programs ended, by result kind: shows what the generator reaches.
    this.endings = {}
  }

  elapsed() {
    const s = Math.round((Date.now() - this.started) / 1000)
    return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
  }

  log(message) {
    console.log(`[${this.elapsed()}] ${message}`)
  }

  async runChildCounted(inputs) {
    this.children++
    return runChild(inputs)
  }

  async runAloneCounted(program) {
    this.children++
    return runAlone(childInput(program))
  }

  /** Runs a batch, re-running in a fresh child whatever a dead child left unstarted. */
  async runBatch(programs) {
    let pending = programs
    while (pending.length > 0) {
      const child = await this.runChildCounted(pending.map(childInput))
      const ranHere = []
      for (const program of pending) {
        const record = child.records.get(program.seed)
        if (!record) continue
        this.programs++
        if (record.result) this.noteResult(program, record.result)
        const verdict = judge(record, child)
        if (verdict) await this.handleCandidate(program, verdict, ranHere, child.stderr)
        ranHere.push(program)
      }
      pending = pending.filter((program) => !child.records.has(program.seed))
    }
  }

  noteResult(program, result) {
    const kind = result.ok ? 'ok' : (result.kind ?? 'host-error')
    this.endings[kind] = (this.endings[kind] ?? 0) + 1
    const ms = result.ms
    this.slowest.push({ ms, seed: program.seed, label: programLabel(program), kind })
    this.slowest.sort((a, b) => b.ms - a.ms)
    this.slowest.length = Math.min(this.slowest.length, 10)
  }

  countKnown(signature) {
    this.knownHits.set(signature, (this.knownHits.get(signature) ?? 0) + 1)
  }

  /**
   * A program misbehaved in a batch. Confirm it alone in a fresh child; when it does not
   * reproduce alone after a child death, the culprit may be an earlier program of the batch
   * (a leaked thread, a corrupted heap), so run those alone, then the sequence together.
   */
  async handleCandidate(program, verdict, earlier, stderr) {
    const firstSignature = signatureOf(verdict, program)
    if (this.known.has(firstSignature)) return this.countKnown(firstSignature)
    this.log(`candidate ${firstSignature} (seed ${program.seed}): ${verdict.detail}`)
    const alone = await this.runAloneCounted(program)
    if (alone.verdict?.category === verdict.category) return this.record(program, alone.verdict, alone.child.stderr || stderr)
    const childDied = ['signal', 'exit', 'hang', 'host-error'].includes(verdict.category)
    if (childDied && earlier.length > 0) {
      for (const suspect of [...earlier].reverse()) {
        const { verdict: suspectVerdict, child } = await this.runAloneCounted(suspect)
        if (suspectVerdict) return this.handleConfirmed(suspect, suspectVerdict, child.stderr)
      }
      const sequence = [...earlier, program]
      const together = await this.runChildCounted(sequence.map(childInput))
      const again = judge(together.records.get(program.seed), together)
      if (again?.category === verdict.category) return this.recordSequence(sequence, again, together.stderr)
    }
    this.unconfirmed.push({ signature: firstSignature, seed: program.seed, detail: verdict.detail })
    this.log(`  not reproduced alone: ${firstSignature} (seed ${program.seed})`)
  }

  async handleConfirmed(program, verdict, stderr) {
    const signature = signatureOf(verdict, program)
    if (this.known.has(signature)) return this.countKnown(signature)
    return this.record(program, verdict, stderr)
  }

  /** Shrinks a confirmed program (fewer snippets, fewer lines) and writes it as a finding. */
  async record(program, verdict, stderr) {
    const minimal = await this.minimise(program, verdict.category)
    const signature = signatureOf(verdict, minimal)
    if (this.known.has(signature)) return this.countKnown(signature)
    this.write(signature, programName(minimal), program.seed, verdict, stderr, [findingProgram(minimal)])
  }

  async recordSequence(sequence, verdict, stderr) {
    const signature = `${categoryKey(verdict)} sequence:${sequence.map(programLabel).join(',')}`
    if (this.known.has(signature)) return this.countKnown(signature)
    const programs = sequence.map(findingProgram)
    this.write(signature, sequence.map(programName).join(','), sequence.at(-1).seed, { ...verdict, detail: `only after the earlier programs in one child: ${verdict.detail}` }, stderr, programs)
  }

  write(signature, name, seed, verdict, stderr, programs) {
    fs.mkdirSync(this.options.out, { recursive: true })
    const file = findingPath(this.options.out, signature, seed)
    fs.writeFileSync(file, renderFinding({ signature, name, seed, what: verdict.detail, stderr, programs }))
    this.known.add(signature)
    this.newFindings.push({ signature, seed, category: categoryKey(verdict), detail: verdict.detail, file: path.relative(process.cwd(), file) })
    this.log(`NEW FINDING ${signature} (seed ${seed}) -> ${path.relative(process.cwd(), file)}`)
  }

  async minimise(program, category) {
    let runs = 0
    const reproduces = async (candidate) => {
      runs++
      const { verdict } = await this.runAloneCounted(candidate)
      return verdict?.category === category
    }
    let best = program
    if (best.snippets.length > 1) {
      for (const snippet of best.snippets) {
        const candidate = { ...best, snippets: [snippet] }
        if (await reproduces(candidate)) {
          best = candidate
          break
        }
      }
    }
    if (best.snippets.length === 1 && !best.snippets[0].raw) {
      let lines = best.snippets[0].lines
      for (let i = 0; i < lines.length && lines.length > 1 && runs < MAX_MINIMISE_RUNS; ) {
        const fewer = lines.filter((_, j) => j !== i)
        const candidate = { ...best, snippets: [{ ...best.snippets[0], lines: fewer }] }
        if (await reproduces(candidate)) {
          lines = fewer
          best = candidate
        } else i++
      }
    }
    return best
  }

  summary() {
    const byCategory = {}
    for (const f of this.newFindings) byCategory[f.category] = (byCategory[f.category] ?? 0) + 1
    return {
      seed: this.options.seed,
      minutes: Number(((Date.now() - this.started) / 60000).toFixed(1)),
      programs: this.programs,
      children: this.children,
      limits: { FUZZ_LIMITS, DEEP_LIMITS },
      endings: this.endings,
      newFindings: this.newFindings,
      newByCategory: byCategory,
      knownHits: Object.fromEntries([...this.knownHits].sort((a, b) => b[1] - a[1])),
      unconfirmed: this.unconfirmed,
      slowest: this.slowest,
    }
  }
}

async function replay(file) {
  const finding = parseFinding(fs.readFileSync(file, 'utf8'), file)
  const inputs = finding.programs.map((p, id) => ({ id, ...p }))
  const child = await runChild(inputs)
  for (const { id } of inputs) {
    const record = child.records.get(id)
    const verdict = record ? judge(record, child) : { detail: 'did not start' }
    console.log(`program ${id}: ${verdict ? `${categoryKey(verdict)}: ${verdict.detail}` : 'behaved'}`, record?.result ?? '')
  }
  if (child.stderr) console.log(`stderr: ${child.stderr}`)
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  if (options.replay) return replay(options.replay)
  const fuzzer = new Fuzzer(options)
  const deadline = Date.now() + options.minutes * 60_000
  fuzzer.log(`seed ${options.seed}, ${options.minutes} min, limits ${JSON.stringify(FUZZ_LIMITS)} (deep data: ${JSON.stringify(DEEP_LIMITS)}), ${fuzzer.known.size} known findings`)
  let next = 0
  while (Date.now() < deadline && (options.count === undefined || next < options.count)) {
    const size = Math.min(options.batch, (options.count ?? Infinity) - next)
    const batch = Array.from({ length: size }, (_, i) => generateProgram((options.seed + next + i) >>> 0))
    next += size
    if (options.print) for (const p of batch) console.log(`// seed ${p.seed} (${p.language}) ${programName(p)}\n${renderProgram(p).slice(0, 2000)}`)
    await fuzzer.runBatch(batch)
    fuzzer.log(`${fuzzer.programs} programs, ${fuzzer.children} children, ${fuzzer.newFindings.length} new findings, ${[...fuzzer.knownHits.values()].reduce((a, b) => a + b, 0)} known hits`)
  }
  const summary = fuzzer.summary()
  if (options.report) fs.writeFileSync(options.report, JSON.stringify(summary, null, 2) + '\n')
  console.log(JSON.stringify({ ...summary, slowest: undefined }, null, 2))
  if (fuzzer.newFindings.length > 0) {
    console.error(`fuzz:programs: ${fuzzer.newFindings.length} new finding(s); see ${path.relative(process.cwd(), options.out)}`)
    process.exitCode = 1
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killChildren()
    process.exit(130)
  })
}

main().catch((error) => {
  console.error(error.message)
  process.exitCode = 2
})
