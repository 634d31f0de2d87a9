'use strict'

// An index of every tool a program may call, built from the `tools` entries describeBindings and
// its siblings give: ranked search by words, a tool's declaration by name, and a listing of names
// and one-line descriptions cut to fit a size. It lets a catalog too large to show a model whole
// be found piece by piece.

// Words that carry nothing when searching tool descriptions.
const STOP_WORDS = new Set('a an and are as at be by for from in is it its of on or that the this to with'.split(' '))
const ONE_LINE_CHARS = 100

class ToolIndex {
  /** `entries`: `{ name, description?, parameters, declaration, aliases? }`, as describeBindings' `tools` gives them. */
  constructor(entries) {
    this.entries = entries.map((entry) => ({
      ...entry,
      summary: oneLine(entry.description),
      nameWords: new Set([entry.name, ...(entry.aliases ?? [])].flatMap(words)),
      parameterWords: new Set(entry.parameters.flatMap(words)),
      descriptionWords: new Set(words(entry.description ?? '')),
    }))
    this.byName = new Map()
    for (const entry of this.entries) for (const name of [entry.name, ...(entry.aliases ?? [])]) this.byName.set(name, entry)
  }

  get size() {
    return this.entries.length
  }

  /** The best matches for the words of `query`, best first: `{ name, description }` each. */
  search(query, limit = 10) {
    const terms = [...new Set(words(query))].filter((term) => !STOP_WORDS.has(term))
    if (terms.length === 0) return []
    return this.entries
      .map((entry) => ({ entry, score: relevance(entry, terms) }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name))
      .slice(0, limit)
      .map(({ entry }) => ({ name: entry.name, description: entry.summary }))
  }

  /** The declaration of the tool named `name` (as search gives it, or its server's own name); throws with suggestions when there is none. */
  describe(name) {
    const entry = this.byName.get(name)
    if (entry) return entry.declaration
    const near = this.entries
      .map((candidate) => ({ name: candidate.name, score: similarity(name, candidate.name) }))
      .filter(({ score }) => score >= 0.5)
      .sort((a, b) => b.score - a.score)
      .slice(0, 3)
      .map((candidate) => candidate.name)
    const hint = near.length ? `; did you mean ${near.join(', ')}?` : '.'
    throw new Error(`no tool is named '${name}'${hint} search_tools finds tools by words`)
  }

  /**
   * One line per tool (`- name: what it does`) while the lines fit in `maxChars`, then a line
   * saying how many were left out.
   */
  listing(maxChars) {
    const lines = []
    let used = 0
    for (const [at, entry] of this.entries.entries()) {
      const line = `- ${entry.name}${entry.summary ? `: ${entry.summary}` : ''}`
      const rest = `- … and ${this.entries.length - at} more: find them with search_tools`
      const last = at === this.entries.length - 1
      // the line must fit along with the note that may have to follow it
      if (used + line.length + 1 + (last ? 0 : rest.length + 1) > maxChars) {
        lines.push(rest)
        break
      }
      lines.push(line)
      used += line.length + 1
    }
    return lines.join('\n')
  }
}

/**
 * How well an entry matches the terms: a term counts most in the tool's name, then in its
 * parameters' names, then in its description; whole words more than prefixes. Entries matching
 * more of the terms come first.
 */
function relevance(entry, terms) {
  let total = 0
  let matched = 0
  for (const term of terms) {
    const score = Math.max(3 * wordMatch(entry.nameWords, term), 2 * wordMatch(entry.parameterWords, term), wordMatch(entry.descriptionWords, term))
    if (score > 0) matched++
    total += score
  }
  return total * (matched / terms.length)
}

/** 2 for the word itself, 1 for a word it begins or that begins it ('issue' and 'issues'), else 0. */
function wordMatch(words, term) {
  if (words.has(term)) return 2
  for (const word of words) if (word.startsWith(term) || (word.length >= 4 && term.startsWith(word))) return 1
  return 0
}

/** How alike two names are, 0 to 1: the share of their pairs of adjacent letters they have in common (a misspelt name scores high). */
function similarity(a, b) {
  const pairs = (text) => {
    const lower = text.toLowerCase()
    return Array.from({ length: Math.max(lower.length - 1, 0) }, (_, at) => lower.slice(at, at + 2))
  }
  const left = pairs(a)
  const right = pairs(b)
  const unmatched = [...right]
  let shared = 0
  for (const pair of left) {
    const at = unmatched.indexOf(pair)
    if (at >= 0) {
      shared++
      unmatched.splice(at, 1)
    }
  }
  return left.length + right.length === 0 ? 0 : (2 * shared) / (left.length + right.length)
}

/** 'github.listIssues', 'create_entities', 'get-sum' → their lowercase words. */
const words = (text) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/** The first sentence of the first line, at most ONE_LINE_CHARS long. */
function oneLine(description) {
  if (typeof description !== 'string') return ''
  const line = description.trim().split('\n')[0].trim()
  const sentence = /^.*?[.!?](?=\s|$)/.exec(line)?.[0] ?? line
  return sentence.length > ONE_LINE_CHARS ? `${sentence.slice(0, ONE_LINE_CHARS - 1)}…` : sentence
}

module.exports = { ToolIndex }
