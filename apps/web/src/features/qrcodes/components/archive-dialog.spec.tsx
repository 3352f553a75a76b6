import { ErrorCode } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { fail, installFetchStub, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { ArchiveDialog, formatBytes } from './archive-dialog';

const IDS = ['c-1', 'c-2', 'c-3'];

/** A streamed answer the test releases chunk by chunk (Content-Length given or not). */
function streamedZip(chunks: Uint8Array[], contentLength: number | null) {
  const requests: { url: string; body: unknown }[] = [];
  const waiting: (() => void)[] = [];
  let next = 0;
  const fetchZip = async (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(String(init.body)) });
    return {
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-length' && contentLength !== null ? String(contentLength) : null) },
      body: {
        getReader: () => ({
          read: async () => {
            if (next >= chunks.length) return { done: true, value: undefined };
            await new Promise<void>((resolve) => waiting.push(resolve));
            return { done: false, value: chunks[next++] };
          },
        }),
      },
    } as unknown as Response;
  };
  /** Lets the next chunk arrive; false while the reader is not waiting yet. */
  const sendNext = () => {
    const release = waiting.shift();
    if (!release) throw new Error('the reader is not waiting');
    release();
  };
  return { fetchZip, requests, sendNext };
}

describe(ArchiveDialog.name, () => {
  let server: FetchStub;
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  let saved: Blob[];

  beforeEach(() => {
    saved = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => (saved.push(blob as Blob), 'blob:zip');
    URL.revokeObjectURL = () => undefined;
    server = installFetchStub();
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  function withZip(zip: ReturnType<typeof streamedZip>) {
    const stub = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/qrcodes/archive' ? zip.fetchZip(String(input), init ?? {}) : stub(input, init)) as typeof fetch;
  }

  it('posts the chosen codes, format and size, and shows the percentage as the ZIP streams in', async () => {
    const zip = streamedZip([new Uint8Array(600), new Uint8Array(400)], 1000);
    withZip(zip);
    renderWithApp(<ArchiveDialog ids={IDS} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Download 3 QR codes as ZIP' });

    await user.click(within(dialog).getByRole('radio', { name: 'SVG (vector)' }));
    await user.clear(within(dialog).getByLabelText('Size in pixels'));
    await user.type(within(dialog).getByLabelText('Size in pixels'), '2048');
    await user.click(within(dialog).getByRole('button', { name: 'Download ZIP' }));

    await waitFor(() => expect(zip.requests).toEqual([{ url: '/api/qrcodes/archive', body: { ids: IDS, format: 'svg', size: 2048 } }]));
    await waitFor(() => zip.sendNext());
    expect(await within(dialog).findByText('600 bytes of 1000 bytes (60%)')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'ZIP download progress' })).toHaveAttribute('value', '60');
    await waitFor(() => zip.sendNext());
    expect(await within(dialog).findByText('Downloaded 1000 bytes.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0].size).toBe(1000);
    expect(saved[0].type).toBe('application/zip');
  });

  it('shows the bytes received when the server does not say how many will come', async () => {
    const zip = streamedZip([new Uint8Array(2048)], null);
    withZip(zip);
    renderWithApp(<ArchiveDialog ids={IDS} onClose={() => undefined} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Download ZIP' }));
    expect(await screen.findByText('0 bytes received...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'ZIP download progress' })).not.toHaveAttribute('value');
    await waitFor(() => zip.sendNext());
    expect(await screen.findByText('Downloaded 2 KB.')).toBeInTheDocument();
  });

  it('shows the server\'s answer when some of the chosen codes are gone', async () => {
    server.on('POST /api/qrcodes/archive', fail(404, { code: ErrorCode.NotFound, message: '2 of the chosen codes were not found: they may have been deleted' }));
    renderWithApp(<ArchiveDialog ids={IDS} onClose={() => undefined} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Download ZIP' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('2 of the chosen codes were not found: they may have been deleted');
  });

  it('refuses a size out of range before asking the server', async () => {
    renderWithApp(<ArchiveDialog ids={IDS} onClose={() => undefined} />);
    const user = userEvent.setup();

    await user.clear(screen.getByLabelText('Size in pixels'));
    await user.type(screen.getByLabelText('Size in pixels'), '99999');

    expect(screen.getByText('Choose a size from 256 to 4096 pixels')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download ZIP' })).toBeDisabled();
    expect(server.requests).toHaveLength(0);
  });

  it('asks a PDF for its print size in millimetres', async () => {
    const zip = streamedZip([new Uint8Array(10)], 10);
    withZip(zip);
    renderWithApp(<ArchiveDialog ids={IDS} onClose={() => undefined} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: 'PDF (print)' }));
    expect(screen.getByLabelText('Print size in mm')).toHaveValue('50');
    await user.click(screen.getByRole('button', { name: 'Download ZIP' }));

    await waitFor(() => expect(zip.requests[0]?.body).toEqual({ ids: IDS, format: 'pdf', size: 50 }));
    await waitFor(() => zip.sendNext());
    expect(await screen.findByText('Downloaded 10 bytes.')).toBeInTheDocument();
  });

  it('writes sizes as people read them', () => {
    const intl = createIntl({ locale: 'en', defaultLocale: 'en' });
    expect(formatBytes(intl, 512)).toBe('512 bytes');
    expect(formatBytes(intl, 340 * 1024)).toBe('340 KB');
    expect(formatBytes(intl, 1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
