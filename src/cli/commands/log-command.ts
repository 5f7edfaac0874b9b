import { printJson } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { countOption } from '../option-values'
import * as Log from '../../core/log/log'

/** casefile log [--limit N]: the newest exchanges with the registry. */
export const run: CommandRun = (context) => {
  const limit = countOption(context, 'limit', 50)
  return withCore(context, (core) => {
    const entries = Log.exchangeLog(core, { limit })
    if (context.global.json) printJson(context.io, entries)
    else
      for (const e of entries)
        context.io.out(
          `${e.at}  ${e.endpoint}  ${e.status ?? '-'}  ${e.outcome}  ${e.durationMs} ms${e.message ? `  ${e.message}` : ''}`,
        )
    return EXIT.ok
  })
}
