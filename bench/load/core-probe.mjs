// Loaded into the core process by `npm run bench:load` (NODE_OPTIONS=--import …), never by the
// app: every 20 ms a timer notes how late it fired (the event loop's delay as a caller of the
// core would feel it), and once a second the process's resident memory. Lines of JSON are
// appended to the file CASEFILE_LOOP_PROBE names: { at, mono, late: [ms…], long: [[mono, ms]…], rss,
// memory }, memory being what held it (bytes): the V8 heap (used and reserved), memory outside
// it (external, of which array buffers), and the rest of the resident set (SQLite's page caches
// and the worker threads' heaps among it).
import { appendFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const out = process.env.CASEFILE_LOOP_PROBE
// The core process only: forked with an IPC channel, on its main thread (workers it starts
// inherit NODE_OPTIONS but have no channel of their own).
if (out && isMainThread && typeof process.send === 'function') {
  const TICK = 20
  let expected = performance.now() + TICK
  let late = []
  // Each delay over 50 ms with when it ended (monotonic µs), to find what ran in it.
  let long = []
  const tick = () => {
    const now = performance.now()
    const delay = Math.max(0, Math.round(now - expected))
    late.push(delay)
    if (delay > 50) long.push([Number(process.hrtime.bigint() / 1000n), delay])
    expected = now + TICK
    setTimeout(tick, TICK).unref()
  }
  setTimeout(tick, TICK).unref()
  const memory = () => {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
    return { rss, memory: { heapUsed, heapTotal, external, arrayBuffers } }
  }
  // Each call main made of the core (the window's and the bench's): its method and how long
  // from the message's arrival to its result sent, in ms. Seen by wrapping the channel: a call
  // arrives as { type: 'call', id, method } and is answered by { type: 'result', id }.
  let calls = []
  const asked = new Map()
  process.prependListener('message', (message) => {
    if (message && message.type === 'call') {
      // A search of the saved copy apart from one that asks the registry.
      const saved = message.method === 'searchRun' && message.input && message.input.offline
      asked.set(message.id, [saved ? 'searchRun saved' : message.method, performance.now()])
    }
  })
  const send = process.send.bind(process)
  process.send = (message, ...rest) => {
    const call = message && message.type === 'result' ? asked.get(message.id) : undefined
    if (call) {
      asked.delete(message.id)
      calls.push([call[0], Math.round(performance.now() - call[1])])
    }
    return send(message, ...rest)
  }
  setInterval(() => {
    appendFileSync(
      out,
      // mono: the monotonic clock in µs, as a CPU profile's sample times are.
      `${JSON.stringify({ at: Date.now(), mono: Number(process.hrtime.bigint() / 1000n), late, long, calls, ...memory() })}\n`,
    )
    late = []
    long = []
    calls = []
  }, 1000).unref()
  // Stopped by the harness with SIGTERM: leave through exit, so a --cpu-prof is written.
  process.on('SIGTERM', () => process.exit(0))
}
