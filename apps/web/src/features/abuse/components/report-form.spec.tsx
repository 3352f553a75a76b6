import { ABUSE_MESSAGES, ErrorCode } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFetchStub, ok, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { ReportForm } from './report-form';

describe('ReportForm', () => {
  it('sends a report without an account, the code filled in from the scanned page', async () => {
    const answer = deferred<Reply<{ message: string }>>();
    const server = installFetchStub().on('POST /api/reports', () => answer.promise);
    renderWithApp(<ReportForm initialCode="AbC1234" />, { path: '/report?code=AbC1234' });
    const user = userEvent.setup();

    expect(screen.getByLabelText('Short link or code')).toHaveValue('AbC1234');
    await user.selectOptions(screen.getByLabelText('What is wrong?'), 'Phishing or stealing passwords');
    await user.type(screen.getByLabelText('Details (optional)'), 'Fake bank login');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.resolve(ok({ message: ABUSE_MESSAGES.accepted }, 202));
    expect(await screen.findByRole('heading', { name: 'Report sent' })).toBeInTheDocument();
    expect(server.calls('POST /api/reports')[0].body).toEqual({ code: 'AbC1234', reason: 'phishing', details: 'Fake bank login', email: '' });
  });

  it('says what is missing before sending anything, by keyboard alone', async () => {
    const server = installFetchStub();
    renderWithApp(<ReportForm />, { path: '/report' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Short link or code'), 'https://elsewhere.example/page');
    await user.type(screen.getByLabelText('Your email (optional, if we may ask you more)'), 'not-an-email{Enter}');

    expect(await screen.findByText(ABUSE_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(screen.getByText(ABUSE_MESSAGES.reason)).toBeInTheDocument();
    expect(screen.getByText(ABUSE_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByLabelText('What is wrong?')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests).toHaveLength(0);
  });

  it('keeps the form and explains when too many reports were sent', async () => {
    installFetchStub().on(
      'POST /api/reports',
      fail(429, { code: ErrorCode.RateLimited, message: 'Too many attempts. Please wait a moment and try again.' }),
    );
    renderWithApp(<ReportForm initialCode="AbC1234" />, { path: '/report' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('What is wrong?'), 'Scam or fraud');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Failed to send report')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send report' })).toBeEnabled();
    expect(screen.getByLabelText('Short link or code')).toHaveValue('AbC1234');
  });
});
