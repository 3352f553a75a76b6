import { ErrorCode } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { CodeAnalytics } from './code-analytics';

describe('CodeAnalytics', () => {
  it('says the export has started when the CSV download is clicked', async () => {
    installFetchStub().on('GET /api/qrcodes/:id/analytics', fail(503, { code: ErrorCode.Unavailable, message: 'Try again' }));
    renderWithApp(<CodeAnalytics codeId="c1" />, { path: '/qrcodes/c1' });
    const link = await screen.findByRole('link', { name: 'Export scans (CSV)' });
    // jsdom cannot download: keep the click's effect on the page only.
    link.addEventListener('click', (event) => event.preventDefault());

    expect(screen.queryByText(/Export started/)).not.toBeInTheDocument();
    await userEvent.setup().click(link);

    expect(link).toHaveAttribute('href', '/api/qrcodes/c1/scans.csv');
    expect(screen.getByText(/^Export started: your browser is downloading every scan of this code/)).toHaveAttribute('role', 'status');
  });
});
