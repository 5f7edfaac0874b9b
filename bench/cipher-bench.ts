/*
 * npm run bench:cipher: what each page cipher of SQLite3 Multiple Ciphers costs on this
 * machine, beside a plain database, for the three things Casefile's store does with pages:
 *  - write: 50,000 rows of about 1 KB in 10 transactions into the WAL (synchronous=FULL, as
 *    the store commits; an import writes this way);
 *  - checkpoint: copying that WAL into the database file (the checkpointer thread's work: each
 *    page decrypted from the WAL and encrypted again);
 *  - scan: reading every row back from a cold connection (an offline full-text search reads
 *    this way).
 * The median of `--rounds N` (5) runs, the ciphers taking turns. Casefile writes AEGIS-256
 * (open-database.ts FOLDER_CIPHERS); SQLCipher 4 is what it wrote before. Figures only.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : undefined
}
const ROUNDS = Number(argument('rounds') ?? 5)
const ROWS = 50_000
const BATCHES = 10

const CIPHERS: { label: string; pragmas: string[] | null }[] = [
  { label: 'plain (no encryption)', pragmas: null },
  { label: 'AEGIS-256 (Casefile)', pragmas: [`cipher = 'aegis'`, `algorithm = 'aegis-256'`] },
  { label: 'SQLCipher 4', pragmas: [`cipher = 'sqlcipher'`, 'legacy = 4'] },
  { label: 'ChaCha20-Poly1305', pragmas: [`cipher = 'chacha20'`] },
]

type Figures = { write: number; checkpoint: number; scan: number }

function open(path: string, pragmas: string[] | null, key: Buffer) {
  const db = new Database(path)
  if (pragmas)
    for (const pragma of [...pragmas, `key = "x'${key.toString('hex')}'"`]) db.pragma(pragma)
  return db
}

function run(dir: string, pragmas: string[] | null): Figures {
  const path = join(dir, `bench-${Math.random().toString(36).slice(2)}.db`)
  const key = randomBytes(32)
  const db = open(path, pragmas, key)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('wal_autocheckpoint = 0')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT NOT NULL, b TEXT NOT NULL)')
  const insert = db.prepare('INSERT INTO t (a, b) VALUES (?, ?)')
  const filler = 'x'.repeat(450)
  let started = performance.now()
  for (let b = 0; b < BATCHES; b++)
    db.transaction(() => {
      for (let i = 0; i < ROWS / BATCHES; i++) insert.run(`${filler}${b}-${i}`, `${i}${filler}`)
    })()
  const write = performance.now() - started
  started = performance.now()
  db.pragma('wal_checkpoint(TRUNCATE)')
  const checkpoint = performance.now() - started
  db.close()
  const reader = open(path, pragmas, key)
  started = performance.now()
  reader.prepare('SELECT sum(length(a) + length(b)) FROM t').get()
  const scan = performance.now() - started
  reader.close()
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true })
  return { write, checkpoint, scan }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-cipher-bench-'))
  try {
    const runs = new Map<string, Figures[]>(CIPHERS.map((c) => [c.label, []]))
    for (const cipher of CIPHERS) run(dir, cipher.pragmas) // warm-up
    for (let round = 0; round < ROUNDS; round++)
      for (const cipher of CIPHERS) runs.get(cipher.label)?.push(run(dir, cipher.pragmas))
    console.log(
      `Page ciphers of SQLite3 Multiple Ciphers, ${ROWS.toLocaleString('en-US')} rows of about 1 KB, median of ${ROUNDS} runs (ms):`,
    )
    const plain = runs.get(CIPHERS[0]!.label) ?? []
    const plainTotal = median(plain.map((f) => f.write + f.checkpoint))
    for (const cipher of CIPHERS) {
      const figures = runs.get(cipher.label) ?? []
      const write = median(figures.map((f) => f.write))
      const checkpoint = median(figures.map((f) => f.checkpoint))
      const scan = median(figures.map((f) => f.scan))
      const total = median(figures.map((f) => f.write + f.checkpoint))
      const cost = cipher.pragmas
        ? `  write + checkpoint ${(((total - plainTotal) / plainTotal) * 100).toFixed(0).padStart(4)} % over plain`
        : ''
      console.log(
        `  ${cipher.label.padEnd(22)} write ${write.toFixed(0).padStart(5)}  checkpoint ${checkpoint.toFixed(0).padStart(5)}  scan ${scan.toFixed(0).padStart(4)}${cost}`,
      )
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main()
