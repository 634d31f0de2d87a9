import plugin from './cordis.js'

export const { name, apply, pause } = plugin
export default plugin
