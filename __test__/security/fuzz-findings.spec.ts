// Replays every program the program fuzzer ever found (fuzz/programs/findings/), each finding in
// its own child process, and asserts the host survived it: the program ended with its value, a
// catchable error or a budget kind; the next run in the same runtime worked; the child stayed
// within the memory budget plus slack and exited cleanly. A step that has not answered 5 s past
// its wall budget counts as hung (the fuzzer allows 1 s; a replay on a busy machine gets more).
// Findings that still break the host wait in fuzz/programs/open/ and are not replayed here.
import path from 'node:path'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import corpus from '../../fuzz/programs/corpus.js'
import harness from '../../fuzz/programs/harness.js'
import generator from '../../fuzz/programs/generate.js'

const fixed = corpus.readCorpus(corpus.FINDINGS_DIR)
const open = corpus.readCorpus(corpus.OPEN_DIR)

const HANG_SLACK_MS = 5_000
// Boot, each program's budget plus slack, and its canary: far past what a healthy replay needs.
const REPLAY_TIMEOUT_MS = 120_000

describe('program fuzzer findings', () => {
  for (const finding of fixed) {
    it(`${path.basename(finding.file)} (${finding.signature}) no longer harms the host`, async () => {
      const inputs = finding.programs.map((program, id) => ({ id, ...program }))
      const child = await harness.runChild(inputs, { hangSlackMs: HANG_SLACK_MS })
      for (const { id } of inputs) {
        const record = child.records.get(id)
        expect(record, `program ${id} never started; the child ended with ${child.signal ?? child.code}`).toBeDefined()
        expect(harness.judge(record, child), `program ${id}: ${JSON.stringify(record)}\n${child.stderr}`).toBeNull()
        const { result } = record
        expect(result.ok || harness.ACCEPTED_KINDS.has(result.kind), JSON.stringify(result)).toBe(true)
      }
      expect({ code: child.code, signal: child.signal, killedFor: child.killedFor }).toEqual({ code: 0, signal: null, killedFor: null })
    }, REPLAY_TIMEOUT_MS)
  }

  it('keeps each finding once: fixed and open findings never share a signature', () => {
    const signatures = [...fixed, ...open].map((finding) => finding.signature)
    expect(new Set(signatures).size).toBe(signatures.length)
    for (const finding of [...fixed, ...open]) expect(finding.programs.length).toBeGreaterThan(0)
  })
})

describe('program fuzzer generator', () => {
  it('gives the same program for the same seed, and every program it writes parses', () => {
    const broken: string[] = []
    for (let seed = 0; seed < 3000; seed++) {
      const program = generator.generateProgram(seed)
      const source = generator.renderProgram(program)
      expect(generator.renderProgram(generator.generateProgram(seed))).toBe(source)
      // Source-shape programs are hostile to parsers on purpose (and may be TypeScript).
      if (program.snippets[0].raw) continue
      try {
        new vm.Script(`(async function () {\n${source}\n})`)
      } catch (error) {
        broken.push(`seed ${seed} ${generator.programLabel(program)}: ${(error as Error).message}`)
      }
    }
    expect(broken).toEqual([])
  })
})
