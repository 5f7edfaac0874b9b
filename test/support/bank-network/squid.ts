import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startDaemon, waitUntil } from './daemon'
import { BANK_INTRANET_NAME, BANK_REGISTRY_NAME } from './bank-names'
import { listensOn, onFreePort } from './free-port'
import { bankTempDir, squidServiceName } from './leftovers'
import { findProgram } from './programs'

export interface ProxyCredentials {
  /** No colon (Basic authentication splits at the first one). */
  user: string
  /** Anything on one line: `@` and `:` included. */
  password: string
}

export interface SquidOptions {
  /** Require Basic proxy authentication with these credentials (407 without them). */
  auth?: ProxyCredentials
}

/** One line of squid's access log, split into its fields. */
export interface ProxyLogEntry {
  /** CONNECT, GET, POST… */
  method: string
  /** host:port for CONNECT, the absolute URL otherwise. */
  target: string
  /** The HTTP status squid answered with: 200 for a tunnel, 407 asking for credentials… */
  status: number
  /** Squid's result code: TCP_TUNNEL, TCP_DENIED, TCP_MISS… */
  result: string
  /** The authenticated user, or '-'. */
  user: string
  line: string
}

export interface RunningSquid {
  /** http://127.0.0.1:PORT, to use as HTTPS_PROXY/HTTP_PROXY or an OS proxy setting. */
  url: string
  host: '127.0.0.1'
  port: number
  /** squid's process id (its helpers are its children). */
  pid: number
  auth?: ProxyCredentials
  /** With auth: the url with the credentials in it, percent-encoded (http://user:p%40ss%3Aword@…). */
  urlWithCredentials?: string
  /** With auth: the Proxy-Authorization header value that passes. */
  proxyAuthorization?: string
  /**
   * Squid's access log, one line per finished request. A CONNECT is logged when its tunnel
   * closes, not when it opens: close the connection and use waitForAccessLog.
   */
  accessLog(): string[]
  accessEntries(): ProxyLogEntry[]
  /** Polls the log until `match` accepts it; throws with the log after `timeoutMs`. */
  waitForAccessLog(
    match: (entries: ProxyLogEntry[]) => boolean,
    timeoutMs?: number,
  ): Promise<ProxyLogEntry[]>
  stop(): Promise<void>
}

export function proxyAuthorization({ user, password }: ProxyCredentials): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`
}

// Squid refuses to keep running as root and switches to its cache_effective_user, which
// would also clear the parent-death signal; so as root it is started as that user outright.
function unprivilegedUser(): { uid: number; gid: number } {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n')
  for (const name of ['proxy', 'squid', 'nobody']) {
    const fields = passwd.find((line) => line.startsWith(`${name}:`))?.split(':')
    if (fields && fields.length > 3) return { uid: Number(fields[2]), gid: Number(fields[3]) }
  }
  throw new Error(
    'Running as root, squid needs an unprivileged user (proxy or nobody); none exists.',
  )
}

function htpasswdLine({ user, password }: ProxyCredentials): string {
  if (user.includes(':') || /[\r\n\s]/.test(user)) {
    throw new Error(`A proxy user name cannot hold a colon or white space: ${JSON.stringify(user)}`)
  }
  if (/[\r\n]/.test(password)) throw new Error('A proxy password must fit on one line.')
  // apache's $apr1$ MD5 is what basic_ncsa_auth reads on every platform; through stdin, so the
  // password never shows in a process list. (No apache2-utils needed for htpasswd.)
  const made = spawnSync(findProgram('openssl'), ['passwd', '-apr1', '-stdin'], {
    input: password,
    encoding: 'utf8',
  })
  if (made.status !== 0) throw new Error(`openssl passwd failed: ${made.stderr}`)
  return `${user}:${made.stdout.trim()}\n`
}

function squidConfig(dir: string, port: number, auth: ProxyCredentials | undefined): string {
  const authLines = auth
    ? `
auth_param basic program ${findProgram('basic_ncsa_auth')} ${join(dir, 'passwd')}
auth_param basic children 2 startup=1 idle=1
auth_param basic realm Casefile Test Bank Proxy
auth_param basic credentialsttl 1 minute
acl authenticated proxy_auth REQUIRED
http_access deny !authenticated`
    : ''
  return `
