import { describe, expect, it } from 'vitest'
import { contentExtension, fileNameFor, safeSaveName } from '../../src/shared/save-name'

describe('the name a copy is offered under', () => {
  it('keeps an honest name as it is', () => {
    expect(safeSaveName('statement.pdf', 'pdf')).toBe('statement.pdf')
    expect(safeSaveName('photo.jpeg', 'jpg')).toBe('photo.jpeg')
    expect(safeSaveName('Adébáyọ̀ statement.PDF', 'pdf')).toBe('Adébáyọ̀ statement.PDF')
  })

  it("gives the content's own extension, never one the name chose", () => {
    expect(safeSaveName('invoice.pdf.hta', 'pdf')).toBe('invoice.pdf')
    expect(safeSaveName('page.html', 'pdf')).toBe('page.pdf')
    expect(safeSaveName('scan', 'png')).toBe('scan.png')
  })

  it('is a name, never a path, with nothing Windows refuses or hides', () => {
    expect(
      safeSaveName('C:\\Users\\x\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\a.hta', 'pdf'),
    ).toBe('a.pdf')
    expect(safeSaveName('../../etc/passwd', 'txt')).toBe('passwd.txt')
    expect(safeSaveName('a:b.pdf', 'pdf')).toBe('a_b.pdf')
    // A right-to-left override would show "x\u202Efdp.exe" as "xexe.pdf".
    expect(safeSaveName('x\u202Efdp.exe', 'pdf')).toBe('xfdp.pdf')
    expect(safeSaveName('CON.pdf', 'pdf')).toBe('_CON.pdf')
    expect(safeSaveName('report. . .', 'pdf')).toBe('report.pdf')
    expect(safeSaveName('...', 'pdf')).toBe('attachment.pdf')
    expect(safeSaveName('a'.repeat(400) + '.pdf', 'pdf').length).toBeLessThanOrEqual(150)
  })
})

describe('a name from a link, as it is written', () => {
  it('takes out every character that is not seen but changes what is seen', () => {
    // Bidi overrides, embeddings and isolates, marks, zero-width characters, BOM, NUL, ESC.
    for (const hidden of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u0000',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u2028',
      '\u2029',
      '\u3164',
      '\ufe0f',
      '\u{e0041}',
    ])
      expect(safeSaveName(`state${hidden}ment.pdf`, 'pdf')).toMatch(/^state ?ment\.pdf$/)
    expect(safeSaveName('statement\u202Efdp.exe', 'bin')).toBe('statementfdp.bin')
    expect(safeSaveName('a\u00a0\u3000b\tc.pdf', 'pdf')).toBe('a b c.pdf')
  })

  it('never names a Windows device, with or without an extension', () => {
    expect(safeSaveName('CON', 'bin')).toBe('_CON.bin')
    expect(safeSaveName('nul.txt', 'txt')).toBe('_nul.txt')
    expect(safeSaveName('com1.tar.gz', 'bin')).toBe('_com1.tar.bin')
    expect(safeSaveName('LPT\u00b9.pdf', 'pdf')).toBe('_LPT\u00b9.pdf')
    expect(safeSaveName('conout$.txt', 'txt')).toBe('_conout$.txt')
    expect(safeSaveName('console.pdf', 'pdf')).toBe('console.pdf')
  })

  it('is no hidden file, keeps a sentence with a dot in it, and is at most 150 bytes', () => {
    expect(safeSaveName('.bashrc.pdf', 'pdf')).toBe('bashrc.pdf')
    expect(safeSaveName('Mr. Adebayo statement', 'pdf')).toBe('Mr. Adebayo statement.pdf')
    const long = safeSaveName('Ọ̀'.repeat(200) + '.pdf', 'pdf')
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(150)
    expect(long).toMatch(/^(Ọ̀)+\.pdf$/)
  })
})

describe('the extension a file is written under', () => {
  const program = Buffer.from('MZ\x90\x00\x03\x00', 'latin1')
  it("is its content's, and .bin for anything Casefile does not know", () => {
    expect(fileNameFor('invoice.pdf', program)).toBe('invoice.bin')
    expect(fileNameFor('setup.exe', program)).toBe('setup.bin')
    expect(fileNameFor('scan.pdf', Buffer.from('%PDF-1.7\n'))).toBe('scan.pdf')
    expect(fileNameFor('notes.txt', Buffer.from('paid on 3 May\n'))).toBe('notes.txt')
    expect(fileNameFor('notes', Buffer.from('paid on 3 May\n'))).toBe('notes.bin')
    expect(contentExtension(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'x.png')).toBe('jpg')
  })
})
