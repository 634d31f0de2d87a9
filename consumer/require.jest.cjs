// Runs under jest in a fresh project that installed the packed tarball: the CommonJS entries.
const { createCodeRuntime, describeBindings, registerCodeRuntime } = require('code-runtime-boa')
const cordisPlugin = require('code-runtime-boa/cordis')
const { BoaExecutor } = require('code-runtime-boa/codemode')

test('require() entries load', () => {
  expect(typeof describeBindings).toBe('function')
  expect(typeof registerCodeRuntime).toBe('function')
  expect(cordisPlugin).toMatchObject({ name: 'code-runtime-boa', apply: expect.any(Function) })
  expect(typeof BoaExecutor).toBe('function')
})

test('runs a TypeScript program that calls a binding', async () => {
  const runtime = createCodeRuntime()
  try {
    const result = await runtime.run({
      source: 'const n: number = await double(21)\nconsole.log("doubled", n)\nreturn { n }',
      bindings: { double: async (x) => x * 2 },
    })
    expect(result).toMatchObject({ ok: true, value: { n: 42 }, logs: [{ level: 'log', text: 'doubled 42' }] })
  } finally {
    await runtime.dispose()
  }
})
