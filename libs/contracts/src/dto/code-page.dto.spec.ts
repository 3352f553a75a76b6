import { CODE_PAGE_MESSAGES, CodePageQueryDto, codePageRequest, decodeCodeCursor, encodeCodeCursor } from './code-page.dto';
import { validateDto } from './validate-dto';

const ID = '0b7c9a4e-6f1d-4c55-9a8e-2f3d4c5b6a79';

describe(encodeCodeCursor.name, () => {
  it.each([
    { sort: 'created', order: 'desc', key: '2026-01-05T10:00:00.123456Z', id: ID },
    { sort: 'lastScan', order: 'asc', key: null, id: ID },
    { sort: 'name', order: 'asc', key: 'speisekarte für café ☕', id: ID },
    { sort: 'scans', order: 'desc', key: '123456789012', id: ID },
  ] as const)('comes back as it went out: $sort $order', (cursor) => {
    const text = encodeCodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64url', '!!!'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['an unknown version', Buffer.from(JSON.stringify([2, 'created', 'desc', '2026-01-05T10:00:00.123456Z', ID])).toString('base64url')],
    ['an impossible day', Buffer.from(JSON.stringify([1, 'created', 'desc', '2026-02-30T10:00:00.123456Z', ID])).toString('base64url')],
    ['a scan count that is not a whole number', Buffer.from(JSON.stringify([1, 'scans', 'desc', '1e9', ID])).toString('base64url')],
    ['an id that is not a uuid', Buffer.from(JSON.stringify([1, 'name', 'asc', 'a', "x' OR 1=1"])).toString('base64url')],
  ])('refuses %s', (_case, text) => {
    expect(decodeCodeCursor(text)).toBeNull();
  });
});

describe(CodePageQueryDto.name, () => {
  it('accepts a full query and fills in defaults', async () => {
    const cursor = encodeCodeCursor({ sort: 'name', order: 'asc', key: 'menu', id: ID });
    expect(await validateDto(CodePageQueryDto, { limit: '20', sort: 'name', q: ' menu ', state: 'inactive', category: 'event', cursor })).toEqual({});
    expect(codePageRequest({ sort: 'name', q: ' menu ' })).toEqual({
      limit: 50,
      cursor: null,
      sort: 'name',
      order: 'asc',
      q: 'menu',
      state: null,
      category: null,
      tag: null,
      folder: null,
    });
    expect(codePageRequest({ tag: '  Summer SALE', folder: ID.toUpperCase() })).toMatchObject({ tag: 'summer sale', folder: ID });
    expect(await validateDto(CodePageQueryDto, { tag: 'x'.repeat(33), folder: 'shops' })).toEqual({
      tag: 'A tag can have at most 32 characters',
      folder: CODE_PAGE_MESSAGES.folder,
    });
  });

  it("refuses a cursor made for another sort order", async () => {
    const cursor = encodeCodeCursor({ sort: 'name', order: 'asc', key: 'menu', id: ID });
    expect(await validateDto(CodePageQueryDto, { sort: 'name', order: 'desc', cursor })).toEqual({ cursor: CODE_PAGE_MESSAGES.cursorOrder });
  });
});
