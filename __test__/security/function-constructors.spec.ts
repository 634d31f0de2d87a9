// Function, AsyncFunction, GeneratorFunction and AsyncGeneratorFunction reached through the
// prototypes of ordinary functions: each refuses to compile its string body.
import { afterAll, describe, it } from 'vitest'
import { createCodeRuntime, expectCompileRefused, expectContained } from './helpers'

const runtime = createCodeRuntime()
afterAll(() => runtime.dispose())

describe('function constructors reached through prototypes', () => {
  it('Function', async () => {
    await expectContained(runtime, `return Function('return globalThis')()`, expectCompileRefused)
  })

  it('new Function', async () => {
    await expectContained(runtime, `return new Function('a', 'return a')(1)`, expectCompileRefused)
  })

  it('Function via Object.getPrototypeOf(function () {}).constructor', async () => {
    await expectContained(runtime, `const F = Object.getPrototypeOf(function () {}).constructor; return F('return 1')()`, expectCompileRefused)
  })

  it('AsyncFunction', async () => {
    await expectContained(
      runtime,
      `const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor; return await AsyncFunction('return 1')()`,
      expectCompileRefused,
    )
  })

  it('GeneratorFunction', async () => {
    await expectContained(
      runtime,
      `const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor; return GeneratorFunction('yield 1')().next().value`,
      expectCompileRefused,
    )
  })

  it('AsyncGeneratorFunction', async () => {
    await expectContained(
      runtime,
      `const AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor; return (await AsyncGeneratorFunction('yield 1')().next()).value`,
      expectCompileRefused,
    )
  })

  it('an arrow function\'s and a class\'s constructor', async () => {
    await expectContained(runtime, `return (() => 0).constructor('return 1')()`, expectCompileRefused)
    await expectContained(runtime, `class A {} return A.constructor('return 1')()`, expectCompileRefused)
  })
})
