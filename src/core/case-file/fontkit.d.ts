/** fontkit, the font engine pdfkit lays text out with: what case-resources.ts uses of it (no types ship with it). */
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function create(bytes: Uint8Array, postscriptName?: string): Font
}
