import { describe, expect, it } from 'vitest'
import { safeSaveName } from '../../src/shared/save-name'

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
