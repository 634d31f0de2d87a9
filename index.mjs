// ESM entry: re-exports the CommonJS module, so both module systems share one addon instance
import runtime from './index.js'

export const { createCodeRuntime, STAGED_INPUTS_ENV, describeBindings, registerCodeRuntime, pause } = runtime
export default runtime
