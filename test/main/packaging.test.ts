import Ajv from 'ajv'
import { load } from 'js-yaml'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// The packaging configuration, checked without building (Electron and the installers' tools
// cannot be downloaded here): electron-builder.yml against electron-builder's own JSON
// schema, plus the choices this project depends on, the icons, the entitlements and the
// release workflow.
const require = createRequire(import.meta.url)
const readYaml = (path: string) => load(readFileSync(path, 'utf8')) as Record<string, unknown>
const config = readYaml('electron-builder.yml') as Record<string, Record<string, unknown>> & {
  asarUnpack: string[]
  npmRebuild: boolean
}

describe('electron-builder.yml', () => {
  it('is valid against the schema electron-builder ships (app-builder-lib/scheme.json)', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'))
    const ajv = new Ajv({ allErrors: true, strict: false })
    const validate = ajv.compile(schema)
    const valid = validate(config)
    expect(ajv.errorsText(validate.errors, { separator: '\n' })).toBe('No errors')
    expect(valid).toBe(true)
  })

  it('the schema check would catch a misspelt option', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'))
    const validate = new Ajv({ strict: false }).compile(schema)
    expect(validate({ ...config, electronFuses: { runAsNod: false } })).toBe(false)
    expect(validate({ ...config, mac: { ...config['mac'], hardendRuntime: true } })).toBe(false)
  })

  it('flips the fuses of the security checklist', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    })
  })

  it('builds NSIS, DMG, AppImage and deb, shipping the Node-API prebuilds unpacked, not rebuilt', () => {
    expect(config['win']?.['target']).toBe('nsis')
    // DMG to install and zip for the updater, for both Mac architectures.
    expect(config['mac']?.['target']).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ])
    expect(config['linux']?.['target']).toEqual(['AppImage', 'deb'])
    expect(config.npmRebuild).toBe(false)
    expect(config.asarUnpack).toContain('**/*.node')
  })

  it('installs per user on Windows by default, offering an install for all users', () => {
    expect(config['nsis']).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowElevation: true,
    })
  })

  it("publishes updates to GitHub Releases as drafts, with the updater's signature checks left on", () => {
    expect(config['publish']).toEqual({ provider: 'github', releaseType: 'draft' })
    // Turning these off would let an unsigned or wrongly signed update install.
    expect(JSON.stringify(config)).not.toMatch(/verifyUpdateCodeSignature|"sign":\s*null/)
  })

  it('requires Windows releases to be signed, with the publisher the updater checks pinned', () => {
    // Unsigned, a release names no publisher and NsisUpdater skips the signature check: any
    // installer matching latest.yml's hash would run. Pinned, an update signed by anyone else
    // is refused; forced, a build that cannot sign fails instead of shipping unsigned.
    const win = config['win'] as Record<string, unknown> & {
      signtoolOptions?: { publisherName?: unknown }
    }
    expect(win['forceCodeSigning']).toBe(true)
    expect(win['verifyUpdateCodeSignature']).not.toBe(false)
    const publishers = win.signtoolOptions?.publisherName
    expect(Array.isArray(publishers) && publishers.length > 0).toBe(true)
    for (const name of publishers as unknown[]) expect(name).toMatch(/^\S.*\S$/)
    // Nor may the whole configuration turn signing off for the Windows target.
    expect(config['forceCodeSigning']).not.toBe(false)
    expect(win['signAndEditExecutable']).not.toBe(false)
  })

  it('the schema check would catch a misspelt signing option', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'))
    const validate = new Ajv({ strict: false }).compile(schema)
    const win = config['win'] as Record<string, unknown>
    expect(validate({ ...config, win: { ...win, signtoolOptions: { publisherNme: ['x'] } } })).toBe(
      false,
    )
    expect(validate({ ...config, win: { ...win, forceCodeSign: true } })).toBe(false)
  })

  it('the schema check would catch a wrong publish provider', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'))
    const validate = new Ajv({ strict: false }).compile(schema)
    expect(validate({ ...config, publish: { provider: 'githb' } })).toBe(false)
  })

  it('signs macOS with the hardened runtime and only the allow-jit entitlement', () => {
    expect(config['mac']).toMatchObject({ hardenedRuntime: true })
    for (const key of ['entitlements', 'entitlementsInherit']) {
      const plist = readFileSync(String(config['mac']?.[key]), 'utf8')
      const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1])
      expect(granted).toEqual(['com.apple.security.cs.allow-jit'])
    }
  })
})

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path)
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  )
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

