/**
 * The front doors of src/core (docs/architecture.md, "Front doors"): code outside a folder of
 * src/core imports only that folder's front file — the file named after the folder, or its
 * index.ts when it has none — never a file behind it. Applies to src/core itself, src/cli,
 * src/core-process and src/main; tests may still reach inside a folder to test its parts.
 */
import { existsSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { coreFolderOf, frontFileOf } from './core-folder.mjs'

const isFile = (path) => existsSync(path) && statSync(path).isFile()

/** The file a relative specifier names, as the bundler resolves it; null for a package. */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(fromFile), specifier)
  for (const candidate of [base + '.ts', base + '.tsx', base, join(base, 'index.ts')])
    if (isFile(candidate)) return candidate
  return null
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import another src/core folder only through its front file.' },
    schema: [],
    messages: {
      deep:
        "'{{specifier}}' reaches behind the front door of src/core/{{folder}}: import it from " +
        "'{{front}}' instead (and export it there if it is not yet). A folder's other files are its " +
        'own business (docs/architecture.md, "Front doors").',
    },
  },
  create(context) {
    const file = context.filename
    const coreDir = resolve(context.cwd, 'src', 'core')
    const own = coreFolderOf(coreDir, file)
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return
      const target = resolveSpecifier(file, source.value)
      if (!target) return
      const folder = coreFolderOf(coreDir, target)
      if (!folder || folder === own) return
      const front = frontFileOf(coreDir, folder)
      if (target === front) return
      let suggestion = relative(dirname(file), front).replace(/\.ts$/, '').split(sep).join('/')
      if (!suggestion.startsWith('.')) suggestion = `./${suggestion}`
      context.report({
        node: source,
        messageId: 'deep',
        data: { specifier: source.value, folder, front: suggestion },
      })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    }
  },
}
