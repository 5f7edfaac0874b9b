import { readdirSync, readFileSync } from 'node:fs'

/**
 * The resident memory (bytes) of this process's descendants whose command line matches, read
 * from /proc (Linux only): the core process (forked by the harness) and Chromium's renderer.
 * The largest matching process: a renderer per page, and the app's page is the busy one.
 */
export function descendantRss(match: (commandLine: string) => boolean): number {
  const parent = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parent.set(pid, ppid)
    } catch {
      // Gone meanwhile.
    }
  }
  const isOurs = (pid: number): boolean => {
    for (let at = parent.get(pid); at !== undefined && at > 1; at = parent.get(at))
      if (at === process.pid) return true
    return false
  }
  let largest = 0
  for (const pid of parent.keys()) {
    if (!isOurs(pid)) continue
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
      if (!match(commandLine)) continue
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      largest = Math.max(largest, Number(rss?.[1] ?? 0) * 1024)
    } catch {
      // Gone meanwhile.
    }
  }
  return largest
}
