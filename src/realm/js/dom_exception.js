// DOMException, as Node has it globally: the error web APIs throw with a name saying what went
// wrong (`structuredClone` of a function: a DOMException named DataCloneError) and the legacy
// numeric `code` of that name. Evaluated the first time a program or the realm uses it.
(() => {
  // WebIDL's names with a legacy code, in code order (1 to 25), and their constants.
  const legacy = [
    ['IndexSizeError', 'INDEX_SIZE_ERR'],
    ['DOMStringSizeError', 'DOMSTRING_SIZE_ERR'],
    ['HierarchyRequestError', 'HIERARCHY_REQUEST_ERR'],
    ['WrongDocumentError', 'WRONG_DOCUMENT_ERR'],
    ['InvalidCharacterError', 'INVALID_CHARACTER_ERR'],
    ['NoDataAllowedError', 'NO_DATA_ALLOWED_ERR'],
    ['NoModificationAllowedError', 'NO_MODIFICATION_ALLOWED_ERR'],
    ['NotFoundError', 'NOT_FOUND_ERR'],
    ['NotSupportedError', 'NOT_SUPPORTED_ERR'],
    ['InUseAttributeError', 'INUSE_ATTRIBUTE_ERR'],
    ['InvalidStateError', 'INVALID_STATE_ERR'],
    ['SyntaxError', 'SYNTAX_ERR'],
    ['InvalidModificationError', 'INVALID_MODIFICATION_ERR'],
    ['NamespaceError', 'NAMESPACE_ERR'],
    ['InvalidAccessError', 'INVALID_ACCESS_ERR'],
    ['ValidationError', 'VALIDATION_ERR'],
    ['TypeMismatchError', 'TYPE_MISMATCH_ERR'],
    ['SecurityError', 'SECURITY_ERR'],
    ['NetworkError', 'NETWORK_ERR'],
    ['AbortError', 'ABORT_ERR'],
    ['URLMismatchError', 'URL_MISMATCH_ERR'],
    ['QuotaExceededError', 'QUOTA_EXCEEDED_ERR'],
    ['TimeoutError', 'TIMEOUT_ERR'],
    ['InvalidNodeTypeError', 'INVALID_NODE_TYPE_ERR'],
    ['DataCloneError', 'DATA_CLONE_ERR'],
  ]
  const hidden = (object, key, value) => Object.defineProperty(object, key, { value, writable: true, enumerable: false, configurable: true })

  class DOMException extends Error {
    constructor(message = '', options = 'Error') {
      const named = typeof options === 'object' && options !== null
      super(`${message}`, named && 'cause' in options ? { cause: options.cause } : undefined)
      const name = `${named ? (options.name ?? 'Error') : options}`
      hidden(this, 'name', name)
      hidden(this, 'code', legacy.findIndex(([legacyName]) => legacyName === name) + 1)
    }
  }
  legacy.forEach(([, constant], index) => {
    for (const target of [DOMException, DOMException.prototype]) {
      Object.defineProperty(target, constant, { value: index + 1, writable: false, enumerable: true, configurable: false })
    }
  })
  Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true })
  return DOMException
})
