import Database from 'better-sqlite3-multiple-ciphers'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS, migrate } from '../../../src/core/store/migrations'
import { openDatabase } from '../../../src/core/store/open-database'
import { reportFingerprint } from '../../../src/shared/domain/fingerprint'

const tempDb = () => join(mkdtempSync(join(tmpdir(), 'casefile-mig-')), 'casefile.db')

describe('migrations', () => {
  it('are numbered 1..n with no gap', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1))
  })

  it('walk from an empty database to the latest version, every table STRICT', () => {
    const db = openDatabase(tempDb())
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    const tables = db
      .prepare(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'",
      )
      .all() as { name: string; sql: string }[]
    expect(tables.length).toBeGreaterThan(0)
    for (const table of tables) {
      // FTS5 shadow tables are created by SQLite itself and cannot be STRICT.
      if (/_(data|idx|content|docsize|config)$/.test(table.name)) continue
      expect(table.sql, table.name).toMatch(/\)\s*STRICT\s*$/)
    }
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2) // FULL
    db.close()
  })

  it('walk one at a time, each in its own step, to the same schema', () => {
    const stepwise = new Database(':memory:')
    for (let n = 1; n <= MIGRATIONS.length; n++)
      expect(migrate(stepwise, MIGRATIONS.slice(0, n))).toBe(n)
    const atOnce = new Database(':memory:')
    migrate(atOnce)
    const schema = (db: Database.Database) =>
      db.prepare('SELECT type, name, sql FROM sqlite_schema ORDER BY name').all()
    expect(schema(stepwise)).toEqual(schema(atOnce))
  })

  it('leave every lookup of the outbox by chain on an index after dropping the duplicate one', () => {
    const db = openDatabase(tempDb())
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
        .map((row) => row.detail)
        .join('; ')
    expect(plan("SELECT * FROM operations WHERE chain_id = 'x' ORDER BY seq")).toMatch(
      /USING INDEX sqlite_autoindex_operations_1/,
    )
    expect(plan("SELECT max(seq) FROM operations WHERE chain_id = 'x'")).toMatch(
      /USING COVERING INDEX sqlite_autoindex_operations_1/,
    )
    const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all()
    expect(indexes).not.toContain('operations_chain')
    expect(indexes).not.toContain('reports_fingerprint')
    db.close()
  })

  it('are not run again on a second open', () => {
    const path = tempDb()
    openDatabase(path).close()
    const db = openDatabase(path)
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    db.close()
  })

  it('roll back a failing migration whole, leaving the version as it was', () => {
    const db = new Database(':memory:')
    const broken = [
      ...MIGRATIONS,
      {
        version: MIGRATIONS.length + 1,
        name: 'broken',
        up: (d: Database.Database) =>
          d.exec('CREATE TABLE half (x INTEGER) STRICT; SELECT nope FROM nowhere;'),
      },
    ]
    expect(() => migrate(db, broken)).toThrow()
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'half'").get()).toEqual(
      { n: 0 },
    )
  })

  it('refuse a database from a newer Casefile with a message that says what to do', () => {
    const db = new Database(':memory:')
    db.pragma('user_version = 999')
    expect(() => migrate(db)).toThrow(/newer Casefile \(schema 999; .*install the newer version/)
  })

  it('rewrite cached phones of an older Casefile in the one stored form, and their stored searches', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 3))
    db.exec(`
      INSERT INTO cached_reports (row_id, kind, id, fraud_reason, own, record_json, seen_at)
        VALUES (1, 'report', 'r1', 'x', 0, '{}', 1);
      INSERT INTO cached_identifiers (report_row, label, value) VALUES
        (1, 'phone', '+2348031234567'), (1, 'phone', '8051234567'), (1, 'phone', '+447911123456'),
        (1, 'bvn', '221-2345-6789'), (1, 'account_name', '+2348031234567');
      INSERT INTO cached_searches (identifier, value, searched_at, report_ids_json, public_report_ids_json) VALUES
        ('phone', '+2348031234567', 20, '["new"]', '[]'),
        ('phone', '08031234567', 10, '["old"]', '[]'),
        ('phone', '2348051234567', 5, '["only"]', '[]');
    `)
    expect(migrate(db)).toBe(MIGRATIONS.length)
    expect(db.prepare('SELECT label, value FROM cached_identifiers ORDER BY rowid').all()).toEqual([
      { label: 'phone', value: '08031234567' },
      { label: 'phone', value: '08051234567' },
      { label: 'phone', value: '+447911123456' },
      { label: 'bvn', value: '22123456789' },
      { label: 'account_name', value: '+2348031234567' },
    ])
    // Of two stored searches for one number, the newer is kept, under the stored form.
    expect(
      db.prepare('SELECT value, report_ids_json FROM cached_searches ORDER BY value').all(),
    ).toEqual([
      { value: '08031234567', report_ids_json: '["new"]' },
      { value: '08051234567', report_ids_json: '["only"]' },
    ])
  })

  it('give each cached registry report already held its fingerprint, as a report written now gets', () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 14))
    const record = {
      id: 'r1',
      fraudType: 'money_mule',
      fraudReason: 'Moved  the proceeds of a scam. ',
      identifiers: [{ label: 'phone', value: '+2348031234567' }],
    }
    const insert = db.prepare(
      'INSERT INTO cached_reports (row_id, kind, id, fraud_reason, own, record_json, seen_at) VALUES (?, ?, ?, ?, ?, ?, 1)',
    )
    insert.run(1, 'report', 'r1', record.fraudReason, 1, JSON.stringify(record))
    insert.run(2, 'public_report', 'p1', 'x', 0, '{"id":"p1"}')
    expect(migrate(db)).toBe(MIGRATIONS.length)
    // The same report as typed in a spreadsheet: 080… for +234…, the reason's spaces folded.
    const asTyped = reportFingerprint({
      fraudType: 'money_mule',
      fraudReason: 'Moved the proceeds of a scam.',
      identifiers: [{ label: 'phone', value: '08031234567' }],
    })
    expect(db.prepare('SELECT id, fingerprint FROM cached_reports ORDER BY row_id').all()).toEqual([
      { id: 'r1', fingerprint: asTyped },
      { id: 'p1', fingerprint: null },
    ])
  })
})
