/** pdf.js's worker code (pdf-draw.ts loads it ahead of a drawing): its package gives no types. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown
}
