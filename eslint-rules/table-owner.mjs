// ESLint rule: SQL naming a table appears only in the folder of src/core that owns it
// (eslint-rules/table-owners.mjs). A string or template literal is taken as SQL when it holds an
// upper-case SQL word (SELECT, FROM, INTO, UPDATE, JOIN, WHERE, INDEXED BY…); every table named
// in it as a whole word must belong to the linted file's folder, or be one of that file's
// joined reads (read only).
import path from 'node:path'
import { coreFolderOf } from './core-folder.mjs'
import { JOINED_READS, SCHEMA_FILES, TABLE_OWNERS } from './table-owners.mjs'

const SQL_WORD =
  /\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|INTO|WHERE|INDEXED BY|CREATE|DROP|ALTER)\b/
const TABLE = new RegExp(`\\b(${Object.keys(TABLE_OWNERS).join('|')})\\b`, 'g')
const WRITE = /\b(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/

export default {
  meta: {
    type: 'problem',
    docs: { description: 'SQL names only the tables its folder owns (docs/architecture.md)' },
    schema: [],
    messages: {
      foreign:
        'The table {{table}} belongs to src/core/{{owner}}/: call a function of its front file instead of naming it here (eslint-rules/table-owners.mjs).',
      foreignWrite:
        'The table {{table}} belongs to src/core/{{owner}}/: only it writes the table (this file may only read it, in the join named in eslint-rules/table-owners.mjs).',
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd()
    const relative = path.relative(cwd, context.filename).split(path.sep).join('/')
    if (SCHEMA_FILES.some((prefix) => relative.startsWith(prefix))) return {}
    // '' for src/core's own files, null outside src/core: neither owns a table.
    const folder = coreFolderOf(path.resolve(cwd, 'src', 'core'), context.filename)
    const joined = JOINED_READS[relative]?.tables ?? []
    const check = (node, text) => {
      if (!SQL_WORD.test(text)) return
      const writes = WRITE.test(text)
      for (const match of text.matchAll(TABLE)) {
        const table = match[1]
        const owner = TABLE_OWNERS[table]
        if (owner === folder) continue
        if (joined.includes(table) && !writes) continue
        context.report({
          node,
          messageId: joined.includes(table) ? 'foreignWrite' : 'foreign',
          data: { table, owner },
        })
        return
      }
    }
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value)
      },
      TemplateLiteral(node) {
        check(node, node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' '))
      },
    }
  },
}
