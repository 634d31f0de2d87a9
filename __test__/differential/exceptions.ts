// The differences from Node the differential allows, each with why. README's "Behaviour
// differential" section lists the same, word for word; a listed program that no longer differs
// fails the spec, so this list only shrinks as the realm catches up.

export const exceptions: { reason: string; programs: string[] }[] = [
  {
    // issue 23, item 5: each entry goes when its fix lands
    reason: 'V8 wording/bridge, being fixed',
    programs: [
      ...['the epoch', 'a Monday morning', 'a leap day', 'new year', 'a timestamp in seconds', 'a date-only string', 'a date before 1970', 'an ISO string with an offset', 'a far future date'].map(
        (moment) => `dates: toString (${moment})`,
      ),
      'dates: toTimeString',
      'errors: an invalid array length',
      'json: parse errors of common mistakes',
      'generators: destructuring a non-iterable',
      'errors: calling a computed member that is not a function',
      'errors: calling the result of a call',
      'errors: calling an array element',
      'errors: caught engine errors with their names and messages',
    ],
  },
  {
    reason:
      "V8 places the error of a call, or of iterating a value, at the last property name (`a.b()` at `b`, `JSON.parse(…)` at `parse`, `for (x of o.items)` at `items`); the realm at the call's parenthesis or the expression's start",
    programs: [
      'async: calling a tool that does not exist',
      'errors: calling a method on a result that is not an array',
      'errors: calling a property that is a string',
      'errors: calling an undefined method',
      'errors: calling undefined returned by a tool',
      'errors: an error thrown inside a sort comparator',
      'errors: toFixed with too many digits',
      'errors: rethrowing after logging',
      'regex: matchAll without the g flag',
      'json: a truncated tool body',
      'generators: iterating a non-iterable',
      'generators: spreading undefined into an array',
      'errors: adding a property to a frozen array',
      'classes: a class called without new',
      'json: a BigInt stringified',
      'json: a circular structure stringified',
      'bytes: structuredClone of a function fails',
      'bytes: btoa of a character outside Latin-1',
    ],
  },
  {
    reason: 'V8 places a ReferenceError of a read at the start of its statement; the realm at the identifier',
    programs: ['errors: an undefined variable read'],
  },
  {
    reason: "the engine's own message (and for some, its position) is not yet V8's",
    programs: ['destructuring: destructuring null', 'destructuring: destructuring undefined in a parameter'],
  },
  {
    reason: "there is no `Error.captureStackTrace`, and an error's `stack` holds only its frames (placed in the prepared script, not the program), without V8's `Name: message` first line",
    programs: ['errors: Error.captureStackTrace and the stack property exist', 'errors: a caught error logged with its stack'],
  },
  {
    reason: 'an error without a stack (as a tool\'s error arrives) prints as `Error: message`; Node prints it in brackets, `[Error: message]`',
    programs: ['async: a host error logged whole'],
  },
  {
    reason: 'outside the documented Intl subset (README, "Intl")',
    programs: [
      'dates: toLocaleDateString and toLocaleTimeString',
      'intl: Intl.DateTimeFormat',
      'intl: Intl.ListFormat',
      'intl: Intl.PluralRules',
      'intl: Intl.RelativeTimeFormat',
      'intl: compact notation',
      'intl: currencies',
    ],
  },
  {
    reason: "the Intl subset's collation is not ICU's here: `ß` does not match `ss`, and `é` sorts after `è`",
    programs: ['strings: compare case-insensitively (German and Turkish letters)', 'intl: Collator sorting with options'],
  },
  { reason: '`Intl.NumberFormat` formats `NaN` without its currency or percent sign', programs: ['numbers: as US dollars (NaN)', 'numbers: as a percentage (NaN)'] },
  {
    reason: "`Intl.NumberFormat#resolvedOptions()` has no `minimumFractionDigits` or `maximumFractionDigits`",
    programs: ['intl: useGrouping off and resolvedOptions'],
  },
  {
    reason: 'the realm adds the erasable rewrite to the stripper\'s message (README, "The result")',
    programs: ['typescript: an enum is refused', 'typescript: a namespace is refused', 'typescript: parameter properties are refused', 'typescript: as casts and non-null assertions'],
  },
  { reason: "Boa's parser words a syntax error its own way", programs: ['typescript: a type annotation in a JavaScript program'] },
]
