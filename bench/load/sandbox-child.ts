import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { RunningSandbox } from '../../src/sandbox'

/**
 * The sandbox registry as its own process (as `npm run sandbox`), so its work (a 500-row bulk
 * file stored, a page of submissions read) is neither the core's loop nor the harness's: a
 * real registry is another machine. The same face as startSandbox's; fault rules go through its
 * admin route. `latencyMs` is added to every request from the start.
 */
export async function startSandboxChild(options: {
  port: number
  dataDir: string
  latencyMs?: number
}): Promise<RunningSandbox> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/sandbox/main.ts',
      '--port',
      String(options.port),
      '--data-dir',
      options.dataDir,
      ...(options.latencyMs ? ['--latency', String(options.latencyMs)] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let baseUrl = ''
  let uploadUrl = ''
  const demoKeys: RunningSandbox['demoKeys'] = []
  const lines = createInterface({ input: child.stdout })
  for await (const line of lines) {
    baseUrl ||= /\{base_url\}\s*=\s*(\S+)/.exec(line)?.[1] ?? ''
    uploadUrl ||= /\{upload_url\}\s*=\s*(\S+)/.exec(line)?.[1] ?? ''
    const demo = /x-api-key for (.*): (\S+)/.exec(line)
    if (demo) demoKeys.push({ organization: demo[1] ?? '', organizationId: '', key: demo[2] ?? '' })
    else if (demoKeys.length > 0) break
  }
  // Keep reading, so a full pipe never stops the sandbox.
  lines.on('line', () => undefined)
  if (!baseUrl || demoKeys.length === 0)
    throw new Error('The sandbox did not print its base URL and keys.')
  const { hostname, port } = new URL(baseUrl)
  const admin = (method: string, body?: unknown) =>
    fetch(`${baseUrl}/__sandbox/faults`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  return {
    baseUrl,
    uploadUrl: uploadUrl || `${baseUrl}/upload-service`,
    port: Number(port),
    host: hostname,
    dataDir: options.dataDir,
    demoKeys,
    setFaults: (rules) => void admin('PUT', { rules }),
    clearFaults: () => void admin('PUT', { rules: [] }),
    faultState: () => {
      throw new Error('Read the fault state of a sandbox process with GET /__sandbox/faults.')
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
