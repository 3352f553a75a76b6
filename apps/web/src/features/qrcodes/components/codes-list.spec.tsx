import { type CodePage, ErrorCode, type QrCodeView } from '@qrd/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCode, aTemplate } from '../../../testing/fixtures';
import { fail, installFetchStub, ok, type FetchStub, type StubRequest } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { CodesList } from './codes-list';

/** 120 codes, newest first; the server answers pages of `limit` with an opaque cursor. */
const CODES: QrCodeView[] = Array.from({ length: 120 }, (_, i) =>
  aCode({
    id: `c-${i}`,
    slug: `slug${String(i).padStart(3, '0')}`,
    name: i === 7 ? 'Lunch menu' : `Code ${i}`,
    destinationUrl: `https://example.com/${i}`,
    updatedAt: `2026-01-05T10:00:00.${String(i).padStart(3, '0')}Z`,
  }),
);

function pageOf(codes: QrCodeView[], request: StubRequest): CodePage<QrCodeView> {
  const limit = Number(request.query.get('limit'));
  const start = Number(request.query.get('cursor') ?? 0);
  const next = start + limit;
  return { items: codes.slice(start, next), nextCursor: next < codes.length ? String(next) : null, total: codes.length };
}

describe(CodesList.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/qrcodes', (request) => ok(pageOf(CODES, request)))
      .on('GET /api/tags', ok([{ tag: 'menu', codes: 4 }, { tag: 'summer sale', codes: 2 }]))
      .on('GET /api/folders', ok([{ id: 'f-1', name: 'Shops', codes: 3, createdAt: '2026-01-01T00:00:00.000Z' }]))
      .on('GET /api/design-templates', ok([aTemplate({ id: 't-1', name: 'Brand colours' }), aTemplate({ id: 't-2', name: 'Night' })]));
  });

  const cards = () => screen.queryAllByRole('article');
  const lastQuery = () => server.calls('GET /api/qrcodes').at(-1)?.query;

  it('shows the first page with cacheable image addresses, and loads the next pages on request', async () => {
    renderWithApp(<CodesList />);
    const user = userEvent.setup();

    expect(await screen.findByText('Showing 24 of 120 QR codes')).toBeInTheDocument();
    expect(cards()).toHaveLength(24);
    expect(screen.getByRole('img', { name: 'QR code for Lunch menu' })).toHaveAttribute(
      'src',
      `/api/qrcodes/c-7/preview.png?v=${encodeURIComponent(CODES[7].updatedAt)}`,
    );
    expect(lastQuery()?.get('sort')).toBe('created');
    expect(lastQuery()?.get('order')).toBe('desc');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 74 of 120 QR codes')).toBeInTheDocument();
    expect(lastQuery()?.get('cursor')).toBe('24');
    expect(lastQuery()?.get('limit')).toBe('50');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('120 QR codes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks the server once typing pauses, and says when nothing matches', async () => {
    server.on('GET /api/qrcodes', (request) => {
      const q = request.query.get('q')?.toLowerCase() ?? '';
      return ok(pageOf(CODES.filter((c) => c.name.toLowerCase().includes(q)), request));
    });
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');

    await user.type(screen.getByRole('searchbox', { name: 'Search QR codes' }), 'menu');
    expect(await screen.findByText('1 QR code')).toBeInTheDocument();
    expect(within(cards()[0]).getByRole('heading', { name: 'Lunch menu' })).toBeInTheDocument();
    const searches = server.calls('GET /api/qrcodes').filter((r) => r.query.has('q'));
    expect(searches.map((r) => r.query.get('q'))).toEqual(['menu']);

    await user.type(screen.getByRole('searchbox', { name: 'Search QR codes' }), ' nowhere');
    expect(await screen.findByRole('heading', { name: 'No QR Codes Found' })).toBeInTheDocument();
    expect(screen.getByText('No QR codes match your search. Try another word, category, tag or folder.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create QR Code' })).not.toBeInTheDocument();
  });

  it('sends the chosen sort, state and category to the server', async () => {
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name A–Z');
    await waitFor(() => expect(lastQuery()?.get('sort')).toBe('name'));
    expect(lastQuery()?.get('order')).toBe('asc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Inactive');
    await waitFor(() => expect(lastQuery()?.get('state')).toBe('inactive'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Event');
    await waitFor(() => expect(lastQuery()?.get('category')).toBe('event'));
    expect(lastQuery()?.get('sort')).toBe('name');
    expect(lastQuery()?.get('state')).toBe('inactive');
  });

  it('filters by tag and folder on the server, and sorts by last change', async () => {
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');
    // The filters' options are asked for once the first codes are shown.
    await screen.findByRole('option', { name: 'summer sale (2)' });
    await screen.findByRole('option', { name: 'Shops' });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tag' }), 'summer sale (2)');
    await waitFor(() => expect(lastQuery()?.get('tag')).toBe('summer sale'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Folder' }), 'Shops');
    await waitFor(() => expect(lastQuery()?.get('folder')).toBe('f-1'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Folder' }), 'No folder');
    await waitFor(() => expect(lastQuery()?.get('folder')).toBe('none'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Recently changed');
    await waitFor(() => expect(lastQuery()?.get('sort')).toBe('updated'));
    expect(lastQuery()?.get('tag')).toBe('summer sale');
  });

  it('acts on the selected codes at once: tags them and deactivates them, all in one request each', async () => {
    server.on('POST /api/qrcodes/bulk/:action', (request) => ok({ selected: request.body.ids.length, changed: request.body.ids.length }));
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');
    expect(screen.queryByRole('region', { name: 'Selected QR codes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Code 0' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Code 2' }));
    const bar = screen.getByRole('region', { name: 'Selected QR codes' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();

    await user.type(within(bar).getByRole('textbox', { name: 'Tag' }), 'Summer Sale');
    await user.click(within(bar).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(server.calls('POST /api/qrcodes/bulk/:action')).toHaveLength(1));
    expect(server.calls('POST /api/qrcodes/bulk/:action')[0]).toMatchObject({
      path: '/api/qrcodes/bulk/tag',
      body: { ids: ['c-0', 'c-2'], tag: 'Summer Sale', operation: 'add' },
    });

    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(server.calls('POST /api/qrcodes/bulk/:action')).toHaveLength(2));
    expect(server.calls('POST /api/qrcodes/bulk/:action')[1]).toMatchObject({ path: '/api/qrcodes/bulk/deactivate', body: { ids: ['c-0', 'c-2'] } });

    await user.click(within(bar).getByRole('button', { name: 'Select all 24 shown' }));
    expect(within(bar).getByText('24 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected QR codes' })).not.toBeInTheDocument();
  });

  it('gives the selected codes a design template in one request, and their previews are asked for again', async () => {
    server.on('POST /api/qrcodes/bulk/:action', (request) => ok({ selected: request.body.ids.length, changed: request.body.ids.length }));
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');
    await user.click(screen.getByRole('checkbox', { name: 'Select Code 0' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Code 3' }));
    const bar = screen.getByRole('region', { name: 'Selected QR codes' });
    const apply = within(bar).getByRole('button', { name: 'Apply design' });
    expect(apply).toBeDisabled();
    const listsBefore = server.calls('GET /api/qrcodes').length;

    const picker = within(bar).getByRole('combobox', { name: 'Design template' });
    expect(picker).toHaveAccessibleDescription(/keeps its own logo unless the template has one/);
    await within(bar).findByRole('option', { name: 'Night' });
    await user.selectOptions(picker, 'Night');
    await user.click(apply);

    await waitFor(() => expect(server.calls('POST /api/qrcodes/bulk/:action')).toHaveLength(1));
    expect(server.calls('POST /api/qrcodes/bulk/:action')[0]).toMatchObject({
      path: '/api/qrcodes/bulk/design-template',
      body: { ids: ['c-0', 'c-3'], templateId: 't-2' },
    });
    expect(await screen.findByText('2 QR codes given the new design')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET /api/qrcodes').length).toBeGreaterThan(listsBefore));
    expect(picker).toHaveValue('');
  });

  it("says so when a design template cannot be applied, and keeps the choice", async () => {
    server.on('POST /api/qrcodes/bulk/:action', fail(400, { code: ErrorCode.Validation, message: 'The design template was not found: it may have been deleted' }));
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');
    await user.click(screen.getByRole('checkbox', { name: 'Select Code 1' }));
    const bar = screen.getByRole('region', { name: 'Selected QR codes' });
    await within(bar).findByRole('option', { name: 'Brand colours' });

    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Design template' }), 'Brand colours');
    await user.keyboard('{Tab}{Enter}');

    expect(await screen.findByText('The design template was not found: it may have been deleted')).toBeInTheDocument();
    expect(within(bar).getByRole('combobox', { name: 'Design template' })).toHaveValue('t-1');
  });

  it('refuses a tag that is too long before asking the server', async () => {
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');
    await user.click(screen.getByRole('checkbox', { name: 'Select Code 1' }));
    const bar = screen.getByRole('region', { name: 'Selected QR codes' });

    await user.type(within(bar).getByRole('textbox', { name: 'Tag' }), 'x'.repeat(33));
    await user.click(within(bar).getByRole('button', { name: 'Add tag' }));

    expect(within(bar).getByRole('alert')).toHaveTextContent('A tag can have at most 32 characters');
    expect(server.calls('POST /api/qrcodes/bulk/:action')).toHaveLength(0);
  });

  it('deletes the selected codes only after a confirmation that explains the seats', async () => {
    server.on('POST /api/qrcodes/bulk/:action', ok({ selected: 3, changed: 3 }));
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');
    for (const name of ['Code 0', 'Code 1', 'Code 2']) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));

    await user.click(within(screen.getByRole('region', { name: 'Selected QR codes' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 QR codes?' });
    expect(dialog).toHaveTextContent('Their 3 seats stay in your subscription, free for new codes, until the period ends');
    expect(server.calls('POST /api/qrcodes/bulk/:action')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete 3 QR codes' }));
    await waitFor(() => expect(server.calls('POST /api/qrcodes/bulk/:action')[0]).toMatchObject({ path: '/api/qrcodes/bulk/delete', body: { ids: ['c-0', 'c-1', 'c-2'] } }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected QR codes' })).not.toBeInTheDocument());
  });

  it('says nothing was changed when the server refuses a bulk action', async () => {
    server.on('POST /api/qrcodes/bulk/:action', fail(404, { code: ErrorCode.NotFound, message: 'Some of the chosen codes were not found: nothing was changed' }));
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');
    await user.click(screen.getByRole('checkbox', { name: 'Select Code 0' }));

    await user.click(within(screen.getByRole('region', { name: 'Selected QR codes' })).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Some of the chosen codes were not found: nothing was changed')).toBeInTheDocument();
  });

  it('invites a first-time user to create a code', async () => {
    server.on('GET /api/qrcodes', ok({ items: [], nextCursor: null, total: 0 }));
    renderWithApp(<CodesList />);

    expect(await screen.findByRole('heading', { name: 'No QR Codes Found' })).toBeInTheDocument();
    expect(screen.getByText('You have not created a QR code yet. Create your first one to start.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create QR Code' })).toHaveAttribute('href', '/create-qr');
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    server.on('GET /api/qrcodes', fail(503, { code: ErrorCode.Unavailable, message: 'The qr-service is not answering' }));
    renderWithApp(<CodesList />);
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your QR codes.');

    server.on('GET /api/qrcodes', (request) => ok(pageOf(CODES, request)));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 24 of 120 QR codes')).toBeInTheDocument();
  });

  it('keeps the codes already shown when the next page fails', async () => {
    renderWithApp(<CodesList />);
    const user = userEvent.setup();
    await screen.findByText('Showing 24 of 120 QR codes');

    server.on('GET /api/qrcodes', fail(503, { code: ErrorCode.Unavailable, message: 'The qr-service is not answering' }));
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more QR codes.');
    expect(cards()).toHaveLength(24);
  });

  describe('past a page of codes', () => {
    /** A screen `width` px wide for the column media queries (jsdom has no layout, hence no matchMedia). */
    function screenWidth(width: number) {
      window.matchMedia = ((query: string) => ({
        matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity) <= width,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      })) as typeof window.matchMedia;
    }
    function scrollTo(y: number) {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    }
    const original = window.matchMedia;
    afterEach(() => {
      window.matchMedia = original;
      scrollTo(0);
    });

    async function loadAll() {
      const user = userEvent.setup();
      await screen.findByText('Showing 24 of 120 QR codes');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText('Showing 74 of 120 QR codes');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText('120 QR codes');
      return user;
    }
    const card = (name: string) => screen.queryByRole('article', { name });

    it('renders only the rows near the screen, three cards a row on a wide screen, following the scroll', async () => {
      screenWidth(1280);
      renderWithApp(<CodesList />);
      await loadAll();

      const shown = cards();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThan(60);
      expect(shown.length % 3).toBe(0);
      expect(card('Code 0')?.parentElement).toBe(card('Code 2')?.parentElement);
      expect(card('Code 3')?.parentElement).not.toBe(card('Code 2')?.parentElement);
      expect(card('Code 119')).toBeNull();

      scrollTo(40 * 400);
      expect(await screen.findByRole('article', { name: 'Code 119' })).toBeInTheDocument();
      expect(card('Code 0')).toBeNull();
      expect(cards().length).toBeLessThan(60);
    });

    it('shows one card a row on a phone, and the list layout one a row at any width', async () => {
      screenWidth(390);
      renderWithApp(<CodesList />);
      const user = await loadAll();
      expect(card('Code 1')?.parentElement).not.toBe(card('Code 0')?.parentElement);

      screenWidth(1280);
      await user.click(screen.getByRole('button', { name: 'List view' }));
      expect(card('Code 1')?.parentElement).not.toBe(card('Code 0')?.parentElement);
      expect(cards().length).toBeLessThan(60);
    });

    it('keeps the card that has keyboard focus and its neighbours when they scroll away, with cards in reading order', async () => {
      renderWithApp(<CodesList />);
      const user = await loadAll();

      const names = cards().map((c) => c.getAttribute('aria-label'));
      expect(names).toEqual(names.map((_, i) => `Code ${i}`));

      screen.getByRole('link', { name: 'Edit Code 3' }).focus();
      await user.tab();
      expect(card('Code 3')).toContainElement(document.activeElement as HTMLElement);

      scrollTo(100 * 128 * 4);
      expect(await screen.findByRole('article', { name: 'Code 119' })).toBeInTheDocument();
      expect(card('Code 3')).toContainElement(document.activeElement as HTMLElement);
      // Tab and Shift+Tab find the next card even before a scroll catches up.
      expect(card('Code 2')).toBeInTheDocument();
      expect(card('Code 4')).toBeInTheDocument();
      expect(card('Code 1')).toBeNull();
      expect(card('Code 5')).toBeNull();
      const order = cards().map((c) => Number(c.getAttribute('aria-label')?.slice(5)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    });
  });
});
