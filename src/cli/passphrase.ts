import { createInterface, type Interface } from 'node:readline'

/**
 * With no terminal (a script pipes the passphrases in), one line reader per input for the whole
 * command: a command that asks twice (key export) gets the second line too. A reader made per
 * question read both lines at once and lost the second with it.
 */
const pipedReaders = new WeakMap<NodeJS.ReadableStream, { lines: string[]; rl: Interface }>()

/**
 * Asks for a passphrase on the terminal without echoing it; with no terminal (a script), reads
 * the next line of standard input ('' once it has ended).
 */
export function readPassphraseFromTerminal(
  prompt: string,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (input.isTTY !== true) return nextPipedLine(prompt, input, output)
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input, output, terminal: true })
    let muted = false
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput
    ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (!muted || s.includes('\n')) write.call(rl, muted ? '\n' : s)
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

function nextPipedLine(
  prompt: string,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  output.write(prompt)
  let reader = pipedReaders.get(input)
  if (!reader) {
    const lines: string[] = []
    reader = { lines, rl: createInterface({ input, terminal: false }) }
    reader.rl.on('line', (line) => lines.push(line))
    pipedReaders.set(input, reader)
  }
  const { lines, rl } = reader
  return new Promise((resolve, reject) => {
    const settle = () => {
      rl.off('line', settle)
      rl.off('close', settle)
      rl.off('error', reject)
      // Let go between questions, so a pipe left open does not keep the command running.
      input.pause()
      ;(input as { unref?: () => void }).unref?.()
      resolve(lines.shift() ?? '')
    }
    if (lines.length > 0 || (rl as unknown as { closed?: boolean }).closed) return settle()
    rl.on('line', settle)
    rl.once('close', settle)
    rl.once('error', reject)
    ;(input as { ref?: () => void }).ref?.()
    input.resume()
  })
}
