/**
 * V8 flags the core process starts with, in the app (Electron's utilityProcess) and under
 * plain Node (the web harness, tests, benches) alike.
 *
 * `--max-semi-space-size=8`: the young generation's two halves at most 8 MB each (16 before:
 * bench:load's core peaked at 599-603 MB with 16 and 562 MB with 8, its longest stall 170 ms
 * and 129 ms, every job as fast). The reasoning for capping them at all: Node 24
 * sizes them from the heap limit (64 MB each with the 4 GB a 64-bit machine gets), and once a
 * burst of short-lived objects (a 20,000-row spreadsheet read, pages of the registry's list
 * decoded while bulk files are reconciled) has grown them they stay reserved: 180 MB of heap
 * held for 26 MB of live objects after a 20,000-row preview, and the core's resident memory
 * over 600 MB under bench:load. At 16 MB (Node's size for years) the same preview peaks 80 MB
 * lower at the same speed; scavenges come more often and each is shorter. Worker threads (the
 * reading thread, the checkpointer) take the same flag.
 */
export const CORE_V8_FLAGS: readonly string[] = ['--max-semi-space-size=8']

/**
 * Environment the core process starts with. `MALLOC_ARENA_MAX=2`: glibc gives each thread
 * that allocates at once an arena of its own (up to eight per core), and memory freed in one is
 * kept for it; the core's threads (its loop, the reading thread, the checkpointer, the case
 * file's drawing, libuv's pool for SQLite and files) left 280 MB of its 625 MB resident set
 * outside any JavaScript heap under bench:load. Two arenas is the usual cap for Node servers.
 * Read by glibc only (Linux); elsewhere it is an unused variable.
 */
export const CORE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' }
