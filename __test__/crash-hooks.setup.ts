// The crash-hooks project's global setup: builds the addon its spec loads (vitest.config.ts).
import crashHooks from '../scripts/build-crash-hooks.js'

export const setup = crashHooks.buildCrashHooks
