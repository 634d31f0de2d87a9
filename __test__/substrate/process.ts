// The package as the process-substrate project of vitest.config.ts sees it: the same API, whose
// runtimes run their programs in child processes unless a test asks for a substrate itself.
import * as api from '../../index.js'

export * from '../../index.js'

export const createCodeRuntime: typeof api.createCodeRuntime = (options) => api.createCodeRuntime({ substrate: 'process', ...options })
