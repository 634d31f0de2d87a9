import codemode from './codemode.js'

export const { BoaExecutor } = codemode
export default codemode
