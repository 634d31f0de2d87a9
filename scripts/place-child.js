'use strict'

// The process substrate's child executable goes beside the .node, where the addon looks for it.
//   node scripts/place-child.js              after `npm run build` (its postbuild): the child cargo
//                                            built last, into lib/native
//   node scripts/place-child.js --npm-dirs   in the release, after `napi artifacts`: each target's
//                                            child from artifacts/bindings-<target>/ into its
//                                            npm/<platform>/ package, listed in its files
// Artifacts drop the executable bit, so it is set again here.
const fs = require('node:fs')
const path = require('node:path')
const { platformOfTarget } = require('../lib/platforms.js')

const root = path.join(__dirname, '..')
const NAMES = ['code-runtime-boa-child', 'code-runtime-boa-child.exe']

function place(from, directory) {
  const to = path.join(directory, path.basename(from))
  fs.copyFileSync(from, to)
  fs.chmodSync(to, 0o755)
  return to
}

if (process.argv.includes('--npm-dirs')) {
  const artifacts = path.join(root, 'artifacts')
  for (const entry of fs.readdirSync(artifacts)) {
    const target = entry.replace(/^bindings-/, '')
    const child = NAMES.map((name) => path.join(artifacts, entry, name)).find((file) => fs.existsSync(file))
    if (!child) throw new Error(`place-child: ${entry} has no child executable; the build uploads it beside the .node`)
    const directory = path.join(root, 'npm', platformOfTarget(target))
    place(child, directory)
    const manifest = path.join(directory, 'package.json')
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'))
    pkg.files = [...new Set([...(pkg.files ?? []), path.basename(child)])]
    fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`)
  }
} else {
  const built = fs
    .readdirSync(path.join(root, 'target'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => NAMES.map((name) => path.join(root, 'target', entry.name, 'release', name)))
    .filter((file) => fs.existsSync(file))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
  if (!built.length) throw new Error('place-child: cargo built no code-runtime-boa-child; run npm run build')
  place(built[0], path.join(root, 'lib', 'native'))
}
