import { describe, expect, it } from 'vitest'
import { checkAttachment, MAX_ATTACHMENT_BYTES, sniffFileType } from '../../src/shared/file-types'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  )

describe('sniffFileType', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n...')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['heic', bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0])],
    ['xlsx', bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....xl/workbook.xml')],
    ['docx', bytes([0x50, 0x4b, 0x03, 0x04], '....word/document.xml')],
  ] as const)('recognises %s by content', (type, content) => {
    expect(sniffFileType(content, 'whatever.bin')).toBe(type)
  })
  it('takes text only under a .txt or .csv name: no extension-less text fallthrough', () => {
    const note = bytes('Customer called from 0803…, said the transfer was a refund.')
    expect(sniffFileType(note, 'call-notes.txt')).toBe('txt')
    expect(sniffFileType(note, 'CALL.TXT')).toBe('txt')
    const key = bytes('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n')
    expect(sniffFileType(key, 'id_rsa')).toBeNull()
    expect(sniffFileType(bytes('root:x:0:0:root:/root:/bin/bash\n'), 'passwd')).toBeNull()
    expect(sniffFileType(note, 'notes.bin')).toBeNull()
    expect(sniffFileType(note, '')).toBeNull()
    expect(checkAttachment(key.length, null, 'id_rsa')).toMatch(/\.txt or \.csv name/)
  })
  it('tells CSV from plain text by name only among text files', () => {
    expect(sniffFileType(bytes('a,b\n1,2\n'), 'cases.csv')).toBe('csv')
    expect(sniffFileType(bytes('a,b\n1,2\n'), 'cases.txt')).toBe('txt')
  })
  it('refuses what it does not know, whatever the name says', () => {
    expect(sniffFileType(bytes('MZ', [0x90, 0, 3, 0]), 'evidence.pdf')).toBeNull() // a Windows program
    expect(sniffFileType(bytes([0x50, 0x4b, 0x03, 0x04], 'payload.js'), 'evidence.xlsx')).toBeNull() // a plain zip
    expect(sniffFileType(bytes('text', [0], 'more'), 'notes.txt')).toBeNull() // binary with NUL
    expect(sniffFileType(bytes('MZ', [1, 2]), 'notes.txt')).toBeNull() // control bytes: not text
    expect(sniffFileType(bytes('line one\r\n\tindented\fpage two'), 'notes.txt')).toBe('txt')
    expect(sniffFileType(bytes([0xc3, 0x28]), 'notes.txt')).toBeNull() // not UTF-8
    expect(sniffFileType(bytes([0, 0, 0, 24], 'ftypisom'), 'clip.heic')).toBeNull() // an MP4
  })
})

describe('checkAttachment', () => {
  it('says what is wrong and how to fix it', () => {
    expect(checkAttachment(0, 'pdf', 'a.pdf')).toMatch(/empty/)
    expect(checkAttachment(MAX_ATTACHMENT_BYTES + 1, 'pdf', 'a.pdf')).toMatch(
      /at most 10 MiB. Compress or split it/,
    )
    expect(checkAttachment(100, null, 'a.exe')).toMatch(
      /Attach a PDF, PNG, JPEG, WebP, HEIC, TXT, CSV, XLSX or DOCX file/,
    )
    expect(checkAttachment(MAX_ATTACHMENT_BYTES, 'png', 'a.png')).toBeNull()
  })
})
