import { BULK_IMPORT_MESSAGES, parseTagsCell } from './bulk-import.dto';

describe(parseTagsCell.name, () => {
  it('splits on ; or |, trims, drops empty parts and repeats', () => {
    expect(parseTagsCell(' food ; lunch| daily ;;Food|')).toEqual({ tags: ['food', 'lunch', 'daily'], problem: null });
    expect(parseTagsCell('')).toEqual({ tags: [], problem: null });
  });

  it('allows 20 tags of 32 characters, no more', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(parseTagsCell(twenty.join(';')).problem).toBeNull();
    expect(parseTagsCell([...twenty, 'one-more'].join(';')).problem).toBe(BULK_IMPORT_MESSAGES.tooManyTags);
    expect(parseTagsCell('x'.repeat(32)).problem).toBeNull();
    expect(parseTagsCell(`ok;${'x'.repeat(33)}`).problem).toBe(BULK_IMPORT_MESSAGES.tagTooLong('x'.repeat(33)));
  });
});
