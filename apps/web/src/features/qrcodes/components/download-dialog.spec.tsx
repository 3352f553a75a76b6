import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCode, PREVIEW_DATA_URL } from '../../../testing/fixtures';
import { ErrorCode } from '@qrd/contracts';
import { fail, installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { DOWNLOAD_OPTIONS_KEY } from '../lib/download-options';
import { PreviewPanel } from './preview-panel';

describe('Download options (PreviewPanel with DownloadDialog)', () => {
  let server: FetchStub;
  const code = aCode({ id: 'c-1', name: 'Poster' });
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;

  beforeEach(() => {
    localStorage.clear();
    // jsdom has no object URLs; the saved file itself is the browser's business.
    URL.createObjectURL = () => 'blob:qr';
    URL.revokeObjectURL = () => undefined;
    server = installFetchStub()
      .on('GET /api/qrcodes/:id/preview', ok({ dataUrl: PREVIEW_DATA_URL }))
      .on('GET /api/qrcodes/:id/download', ok('file'))
      .on('GET /api/domains', ok([]));
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  const lastDownload = () => server.calls('GET /api/qrcodes/:id/download').at(-1)?.query;

  it('downloads a PNG at 1024 px until another choice is made', async () => {
    renderWithApp(<PreviewPanel code={code} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Download QR Code' }));

    await waitFor(() => expect(lastDownload()?.toString()).toBe('format=png&size=1024'));
    expect(screen.getByText('PNG, 1024 px')).toBeInTheDocument();
  });

  it('remembers a PDF for print with bleed and crop marks, and offers it again', async () => {
    const first = renderWithApp(<PreviewPanel code={code} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Download options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download options' });
    await user.click(within(dialog).getByRole('radio', { name: /PDF \(print\)/ }));
    await user.clear(within(dialog).getByLabelText('Print size'));
    await user.type(within(dialog).getByLabelText('Print size'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'in');
    await user.clear(within(dialog).getByLabelText('Bleed on each side'));
    await user.type(within(dialog).getByLabelText('Bleed on each side'), '0.125');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastDownload()?.toString()).toBe('format=pdf&printSize=2&unit=in&bleed=0.125&cropMarks=true');
    expect(JSON.parse(localStorage.getItem(DOWNLOAD_OPTIONS_KEY) ?? '{}')).toMatchObject({ format: 'pdf', printSize: 2, unit: 'in', bleed: 0.125 });
    first.unmount();

    renderWithApp(<PreviewPanel code={code} />);
    expect(screen.getByText('PDF, 2 in + 0.125 in bleed, crop marks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download QR Code' }));
    await waitFor(() => expect(server.calls('GET /api/qrcodes/:id/download')).toHaveLength(2));
    expect(lastDownload()?.get('printSize')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Download options' }));
    const again = await screen.findByRole('dialog', { name: 'Download options' });
    expect(within(again).getByRole('radio', { name: /PDF \(print\)/ })).toBeChecked();
    expect(within(again).getByLabelText('Print size')).toHaveValue(2);
  });

  it('says what is out of range, next to the field, and downloads nothing', async () => {
    renderWithApp(<PreviewPanel code={code} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download options' });

    const size = within(dialog).getByLabelText('Size (pixels)');
    await user.clear(size);
    await user.type(size, '5000');
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The size must be a whole number of pixels from 256 to 4096');
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('GET /api/qrcodes/:id/download')).toHaveLength(0);
    expect(localStorage.getItem(DOWNLOAD_OPTIONS_KEY)).toBeNull();
  });

  it('keeps the dialog open and says why when the server refuses the download', async () => {
    server.on('GET /api/qrcodes/:id/download', fail(400, { code: ErrorCode.Validation, message: 'The print size must be a number from 10 to 1000 mm' }));
    renderWithApp(<PreviewPanel code={code} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download options' });

    await user.click(within(dialog).getByRole('radio', { name: /PDF \(print\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(screen.getByText('The print size must be a number from 10 to 1000 mm')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Download options' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('ignores a stored choice it cannot use', async () => {
    localStorage.setItem(DOWNLOAD_OPTIONS_KEY, JSON.stringify({ format: 'png', size: 99999 }));
    renderWithApp(<PreviewPanel code={code} />);

    expect(screen.getByText('PNG, 1024 px')).toBeInTheDocument();
  });
});
