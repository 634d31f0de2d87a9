import path from 'node:path'
import { defineConfig } from 'vitest/config'

// Every spec runs on the thread substrate; the suites of runs, sessions and what crosses the
// bridge run again on the process substrate, through the same tests (`../index.js` resolves to
// a version of the package whose runtimes default to `substrate: 'process'`). The process
// substrate is built and tested on Linux so far.
const onBothSubstrates = ['run', 'sessions', 'bytes', 'durable', 'budgets', 'codemode', 'fetch', 'structured-clone', 'strings-json', 'real-use', 'properties', 'mcp-serve', 'mcp-hostile', 'engine-behaviours'].map((name) => `__test__/${name}.spec.ts`)

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'thread', include: ['__test__/**/*.spec.ts'] } },
      ...(process.platform !== 'linux' ? [] : [{
        extends: true,
        test: { name: 'process', include: onBothSubstrates, env: { TEST_SUBSTRATE: 'process' } },
        resolve: { alias: [{ find: /^\.\.\/index(\.js)?$/, replacement: path.resolve(__dirname, '__test__/substrate/process.ts') }] },
      }]),
    ],
  },
})
