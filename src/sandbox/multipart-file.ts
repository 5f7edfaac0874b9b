import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import { SandboxError } from './envelope'

export const FILE_PART_NAME = 'file'

export interface ReceivedFile {
  bytes: Buffer
  fileName: string
}

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`
}

/**
 * Reads the one part named `file` of a multipart request, keeping at most `maxBytes`:
 * busboy stops handing over data at the limit and marks the stream truncated, so an
 * oversize file is never held in memory. 400 when there is no such part, 413 when too big.
 */
export async function readFilePart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<ReceivedFile> {
  const howToSend = `Send multipart/form-data with one part named "${FILE_PART_NAME}" holding the file.`
  if (!request.isMultipart())
    throw new SandboxError(400, `No file uploaded: the request is not multipart. ${howToSend}`)
  const part = await request.file({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false })
  if (!part)
    throw new SandboxError(400, `No file uploaded: the request has no file part. ${howToSend}`)
  if (part.fieldname !== FILE_PART_NAME) {
    part.file.resume()
    throw new SandboxError(
      400,
      `No file uploaded: the file part is named "${part.fieldname}", not "${FILE_PART_NAME}". ${howToSend}`,
    )
  }
  const chunks: Buffer[] = []
  for await (const chunk of part.file) chunks.push(chunk as Buffer)
  if (part.file.truncated)
    throw new SandboxError(
      413,
      `The file "${part.filename}" is larger than ${mebibytes(maxBytes)}, the most the sandbox accepts: send a smaller file (compress or split it).`,
    )
  return { bytes: Buffer.concat(chunks), fileName: part.filename }
}

const received = new WeakMap<FastifyRequest, ReceivedFile>()

/**
 * A route-level preValidation hook that reads the file part before the handler. It runs
 * before the fault hooks' preHandler, so a stalled upload or bulk holds a file already read,
 * as a slow real server would, and lands even when its client has given up.
 */
export function receiveFilePart(maxBytes: number): preValidationAsyncHookHandler {
  return async (request) => {
    received.set(request, await readFilePart(request, maxBytes))
  }
}

/** The file read by receiveFilePart for this request. */
export function receivedFile(request: FastifyRequest): ReceivedFile {
  const file = received.get(request)
  if (!file)
    throw new Error(
      `Route ${request.routeOptions.url} reads a file but has no receiveFilePart hook.`,
    )
  return file
}
