// `npm version` runs this after the bump: the main package pins every platform package at
// exactly its own version (`napi pre-publish` does the same when releasing), so a version
// commit already carries what will be published.
import { readNapiConfig } from '@napi-rs/cli'
import fs from 'node:fs'

const manifestPath = new URL('../package.json', import.meta.url)
const { packageName, targets } = await readNapiConfig(manifestPath.pathname)
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
manifest.optionalDependencies = Object.fromEntries(
  targets.map((target) => [`${packageName}-${target.platformArchABI}`, manifest.version]),
)
fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
