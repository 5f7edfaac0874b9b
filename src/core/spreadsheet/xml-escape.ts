/** Text for an XML attribute or element. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  )
}

// Characters XML 1.0 cannot hold, CR (an XML reader turns it into LF), and a literal "_xHHHH_" that Excel would read as an escape.
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]|_(?=x[0-9a-fA-F]{4}_)/g
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * Cell text in Excel's own escaping (ST_Xstring): characters XML cannot carry become `_xHHHH_`,
 * so a tab or a stray control character survives the round trip instead of breaking the file.
 */
export function escapeCellText(text: string): string {
  const safe = text
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(NOT_IN_XML, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
  return escapeXml(safe)
}
