import { describe, expect, it } from 'vitest'
import { runInChild } from '../helpers.js'

// Issue 12: swc and Boa parse and compile a program before any budget runs, recursing once per
// level of nesting; 10^5-deep program text touched 60-190 MiB of native stack. A linear pass
// over the tokens refuses it first, with V8's words and the line, while real programs run.
// Each group runs in a child: a parser running off its stack would take the host down.

type Outcome = { ok: boolean; kind?: string; name?: string; message?: string; line?: number; value?: unknown }

/** Runs each program (built in the child from an expression) with default limits; reports the outcomes and the child's RSS growth. */
async function runAll(builders: string[]): Promise<{ outcomes: Outcome[]; grownMiB: number }> {
  const script = `
    const rt = runtime.createCodeRuntime()
    const sources = [${builders.join(',\n')}]
    ;(async () => {
      const before = process.memoryUsage().rss
      const outcomes = []
      for (const source of sources) {
        const r = await rt.run({ source, language: 'typescript' })
        outcomes.push(r.ok ? { ok: true, value: r.value } : { ok: false, kind: r.error.kind, name: r.error.name, message: r.error.message, line: r.error.line })
      }
      const grownMiB = (process.resourceUsage().maxRSS * 1024 - before) / 2 ** 20
      console.log(JSON.stringify({ outcomes, grownMiB }))
      await rt.dispose()
    })()`
  const child = await runInChild(script, { timeoutMs: 120_000 })
  expect({ status: child.status, signal: child.signal }, child.stderr).toEqual({ status: 0, signal: null })
  return JSON.parse(child.stdout)
}

describe('program text nested too deeply for the parsers', () => {
  it('is refused before parsing with a RangeError at its line, touching little stack', async () => {
    const deep = [
      `'let a = 1\\nreturn ' + '!'.repeat(3e5) + '1'`,
      `'let a = 1\\nreturn ' + '- '.repeat(3e5) + '1'`,
      `'let a = 1\\n' + 'if (1) '.repeat(1e5) + 'return 1'`,
      `'let a = 1\\nreturn typeof ' + 'class extends '.repeat(3e4) + 'Object' + ' {}'.repeat(3e4)`,
      `'let a = 1\\nlet x: ' + 'Array<'.repeat(1e5) + 'number' + '>'.repeat(1e5) + ' = [] as any; return 1'`,
      `'let a = 1\\n' + 'function f() {'.repeat(1e3) + '}'.repeat(1e3) + ' return 1'`,
      `'let a = 1\\nreturn ' + '1 + '.repeat(2e5) + '1'`,
      `'let a = 1\\n' + Array.from({ length: 1e5 }, (_, i) => 'l' + i + ': ').join('') + 'for (;;) break; return 1'`,
    ]
    const { outcomes, grownMiB } = await runAll(deep)
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: false, kind: 'syntax', name: 'RangeError', line: 2 })
      expect(outcome.message).toMatch(/^Maximum call stack size exceeded: the program nests too deeply/)
      expect(outcome.message).toMatch(/split it/)
    }
    // Node, the addon and one realm: the parsers never ran on these.
    expect(grownMiB).toBeLessThan(48)
  }, 180_000)

  it('leaves real programs alone: long statement lists, long chains, big and deep data literals', async () => {
    const real = [
      `Array.from({ length: 5000 }, (_, i) => 'const v' + i + ' = [' + i + ', { k: ' + i + ' }].length + ' + i).join('\\n') + '\\nreturn v4999'`,
      `'let x = 0\\n' + 'x = x + 1\\n'.repeat(20000) + 'return x'`,
      `'return ' + '1 + '.repeat(500) + '1'`,
      `'return [' + '1,'.repeat(1e5) + '].length'`,
      `'return Object.keys({' + Array.from({ length: 1e4 }, (_, i) => 'k' + i + ': ' + i).join(', ') + '}).length'`,
      `'let d: any = ' + '{"a": [1, '.repeat(200) + '0' + ']}'.repeat(200) + '\\nlet n = 0\\nwhile (d !== 0) { d = d.a[1]; n++ }\\nreturn n'`,
      `'return ' + '['.repeat(400) + ']'.repeat(400) + '.length'`,
    ]
    const { outcomes } = await runAll(real)
    expect(outcomes.map((o) => o.value ?? o)).toEqual([5001, 20000, 501, 1e5, 1e4, 200, 1])
  }, 180_000)
})

describe('BigInts past the largest one (2^20 bits)', () => {
  it('are a RangeError from BigInt(string) and a refused program for a literal, as every other too-large BigInt', async () => {
    const sources = [
      `'try { BigInt("9".repeat(4e5)); return "no error" } catch (e) { return e.name + ": " + e.message }'`,
      `'try { BigInt("0x" + "f".repeat(3e5)); return "no error" } catch (e) { return e.name }'`,
      `'try { BigInt("9x"); return "no error" } catch (e) { return e.name }'`,
      `'return String(BigInt("0".repeat(5e5) + "12"))'`,
      `'let a = 1\\nreturn ' + '9'.repeat(4e5) + 'n'`,
    ]
    const { outcomes } = await runAll(sources)
    expect(outcomes.slice(0, 4).map((o) => o.value)).toEqual(['RangeError: Maximum BigInt size exceeded', 'RangeError', 'SyntaxError', '12'])
    expect(outcomes[4]).toMatchObject({ ok: false, kind: 'syntax', name: 'RangeError', line: 2 })
    expect(outcomes[4].message).toMatch(/^Maximum BigInt size exceeded/)
  }, 120_000)
})
