import { describe, expect, it } from 'vitest'
import { widestWord, wrapAtSpaces } from '../../../src/core/case-file/pdf-line-wrap'
import { placePicture } from '../../../src/core/case-file/pdf-picture-place'

/* case.pdf's line breaks and picture places, measured in a font where every character is 1 wide. */

const mono = (s: string) => s.length
const ID = '6650f0c2-1b2d-4c3e-9f00-0123456789ab'

describe('lines broken at spaces only', () => {
  it('never breaks an id at a hyphen: it takes a line of its own', () => {
    const lines = wrapAtSpaces(`Case file: fraud report ${ID} exported`, 40, mono)
    expect(lines).toEqual(['Case file: fraud report', ID, 'exported'])
    for (const line of lines) expect(line.length).toBeLessThan(40)
  })

  it('breaks a link too long for a line after its slashes, keeping the id whole', () => {
    const url = `http://127.0.0.1:4000/api/v1/external/reports/submissions/${ID}/decode`
    const lines = wrapAtSpaces(`GET ${url} (decoded)`, 50, mono)
    expect(lines.join(' ').replace(/ /g, '')).toBe(`GET${url}(decoded)`)
    expect(lines.some((line) => line.includes(ID))).toBe(true)
    for (const line of lines) expect(line.length).toBeLessThan(50)
  })

  it('cuts a token with no separator only where the room ends, and keeps given line breaks', () => {
    expect(wrapAtSpaces('a'.repeat(25), 10, mono)).toEqual([
      'a'.repeat(9),
      'a'.repeat(9),
      'a'.repeat(7),
    ])
    expect(wrapAtSpaces('one\ntwo', 80, mono)).toEqual(['one', 'two'])
    expect(widestWord(`see http://x/${ID}/decode`, mono)).toBe(ID.length + 1)
  })
})

describe('a picture kept with its details', () => {
  const page = { page: 700, width: 480 }
  const a4 = { width: 1000, height: 1415 }

  it('is drawn at the text’s width when it fits below its details', () => {
    expect(
      placePicture(a4, { ...page, below: 700 }, { before: 0, caption: 20, keepHere: false }),
    ).toMatchObject({ newPage: false, w: 480 })
  })

  it('starts a new page (its details with it) when it does not fit and the page is more than half used', () => {
    const place = placePicture(
      a4,
      { ...page, below: 300 },
      { before: 150, caption: 20, keepHere: false },
    )
    expect(place.newPage).toBe(true)
    expect(place.h).toBeLessThanOrEqual(700 - 150 - 20)
  })

  it('is drawn smaller on this page rather than leave more than half of it blank', () => {
    const place = placePicture(
      a4,
      { ...page, below: 500 },
      { before: 150, caption: 20, keepHere: false },
    )
    expect(place).toMatchObject({ newPage: false })
    expect(place.h).toBeCloseTo(500 - 150 - 20)
  })
})
