/* The type styles of case.pdf's and the certificate's text: font, size, colour, spacing. */

export interface Style {
  font: 'body' | 'bold'
  size: number
  color: string
  lineGap?: number
  align?: 'center'
  /** The smallest size a word too wide for the line may be written at before it is cut. */
  smallest?: number
}

export const FIELD_LABEL: Style = { font: 'bold', size: 8.5, color: '#555555' }
export const FIELD_VALUE: Style = {
  font: 'body',
  size: 10,
  color: '#111111',
  lineGap: 1,
  smallest: 7,
}
export const CAPTION: Style = { font: 'body', size: 8, color: '#555555' }
export const paragraphStyle = (o: { muted?: boolean; bold?: boolean }): Style => ({
  font: o.bold ? 'bold' : 'body',
  size: o.muted ? 8.5 : 10,
  color: o.muted ? '#555555' : '#111111',
  lineGap: 1,
})
