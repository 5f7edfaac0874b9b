// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AttachmentsField } from '../../src/renderer/src/features/editor/AttachmentsField'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

async function choose(files: File[]) {
  const input = screen.getByLabelText('choose files') as HTMLInputElement
  Object.defineProperty(input, 'files', { value: files, configurable: true })
  await act(async () => {
    fireEvent.change(input)
  })
}

describe('attachments', () => {
  afterEach(cleanup)

  it('checks each file on its bytes in the page and passes the good ones on as bytes', async () => {
    const onAdd = vi.fn(async () => null)
    render(<AttachmentsField attachments={[]} onAdd={onAdd} onRemove={() => undefined} />)
    await choose([
      new File([PDF], 'statement.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], 'tool.exe'),
    ])
    expect(onAdd).toHaveBeenCalledTimes(1)
    const [name, bytes] = onAdd.mock.calls[0] as unknown as [string, Uint8Array]
    expect(name).toBe('statement.pdf')
    expect([...bytes.slice(0, 5)]).toEqual([...PDF.slice(0, 5)])
    expect(screen.getByText(/tool\.exe is not a file type the registry takes/)).toBeTruthy()
  })

  it('refuses a file over 10 MiB by its size, saying how to fix it', async () => {
    const onAdd = vi.fn(async () => null)
    render(<AttachmentsField attachments={[]} onAdd={onAdd} onRemove={() => undefined} />)
    await choose([new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf')])
    expect(onAdd).not.toHaveBeenCalled()
    expect(
      screen.getByText(/scan\.pdf is 10\.0 MiB; attachments can be at most 10 MiB/),
    ).toBeTruthy()
  })

  it('shows the refusal main gives, and lists stored files with size and type', async () => {
    const onAdd = vi.fn(
      async () => 'A report takes at most 3 attachments: remove one before adding c.pdf.',
    )
    render(
      <AttachmentsField
        attachments={[
          { id: 'a', fileName: 'a.pdf', mimeType: 'application/pdf', size: 2048, uploaded: false },
        ]}
        onAdd={onAdd}
        onRemove={() => undefined}
      />,
    )
    expect(screen.getByText('a.pdf', { selector: '.attachment-name' })).toBeTruthy()
    expect(screen.getByText('PDF · 2.0 KiB')).toBeTruthy()
    await choose([new File([PDF], 'c.pdf')])
    expect(screen.getByText(/at most 3 attachments/)).toBeTruthy()
  })
})
