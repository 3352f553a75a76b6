import type { DataExportView } from '@qrd/contracts';
import { ErrorCode } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { PROGRESS_POLL_MS } from '../api/data-export';
import { YourDataCard } from './your-data-card';

function anExport(overrides: Partial<DataExportView> = {}): DataExportView {
  return {
    id: '3f2b8a4e-1c1d-4e5f-9a7b-0c1d2e3f4a5b',
    status: 'ready',
    progress: 100,
    createdAt: '2026-11-20T10:00:00.000Z',
    finishedAt: '2026-11-20T10:01:00.000Z',
    expiresAt: '2026-11-27T10:01:00.000Z',
    sizeBytes: 2_500_000,
    codes: 3,
    scans: 1200,
    error: null,
    ...overrides,
  };
}

describe('YourDataCard', () => {
  it('starts an export from the empty state with the keyboard and shows its progress', async () => {
    const server = installFetchStub()
      .on('GET /api/account/data-export', ok({ export: null }))
      .on('POST /api/account/data-export', ok(anExport({ status: 'running', progress: 40, finishedAt: null, expiresAt: null, sizeBytes: null }), 202));
    renderWithApp(<YourDataCard />);
    const user = userEvent.setup();

    expect(await screen.findByText('You have not exported your data yet.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Export my data' });
    button.focus();
    await user.keyboard('{Enter}');

    const bar = await screen.findByRole('progressbar', { name: /Building your export… 40%/ });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeDisabled();
    expect(server.calls('POST /api/account/data-export')).toHaveLength(1);
  });

  it('offers the download of a ready export, with what it holds and until when', async () => {
    installFetchStub().on('GET /api/account/data-export', ok({ export: anExport() }));
    renderWithApp(<YourDataCard />);

    const link = await screen.findByRole('link', { name: 'Download ZIP' });
    expect(link).toHaveAttribute('href', '/api/account/data-export/3f2b8a4e-1c1d-4e5f-9a7b-0c1d2e3f4a5b/download');
    expect(screen.getByText(/3 QR codes and 1,200 scans, 2\.4 MB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export my data again' })).toBeEnabled();
  });

  it('says when the last export expired or failed', async () => {
    const server = installFetchStub().on('GET /api/account/data-export', ok({ export: anExport({ status: 'expired' }) }));
    const { unmount } = renderWithApp(<YourDataCard />);
    expect(await screen.findByText(/Your last export expired on .* and was deleted/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download ZIP' })).not.toBeInTheDocument();
    unmount();

    server.on('GET /api/account/data-export', ok({ export: anExport({ status: 'failed', error: 'The export could not be built. Please try again later.' }) }));
    renderWithApp(<YourDataCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The export could not be built. Please try again later.');
  });

  it('shows a load failure with a retry, and a refused start with the server message', async () => {
    const server = installFetchStub().on('GET /api/account/data-export', fail(503, { code: ErrorCode.Unavailable, message: 'Could not reach the qr-service' }));
    renderWithApp(<YourDataCard />);
    const user = userEvent.setup();

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the qr-service');
    server
      .on('GET /api/account/data-export', ok({ export: null }))
      .on('POST /api/account/data-export', fail(429, { code: ErrorCode.RateLimited, message: 'Too many requests. Please try again later.' }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have not exported your data yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });

  it('follows a build in progress until the download is offered', async () => {
    const answers = [anExport({ status: 'running', progress: 40, expiresAt: null }), anExport()];
    let asked = 0;
    installFetchStub().on('GET /api/account/data-export', () => ok({ export: answers[Math.min(asked++, 1)] }));
    renderWithApp(<YourDataCard />);

    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByRole('link', { name: 'Download ZIP' }, { timeout: PROGRESS_POLL_MS * 3 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
