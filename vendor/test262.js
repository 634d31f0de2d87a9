// Runs test262 directories through this package's engine and prints pass counts per directory
// (vendor/README.md, "Conformance"). Usage: node vendor/test262.js <test262 checkout> <dir>...
// Each test runs as a program in a fresh realm: strict mode (programs always are), inside the
// program's async shell, no eval (the realm refuses it), so tests needing sloppy mode, eval or
// global-scope semantics fail on every engine version alike; compare counts, not absolutes.
const fs = require('fs'), path = require('path')
const { createCodeRuntime } = require('../index.js')
const ROOT = process.argv[2]
const dirs = process.argv.slice(3)
const harness = (name) => fs.readFileSync(path.join(ROOT, 'harness', name), 'utf8')
function list(dir) {
  const out = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...list(p))
    else if (e.name.endsWith('.js') && !e.name.includes('_FIXTURE')) out.push(p)
  }
  return out.sort()
}
function meta(src) {
  const m = /\/\*---([\s\S]*?)---\*\//.exec(src)
  const text = m ? m[1] : ''
  const includes = (/includes:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  const listIncl = /includes:\s*\n((?:\s+-\s*.+\n)+)/.exec(text)
  if (listIncl) includes.push(...listIncl[1].split('\n').map((s) => s.replace(/^\s*-\s*/, '').trim()).filter(Boolean))
  const flags = (/flags:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '').split(',').map((s) => s.trim())
  const negative = /negative:\s*\n\s*phase:\s*(\w+)\s*\n\s*type:\s*(\w+)/.exec(text)
  return { includes, flags, negative: negative && { phase: negative[1], type: negative[2] } }
}
;(async () => {
  const rt = createCodeRuntime()
  const byDir = {}
  const failures = []
  for (const dir of dirs) {
    let pass = 0, total = 0
    for (const file of list(path.join(ROOT, dir))) {
      const src = fs.readFileSync(file, 'utf8')
      const m = meta(src)
      if (m.flags.includes('module')) continue
      total++
      const pre = m.flags.includes('raw') ? '' : ['assert.js', 'sta.js', ...(m.flags.includes('async') ? ['doneprintHandle.js'] : []), ...m.includes].map(harness).join('\n')
      const body = (m.flags.includes('onlyStrict') ? '"use strict";\n' : '') + pre + '\n' + src
      const isAsync = m.flags.includes('async')
      const program = (m.flags.includes('onlyStrict') ? '"use strict";\n' : '') +
        `;(globalThis as any).__printed = []; (globalThis as any).print = (m: unknown) => { (globalThis as any).__printed.push(String(m)) }; (globalThis as any).$262 = { global: globalThis, gc() {}, detachArrayBuffer() { throw new Error('no detach') } };\n` +
        pre + '\n' + src + `\n;for (let i = 0; i < 20 && ${isAsync} && (globalThis as any).__printed.length === 0; i++) await new Promise((r) => setTimeout(r, 1))\nreturn (globalThis as any).__printed`
      const r = await rt.run({ source: program, limits: { maxWallMs: 3000 } })
      let ok = false
      if (m.negative) ok = !r.ok && (r.error.name === m.negative.type || (m.negative.type === 'SyntaxError' && r.error.kind === 'syntax'))
      else if (isAsync) ok = r.ok && r.value.includes('Test262:AsyncTestComplete')
      else ok = r.ok
      if (!ok) failures.push(`${path.relative(ROOT, file)}: ${r.ok ? JSON.stringify(r.value).slice(0, 100) : `${r.error.name}: ${String(r.error.message).slice(0, 140)}`}`)
      if (ok) pass++
    }
    byDir[dir] = `${pass}/${total}`
  }
  console.log(JSON.stringify(byDir, null, 1))
  if (process.env.FAILURES) fs.writeFileSync(process.env.FAILURES, failures.join('\n'))
  rt.dispose()
})()
