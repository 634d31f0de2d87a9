// The differences from Node the differential allows, each with why. README's "Behaviour
// differential" section lists the same, word for word; a listed program that no longer differs
// fails the spec, so this list only shrinks as the realm catches up.

export const exceptions: { reason: string; programs: string[] }[] = [
  {
    reason: 'V8 places a ReferenceError of a read at the start of its statement; the realm at the identifier',
    programs: ['errors: an undefined variable read'],
  },
  {
    reason: "there is no `Error.captureStackTrace`, and an error's `stack` holds only its frames (placed in the prepared script, not the program), without V8's `Name: message` first line",
    programs: ['errors: Error.captureStackTrace and the stack property exist', 'errors: a caught error logged with its stack'],
  },
  {
    reason: 'the realm adds the erasable rewrite to the stripper\'s message (README, "The result")',
    programs: ['typescript: an enum is refused', 'typescript: a namespace is refused', 'typescript: parameter properties are refused'],
  },
  { reason: "Boa's parser words a syntax error its own way", programs: ['typescript: a type annotation in a JavaScript program'] },
  {
    reason: "Node 20's `TextDecoder('latin1')` names its encoding windows-1252 but decodes the bytes 0x80-0x9F as ISO-8859-1's control characters; the realm decodes them as windows-1252 does, as the Encoding Standard says (`0x80` is `€`)",
    programs: ['web globals: TextDecoder with labels and a BOM'],
  },
  {
    reason: "`console.countReset` of a label never counted is a process warning in Node, which the program's console does not show; the realm logs it at `warn`",
    programs: ['printing: console.count and countReset'],
  },
]
