import type { FastifyInstance } from 'fastify'
import { createReadStream } from 'node:fs'
import { join } from 'node:path'
import { SandboxError, success } from '../envelope'
import { receiveFilePart, receivedFile } from '../multipart-file'
import { UPLOAD_SERVICE_PREFIX } from '../route-names'
import type { SandboxContext } from '../sandbox-context'
import { findUpload, storeUpload } from '../upload-store'
import { MAX_UPLOAD_BYTES, uploadRefusal, uploadTypeOf } from '../upload-types'

export const FILES_PATH = `${UPLOAD_SERVICE_PREFIX}/files`

/** 4.9 upload (no API key) under {upload_url}, and the GET that serves an uploaded file back. */
export function registerUploadRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(
    `${UPLOAD_SERVICE_PREFIX}/api/v1/upload`,
    { config: { sandboxRoute: 'upload' }, preValidation: receiveFilePart(MAX_UPLOAD_BYTES) },
    async (request) => {
      const { bytes, fileName } = receivedFile(request)
      // The type comes from the bytes, read by the sandbox's own sniffing (upload-types.ts).
      const type = uploadTypeOf(bytes, fileName)
      const problem = uploadRefusal(bytes.length, type, fileName || 'The file')
      if (problem || !type) throw new SandboxError(bytes.length === 0 ? 400 : 415, problem ?? '')
      const upload = storeUpload(
        context.db,
        context.uploadsDir,
        bytes,
        type,
        fileName,
        context.now(),
      )
      // Built from the sandbox's own address, never from the request's Host header.
      const url = `${context.address?.baseUrl ?? ''}${FILES_PATH}/${upload.storedName}`
      return success('File uploaded successfully', { id: upload.id, url })
    },
  )

  app.get<{ Params: { name: string } }>(
    `${FILES_PATH}/:name`,
    { config: { sandboxRoute: 'file' } },
    async (request, reply) => {
      const upload = findUpload(context.db, request.params.name)
      if (!upload)
        throw new SandboxError(
          404,
          `No uploaded file is named ${JSON.stringify(request.params.name)}: use the url the upload answered.`,
        )
      return reply
        .header(
          'content-type',
          upload.mediaType.startsWith('text/')
            ? `${upload.mediaType}; charset=utf-8`
            : upload.mediaType,
        )
        .header('content-length', String(upload.size))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(join(context.uploadsDir, upload.storedName)))
    },
  )
}
