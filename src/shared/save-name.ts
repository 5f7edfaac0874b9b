/**
 * The name a copy of a file is offered under in a save dialog, from a name that came from
 * outside (a link's last segment, a file name the window gave): a name only, never a path; no
 * character Windows refuses, no control or invisible formatting character (a right-to-left
 * override makes `x\u202Efdp.exe` read as "xexe.pdf"), no reserved device name, and always the
 * extension of the type its content was found to be, so `invoice.pdf.hta` holding a PDF is
 * offered as `invoice.pdf`. Pure: the core names the copy with it and main checks it again.
 */
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i
const MAX_LENGTH = 150

export function safeSaveName(name: string, extension: string): string {
  const ext = extension.toLowerCase()
  const last = name.split(/[/\\]/).pop() ?? ''
  let base = last
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/\p{Cf}/gu, '')
    .replace(/[. ]+$/, '')
    .trim()
  const own = /\.([^.]+)$/.exec(base)?.[1]?.toLowerCase()
  if (own && own !== ext && !(ext === 'jpg' && own === 'jpeg'))
    base = base.slice(0, -own.length - 1)
  base = base.replace(/[. ]+$/, '')
  if (!/\.([^.]+)$/.test(base) || !base.toLowerCase().endsWith(`.${ext}`)) {
    if (!(ext === 'jpg' && base.toLowerCase().endsWith('.jpeg'))) base = `${base}.${ext}`
  }
  const stem = base.slice(0, base.lastIndexOf('.'))
  if (stem === '' || /^[. _]*$/.test(stem)) base = `attachment${base.slice(base.lastIndexOf('.'))}`
  else if (RESERVED.test(stem.split('.')[0] ?? '')) base = `_${base}`
  if (base.length > MAX_LENGTH) base = base.slice(0, MAX_LENGTH - ext.length - 1) + `.${ext}`
  return base
}

/** The extension a copy is saved under, by the type its content was found to be. */
export const SAVE_EXTENSIONS: Record<string, string> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  heic: 'heic',
  txt: 'txt',
  csv: 'csv',
  xlsx: 'xlsx',
  docx: 'docx',
}