describe('the app icon', () => {
  it('is a 1024×1024 PNG for macOS and Windows, and a set up to 512×512 for Linux', () => {
    expect(pngSize(String(config['mac']?.['icon']))).toEqual([1024, 1024])
    expect(pngSize(String(config['win']?.['icon']))).toEqual([1024, 1024])
    for (const size of [16, 32, 48, 64, 128, 256, 512])
      expect(pngSize(`${String(config['linux']?.['icon'])}/${size}x${size}.png`)).toEqual([
        size,
        size,
      ])
  })
})

describe('the release workflow', () => {
  const workflow = readYaml('.github/workflows/release.yml') as {
    jobs: Record<
      string,
      {
        strategy?: { matrix: { include: { os: string }[] } }
        steps: {
          uses?: string
          with?: Record<string, unknown>
          run?: string
          if?: string
          env?: Record<string, string>
        }[]
      }
    >
  }

  it('builds on Windows, macOS and Linux runners with Node 24, through npm run dist', () => {
    const job = workflow.jobs['installers']
    expect(job?.strategy?.matrix.include.map((entry) => entry.os).sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ])
    expect(
      job?.steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with,
    ).toMatchObject({ 'node-version': 24 })
    expect(job?.steps.some((step) => step.run?.startsWith('npm run dist'))).toBe(true)
  })

  it('publishes only for a v* tag, and builds without publishing otherwise', () => {
    const dist = (workflow.jobs['installers']?.steps ?? []).filter((step) =>
      step.run?.startsWith('npm run dist'),
    )
    const publishing = dist.filter((step) => /--publish always/.test(step.run ?? ''))
    const building = dist.filter((step) => /--publish never/.test(step.run ?? ''))
    expect(publishing).toHaveLength(1)
    expect(building).toHaveLength(1)
    expect(publishing[0]?.if).toBe("${{ startsWith(github.ref, 'refs/tags/v') }}")
    expect(building[0]?.if).toBe("${{ !startsWith(github.ref, 'refs/tags/v') }}")
    // Only the publishing step holds the token that can write a release.
    expect(publishing[0]?.env?.['GH_TOKEN']).toBeDefined()
    expect(building[0]?.env?.['GH_TOKEN']).toBeUndefined()
  })

  it('stops the Windows job before building when the signing certificate is missing', () => {
    const steps = workflow.jobs['installers']?.steps ?? []
    const guard = steps.findIndex((step) => /WIN_CSC_LINK/.test(step.run ?? ''))
    const firstBuild = steps.findIndex((step) => step.run?.startsWith('npm run dist'))
    expect(guard).toBeGreaterThanOrEqual(0)
    expect(guard).toBeLessThan(firstBuild)
    expect(steps[guard]?.if).toBe("runner.os == 'Windows'")
    // The step's own script, run as the runner's bash runs it: it fails without the secret.
    const run = (link: string) =>
      spawnSync('bash', ['-e', '-c', steps[guard]!.run!], {
        env: { PATH: process.env['PATH'], WIN_CSC_LINK: link },
        encoding: 'utf8',
      })
    const missing = run('')
    expect(missing.status).toBe(1)
    expect(missing.stdout).toMatch(
      /::error::WIN_CSC_LINK is not set: Windows releases must be signed/,
    )
    expect(run('base64-of-the-pfx').status).toBe(0)
  })

  it('has the dist script it calls', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<
      string,
      string
    >
    expect(scripts['dist']).toMatch(/electron-vite build && electron-builder/)
  })
})
