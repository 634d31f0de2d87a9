'use strict'

// Bindings for agent.ts: an in-memory issue tracker, CI and chat, described with JSON Schema so
// every call is validated and a model can be shown `declarations`.
// Try: npx code-runtime-boa run examples/agent.ts --bindings examples/bindings.js
const { describeBindings } = require('code-runtime-boa')

const ISSUES = [
  { number: 12, title: 'Crash when the config file is empty', labels: ['bug'], state: 'open', comments: 9, body: 'TypeError at startup after upgrading to 2.3.' },
  { number: 15, title: 'Docs: typo in the install guide', labels: ['docs'], state: 'open', comments: 0, body: 'Says "intall".' },
  { number: 7, title: 'Timeouts on large uploads', labels: ['bug'], state: 'open', comments: 3, body: 'Uploads over 2 GB fail.' },
  { number: 21, title: 'Login loop on Safari', labels: ['bug', 'auth'], state: 'open', comments: 14, body: 'Users are sent back to the login page.' },
  { number: 3, title: 'Old crash in the parser', labels: ['bug'], state: 'closed', comments: 2, body: 'Fixed in 1.9.' },
]
const DELETED = new Set([7])
const posted = []

const issue = {
  type: 'object',
  properties: {
    number: { type: 'integer' },
    title: { type: 'string' },
    labels: { type: 'array', items: { type: 'string' } },
    comments: { type: 'integer', description: 'How many comments the issue has' },
  },
  required: ['number', 'title', 'labels', 'comments'],
}

module.exports = describeBindings({
  issues: {
    search: {
      description: 'Issues with a given label, most commented first.',
      inputSchema: {
        type: 'object',
        properties: {
          label: { type: 'string', description: 'Label every result has, e.g. "bug"' },
          state: { enum: ['open', 'closed'] },
          limit: { type: 'integer', minimum: 1, maximum: 50 },
        },
        required: ['label'],
        additionalProperties: false,
      },
      outputSchema: { type: 'array', items: issue },
      execute: async ({ label, state = 'open', limit = 10 }) =>
        ISSUES.filter((i) => i.labels.includes(label) && i.state === state)
          .sort((a, b) => b.comments - a.comments)
          .slice(0, limit)
          .map(({ number, title, labels, comments }) => ({ number, title, labels, comments })),
    },
    get: {
      description: 'One issue with its body. Fails for deleted issues.',
      inputSchema: { type: 'object', properties: { number: { type: 'integer' } }, required: ['number'] },
      outputSchema: { ...issue, properties: { ...issue.properties, body: { type: 'string' } } },
      execute: async ({ number }) => {
        if (DELETED.has(number)) throw new Error(`issue #${number} was deleted`)
        const found = ISSUES.find((i) => i.number === number)
        if (!found) throw new Error(`no issue #${number}`)
        return found
      },
    },
  },
  'ci.latestRun': {
    description: 'The latest CI run on a branch.',
    inputSchema: { type: 'object', properties: { branch: { type: 'string' } }, required: ['branch'] },
    outputSchema: {
      type: 'object',
      properties: { status: { enum: ['passed', 'failed'] }, failedTests: { type: 'array', items: { type: 'string' } } },
      required: ['status', 'failedTests'],
    },
    execute: async ({ branch }) => ({ status: 'failed', failedTests: branch === 'main' ? ['upload.spec.ts > large files'] : [] }),
  },
  'chat.post': {
    description: 'Posts a message to a chat channel.',
    inputSchema: {
      type: 'object',
      properties: { channel: { type: 'string', pattern: '^#' }, text: { type: 'string', maxLength: 2000 } },
      required: ['channel', 'text'],
    },
    execute: async (message) => {
      posted.push(message)
      return { id: posted.length }
    },
  },
})
