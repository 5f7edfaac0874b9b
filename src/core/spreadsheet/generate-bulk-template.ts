/* `npm run template`: regenerates resources/casefile-bulk-template.{xlsx,csv} from BULK_COLUMNS. */
import { resolve } from 'node:path'
import { writeBulkTemplateFiles } from './bulk-template-file'

async function main(): Promise<void> {
  const directory = resolve(process.argv[2] ?? 'resources')
  for (const file of await writeBulkTemplateFiles(directory)) console.log(`wrote ${file}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
