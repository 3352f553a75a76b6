import { BulkFolderDto, BulkIdsDto, BulkTagDto, normaliseTag, normaliseTags, ORGANISE_MESSAGES, tagsProblem } from './organise.dto';
import { CreateQrCodeDto } from './qr.dto';
import { validateDto } from './validate-dto';

const ID = '6f1c1f9e-1d1a-4d8e-9f51-0d6a3b1c2e11';

describe('tags', () => {
  it('are stored trimmed, with single spaces, in lower case, once each', () => {
    expect(normaliseTag('  Summer   SALE ')).toBe('summer sale');
    expect(normaliseTags(['Menu', 'menu ', 'Été'])).toEqual(['menu', 'été']);
  });

  it.each([
    [['ok', ''], ORGANISE_MESSAGES.tagEmpty],
    [['x'.repeat(33)], ORGANISE_MESSAGES.tagTooLong],
    [['<b>'], ORGANISE_MESSAGES.tagCharacters],
    [Array.from({ length: 21 }, (_, i) => `t${i}`), ORGANISE_MESSAGES.tooManyTags],
    ['menu', ORGANISE_MESSAGES.tagsList],
  ])('refuses %j', (tags, message) => {
    expect(tagsProblem(tags)).toBe(message);
  });

  it('accepts 20 tags, and 21 that are 20 once normalised', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(tagsProblem(twenty)).toBeNull();
    expect(tagsProblem([...twenty, 'T0'])).toBeNull();
  });

  it('are optional on a new code, with a folder', async () => {
    expect(await validateDto(CreateQrCodeDto, { name: 'a', destinationUrl: 'https://a.example', tags: ['menu'], folderId: ID })).toEqual({});
    expect((await validateDto(CreateQrCodeDto, { name: 'a', destinationUrl: 'https://a.example', folderId: 'shops' })).folderId).toBe(ORGANISE_MESSAGES.folderId);
  });
});

describe('bulk requests', () => {
  it('take 1 to 500 code ids', async () => {
    expect(await validateDto(BulkIdsDto, { ids: [ID] })).toEqual({});
    expect((await validateDto(BulkIdsDto, { ids: [] })).ids).toBe(ORGANISE_MESSAGES.bulkIds);
    expect((await validateDto(BulkIdsDto, { ids: Array.from({ length: 501 }, () => ID) })).ids).toBe(ORGANISE_MESSAGES.bulkIds);
    expect((await validateDto(BulkIdsDto, { ids: [ID, 'x'] })).ids).toBe(ORGANISE_MESSAGES.bulkIdsInvalid);
  });

  it('name the tag and whether it is added or removed, or the folder (null: none)', async () => {
    expect(await validateDto(BulkTagDto, { ids: [ID], tag: 'Menu', operation: 'add' })).toEqual({});
    expect(Object.keys(await validateDto(BulkTagDto, { ids: [ID], operation: 'toggle' })).sort()).toEqual(['operation', 'tag']);
    expect(await validateDto(BulkFolderDto, { ids: [ID], folderId: null })).toEqual({});
    expect((await validateDto(BulkFolderDto, { ids: [ID] })).folderId).toBe(ORGANISE_MESSAGES.folderId);
  });
});
