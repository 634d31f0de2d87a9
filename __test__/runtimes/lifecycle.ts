// The whole lifecycle under Bun and Deno (run.js starts it): a TypeScript program calling
// bindings, a compute budget stopping a loop, a session keeping state across executes, dispose
// ending a run in flight, and then the process exiting by itself.
import process from 'node:process'
import { createCodeRuntime } from '../../index.mjs'

function check(holds: boolean, what: string, got: unknown): void {
  if (!holds) throw new Error(`${what}: got ${JSON.stringify(got)}`)
}

const runtime = createCodeRuntime({ limits: { computeMs: 5_000 } })

const search = await runtime.run({
  source: `
    const hits: { title: string }[] = await tools.search({ q: 'boa' })
    console.log('found', hits.length)
    return hits.map((hit) => hit.title.toUpperCase())`,
  bindings: { tools: { search: async ({ q }: { q: string }) => [{ title: `about ${q}` }] } },
})
check(search.ok && search.value[0] === 'ABOUT BOA' && search.logs[0]?.text === 'found 1', 'a program with bindings', search)

const spin = await runtime.run({ source: 'while (true) {}', limits: { computeMs: 50 } })
check(!spin.ok && spin.error.kind === 'compute_budget', 'a compute budget stop', spin)

const session = await runtime.createSession({ bindings: { double: async (n: number) => n * 2 } })
const declared = await session.execute({ code: 'const base: number = await double(21)' })
check(declared.status === 'completed', 'a session execute', declared)
const reused = await session.execute({ code: 'return base + 1' })
check(reused.status === 'completed' && reused.value === 43, 'a session keeping state', reused)
await session.stop()

const inFlight = runtime.run({ source: 'await never()', bindings: { never: () => new Promise(() => {}) } })
await runtime.dispose()
const ended = await inFlight
check(!ended.ok && ended.error.kind === 'disposed', 'dispose ending a run in flight', ended)

const { bun, deno } = process.versions as { bun?: string; deno?: string }
console.log(`lifecycle passed on ${bun ? `Bun ${bun}` : `Deno ${deno}`}`)
