'use strict'
// Instructions per run, counted by callgrind (repeatable whatever else the machine does):
//   node bench/instructions.js <workload> <n1> <n2> [package dir]
// runs the workload n1 and then n2 times, each in its own process under valgrind, and prints
// (instructions(n2) - instructions(n1)) / (n2 - n1): per run, Node's start-up cancelled out.
// With --child it is that process: it runs the workload n times and exits.
const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { workloads } = require('./workloads')

async function child(name, count, root) {
  const { createCodeRuntime } = require(path.join(path.resolve(root), 'index.js'))
  const runtime = createCodeRuntime()
  const workload = workloads()[name]
  for (let i = 0; i < count; i++) {
    const result = await runtime.run({ ...workload, language: 'typescript' })
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`)
  }
  await runtime.dispose()
}

if (process.argv[2] === '--child') {
  const [, , , name, count, root] = process.argv
  child(name, Number(count), root).catch((error) => {
    console.error(error)
    process.exit(1)
  })
} else {
  const [name, n1, n2, root = path.join(__dirname, '..')] = process.argv.slice(2)
  const collected = (count) => {
    const run = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, __filename, '--child', name, String(count), root], { encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`${name} x${count} failed:\n${run.stderr.slice(-2000)}`)
    return Number(/Collected : (\d+)/.exec(run.stderr)[1])
  }
  const [a, b] = [collected(Number(n1)), collected(Number(n2))]
  console.log(`${name}: ${Math.round((b - a) / (n2 - n1)).toLocaleString('en')} instructions per run (${a} for ${n1}, ${b} for ${n2})`)
}
