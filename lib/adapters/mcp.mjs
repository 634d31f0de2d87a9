import mcp from './mcp.js'

export const { connectMcpServers, createCodeMcpServer } = mcp
export default mcp
