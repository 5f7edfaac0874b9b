/* global document */
// The web harness's own bar, below the app (injected by the harness, never part of the app's
// UI): a switch taking the sandbox registry offline and back, and the folder saves go to.
;(function () {
  'use strict'
  const bar = document.createElement('aside')
  bar.className = 'harness-bar'
  bar.setAttribute('aria-label', 'Web harness (not part of Casefile)')

  const title = document.createElement('strong')
  title.textContent = 'Web harness'

  const label = document.createElement('label')
  const toggle = document.createElement('input')
  toggle.type = 'checkbox'
  toggle.setAttribute('role', 'switch')
  toggle.disabled = true
  label.append(toggle, ' Registry online')

  const said = document.createElement('span')
  said.setAttribute('role', 'status')
  said.className = 'harness-bar-said'

  const saves = document.createElement('span')
  saves.className = 'harness-bar-saves'

  bar.append(title, label, said, saves)

  function show(state) {
    toggle.checked = state.online
    toggle.disabled = false
    said.textContent = state.online
      ? 'The sandbox registry answers.'
      : 'Offline: the registry refuses every connection.'
    saves.textContent = state.saveDir
      ? 'Saves go to ' + state.saveDir
      : 'Save dialogs answer cancel.'
    saves.title = saves.textContent
  }
  function failed(error) {
    toggle.disabled = false
    said.textContent = 'The harness did not answer: ' + error.message
  }

  toggle.addEventListener('change', function () {
    const online = toggle.checked
    toggle.disabled = true
    said.textContent = online ? 'Bringing the registry back…' : 'Taking the registry offline…'
    fetch('/harness/registry', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ online: online }),
    })
      .then((response) => response.json())
      .then(show, failed)
  })

  function start() {
    document.body.classList.add('with-harness-bar')
    document.body.append(bar)
    fetch('/harness/state', { cache: 'no-store' })
      .then((response) => response.json())
      .then(show, failed)
  }
  if (document.body) start()
  else document.addEventListener('DOMContentLoaded', start)
})()
