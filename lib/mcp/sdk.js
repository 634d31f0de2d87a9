'use strict'

// @modelcontextprotocol/sdk is an optional peer dependency: loaded on first use, so the entry
// loads without it and says what to install when it is needed. 1.x only: the 2.x split packages
// (@modelcontextprotocol/client and /server) need newer peers (zod 4.2) than this package's users
// may have, and the reference servers still build on 1.x.

const { createRequire } = require('node:module')

const SDK = '@modelcontextprotocol/sdk'
let loaded

function sdk() {
  if (loaded) return loaded
  let load
  try {
    load = createRequire(require.resolve(`${SDK}/server/mcp.js`))
  } catch (error) {
    if (error.code !== 'MODULE_NOT_FOUND') throw error
    throw new Error(`code-runtime-boa/mcp needs ${SDK} 1.x, an optional peer dependency that is not installed: npm install ${SDK}@1`)
  }
  const types = load('../types.js')
  loaded = {
    Client: load('../client/index.js').Client,
    StdioClientTransport: load('../client/stdio.js').StdioClientTransport,
    StreamableHTTPClientTransport: load('../client/streamableHttp.js').StreamableHTTPClientTransport,
    McpServer: load('./mcp.js').McpServer,
    StdioServerTransport: load('./stdio.js').StdioServerTransport,
    StreamableHTTPServerTransport: load('./streamableHttp.js').StreamableHTTPServerTransport,
    toJsonSchema: load('./zod-json-schema-compat.js').toJsonSchemaCompat,
    types,
    // the SDK's own zod, whichever major it resolved to: McpServer takes tool schemas in it
    z: load('zod').z,
  }
  return loaded
}

module.exports = { sdk }
