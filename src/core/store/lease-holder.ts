import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

/** A lease holder name for this process: host, pid and a nonce (a pid can be reused). */
export function processHolder(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
}

/**
 * Whether the process named by a holder still runs. Only a holder on this host can be checked;
 * one elsewhere (a data folder on a shared drive) is taken to be alive until its lease expires.
 */
export function isHolderAlive(holder: string): boolean {
  const [host, pidText] = holder.split(':')
  const pid = Number(pidText)
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return true
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
