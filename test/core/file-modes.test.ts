import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Core, openCore as openCasefileCore } from '../../src/core/open-core'
import { writeConnection } from '../../src/core/data-folder'
import { SettingsStore } from '../../src/core/settings'
import { startSandbox } from '../../src/sandbox'
import { PDF_BYTES, validDraft } from '../support/temp-store'
import * as Drafts from '../../src/core/drafts/drafts'
import * as Attachments from '../../src/core/drafts/attachments'

// Casefile's data at rest (the store with its WAL and SHM, attachments, settings,
// connection.json) is this user's alone: folders 0700, files 0600, whatever the umask, and a
// folder an older version left open is tightened when opened. POSIX modes: Linux and macOS.
const posix = process.platform !== 'win32'
const mode = (path: string) => statSync(path).mode & 0o777
const dirs: string[] = []
let umask: number
beforeEach(() => {
  umask = process.umask(0o000) // the loosest umask: nothing may rely on it
})
afterEach(() => {
  process.umask(umask)
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }))
})
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-modes-'))
  dirs.push(dir)
  return dir
}

function openCore(dataDir: string): Core {
  return openCasefileCore({
    dataDir,
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9' },
    getApiKey: () => undefined,
  })
}

/** Every folder and file under `root`, with its mode. */
function modes(root: string): { path: string; dir: boolean; mode: number }[] {
  const found = [{ path: root, dir: true, mode: mode(root) }]
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name)
    if (entry.isDirectory()) found.push(...modes(path))
    else found.push({ path, dir: false, mode: mode(path) })
  }
  return found
}

describe.runIf(posix)('private data at rest', () => {
  it('a new data folder: 0700, and the database, WAL, SHM, attachments and connection.json 0600', async () => {
    const dataDir = join(temp(), 'profiles', 'registry')
    writeConnection(dataDir, {
      profileId: 'registry',
      baseUrl: 'https://registry.example.com',
      uploadUrl: 'https://files.example.com',
    })
    const core = openCore(dataDir)
    const draft = Drafts.createDraft(core, validDraft())
    Attachments.addAttachment(core, draft.localId, { fileName: 'statement.pdf', bytes: PDF_BYTES })
    const seen = modes(dataDir)
    expect(seen.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        join(dataDir, 'casefile.db'),
        join(dataDir, 'casefile.db-wal'),
        join(dataDir, 'casefile.db-shm'),
        join(dataDir, 'connection.json'),
        join(dataDir, 'attachments'),
      ]),
    )
    expect(seen.some((entry) => entry.path.startsWith(join(dataDir, 'attachments', '')))).toBe(true)
    for (const entry of seen)
      expect([entry.path, entry.mode]).toEqual([entry.path, entry.dir ? 0o700 : 0o600])
    await core.close()
  })

  it('tightens a folder an older version left readable by others when it is opened', async () => {
    const dataDir = temp()
    const first = openCore(dataDir)
    const draft = Drafts.createDraft(first, validDraft())
    Attachments.addAttachment(first, draft.localId, { fileName: 'statement.pdf', bytes: PDF_BYTES })
    await first.close()
    for (const entry of modes(dataDir)) chmodSync(entry.path, entry.dir ? 0o755 : 0o644)
    const again = openCore(dataDir)
    for (const entry of modes(dataDir))
      expect([entry.path, entry.mode]).toEqual([entry.path, entry.dir ? 0o700 : 0o600])
    await again.close()
  })

  it('settings.json and a set-aside corrupt copy are 0600, their folder 0700', async () => {
    const userData = join(temp(), 'Casefile')
    mkdirSync(userData, { mode: 0o755 })
    writeFileSync(join(userData, 'settings.json'), '{ broken', { mode: 0o644 })
    const { store } = await SettingsStore.open(join(userData, 'settings.json'))
    await store.update((s) => ({ ...s, activeProfile: 'sandbox' }))
    expect(mode(userData)).toBe(0o700)
    expect(mode(join(userData, 'settings.json'))).toBe(0o600)
    expect(mode(join(userData, 'settings.json.corrupt'))).toBe(0o600)
  })

  it("the sandbox registry's folder, database and uploads are private too", async () => {
    const dataDir = join(temp(), 'sandbox-registry')
    const sandbox = await startSandbox({ port: 0, dataDir })
    const form = new FormData()
    form.append('file', new Blob([PDF_BYTES]), 'statement.pdf')
    const answer = await fetch(`${sandbox.uploadUrl}/api/v1/upload`, { method: 'POST', body: form })
    expect(answer.status).toBe(200)
    await sandbox.stop()
    const files = modes(dataDir).filter((entry) => !entry.path.endsWith('.partial'))
    expect(files.some((entry) => entry.path.includes('uploads') && !entry.dir)).toBe(true)
    for (const entry of files)
      expect([entry.path, entry.mode]).toEqual([entry.path, entry.dir ? 0o700 : 0o600])
  })
})
