import { createInterface } from 'node:readline'

/**
 * Asks for a passphrase on the terminal without echoing it; with no terminal (a script), reads
 * one line of standard input.
 */
export function readPassphraseFromTerminal(prompt: string): Promise<string> {
  const input = process.stdin
  const output = process.stderr
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input, output, terminal: input.isTTY === true })
    let muted = false
    if (input.isTTY) {
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput
      ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
        if (!muted || s.includes('\n')) write.call(rl, muted ? '\n' : s)
      }
    }
    rl.question(prompt, (answer) => {
      rl.close()
      resolve(answer)
    })
    muted = true
    rl.once('error', reject)
    rl.once('close', () => resolve(''))
  })
}
