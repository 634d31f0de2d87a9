import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { ADDON as CRASH_HOOKS_ADDON } from './scripts/build-crash-hooks.js'

// Every spec runs on the thread substrate; the suites of runs, sessions and what crosses the
// bridge run again on the process substrate, through the same tests (`../index.js` resolves to
// a version of the package whose runtimes default to `substrate: 'process'`), on Linux, macOS and
// Windows (the release workflow tests each).
//
// The faults a process-substrate child makes itself need the crash-hooks addon (a test-only build,
// built with cargo by the project's global setup, on Linux), so that spec runs only in a project
// that loads it, through the napi loader's NAPI_RS_NATIVE_LIBRARY_PATH: set in its test workers
// only, since in vitest's own process rolldown's napi addon would read it too.
const crashHooks = '__test__/crash-hooks.spec.ts'
// The DeepSeek Harness's packages need Node ^22.19 || >=24: `npm run test:dsh`
// (scripts/test-dsh.js, part of `npm test`) runs these projects on such a Node, with DSH_SUITE set.
const dshSpecs = ['__test__/dsh.spec.ts', '__test__/dsh-tools.spec.ts']
const dshProjects = [
  { extends: true, test: { name: 'dsh-thread', include: dshSpecs } },
  { extends: true, test: { name: 'dsh-process', include: dshSpecs, env: { TEST_SUBSTRATE: 'process' } } },
]
const onBothSubstrates = ['run', 'surface', 'sessions', 'bytes', 'durable', 'budgets', 'codemode', 'fetch', 'structured-clone', 'strings-json', 'real-use', 'properties', 'mcp-serve', 'mcp-hostile', 'engine-behaviours', 'buffer'].map((name) => `__test__/${name}.spec.ts`)

export default defineConfig({
  test: {
    // Bounds on hangs, not on speed: a test that takes 2 s alone can take 10 s on a shared 2-core
    // machine that is compiling beside it.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'thread', include: ['__test__/**/*.spec.ts'], exclude: [...configDefaults.exclude, crashHooks, ...dshSpecs] } },
      {
        extends: true,
        test: { name: 'process', include: onBothSubstrates, env: { TEST_SUBSTRATE: 'process' } },
        resolve: { alias: [{ find: /^\.\.\/index(\.js)?$/, replacement: path.resolve(__dirname, '__test__/substrate/process.ts') }] },
      },
      ...(process.env.DSH_SUITE ? dshProjects : []),
      ...(process.platform !== 'linux' ? [] : [{
        extends: true,
        test: { name: 'crash-hooks', include: [crashHooks], globalSetup: ['__test__/crash-hooks.setup.ts'], env: { NAPI_RS_NATIVE_LIBRARY_PATH: CRASH_HOOKS_ADDON } },
      }]),
    ],
  },
})
