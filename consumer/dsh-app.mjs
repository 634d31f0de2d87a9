// A DeepSeek Harness app, as a user has one, in the fresh project the packed tarballs were
// installed into: its cordis.yml names `code-runtime-boa/dsh` where the worker-thread backend
// stood, with the worker's config block unchanged, and the harness's own Loader imports it by
// that name from the app's node_modules. The tool registry's Code Mode then runs a program
// through it. Runs on a Node the harness supports (consumer/run.js picks one).
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { Context } from '@deepseek-ai/cordis'
import Include from '@deepseek-ai/cordis-plugin-include'
import Loader from '@deepseek-ai/cordis-plugin-loader'
import { CallId } from '@deepseek-ai/dsh-llm'
import { RUN_CODE_NAME, defineTool } from '@deepseek-ai/dsh-tools'

const config = new URL('./cordis.yml', import.meta.url)
writeFileSync(config, `
- name: '@deepseek-ai/dsh-system-prompt'
- name: '@deepseek-ai/dsh-tools'
  config:
    mode: code
- id: code-runtime
  name: 'code-runtime-boa/dsh'
  config:
    computeMs: 60000
    maxWallMs: 600000
    maxOutputBytes: 67108864
    maxOldGenerationSizeMb: 512
`)

const ctx = new Context()
ctx.baseUrl = pathToFileURL(`${process.cwd()}/`).href
await ctx.plugin(Loader)
ctx.loader.builtins.include = Include
await ctx.loader.create({ name: 'cordis:include', config: { path: config.href } })
await ctx.loader.await()

const runtime = ctx.get('codeRuntime')
if (runtime?.constructor?.name !== 'BoaCodeRuntime') throw new Error(`ctx.codeRuntime is ${runtime?.constructor?.name}, not code-runtime-boa's BoaCodeRuntime`)
ctx.tools.register(defineTool({
  name: 'weather',
  description: 'The temperature in a city.',
  parameters: { city: { type: 'string', required: true } },
  output: { schema: { type: 'number' }, render: (_args, value) => [{ type: 'text', text: String(value) }] },
  execute: async ({ city }) => ({ Paris: 18, Oslo: 4 })[city],
}))
const result = await ctx.tools.execute({
  callId: CallId('consumer-1'),
  name: RUN_CODE_NAME,
  arguments: { code: "const t: number[] = await Promise.all(['Paris', 'Oslo'].map((city) => tools.weather({ city })))\nconsole.log('read', t.length)\nreturn t[0] - t[1]", description: 'Compare two cities' },
  signal: new AbortController().signal,
})
if (result.isError || JSON.stringify(result.value) !== JSON.stringify({ logs: ['read 2'], result: 14 })) {
  throw new Error(`run_code gave ${JSON.stringify(result.isError ? result.error : result.value)}`)
}
await ctx.fiber.dispose()
console.log(`a DSH app loaded code-runtime-boa/dsh from its cordis.yml (isolation ${runtime.isolation}) and ran run_code through it`)
