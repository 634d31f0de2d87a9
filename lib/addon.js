'use strict'

// The compiled addon, through the loader napi-rs generates (lib/native/binding.js): it tries a
// local build first (a clone of the repository), then this platform's package (the release
// pins each as an optional dependency). When nothing loads, that loader blames an npm bug;
// the error thrown here names the platform, the package that serves it and, when the addon is
// there but refuses to load (a Deno run without --allow-ffi, a damaged file), the reason.
const fs = require('node:fs')
const path = require('node:path')
const { name, version } = require('../package.json')
const { hostPlatform, publishedPlatforms } = require('./platforms.js')

function loadAddon() {
  try {
    return require('./native/binding.js')
  } catch (loaderError) {
    throw explainLoadFailure(loaderError)
  }
}

// The addon file the loader would take for this platform, if there is one
function locateAddon(platform, packageName) {
  const local = path.join(__dirname, 'native', `${name}.${platform}.node`)
  if (fs.existsSync(local)) return local
  try {
    return require.resolve(packageName)
  } catch {
    return null
  }
}

function explainLoadFailure(loaderError) {
  const platform = hostPlatform()
  const packageName = `${name}-${platform}`
  if (!publishedPlatforms.includes(platform)) {
    return new Error(
      `${name} has no native addon for ${platform}: it publishes one for ${publishedPlatforms.join(', ')}. ` +
        'Elsewhere, build it from a clone of the repository (npm run build; needs a Rust toolchain).',
      { cause: loaderError },
    )
  }
  const found = locateAddon(platform, packageName)
  if (found) {
    // The addon's own load error when it has one; else the loader failed around it (Deno without --allow-env)
    let cause = loaderError
    try {
      require(found)
    } catch (addonError) {
      cause = addonError
    }
    const deno = globalThis.Deno ? ' Deno loads it with --allow-read --allow-env --allow-ffi.' : ''
    const reason = String(cause.message).replace(/\.$/, '')
    return new Error(`${name}: the native addon for ${platform} (${found}) failed to load: ${reason}.${deno}`, { cause })
  }
  return new Error(
    `${name} found no native addon for ${platform}: install ${packageName}@${version} ` +
      `(npm install ${packageName}@${version}). It is an optional dependency of ${name}, which an ` +
      'install leaves out with --omit=optional or a lockfile written on another platform ' +
      '(https://github.com/npm/cli/issues/4828).',
    { cause: loaderError },
  )
}

module.exports = loadAddon()
