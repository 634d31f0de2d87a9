// The release layout: one package per platform, pinned by the main package, and the error a user
// gets where no addon fits. Each load runs in a child process that pretends to be another
// platform, so the addon this process loaded does not answer for it.
import { readNapiConfig } from '@napi-rs/cli'
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { platformOfTarget, publishedPlatforms } from '../lib/platforms.js'

const root = path.resolve(__dirname, '..')
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-runtime-boa-platforms-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

// A supported platform this machine is not, so no addon for it is installed here
const elsewhere =
  process.platform === 'win32'
    ? { platform: 'darwin', arch: 'arm64', name: 'darwin-arm64' }
    : { platform: 'win32', arch: 'arm64', name: 'win32-arm64-msvc' }

/** The message `require('code-runtime-boa')` throws on a faked platform ('' if it loaded). */
function loadAs(platform: string, arch: string, env: Record<string, string> = {}): Promise<string> {
  const script = `
    Object.defineProperty(process, 'platform', { value: ${JSON.stringify(platform)} })
    Object.defineProperty(process, 'arch', { value: ${JSON.stringify(arch)} })
    try { require(${JSON.stringify(root)}) } catch (error) { process.stdout.write(error.message) }`
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { env: { ...process.env, ...env } }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    )
  })
}

describe('platform packages', () => {
  it('covers the main platforms, named as napi-rs names their packages', async () => {
    const { napi } = manifest
    const { targets } = await readNapiConfig(path.join(root, 'package.json'))
    // the names the addon's error uses are the ones napi create-npm-dirs and pre-publish use
    expect(napi.targets.map(platformOfTarget)).toEqual(targets.map((target) => target.platformArchABI))
    expect(publishedPlatforms).toEqual(
      expect.arrayContaining([
        'darwin-arm64',
        'darwin-x64',
        'linux-arm64-gnu',
        'linux-arm64-musl',
        'linux-x64-gnu',
        'linux-x64-musl',
        'win32-arm64-msvc',
        'win32-x64-msvc',
      ]),
    )
  })
})

describe('loading on a platform without its addon', () => {
  it('names the platform and the package to install', async () => {
    const message = await loadAs(elsewhere.platform, elsewhere.arch)
    expect(message).toContain(`found no native addon for ${elsewhere.name}`)
    expect(message).toContain(`npm install code-runtime-boa-${elsewhere.name}@${manifest.version}`)
  })

  it('names an unsupported platform and the platforms that have packages', async () => {
    const message = await loadAs('freebsd', 'x64')
    expect(message).toContain('has no native addon for freebsd-x64')
    expect(message).toContain('linux-x64-gnu')
    expect(message).toContain('darwin-arm64')
  })

  it('reports why an installed addon failed to load instead of blaming the package manager', async () => {
    const installed = path.join(dir, `code-runtime-boa-${elsewhere.name}`)
    const addon = `code-runtime-boa.${elsewhere.name}.node`
    fs.mkdirSync(installed, { recursive: true })
    fs.writeFileSync(path.join(installed, 'package.json'), JSON.stringify({ name: path.basename(installed), main: addon }))
    fs.writeFileSync(path.join(installed, addon), 'not a shared library')
    // NODE_PATH lets require() find the damaged package without touching node_modules
    const message = await loadAs(elsewhere.platform, elsewhere.arch, { NODE_PATH: dir })
    expect(message).toContain(`the native addon for ${elsewhere.name} (${path.join(installed, addon)}) failed to load`)
    expect(message).not.toContain('npm')
  })
})
