'use strict'

// code-runtime-boa/mcp: Code Mode over the Model Context Protocol, both ways. connectMcpServers
// makes MCP servers' tools bindings a program calls; createCodeMcpServer serves run_code over MCP.
// Both need @modelcontextprotocol/sdk 1.x (an optional peer dependency), loaded on first use.

const { connectMcpServers } = require('../mcp/connect.js')
const { createCodeMcpServer } = require('../mcp/serve.js')

module.exports = { connectMcpServers, createCodeMcpServer }
