'use strict'
// How many threads a process has, asked of the OS: the tests that check runs leave no threads
// behind run on every platform the release workflow tests (Linux, macOS, Windows). CommonJS, so
// the scripts `runInChild` starts can require it too.
const { readFileSync } = require('node:fs')
const { execFileSync } = require('node:child_process')

function threadCount(pid = process.pid) {
  switch (process.platform) {
    case 'linux': {
      const match = /^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      if (!match) throw new Error(`no Threads: line in /proc/${pid}/status`)
      return Number(match[1])
    }
    // a header line, then a line per thread
    case 'darwin':
      return execFileSync('ps', ['-M', '-p', String(pid)], { encoding: 'utf8' }).trim().split('\n').length - 1
    case 'win32':
      return Number(execFileSync('powershell', ['-NoProfile', '-Command', `(Get-Process -Id ${pid}).Threads.Count`], { encoding: 'utf8' }).trim())
    default:
      throw new Error(`threadCount: no way to count threads on ${process.platform}`)
  }
}

module.exports = { threadCount }
