// ESM entry of the DeepSeek Harness adapter: the CommonJS module's class, as the default export
// a cordis.yml entry loads (`exports.default ?? exports`).
import dsh from './dsh.js'

export const { BoaCodeRuntime } = dsh
export default BoaCodeRuntime
