import { ErrorCode, permissionsOf, UNIQUE_WINDOW_MESSAGE, type WorkspaceView } from '@qrd/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCode, PREVIEW_DATA_URL } from '../../../testing/fixtures';
import { fail, installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { chooseWorkspace, setSignedInUser } from '../../../lib/workspace';
import { EditQrRoute } from '../routes/edit-qr-route';
import { UniqueWindowSetting } from './unique-window-setting';

// The Campaign tab is a long form: give a busy machine time to render it.
jest.setTimeout(20_000);

const CODE = aCode({ id: 'c-1', name: 'Table menu' });

function renderTab(tab = 'campaign') {
  return renderWithApp(<EditQrRoute />, { path: `/edit-qr/c-1?tab=${tab}`, route: '/edit-qr/:id' });
}

describe(UniqueWindowSetting.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/qrcodes/:id', ok(CODE))
      .on('GET /api/qrcodes/:id/preview', ok({ dataUrl: PREVIEW_DATA_URL }));
  });

  it('shows a code counting once per day, and saves once per hour for it', async () => {
    server.on('PATCH /api/qrcodes/:id', ok({ ...CODE, uniqueWindow: 'hour', updatedAt: '2026-01-06T10:00:00.000Z' }));
    renderTab();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Count each visitor');
    expect(field).toHaveValue('day');
    expect(screen.getByRole('button', { name: 'Save counting' })).toBeDisabled();

    await user.selectOptions(field, 'Once per hour');
    await user.click(screen.getByRole('button', { name: 'Save counting' }));

    await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(1));
    expect(server.calls('PATCH /api/qrcodes/:id')[0].body).toEqual({ uniqueWindow: 'hour' });
    expect(await screen.findByText(/From now on a visitor counts as a unique scanner once per hour/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Count each visitor')).toHaveValue('hour'));
  });

  it("shows the server's message when the choice is refused", async () => {
    server.on('PATCH /api/qrcodes/:id', fail(400, { code: ErrorCode.Validation, message: UNIQUE_WINDOW_MESSAGE, fields: { uniqueWindow: UNIQUE_WINDOW_MESSAGE } }));
    renderTab();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Count each visitor'), 'Once per hour');
    await user.click(screen.getByRole('button', { name: 'Save counting' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(UNIQUE_WINDOW_MESSAGE);
  });

  describe('in a shared workspace', () => {
    const workspace = (role: WorkspaceView['role']): WorkspaceView => ({
      id: 'ws-2',
      name: 'Acme',
      personal: false,
      role,
      permissions: permissionsOf(role),
      memberCount: 3,
      createdAt: '2026-01-05T10:00:00.000Z',
      transfer: null,
    });

    beforeEach(() => {
      setSignedInUser('u-1');
      chooseWorkspace('ws-2');
    });

    afterEach(() => {
      cleanup();
      chooseWorkspace(null);
      setSignedInUser(null);
    });

    it('offers a viewer no way to change how unique scanners are counted', async () => {
      server.on('GET /api/workspaces', ok([workspace('viewer')]));
      renderTab();
      await waitFor(() => expect(server.calls('GET /api/workspaces')).toHaveLength(1));
      expect(await screen.findByText(/your role in this workspace does not let you change it/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Count each visitor')).not.toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: /Campaign/ })).not.toBeInTheDocument();
    });
  });
});
