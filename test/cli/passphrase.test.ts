import { PassThrough, Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readPassphraseFromTerminal } from '../../src/cli/passphrase'

/*
 * Passphrases piped in by a script (no terminal): `key export` asks twice. The two lines usually
 * arrive in one chunk; a line reader made per question read both and lost the second, so a
 * scripted export always failed with "the passphrases differ" or "too short".
 */
describe('passphrases from a pipe', () => {
  it('gives each question its own line when both arrive at once', async () => {
    const input = Readable.from(['first passphrase line\nsecond passphrase line\n'])
    const output = new PassThrough()
    expect(await readPassphraseFromTerminal('One: ', input, output)).toBe('first passphrase line')
    expect(await readPassphraseFromTerminal('Two: ', input, output)).toBe('second passphrase line')
    expect(await readPassphraseFromTerminal('Three: ', input, output)).toBe('')
    expect(output.read()?.toString()).toBe('One: Two: Three: ')
  })

  it('waits for a line that comes later', async () => {
    const input = new PassThrough()
    const output = new PassThrough()
    const first = readPassphraseFromTerminal('One: ', input, output)
    input.write('typed ')
    setTimeout(() => input.write('later\nand more\n'), 10)
    expect(await first).toBe('typed later')
    expect(await readPassphraseFromTerminal('Two: ', input, output)).toBe('and more')
    input.end()
    expect(await readPassphraseFromTerminal('Three: ', input, output)).toBe('')
  })
})
