import plugin from './cordis.js'

export const { name, apply } = plugin
export default plugin
