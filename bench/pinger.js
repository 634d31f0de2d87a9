'use strict'
// The agent server's other client (section (k)), in a process of its own so that its clock and
// its sending never stall with the server's event loop: it sends GET /ping every INTERVAL_MS
// whether or not earlier pings were answered (a stalled server delays each of them by what
// remains of the stall), and on 'stop' reports every answered ping's latency in ms.
const http = require('node:http')

const INTERVAL_MS = 5
const { port } = JSON.parse(process.argv[2])
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
const latencies = []
let failures = 0

function ping() {
  const sent = performance.now()
  http
    .get({ host: '127.0.0.1', port, path: '/ping', agent }, (response) => {
      response.resume()
      response.on('end', () => latencies.push(performance.now() - sent))
    })
    .on('error', () => failures++)
}

const timer = setInterval(ping, INTERVAL_MS)
process.on('message', (message) => {
  if (message !== 'stop') return
  clearInterval(timer)
  // Pings still in flight when the batch ended are the server's to answer; give them a moment.
  setTimeout(() => {
    process.send({ latencies, failures }, () => process.exit(0))
  }, 200)
})
process.send('ready')