http_port 127.0.0.1:${port}
visible_hostname casefile-test-proxy
pid_filename none
cache_log ${join(dir, 'cache.log')}
access_log stdio:${join(dir, 'access.log')} squid
cache_store_log none
coredump_dir ${dir}
netdb_filename none
pinger_enable off
cache deny all
shutdown_lifetime 0 seconds
# Its own hosts file, so that it alone resolves the bank registry's name.
hosts_file ${join(dir, 'hosts')}
# Destinations: the names in that file, and loopback addresses written as addresses. Any other
# name is refused (403) before squid would look it up, so no query leaves the machine and none
# waits out squid's 30 s DNS timeout; the resolver named is loopback should one slip through.
dns_nameservers 127.0.0.1
acl bank_names dstdomain -n ${LOCAL_NAMES.join(' ')}
acl address_host dstdom_regex -n ^[0-9.]+$ ^\\[?[0-9a-fA-F]*:[0-9a-fA-F:.]*\\]?$
acl loopback dst 127.0.0.0/8 ::1
# Unlike Debian's squid.conf, no "deny CONNECT !SSL_ports": the fronts use free ports.
${authLines}
http_access allow bank_names
http_access allow address_host loopback
http_access deny all
`
}

let instances = 0

/** The names squid resolves, all to 127.0.0.1. */
const LOCAL_NAMES = ['localhost', BANK_REGISTRY_NAME, BANK_INTRANET_NAME]

// Started unprivileged, squid still tries to regain root before it runs a helper, and says so.
const HARMLESS = /no_suid: setuid\(0\)/

/**
 * Starts squid (a bank's forward proxy) in the foreground on 127.0.0.1 and a free port: no
 * cache, CONNECT and plain HTTP to loopback addresses only, optional Basic authentication.
 */
export async function startSquid(options: SquidOptions = {}): Promise<RunningSquid> {
  const squid = findProgram('squid')
  const passwd = options.auth ? htpasswdLine(options.auth) : undefined
  const asRoot = process.getuid?.() === 0
  const runAs = asRoot ? unprivilegedUser() : undefined

  return onFreePort(async (port) => {
    const dir = bankTempDir('squid')
    // squid.conf has no quoting for these paths.
    if (/\s/.test(dir)) throw new Error(`squid cannot use a temp folder with spaces: ${dir}`)
    writeFileSync(join(dir, 'squid.conf'), squidConfig(dir, port, options.auth))
    if (passwd) writeFileSync(join(dir, 'passwd'), passwd, { mode: 0o600 })
    writeFileSync(join(dir, 'access.log'), '')
    writeFileSync(join(dir, 'hosts'), `127.0.0.1 ${LOCAL_NAMES.join(' ')}\n`)
    if (runAs) {
      for (const name of ['', 'squid.conf', 'access.log', 'hosts', ...(passwd ? ['passwd'] : [])]) {
        chownSync(join(dir, name), runAs.uid, runAs.gid)
      }
    }
    // Squid names its shared memory segments after the service name (default "squid"): a name
    // of each instance's own keeps two squids from sharing them.
    const service = squidServiceName(++instances)
    const removeSegments = (): void => {
      if (process.platform !== 'linux' || !existsSync('/dev/shm')) return
      for (const name of readdirSync('/dev/shm')) {
        if (name.startsWith(`${service}-`)) rmSync(join('/dev/shm', name), { force: true })
      }
    }
    const daemon = startDaemon(
      squid,
      ['-N', '-d', '1', '-n', service, '-f', join(dir, 'squid.conf')],
      {
        name: `squid (proxy on port ${port}${options.auth ? ', with authentication' : ''})`,
        cwd: dir,
        runAs,
        // A clean shutdown takes squid 1.5 s even with shutdown_lifetime 0; killed, it leaves only
        // its shared memory segments, which the cleanup removes. Its auth helpers end as soon as
        // their stdin (a pipe from squid) closes, and stop() waits for that.
        exitSignal: 'SIGKILL',
        cleanup: () => {
          removeSegments()
          rmSync(dir, { recursive: true, force: true })
        },
      },
    )
    try {
      await waitUntil(
        daemon,
        // Squid logs "Accepting" when it has bound the port but schedules the listen() itself
        // for its next turn of the event loop, so a connection made on the log line alone can
        // be refused (CI saw ECONNREFUSED). The kernel's table says when it listens; a probe
        // connection would add a line to the access log that tests counting requests trip on.
        () => daemon.output().includes(`Accepting HTTP Socket connections at`) && listensOn(port),
        `accepting connections on 127.0.0.1:${port}`,
      )
      // Squid carries on past most mistakes in its configuration; ours has none to carry past.
      const complaints = daemon
        .output()
        .split('\n')
        .filter((line) => /\b(ERROR|FATAL|WARNING)\b/.test(line) && !HARMLESS.test(line))
      if (complaints.length > 0) {
        throw new Error(`squid complained about its configuration:\n${complaints.join('\n')}`)
      }
    } catch (error) {
      await daemon.stop('SIGKILL')
      throw error
    }

    const accessLog = (): string[] => {
      const file = join(dir, 'access.log')
      if (!existsSync(file)) return []
      return readFileSync(file, 'utf8').split('\n').filter(Boolean)
    }
    const accessEntries = (): ProxyLogEntry[] => accessLog().map(parseLogLine)
    const url = `http://127.0.0.1:${port}`
    return {
      url,
      host: '127.0.0.1',
      port,
      pid: daemon.pid,
      ...(options.auth
        ? {
            auth: options.auth,
            urlWithCredentials: `http://${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.password)}@127.0.0.1:${port}`,
            proxyAuthorization: proxyAuthorization(options.auth),
          }
        : {}),
      accessLog,
      accessEntries,
      async waitForAccessLog(match, timeoutMs = 5_000) {
        const deadline = Date.now() + timeoutMs
        for (;;) {
          const entries = accessEntries()
          if (match(entries)) return entries
          if (Date.now() > deadline) {
            throw new Error(
              `squid's access log did not show what the test waited for:\n${accessLog().join('\n')}`,
            )
          }
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      },
      stop: () => daemon.stop('SIGKILL'),
    }
  })
}

// Squid's native format: time elapsed client result/status bytes method target user hierarchy type
function parseLogLine(line: string): ProxyLogEntry {
  const fields = line.trim().split(/\s+/)
  const [result = '', status = '0'] = (fields[3] ?? '').split('/')
  return {
    method: fields[5] ?? '',
    target: fields[6] ?? '',
    status: Number(status),
    result,
    user: fields[7] ?? '-',
    line,
  }
}
