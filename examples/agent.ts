// A triage pass as a model would write it against the tools in bindings.js
// (show a model `require('./bindings.js').declarations` to describe them).

interface Triaged {
  number: number
  title: string
  priority: 'p0' | 'p1' | 'p2'
}

const bugs = await tools.issues.search({ label: 'bug', limit: 10 })
console.log(`found ${bugs.length} open bugs`)

// Read every issue at once; one that fails is reported, not fatal.
const skipped: number[] = []
const details = await Promise.all(
  bugs.map(async (bug) => {
    try {
      return await tools.issues.get({ number: bug.number })
    } catch (error) {
      console.warn(`skipping #${bug.number}: ${(error as Error).message}`)
      skipped.push(bug.number)
      return null
    }
  }),
)

const ci = await tools.ci.latestRun({ branch: 'main' })
const failing = ci.failedTests.join(', ')

const triaged: Triaged[] = details
  .filter((issue) => issue !== null)
  .map((issue) => ({
    number: issue.number,
    title: issue.title,
    priority: issue.comments >= 10 ? 'p0' : issue.labels.length > 1 ? 'p1' : 'p2',
  }))

const lines = triaged.map((t) => `${t.priority.toUpperCase()} #${t.number} ${t.title}`)
const text = [`Triage: ${triaged.length} bugs, CI ${ci.status}${failing ? ` (${failing})` : ''}`, ...lines].join('\n')
const message = await tools.chat.post({ channel: '#triage', text })
console.log(`posted message ${message.id}`)

return { triaged, skipped, ci: ci.status }
