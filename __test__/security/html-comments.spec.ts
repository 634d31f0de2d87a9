// Boa reads HTML-like comments (`<!--`, and `-->` first on a line) in scripts; the checks before
// it (swc) may read the same text as code, or the reverse. A program using them could be checked
// as one text and run as another, outside the wrapper in sloppy mode, so they are refused; the same
// text inside strings, templates, regular expressions and ordinary comments stays what it is.
import { afterAll, describe, expect, it } from 'vitest'
import { ATTACK_LIMITS, createCodeRuntime, errorOf, expectContained, valueOf } from './helpers.js'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

const run = (source: string, language: 'javascript' | 'typescript' = 'javascript') => runtime.run({ source, language, limits: ATTACK_LIMITS })

describe('HTML-like comments', () => {
  const refused: [string, string][] = [
    // swc reads each `<!--` line as a comment; Boa read them as code, which closed the wrapper on
    // the first line and reopened a function for its tail on the last: the middle line ran at
    // script level, in sloppy mode.
    [
      'an opening comment escaping the wrapper',
      `a <!--b})()});\nwith ({}) {} throw new Error('sloppy: ' + (function () { return this !== undefined })())\n0 <!--globalThis.y; (function(){(async function(){`,
    ],
    ['an opening comment hiding a reserved name', `const x = 1 <!-- __crb_g\nreturn x`],
    ['an opening comment at the start', `<!-- hidden\nreturn 1`],
    ['a closing comment first on a line', `const x = 1\n  --> with ({}) {}\nreturn x`],
    ['a closing comment after a block comment spanning lines', `const x = 1 /*\n*/ --> with ({}) {}\nreturn x`],
  ]

  // A TypeScript program is checked on the tree the type stripper parsed, not on a second parse.
  describe.each(['javascript', 'typescript'] as const)('in %s', (language) => {
    it.each(refused)('%s is a syntax error', async (_, source) => {
      await expectContained(runtime, source, (result) => expect(errorOf(result).kind).toBe('syntax'), { language })
    })
  })

  it('a comment erased with a TypeScript type is not one', async () => {
    const source = `const n = 2 as /* <!-- */ number; const s: /* a\n--> b */ string = '-->'\nreturn [n, s]`
    expect(valueOf(await run(source, 'typescript'))).toEqual([2, '-->'])
  })

  it.each(['javascript', 'typescript'] as const)('the same text in literals and comments is left alone in %s', async (language) => {
    const source = [
      `const s = '<!-- x -->' + "-->" + \`<!--\${1}\n--> \`  // <!-- a line comment`,
      `/* <!-- a block comment\n--> */ let n = 2`,
      `while (n --> 0) {}`,
      `return [s, /<!--/.test(s), n]`,
    ].join('\n')
    expect(valueOf(await run(source, language))).toEqual(['<!-- x -->--><!--1\n--> ', true, -1])
  })

  it('programs run in strict mode inside the wrapper', async () => {
    expect(valueOf(await run(`return (function () { return this === undefined })()`))).toBe(true)
  })
})
