import codemode from './codemode.js'

export const { BoaExecutor, pause } = codemode
export default codemode
