'use strict'

// The crash-hooks addon: this crate built with its test-only `crash-hooks` feature (a realm global
// `__crash(kind)` that kills its own process), for __test__/crash-hooks.spec.ts. It goes to
// target/crash-hooks/addon/, beside a copy of the child executable (the child loads the addon the
// host loaded, and the host looks for the child beside it); lib/native, the shipped addon, is
// never touched. The vitest project of that spec runs this first (__test__/crash-hooks.setup.ts); by hand:
//   node scripts/build-crash-hooks.js      after npm run build
//
// Cargo names a cdylib without a hash of its features, so building the feature in the shipped
// build's target directory would overwrite that build's library and each would rebuild the other
// every time. Its own target directory instead, holding links to the shipped build's dependencies
// (made again each time, so after a change in vendor/ Boa is built once, by npm run build): only
// this crate compiles here, one optimized build of it (plus link-time optimization).
const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.join(__dirname, '..')
const CHILD = 'code-runtime-boa-child'
/** Where the spec's project loads the addon from (NAPI_RS_NATIVE_LIBRARY_PATH). */
const ADDON = path.join(root, 'target', 'crash-hooks', 'addon', 'code-runtime-boa.node')
/** This crate's own units, which differ with the feature; everything else is shared. */
const OWN_UNIT = /^(lib)?code[-_]runtime[-_]boa/

function hostTriple() {
  return /^host: (.+)$/m.exec(execFileSync('rustc', ['-vV'], { encoding: 'utf8' }))[1]
}

/** Points `to` at `from`'s dependency artifacts: hard links for the libraries (hundreds of MiB),
 * copies, timestamps kept, for the fingerprints and build-script outputs cargo rewrites. */
function shareDependencies(from, to) {
  for (const directory of ['deps', 'build', '.fingerprint']) {
    const source = path.join(from, directory)
    if (!fs.existsSync(source)) throw new Error(`build-crash-hooks: ${source} is missing; run npm run build first`)
    fs.mkdirSync(path.join(to, directory), { recursive: true })
    for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
      if (OWN_UNIT.test(entry.name)) continue
      const [original, copy] = [path.join(source, entry.name), path.join(to, directory, entry.name)]
      if (directory === 'deps' && entry.isFile()) {
        if (fs.existsSync(copy) && fs.statSync(copy).ino === fs.statSync(original).ino) continue
        fs.rmSync(copy, { force: true })
        fs.linkSync(original, copy)
      } else {
        fs.cpSync(original, copy, { recursive: true, force: true, preserveTimestamps: true })
      }
    }
  }
}

/** Copies by rename, so a test process still holding the previous file keeps it intact. */
function place(from, to) {
  const staged = `${to}.${process.pid}`
  fs.copyFileSync(from, staged)
  fs.chmodSync(staged, 0o755)
  fs.renameSync(staged, to)
}

function buildCrashHooks() {
  const triple = hostTriple()
  const targetDir = path.join(root, 'target', 'crash-hooks', 'cargo')
  const child = path.join(root, 'lib', 'native', CHILD)
  if (!fs.existsSync(child)) throw new Error(`build-crash-hooks: ${child} is missing; run npm run build first`)
  // With --target, what runs on the build machine (build scripts, procedural macros) is in
  // release/, the rest in <triple>/release/.
  for (const part of ['release', path.join(triple, 'release')]) shareDependencies(path.join(root, 'target', part), path.join(targetDir, part))
  execFileSync('cargo', ['build', '--release', '--lib', '--features', 'crash-hooks', '--target', triple, '--target-dir', targetDir], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  fs.mkdirSync(path.dirname(ADDON), { recursive: true })
  place(path.join(targetDir, triple, 'release', 'libcode_runtime_boa.so'), ADDON)
  place(child, path.join(path.dirname(ADDON), CHILD))
}

module.exports = { ADDON, buildCrashHooks }

if (require.main === module) buildCrashHooks()
