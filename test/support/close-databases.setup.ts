// No test file ends with a SQLite database still open in its worker.
//
// A connection left open (a core a test never closed, a tempStore() database, a sandbox never
// stopped) is still open when vitest ends the worker's process, and a core's also keeps its WAL
// checkpointer thread running SQLite beside it, with the engine's timers. A process exiting with
// native SQLite work in other threads is how a loaded machine once saw a worker die of a
// segmentation fault. So every connection the file's tests use in this process is noted
// (better-sqlite3's prepare, pragma, exec: the first thing done with any connection, Casefile's
// openSqlite included), and after the file's own afterAll hooks have run:
// - any connection still open is closed here (the fixtures' bare databases rely on this);
// - a core still open (its connection first used by openCore) fails the file, saying where it
//   was opened: only its test can stop its engine and checkpointer (await core.close()).
// Connections in child processes (CLI runs as processes, the forked core process) end with their
// process and are not seen here.
import Database from 'better-sqlite3-multiple-ciphers'
import { afterAll } from 'vitest'

type Connection = Database.Database

const inUse = new Map<Connection, string>()
const proto = Database.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
const NOTED = ['prepare', 'pragma', 'exec', 'key', 'rekey'] as const
const marked = proto as unknown as { __casefileNoted?: true }

if (!marked.__casefileNoted) {
  marked.__casefileNoted = true
  for (const name of NOTED) {
    const original = proto[name]!
    proto[name] = function (this: Connection, ...args: unknown[]) {
      if (!inUse.has(this)) inUse.set(this, firstUse())
      return original.apply(this, args)
    }
  }
  const close = proto['close']!
  proto['close'] = function (this: Connection) {
    inUse.delete(this)
    return close.apply(this)
  }
}

/** Where a connection was first used: the stack, without this file's frame and node_modules. */
function firstUse(): string {
  const stack = new Error().stack?.split('\n').slice(3) ?? []
  return stack
    .filter((line) => !line.includes('node_modules'))
    .map((line) => line.trim())
    .join(' < ')
}

const OPENED_BY_A_CORE = /[/\\]src[/\\]core[/\\]open-core\.ts:/

// Registered first, so it runs last: after the file's own afterAll hooks have closed what they
// opened (vitest runs a suite's after-hooks in the reverse order of their registration).
afterAll(() => {
  const left = [...inUse].filter(([db]) => db.open)
  inUse.clear()
  for (const [db] of left) db.close()
  const cores = left.filter(([, where]) => OPENED_BY_A_CORE.test(where))
  if (cores.length > 0)
    throw new Error(
      `${cores.length} core(s) were still open when this file's tests ended (their databases now ` +
        'closed here, their engines and checkpointer threads not): close every core a test opens ' +
        '(await core.close()), in the test or an afterEach/afterAll. Each was opened at:\n' +
        cores
          .map(([db, where]) => `- ${db.name}: ${where.split(' < ').slice(0, 6).join(' < ')}`)
          .join('\n'),
    )
})
