import { ErrorCode, type QrCodeView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCode, PREVIEW_DATA_URL } from '../../../testing/fixtures';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { EditQrRoute } from './edit-qr-route';

function renderScreen(tab?: string, state?: unknown) {
  return renderWithApp(<EditQrRoute />, { path: `/edit-qr/c-1${tab ? `?tab=${tab}` : ''}`, route: '/edit-qr/:id', state });
}

describe(EditQrRoute.name, () => {
  let server: FetchStub;
  const code = aCode({ id: 'c-1', name: 'Table menu', destinationUrl: 'https://example.com/menu' });

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/qrcodes/:id', ok(code))
      .on('GET /api/qrcodes/:id/preview', ok({ dataUrl: PREVIEW_DATA_URL }))
      .on('POST /api/qrcodes/:id/preview', ok({ dataUrl: PREVIEW_DATA_URL }))
      .on('GET /api/design-templates', ok([]))
      .on('GET /api/domains', ok([]))
      .on('GET /api/folders', ok([{ id: 'f-1', name: 'Shops', codes: 3, createdAt: '2026-01-01T00:00:00.000Z' }]));
  });

  it('changes the category, tags and folder of a code after its creation', async () => {
    server.on('PATCH /api/qrcodes/:id', (request) => ok({ ...code, ...request.body, tags: request.body.tags ?? [], folderId: request.body.folderId ?? null } as QrCodeView));
    renderScreen('edit');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Organise' });

    await user.selectOptions(within(form).getByLabelText('Category'), 'Real estate');
    await user.type(within(form).getByLabelText('Tags'), 'Flyer,  Summer Sale , flyer');
    await user.selectOptions(await within(form).findByLabelText('Folder'), 'Shops');
    await user.click(within(form).getByRole('button', { name: 'Save category, tags and folder' }));

    await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(1));
    expect(server.calls('PATCH /api/qrcodes/:id')[0].body).toEqual({ category: 'real-estate', tags: ['flyer', 'summer sale'], folderId: 'f-1' });
  });

  it('refuses more than 20 tags before asking the server', async () => {
    renderScreen('edit');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Organise' });

    await user.type(within(form).getByLabelText('Tags'), Array.from({ length: 21 }, (_, i) => `t${i}`).join(','));
    await user.click(within(form).getByRole('button', { name: 'Save category, tags and folder' }));

    expect(within(form).getByRole('alert')).toHaveTextContent('A code can have at most 20 tags');
    expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(0);
  });

  it('switches to the preview tab once the code has loaded', async () => {
    const sut = renderScreen();

    await waitFor(() => expect(screen.getByRole('img', { name: 'QR code for Table menu' })).toHaveAttribute('src', PREVIEW_DATA_URL));
    expect(screen.getByRole('tab', { name: 'Preview & Download' })).toHaveAttribute('aria-selected', 'true');
    expect(sut.search()).toBe('?tab=preview');
  });

  it("names the code in its heading, and says it is ready only right after it was created", async () => {
    const visit = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Table menu' })).toBeInTheDocument();
    expect(screen.queryByText('Your QR Code is Ready!')).not.toBeInTheDocument();
    visit.unmount();

    const sut = renderScreen(undefined, { created: true });
    await waitFor(() => expect(sut.search()).toBe('?tab=preview'));
    expect(screen.getByRole('heading', { level: 1, name: 'Your QR Code is Ready!' })).toBeInTheDocument();
  });

  it('says QR Code Not Found for a code that does not exist or is not the user’s', async () => {
    server.on('GET /api/qrcodes/:id', fail(404, { code: ErrorCode.NotFound, message: 'QR code not found' }));
    renderScreen();

    expect(await screen.findByRole('heading', { name: 'QR Code Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the code’s history on its own tab', async () => {
    server.on('GET /api/qrcodes/:id/history', ok({ items: [], nextCursor: null }));
    renderScreen('history');

    expect(await screen.findByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(server.calls('GET /api/qrcodes/:id/history')[0].params.id).toBe('c-1');
  });

  describe('Edit URL', () => {
    it('shows the validation message of an invalid URL and sends nothing', async () => {
      renderScreen('edit');
      const user = userEvent.setup();
      const url = await screen.findByLabelText('Destination URL');

      await user.clear(url);
      await user.click(screen.getByRole('button', { name: 'Update URL' }));
      expect(await screen.findByText('URL is required')).toBeInTheDocument();

      await user.type(url, 'example.com/menu');
      expect(await screen.findByText('Please enter a valid URL. Include https:// at the beginning.')).toBeInTheDocument();
      expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(0);
    });

    it('saves the new destination, says so, and shows a preview fetched again', async () => {
      const updated: QrCodeView = { ...code, destinationUrl: 'https://example.com/new', updatedAt: '2026-01-06T10:00:00.000Z' };
      server.on('PATCH /api/qrcodes/:id', ok(updated));
      const sut = renderScreen('preview');
      const user = userEvent.setup();
      await screen.findByRole('img', { name: 'QR code for Table menu' });
      await user.click(screen.getByRole('tab', { name: 'Edit URL' }));
      const url = await screen.findByLabelText('Destination URL');

      await user.clear(url);
      await user.type(url, 'https://example.com/new');
      await user.click(screen.getByRole('button', { name: 'Update URL' }));

      expect(await screen.findByText('QR Code Updated')).toBeInTheDocument();
      expect(server.calls('PATCH /api/qrcodes/:id')[0].body).toEqual({ name: 'Table menu', destinationUrl: 'https://example.com/new' });
      await waitFor(() => expect(sut.search()).toBe('?tab=preview'));
      expect(await screen.findByRole('link', { name: /https:\/\/example\.com\/new/ })).toBeInTheDocument();
      // Spec section 4: the cached preview is cleared after a URL update, so it is read again.
      await waitFor(() => expect(server.calls('GET /api/qrcodes/:id/preview')).toHaveLength(2));
    });

    it('says Saving... while the update runs, then shows the server’s error', async () => {
      const answer = deferred<Reply<QrCodeView>>();
      server.on('PATCH /api/qrcodes/:id', () => answer.promise);
      renderScreen('edit');
      const user = userEvent.setup();
      const url = await screen.findByLabelText('Destination URL');
      await user.clear(url);
      await user.type(url, 'https://example.com/new');

      await user.click(screen.getByRole('button', { name: 'Update URL' }));
      expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
      answer.resolve(fail(503, { code: ErrorCode.Unavailable, message: 'The QR service is not answering. Please try again.' }));

      expect(await screen.findByText('Error Updating QR Code')).toBeInTheDocument();
      expect(screen.getByText('The QR service is not answering. Please try again.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Update URL' })).toBeEnabled();
    });
  });

  describe('Design', () => {
    const refused = 'The colours are too similar to scan. Use more contrast.';

    beforeEach(() => {
      server.on('POST /api/qrcodes/:id/preview', ({ body }) =>
        body.foreground === '#eeeeee'
          ? fail(400, { code: ErrorCode.Validation, message: refused })
          : ok({ dataUrl: `${PREVIEW_DATA_URL}#${body.foreground}` }),
      );
    });

    it('shows the saved design, with nothing to save or reset', async () => {
      renderScreen('design');

      expect(await screen.findByRole('img', { name: 'Preview of the design for Table menu' })).toBeInTheDocument();
      expect(screen.getByText('This is the saved design.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save design' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    });

    it('previews a change before it is saved, and Reset brings the saved design back', async () => {
      renderScreen('design');
      const user = userEvent.setup();
      const foreground = await screen.findByLabelText('Foreground colour');

      await user.clear(foreground);
      await user.type(foreground, '#112233');

      expect(await screen.findByText('Preview of your changes (not saved yet).')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('img', { name: 'Preview of the design for Table menu' })).toHaveAttribute('src', `${PREVIEW_DATA_URL}##112233`),
      );
      expect(server.calls('POST /api/qrcodes/:id/preview').at(-1)?.body).toEqual({ ...designOf(code), foreground: '#112233' });
      expect(screen.getByRole('button', { name: 'Save design' })).toBeEnabled();

      await user.click(screen.getByRole('button', { name: 'Reset' }));
      expect(screen.getByLabelText('Foreground colour')).toHaveValue('#000000');
      expect(await screen.findByText('This is the saved design.')).toBeInTheDocument();
    });

    it('explains a design the server refuses and does not let it be saved', async () => {
      renderScreen('design');
      const user = userEvent.setup();
      const foreground = await screen.findByLabelText('Foreground colour');

      await user.clear(foreground);
      await user.type(foreground, '#eeeeee');

      expect(await screen.findByText(refused)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save design' })).toBeDisabled();
    });

    it('saves the design and shows it as the saved one', async () => {
      server.on('PUT /api/qrcodes/:id/design', ({ body }) =>
        ok({ ...code, design: { ...code.design, ...body, hasLogo: false }, updatedAt: '2026-01-06T10:00:00.000Z' }),
      );
      renderScreen('design');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('radio', { name: 'Dots' }));

      await user.click(screen.getByRole('button', { name: 'Save design' }));

      expect(await screen.findByText('QR Code Updated')).toBeInTheDocument();
      expect(server.calls('PUT /api/qrcodes/:id/design')[0].body).toEqual({ ...designOf(code), dotStyle: 'dots' });
      expect(await screen.findByText('This is the saved design.')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Dots' })).toBeChecked();
      expect(screen.getByRole('button', { name: 'Save design' })).toBeDisabled();
    });

    it('keeps the draft and says so when saving fails', async () => {
      server.on('PUT /api/qrcodes/:id/design', fail(500, { code: ErrorCode.Internal, message: 'Failed to save the design' }));
      renderScreen('design');
      const user = userEvent.setup();
      await user.click(within(await screen.findByRole('group', { name: 'Dot style' })).getByRole('radio', { name: 'Rounded' }));

      await user.click(screen.getByRole('button', { name: 'Save design' }));

      const alert = await screen.findByText('Error Updating QR Code');
      expect(within(alert.closest('li') ?? document.body).getByText('Failed to save the design')).toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'Dot style' })).getByRole('radio', { name: 'Rounded' })).toBeChecked();
      expect(screen.getByText('Preview of your changes (not saved yet).')).toBeInTheDocument();
    });
  });

  describe('Design templates', () => {
    const brand = { ...code.design, foreground: '#0d47a1', frame: 'border' as const, frameText: 'Menu', eyeStyle: 'circle' as const };

    it('applies a saved template to the draft, and saves the current design as a new one', async () => {
      server.on('GET /api/design-templates', ok([{ id: 't-1', name: 'Brand', design: brand, createdAt: '2026-01-05T10:00:00.000Z' }]));
      server.on('POST /api/design-templates', ({ body }) => ok({ id: 't-2', name: body.name, design: { ...code.design, ...body.design, hasLogo: false }, createdAt: '2026-01-06T10:00:00.000Z' }));
      renderScreen('design');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Apply template Brand' }));

      expect(await screen.findByText('Preview of your changes (not saved yet).')).toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'Frame' })).getByRole('radio', { name: 'Frame with banner' })).toBeChecked();
      expect(screen.getByLabelText('Call to action')).toHaveValue('Menu');
      await user.type(screen.getByLabelText('Save this design as a template'), 'Menus');
      await user.click(screen.getByRole('button', { name: 'Save as template' }));
      expect(await screen.findByText('Template saved')).toBeInTheDocument();
      expect(server.calls('POST /api/design-templates')[0].body).toEqual({ name: 'Menus', design: { ...designOf(code), ...designOfBrand(brand) }, codeId: code.id });
    });

    it('says when there are no templates yet, and shows why a name is refused', async () => {
      server.on('POST /api/design-templates', fail(400, { code: ErrorCode.Validation, message: 'You already have a template with this name', fields: { name: 'You already have a template with this name' } }));
      renderScreen('design');
      const user = userEvent.setup();

      expect(await screen.findByText('No templates yet. Save a design you like to reuse it on other codes.')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Save this design as a template'), 'Brand');
      await user.click(screen.getByRole('button', { name: 'Save as template' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('You already have a template with this name');
    });
  });
});

function designOfBrand({ hasLogo: _hasLogo, ...design }: QrCodeView['design']) {
  return design;
}

function designOf({ design }: QrCodeView) {
  const { hasLogo: _hasLogo, ...input } = design;
  return input;
}
