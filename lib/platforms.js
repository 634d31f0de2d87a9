'use strict'

// Platforms as napi-rs names its per-platform packages (code-runtime-boa-<platform>): those the
// release publishes, from the target triples in package.json's napi.targets, and this machine.
const fs = require('node:fs')
const { napi } = require('../package.json')

const cpus = { x86_64: 'x64', aarch64: 'arm64' }
const systems = { darwin: 'darwin', windows: 'win32', linux: 'linux' }

// aarch64-apple-darwin -> darwin-arm64, x86_64-pc-windows-msvc -> win32-x64-msvc,
// x86_64-unknown-linux-musl -> linux-x64-musl
function platformOfTarget(triple) {
  const [cpu, , system, abi] = triple.split('-')
  return [systems[system], cpus[cpu], abi].filter(Boolean).join('-')
}

function hostPlatform() {
  const abi = process.platform === 'linux' ? linuxLibc() : process.platform === 'win32' ? 'msvc' : null
  return [process.platform, process.arch, abi].filter(Boolean).join('-')
}

function linuxLibc() {
  try {
    return fs.readFileSync('/usr/bin/ldd', 'utf8').includes('musl') ? 'musl' : 'gnu'
  } catch {
    // no ldd (a slim image): the libraries this process loaded, as the generated loader checks
    const loaded = process.report?.getReport?.().sharedObjects ?? []
    return loaded.some((file) => file.includes('musl')) ? 'musl' : 'gnu'
  }
}

module.exports = { publishedPlatforms: napi.targets.map(platformOfTarget), platformOfTarget, hostPlatform }
