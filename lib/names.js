'use strict'

// Names a program calls tools by: what may be a global or a namespace, and the identifier a tool
// whose own name is not one (an MCP server's `get-sum`) is exposed as.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

// The words @cloudflare/codemode's sanitizeToolName suffixes with `_`: reserved words (or names a
// declaration cannot take), so a tool or namespace may not be called that.
const RESERVED_WORDS = new Set(
  ('abstract arguments await boolean break byte case catch char class const continue debugger default delete do ' +
    'double else enum eval export extends false final finally float for function goto if implements import in ' +
    'instanceof int interface let long native new null package private protected public return short static super ' +
    'switch synchronized this throw throws transient true try typeof undefined var void volatile while with yield').split(' '),
)

/** The same names @cloudflare/codemode's sanitizeToolName gives: `get-sum` → `get_sum`, `2fa` → `_2fa`, `delete` → `delete_`. */
function sanitizeToolName(name) {
  const sanitized = name.replace(/[-.\s]/g, '_').replace(/[^a-zA-Z0-9_$]/g, '')
  if (!sanitized) return '_'
  const prefixed = /^[0-9]/.test(sanitized) ? `_${sanitized}` : sanitized
  return RESERVED_WORDS.has(prefixed) ? `${prefixed}_` : prefixed
}

module.exports = { IDENTIFIER, RESERVED_WORDS, sanitizeToolName }
