/* global window, EventSource */
// The page-side bridge of the web test harness: `window.casefile` over fetch + EventSource, the
// same shape the Electron preload exposes. The harness injects it into index.html before the app
// bundle; it is never part of the production renderer build.
;(function () {
  'use strict'
  /** Uint8Array travels as { $bytes: base64 } (JSON has no bytes); the server revives it. */
  function encode(value) {
    if (value instanceof Uint8Array) {
      let binary = ''
      for (let i = 0; i < value.length; i += 0x8000)
        binary += String.fromCharCode.apply(null, value.subarray(i, i + 0x8000))
      return { $bytes: btoa(binary) }
    }
    if (Array.isArray(value)) return value.map(encode)
    if (value && typeof value === 'object') {
      const out = {}
      for (const key of Object.keys(value)) out[key] = encode(value[key])
      return out
    }
    return value
  }

  /** The server's { $bytes: base64 } in an answer back into the Uint8Array the contract gives. */
  function decode(value) {
    if (Array.isArray(value)) return value.map(decode)
    if (value && typeof value === 'object') {
      const keys = Object.keys(value)
      if (keys.length === 1 && keys[0] === '$bytes' && typeof value.$bytes === 'string') {
        const binary = atob(value.$bytes)
        const bytes = new Uint8Array(binary.length)
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
        return bytes
      }
      const out = {}
      for (const key of keys) out[key] = decode(value[key])
      return out
    }
    return value
  }

  const api = {}
  const listeners = {}
  let source = null
  function ensureEvents() {
    if (source) return
    source = new EventSource('/api/events')
    source.onmessage = (message) => {
      const { event, payload } = JSON.parse(message.data)
      for (const listener of [...(listeners[event] || [])]) listener(payload)
    }
  }

  // The server prepends the contract's method and event names as __CASEFILE_HARNESS__.
  const manifest = window.__CASEFILE_HARNESS__
  for (const method of manifest.methods) {
    api[method] = (input) =>
      fetch('/api/' + method, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input === undefined ? [] : [encode(input)]),
      })
        .then((response) => response.json())
        .then(decode)
        .catch((error) => ({
          ok: false,
          error: { code: 'failed', message: 'The harness did not answer: ' + error.message },
        }))
  }
  for (const event of manifest.events) {
    const name = 'on' + event.charAt(0).toUpperCase() + event.slice(1)
    api[name] = (listener) => {
      ensureEvents()
      ;(listeners[event] = listeners[event] || new Set()).add(listener)
      return () => listeners[event].delete(listener)
    }
  }
  window.casefile = Object.freeze(api)
})()
