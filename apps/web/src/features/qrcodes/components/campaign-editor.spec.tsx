import { ErrorCode, type QrCodeView } from '@qrd/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCode, PREVIEW_DATA_URL } from '../../../testing/fixtures';
import { fail, installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { EditQrRoute } from '../routes/edit-qr-route';
import { CampaignEditor } from './campaign-editor';

/** Typing character by character is slow on a busy machine: set the whole value at once. */
function setValue(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

// The screen is a long form: give a busy machine time to render it.
jest.setTimeout(20_000);

describe(CampaignEditor.name, () => {
  let server: FetchStub;
  const code = aCode({ id: 'c-1', name: 'Table menu', destinationUrl: 'https://example.com/menu' });

  function renderTab(view: QrCodeView = code) {
    server.on('GET /api/qrcodes/:id', ok(view));
    return renderWithApp(<EditQrRoute />, { path: '/edit-qr/c-1?tab=campaign', route: '/edit-qr/:id' });
  }

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/qrcodes/:id/preview', ok({ dataUrl: PREVIEW_DATA_URL }))
      .on('PATCH /api/qrcodes/:id', ok({ ...code, updatedAt: '2026-01-06T10:00:00.000Z' }));
  });

  it('builds a UTM URL with a preview of the final address, and uses it as the destination', async () => {
    renderTab();
    const user = userEvent.setup();

    setValue(await screen.findByLabelText('Source'), 'flyer');
    setValue(screen.getByLabelText('Campaign', { selector: 'input' }), 'spring sale');

    expect(screen.getByTestId('utm-final-url')).toHaveTextContent('https://example.com/menu?utm_source=flyer&utm_campaign=spring+sale');
    await user.click(screen.getByRole('button', { name: 'Use this URL' }));
    await waitFor(() =>
      expect(server.calls('PATCH /api/qrcodes/:id')[0]?.body).toEqual({ destinationUrl: 'https://example.com/menu?utm_source=flyer&utm_campaign=spring+sale' }),
    );
  });

  it('adds an iOS rule, tests it in the preview, adds a schedule, and saves them together', async () => {
    renderTab();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    await user.selectOptions(screen.getByLabelText('Rule 1: OS'), 'ios');
    setValue(screen.getByLabelText('Send to'), 'https://apps.apple.com/app/id1');

    await user.selectOptions(screen.getByLabelText("Scanner's OS"), 'ios');
    expect(screen.getByTestId('rule-preview')).toHaveTextContent('Rule 1 matches: goes to https://apps.apple.com/app/id1');
    await user.selectOptions(screen.getByLabelText("Scanner's OS"), 'android');
    expect(screen.getByTestId('rule-preview')).toHaveTextContent('No rule matches: goes to https://example.com/menu');

    await user.click(screen.getByRole('button', { name: 'Add a switch' }));
    setValue(screen.getByLabelText('Switch 1 at'), '2030-01-01T09:00');
    setValue(screen.getByLabelText('Destination'), 'https://example.com/new-year');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));

    expect(await screen.findByText('Campaign Saved')).toBeInTheDocument();
    expect(server.calls('PATCH /api/qrcodes/:id')[0].body).toEqual({
      campaign: {
        rules: [{ os: ['ios'], destination: 'https://apps.apple.com/app/id1' }],
        schedule: [{ at: new Date('2030-01-01T09:00').toISOString(), destination: 'https://example.com/new-year' }],
      },
    });
  });

  it('turns on sending the scan id for conversions, and keeps it on when the campaign is saved again', async () => {
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /qrd_id/ }));
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id')[0]?.body).toEqual({ campaign: { passScanId: true } }));
  });

  it('shows a code that sends its scan id as such', async () => {
    renderTab(aCode({ ...code, campaign: { passScanId: true } }));
    expect(await screen.findByRole('checkbox', { name: /qrd_id/ })).toBeChecked();
  });

  it('shows the scans left under a limit, and the server\'s reason when a setting is refused', async () => {
    server.on(
      'PATCH /api/qrcodes/:id',
      fail(400, { code: ErrorCode.Validation, message: 'The expiry is in the past: choose a later date and time', fields: { 'campaign.expiresAt': 'The expiry is in the past: choose a later date and time' } }),
    );
    renderTab({ ...code, campaign: { scanLimit: 100 }, remainingScans: 42 });
    const user = userEvent.setup();

    expect(await screen.findByText('42 scans left')).toBeInTheDocument();
    setValue(screen.getByLabelText('Ends at'), '2020-01-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));

    expect(await screen.findByText('The expiry is in the past: choose a later date and time')).toBeInTheDocument();
    expect(server.calls('PATCH /api/qrcodes/:id')[0].body).toEqual({ campaign: { scanLimit: 100, expiresAt: new Date('2020-01-01T09:00').toISOString() } });
  });

  it('lists an A/B split with its weights and removes a variant', async () => {
    renderTab({
      ...code,
      campaign: {
        split: [
          { name: 'A', destination: 'https://example.com/a', weight: 3 },
          { name: 'B', destination: 'https://example.com/b', weight: 1 },
        ],
      },
    });
    const user = userEvent.setup();

    expect(await screen.findByDisplayValue('https://example.com/a')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Weight').map((input) => (input as HTMLInputElement).value)).toEqual(['3', '1']);
    await user.click(screen.getByRole('button', { name: 'Remove variant B' }));
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id')[0]?.body).toEqual({ campaign: { split: [{ name: 'A', destination: 'https://example.com/a', weight: 3 }] } }));
  });

  it('sets a password for scanners, and removes it', async () => {
    server.on('PATCH /api/qrcodes/:id', ok({ ...code, passwordProtected: true, updatedAt: '2026-01-06T10:00:00.000Z' }));
    renderTab({ ...code, passwordProtected: true });
    const user = userEvent.setup();

    expect(await screen.findByText('This code asks scanners for a password before the redirect.')).toBeInTheDocument();
    setValue(screen.getByLabelText('New password'), 'open sesame');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password Set')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove password' }));
    await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id').map((c) => c.body)).toEqual([{ password: 'open sesame' }, { password: null }]));
  });

  it('keeps what a rule set through the API holds beyond the form (more systems, devices, a time window) when saving', async () => {
    const rule = {
      os: ['ios' as const, 'android' as const],
      device: ['tablet' as const],
      time: { zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' },
      destination: 'https://example.com/office-tablets',
    };
    renderTab({ ...code, campaign: { rules: [rule] } });
    const user = userEvent.setup();

    expect(await screen.findByText('Also only for or Android; tablet; Mon, Tue, Wed, Thu, Fri 09:00-17:00 (Europe/Berlin) (kept as set).')).toBeInTheDocument();
    setValue(screen.getByLabelText('Send to'), 'https://example.com/tablets');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(server.calls('PATCH /api/qrcodes/:id')[0]?.body).toEqual({ campaign: { rules: [{ ...rule, destination: 'https://example.com/tablets' }] } }),
    );
  });

  it('shows each of the server\'s messages beside the rule, switch or variant it is about', async () => {
    server.on(
      'PATCH /api/qrcodes/:id',
      fail(400, {
        code: ErrorCode.Validation,
        message: 'Rule 2 can never match: rule 1 comes first and catches every scan it would',
        fields: {
          'campaign.rules.1': 'Rule 2 can never match: rule 1 comes first and catches every scan it would',
          'campaign.split.1.weight': 'Weights must be whole numbers from 1 to 1000',
          'campaign.schedule.0.at': 'This switch is in the past: choose a later date and time',
        },
      }),
    );
    renderTab({
      ...code,
      campaign: {
        rules: [
          { os: ['ios'], destination: 'https://example.com/ios' },
          { os: ['ios'], country: ['DE'], destination: 'https://example.com/ios-de' },
        ],
        split: [
          { name: 'A', destination: 'https://example.com/a', weight: 1 },
          { name: 'B', destination: 'https://example.com/b', weight: 1 },
        ],
        schedule: [{ at: '2099-01-01T09:00:00.000Z', destination: 'https://example.com/later' }],
      },
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save campaign' }));
    const rules = screen.getByRole('region', { name: 'Routing rules' });
    const secondRule = within(rules).getAllByRole('listitem')[1];
    expect(await within(secondRule).findByRole('alert')).toHaveTextContent('Rule 2 can never match: rule 1 comes first and catches every scan it would');
    expect(within(within(rules).getAllByRole('listitem')[0]).queryByRole('alert')).toBeNull();
    const fieldAlert = (input: HTMLElement) => within(input.parentElement as HTMLElement).getByRole('alert');
    expect(fieldAlert(screen.getAllByLabelText('Weight')[1])).toHaveTextContent('Weights must be whole numbers from 1 to 1000');
    expect(within(screen.getAllByLabelText('Weight')[0].parentElement as HTMLElement).queryByRole('alert')).toBeNull();
    expect(fieldAlert(screen.getByLabelText('Switch 1 at'))).toHaveTextContent('This switch is in the past: choose a later date and time');
    expect(screen.getByText('Some settings need a change: see the messages above.')).toBeInTheDocument();
  });

  it('adds region and city conditions, tests them in the preview, and saves cities with their country', async () => {
    renderTab();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    setValue(screen.getByLabelText('Cities'), 'Munich (de), Lyon');
    setValue(screen.getByLabelText('Send to'), 'https://example.com/city');
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    setValue(screen.getAllByLabelText('Regions')[1], 'Bavaria, Saxony');
    setValue(screen.getAllByLabelText('Send to')[1], 'https://example.com/region');
    expect(screen.getAllByLabelText('Cities')[0]).toHaveAccessibleDescription('Country in brackets to narrow: Munich (DE)');

    setValue(screen.getByLabelText("Scanner's region"), 'bavaria');
    setValue(screen.getByLabelText("Scanner's city"), 'munich');
    expect(screen.getByTestId('rule-preview')).toHaveTextContent('Rule 2 matches: goes to https://example.com/region');
    setValue(screen.getByLabelText("Scanner's country"), 'DE');
    expect(screen.getByTestId('rule-preview')).toHaveTextContent('Rule 1 matches: goes to https://example.com/city');

    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(server.calls('PATCH /api/qrcodes/:id')[0]?.body).toEqual({
        campaign: {
          rules: [
            { city: [{ name: 'Munich', country: 'DE' }, { name: 'Lyon' }], destination: 'https://example.com/city' },
            { region: ['Bavaria', 'Saxony'], destination: 'https://example.com/region' },
          ],
        },
      }),
    );
  });

  it('shows a code\'s cities as written, and the server\'s message beside the cities field', async () => {
    server.on(
      'PATCH /api/qrcodes/:id',
      fail(400, {
        code: ErrorCode.Validation,
        message: 'campaign.rules.0.city: City 1: the country must be a two-letter ISO code such as DE',
        fields: { 'campaign.rules.0.city': 'City 1: the country must be a two-letter ISO code such as DE' },
      }),
    );
    renderTab({ ...code, campaign: { rules: [{ city: [{ name: 'Munich', country: 'DE' }], destination: 'https://example.com/m' }] } });
    const user = userEvent.setup();

    const cities = await screen.findByLabelText('Cities');
    expect(cities).toHaveValue('Munich (DE)');
    setValue(cities, 'Munich (Germany)');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    expect(await within(cities.parentElement as HTMLElement).findByRole('alert')).toHaveTextContent('City 1: the country must be a two-letter ISO code such as DE');
    expect(cities).toHaveAccessibleDescription('City 1: the country must be a two-letter ISO code such as DE');
  });
});
