// The DeepSeek Harness's ctx.codeRuntime, side by side: its shipped worker-thread backend
// (@deepseek-ai/dsh-code-runtime-worker-thread) and code-runtime-boa/dsh on each substrate, each
// mounted in a cordis context as a DSH app mounts it, running the same programs through the seam's
// run(), interleaved round by round so each sees the same machine. Wall-clock milliseconds per
// run: the best and the median of the rounds' medians, and 50 runs at once. Run on a Node the
// harness supports: `npm run bench:dsh` (scripts/harness-node.js picks one), or
//   node bench/dsh.mjs [rounds] [runs per round]
import { Context } from '@deepseek-ai/cordis'
import { WorkerThreadCodeRuntime } from '@deepseek-ai/dsh-code-runtime-worker-thread'
import { BoaCodeRuntime } from '../lib/adapters/dsh.js'

const [rounds = 5, perRound = 20] = process.argv.slice(2).map(Number)
const WARMUP = 3
const CONCURRENT = 50

const tools = (functions) => [{ global: 'tools', functions, errorClass: { name: 'ToolCallError', memberNameProperty: 'toolName' } }]
const issues = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `issue ${i}`, labels: i % 3 ? ['bug'] : ['feature'], body: 'x'.repeat(500) }))

const workloads = {
  'trivial: return a value': { program: 'return 1 + 1', bindings: [] },
  'one tool call': { program: 'const hits: { id: number }[] = await tools.search({ q: "boa" }); return hits.length', bindings: tools({ search: async () => [{ id: 1 }] }) },
  'agent program: 10 calls at once, filter, aggregate, log': {
    program: `const pages = await Promise.all(Array.from({ length: 10 }, (_, page) => tools.list({ page })))
      const bugs = pages.flat().filter((issue) => issue.labels.includes('bug'))
      console.log(\`\${bugs.length} bugs\`)
      return bugs.slice(0, 5).map((issue) => issue.title)`,
    bindings: tools({ list: async ({ page }) => issues.slice(page * 20, page * 20 + 20) }),
  },
}

async function mount(Plugin, config) {
  const ctx = new Context()
  await ctx.plugin(Plugin, config)
  return { ctx, runtime: ctx.codeRuntime }
}

const contenders = [
  ['worker-thread', await mount(WorkerThreadCodeRuntime, {})],
  ['boa (thread)', await mount(BoaCodeRuntime, { substrate: 'thread' })],
  ['boa (process)', await mount(BoaCodeRuntime, { substrate: 'process' })],
]

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1))

async function timeRun(runtime, workload) {
  const start = performance.now()
  const result = await runtime.run(workload)
  if (result.error) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return performance.now() - start
}

console.log(`Node ${process.version}; ${rounds} rounds of ${perRound} runs (after ${WARMUP} warm-up), interleaved; ms per run\n`)
console.log('| workload | ' + contenders.map(([name]) => `${name} best / median`).join(' | ') + ' | worker ÷ boa (thread) |')
console.log('| --- | ' + contenders.map(() => '---').join(' | ') + ' | --- |')
for (const [label, workload] of Object.entries(workloads)) {
  const medians = new Map(contenders.map(([name]) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const [name, { runtime }] of contenders) {
      const times = []
      for (let i = 0; i < WARMUP + perRound; i++) {
        const ms = await timeRun(runtime, workload)
        if (i >= WARMUP) times.push(ms)
      }
      medians.get(name).push(median(times))
    }
  }
  const cells = contenders.map(([name]) => `${fmt(Math.min(...medians.get(name)))} / ${fmt(median(medians.get(name)))}`)
  const ratio = median(medians.get('worker-thread')) / median(medians.get('boa (thread)'))
  console.log(`| ${label} | ${cells.join(' | ')} | ${ratio.toFixed(1)}x |`)
}

const burst = []
for (const [name, { runtime }] of contenders) {
  const workload = workloads['one tool call']
  const start = performance.now()
  await Promise.all(Array.from({ length: CONCURRENT }, () => timeRun(runtime, workload)))
  burst.push(`${name} ${fmt(performance.now() - start)} ms`)
}
console.log(`\n${CONCURRENT} one-tool-call runs at once, all done: ${burst.join(', ')}`)
for (const [, { ctx }] of contenders) await ctx.fiber.dispose()
