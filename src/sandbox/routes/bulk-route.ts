import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../sandbox-context'

/** 4.7 bulk upload: built on the shared spreadsheet reader once it lands (src/core/spreadsheet). */
export function registerBulkRoute(_app: FastifyInstance, _context: SandboxContext): void {}
