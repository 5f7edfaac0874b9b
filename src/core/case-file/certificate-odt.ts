import type { CertificateBlock } from './certificate'
import { zipBytes } from './zip-bytes'

/*
 * certificate-s84.odt: the certificate as an OpenDocument text, for counsel to edit in
 * LibreOffice or Word. An ODT is a zip of XML: `mimetype` first and stored, the manifest, the
 * content with its automatic styles.
 */

const MIMETYPE = 'application/vnd.oasis.opendocument.text'

const escapeXml = (text: string) =>
  text
    .normalize('NFC')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '')

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${MIMETYPE}"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
`

const STYLES = `<office:font-face-decls>
  <style:font-face style:name="Noto Sans" svg:font-family="'Noto Sans'" style:font-family-generic="swiss"/>
 </office:font-face-decls>
 <office:automatic-styles>
  <style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.3cm"/><style:text-properties style:font-name="Noto Sans" fo:font-size="16pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="Notice" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.3cm" fo:padding="0.2cm" fo:border="0.5pt solid #aa0000"/><style:text-properties style:font-name="Noto Sans" fo:font-size="10pt" fo:font-weight="bold" fo:color="#aa0000"/></style:style>
  <style:style style:name="Heading" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.15cm"/><style:text-properties style:font-name="Noto Sans" fo:font-size="12pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.15cm"/><style:text-properties style:font-name="Noto Sans" fo:font-size="10pt"/></style:style>
  <style:style style:name="Label" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.1cm"/><style:text-properties style:font-name="Noto Sans" fo:font-size="8.5pt" fo:font-weight="bold" fo:color="#555555"/></style:style>
  <style:style style:name="Blank" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.3cm" fo:padding-bottom="0.5cm" fo:border-bottom="0.5pt solid #333333"/><style:text-properties style:font-name="Noto Sans" fo:font-size="9pt" fo:font-weight="bold"/></style:style>
 </office:automatic-styles>`

function paragraphs(blocks: CertificateBlock[]): string {
  const p = (style: string, text: string) =>
    `<text:p text:style-name="${style}">${escapeXml(text)}</text:p>`
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'title':
          return p('Title', block.text)
        case 'notice':
          return p('Notice', block.text)
        case 'heading':
          return p('Heading', block.text)
        case 'paragraph':
          return p('Body', block.text)
        case 'field':
          return `${p('Label', block.label)}${p('Body', block.value)}`
        case 'blank':
          return p('Blank', `${block.label}:`)
      }
    })
    .join('\n  ')
}

function contentXml(blocks: CertificateBlock[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3">
 ${STYLES}
 <office:body>
  <office:text>
  ${paragraphs(blocks)}
  </office:text>
 </office:body>
</office:document-content>
`
}

export function writeCertificateOdt(blocks: CertificateBlock[], at: Date): Promise<Buffer> {
  return zipBytes(
    [
      { name: 'mimetype', bytes: Buffer.from(MIMETYPE, 'ascii'), store: true },
      { name: 'META-INF/manifest.xml', bytes: Buffer.from(MANIFEST, 'utf8') },
      { name: 'content.xml', bytes: Buffer.from(contentXml(blocks), 'utf8') },
    ],
    at,
  )
}
