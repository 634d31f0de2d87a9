import { createRequire } from 'node:module'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import type { CodeRuntime } from '../index'

const require = createRequire(import.meta.url)
const CodeRuntimePlugin = require('../lib/adapters/cordis.js') as typeof import('../lib/adapters/cordis')
const { registerCodeRuntime } = require('../lib/register.js') as typeof import('../lib/register')

/** Resolves with the service once cordis injects it into a dependent plugin. */
function injected(ctx: Context): Promise<CodeRuntime> {
  return new Promise((resolve) => ctx.inject(['codeRuntime'], (ctx) => resolve(ctx.codeRuntime)))
}

describe('cordis plugin', () => {
  it('provides codeRuntime to plugins that inject it', async () => {
    const ctx = new Context()
    const fork = ctx.plugin(CodeRuntimePlugin)
    const runtime = await injected(ctx)
    const result = await runtime.run({ source: 'const n: number = await add(2, 3); return n * 10', bindings: { add: (a: number, b: number) => a + b } })
    expect(result).toMatchObject({ ok: true, value: 50 })
    fork.dispose()
  })

  it('passes its config to the runtime as options', async () => {
    const ctx = new Context()
    const fork = ctx.plugin(CodeRuntimePlugin, { limits: { computeMs: 100 } })
    const runtime = await injected(ctx)
    const result = await runtime.run({ source: 'while (true) {}' })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.kind).toBe('compute_budget')
    fork.dispose()
  })

  it('disposing the plugin withdraws the service and disposes the runtime', async () => {
    const ctx = new Context()
    const fork = ctx.plugin(CodeRuntimePlugin)
    const runtime = await injected(ctx)
    let started!: () => void
    const programStarted = new Promise<void>((resolve) => (started = resolve))
    // a program still waiting on the host when the plugin goes away
    const inFlight = runtime.run({ source: 'await wait(); return "finished"', bindings: { wait: () => (started(), new Promise(() => {})) } })
    await programStarted

    fork.dispose()
    expect(ctx.get('codeRuntime')).toBeUndefined()
    const result = await inFlight
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.kind).toBe('disposed')
    const after = await runtime.run({ source: 'return 1' })
    expect(!after.ok && after.error.kind).toBe('disposed')
  })

  it('registerCodeRuntime inside a plugin of your own ties the runtime to that plugin', async () => {
    const ctx = new Context()
    const fork = ctx.plugin((ctx: Context) => {
      registerCodeRuntime(ctx, { maxConcurrency: 2 })
    })
    const runtime = await injected(ctx)
    expect(await runtime.run({ source: 'return "ok"' })).toMatchObject({ ok: true, value: 'ok' })
    fork.dispose()
    expect(ctx.get('codeRuntime')).toBeUndefined()
    const after = await runtime.run({ source: 'return 1' })
    expect(!after.ok && after.error.kind).toBe('disposed')
  })
})

describe('registerCodeRuntime on a plain object', () => {
  it('sets ctx.codeRuntime and returns it', async () => {
    const app: { codeRuntime?: CodeRuntime } = {}
    const runtime = registerCodeRuntime(app)
    try {
      expect(app.codeRuntime).toBe(runtime)
      expect(await runtime.run({ source: 'return [1, 2].map((x: number) => x * 2)' })).toMatchObject({ ok: true, value: [2, 4] })
    } finally {
      await runtime.dispose()
    }
  })

  it('refuses to replace a runtime that is already there', async () => {
    const app = {}
    const runtime = registerCodeRuntime(app)
    try {
      expect(() => registerCodeRuntime(app)).toThrow('ctx.codeRuntime is already set')
    } finally {
      await runtime.dispose()
    }
  })

  it('explains a missing ctx', () => {
    expect(() => registerCodeRuntime(undefined as never)).toThrow('registerCodeRuntime: ctx must be an object to put codeRuntime on, got undefined')
  })
})
