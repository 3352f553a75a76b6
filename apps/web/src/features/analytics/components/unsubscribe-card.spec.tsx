import { ErrorCode } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { UnsubscribeCard } from './unsubscribe-card';

describe('UnsubscribeCard', () => {
  it('unsubscribes on a click (not on opening the link) with the token of the link', async () => {
    const server = installFetchStub().on('POST /api/weekly-report/unsubscribe', ok({ enabled: false, timeZone: 'UTC' }));
    renderWithApp(<UnsubscribeCard token="abc.def" />, { path: '/unsubscribe' });

    await screen.findByRole('heading', { name: 'Stop the weekly report?' });
    expect(server.calls('POST /api/weekly-report/unsubscribe')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toBeInTheDocument();
    expect(server.calls('POST /api/weekly-report/unsubscribe')[0].body).toEqual({ token: 'abc.def' });
  });

  it('says when the link is not valid', async () => {
    installFetchStub().on(
      'POST /api/weekly-report/unsubscribe',
      fail(400, { code: ErrorCode.Validation, message: 'This unsubscribe link is not valid', fields: { token: 'This unsubscribe link is not valid' } }),
    );
    renderWithApp(<UnsubscribeCard token="abc.forged" />, { path: '/unsubscribe' });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Link invalid' })).toBeInTheDocument();
  });
});
