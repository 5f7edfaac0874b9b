import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startDaemon, waitUntil } from './daemon'
import { onFreePort } from './free-port'
import { bankTempDir } from './leftovers'
import { findProgram } from './programs'

export interface TlsFrontOptions {
  /** PEM certificate and key files the front presents. */
  cert: string
  key: string
  /** Plain-HTTP origin every request is passed to, e.g. the sandbox's `http://127.0.0.1:PORT`. */
  upstream: string
}

export interface TlsFront {
  /** https://localhost:PORT (the certificates name localhost, and 127.0.0.1 too). */
  url: string
  port: number
  /** The nginx master's process id. */
  pid: number
  /** nginx's access log lines: `METHOD path status upstream-status`. */
  accessLog(): string[]
  stop(): Promise<void>
}

/** Request bodies up to this size pass (a bulk upload or attachment); larger get nginx's 413. */
export const TLS_FRONT_MAX_BODY_MB = 60

function quote(path: string): string {
  return `"${path.replace(/(["\\])/g, '\\$1')}"`
}

function nginxConfig(dir: string, port: number, options: TlsFrontOptions, upstream: URL): string {
  const temp = (name: string): string => quote(join(dir, name))
  return `
worker_processes 1;
pid ${temp('nginx.pid')};
# stderr is the test's pipe: start-up errors and the notice that workers started land there.
error_log stderr notice;
events { worker_connections 512; }
http {
  log_format front '$request_method $request_uri $status $upstream_status';
  access_log ${temp('access.log')} front;
  # The defaults are under /var/lib/nginx, which a non-root user cannot write.
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${quote(options.cert)};
    ssl_certificate_key ${quote(options.key)};
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size ${TLS_FRONT_MAX_BODY_MB}m;
    location / {
      proxy_pass ${upstream.origin};
      proxy_http_version 1.1;
      # The sandbox answers only to its own address (anything else gets 421).
      proxy_set_header Host ${upstream.host};
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto https;
      # nginx drops the upstream's Date by default and stamps its own; a client reading the
      # registry's clock must see the registry's.
      proxy_pass_header Date;
      proxy_redirect off;
      proxy_read_timeout 300s;
      proxy_send_timeout 300s;
    }
  }
}
`
}

/**
 * Starts nginx as a TLS front (a bank's reverse proxy) on 127.0.0.1 and a free port, passing
 * every request to `upstream`. Resolves once it accepts connections; any number can run at once.
 */
export async function startTlsFront(options: TlsFrontOptions): Promise<TlsFront> {
  const nginx = findProgram('nginx')
  const upstream = new URL(options.upstream)
  if (upstream.protocol !== 'http:')
    throw new Error(`The upstream must be http://, not ${options.upstream}.`)
  for (const file of [options.cert, options.key]) {
    if (!existsSync(file))
      throw new Error(`The TLS front's certificate file ${file} does not exist.`)
  }
  return onFreePort(async (port) => {
    const dir = bankTempDir('nginx')
    // As root, nginx's master reads the key and binds, then its worker runs as an unprivileged
    // user (Debian's build: nobody) that must reach the temp folders nginx makes inside this
    // one for request bodies over 16 KB: let it through the folder, not read it.
    if (process.getuid?.() === 0) chmodSync(dir, 0o711)
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, options, upstream))
    const daemon = startDaemon(
      nginx,
      ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
      {
        name: `nginx (TLS front on port ${port})`,
        cwd: dir,
        // TERM is nginx's fast shutdown: the master stops its workers, then itself.
        exitSignal: 'SIGTERM',
        // Retries: on the exit path nginx may still be writing as it shuts down.
        cleanup: () => rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 }),
      },
    )
    try {
      // The workers start only after every listen socket is bound and listening, so a port
      // taken by someone else cannot pass for ours.
      await waitUntil(
        daemon,
        () => daemon.output().includes('start worker process'),
        `accepting TLS connections on 127.0.0.1:${port}`,
      )
    } catch (error) {
      await daemon.stop()
      throw error
    }
    return {
      url: `https://localhost:${port}`,
      port,
      pid: daemon.pid,
      accessLog: () => {
        const file = join(dir, 'access.log')
        if (!existsSync(file)) return []
        return readFileSync(file, 'utf8').split('\n').filter(Boolean)
      },
      stop: () => daemon.stop('SIGTERM'),
    }
  })
}
