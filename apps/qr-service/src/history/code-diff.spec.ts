import { DEFAULT_DESIGN } from '../rendering';
import { codeChanges, CodeSnapshot, creationChanges } from './code-diff';

const base: CodeSnapshot = {
  name: 'Menu',
  destination: 'https://example.com/menu',
  category: null,
  design: { ...DEFAULT_DESIGN },
  campaign: null,
  passwordHash: null,
  deactivatedByOwner: false,
  takenDownAt: null,
  takedownReason: null,
};

describe('codeChanges', () => {
  it('records tags and the folder as their own kinds of change', () => {
    const before = { ...base, tags: ['menu'], folderId: null };
    const after = { ...base, tags: ['menu', 'summer sale'], folderId: '6f1c1f9e-1d1a-4d8e-9f51-0d6a3b1c2e11' };

    expect(codeChanges(before, after)).toEqual([
      { kind: 'tags', changes: [{ field: 'tags', before: ['menu'], after: ['menu', 'summer sale'] }] },
      { kind: 'folder', changes: [{ field: 'folder', before: null, after: '6f1c1f9e-1d1a-4d8e-9f51-0d6a3b1c2e11' }] },
    ]);
    expect(codeChanges(after, { ...after })).toEqual([]);
  });

  it("records a change of how unique visitors are counted, and none for a snapshot that does not name it (per day)", () => {
    expect(codeChanges({ ...base, uniqueWindow: 'day' }, { ...base, uniqueWindow: 'hour' })).toEqual([
      { kind: 'analytics', changes: [{ field: 'uniqueWindow', before: 'day', after: 'hour' }] },
    ]);
    expect(codeChanges(base, { ...base, uniqueWindow: 'day' })).toEqual([]);
  });

  it('answers nothing for the same code, whatever order its campaign keys come in', () => {
    const before = { ...base, campaign: { scanLimit: 5, expiresAt: '2099-01-01T00:00:00.000Z' } };
    const after = { ...base, campaign: { expiresAt: '2099-01-01T00:00:00.000Z', scanLimit: 5 } };

    expect(codeChanges(before, after)).toEqual([]);
  });

  it('keeps only the fields that changed, one entry per kind', () => {
    const after = { ...base, name: 'Lunch', campaign: { scanLimit: 10 }, design: { ...DEFAULT_DESIGN, margin: 1 } };

    expect(codeChanges(base, after)).toEqual([
      { kind: 'name', changes: [{ field: 'name', before: 'Menu', after: 'Lunch' }] },
      { kind: 'campaign', changes: [{ field: 'campaign.scanLimit', before: null, after: 10 }] },
      { kind: 'design', changes: [{ field: 'margin', before: DEFAULT_DESIGN.margin, after: 1 }] },
    ]);
  });

  it('records a frame, eyes, gradient and transparency as design changes', () => {
    const after = {
      ...base,
      design: { ...DEFAULT_DESIGN, frame: 'border' as const, frameText: 'Menu', eyeStyle: 'circle' as const, gradient: { to: '#1b5e20', angle: 90 }, transparent: true },
    };

    expect(codeChanges(base, after)).toEqual([
      {
        kind: 'design',
        changes: [
          { field: 'eyeStyle', before: null, after: 'circle' },
          { field: 'gradient', before: null, after: { to: '#1b5e20', angle: 90 } },
          { field: 'transparent', before: false, after: true },
          { field: 'frame', before: 'none', after: 'border' },
          { field: 'frameText', before: 'Scan me', after: 'Menu' },
        ],
      },
    ]);
  });

  it('shows a password and a logo only as set or none', () => {
    const after = { ...base, passwordHash: '$argon2id$secret', design: { ...DEFAULT_DESIGN, logo: { mime: 'image/png' as const, dataBase64: 'AAAA' } } };

    const changes = codeChanges(base, after);

    expect(changes).toEqual([
      { kind: 'password', changes: [{ field: 'password', before: 'none', after: 'set' }] },
      { kind: 'logo', changes: [{ field: 'logo', before: 'none', after: 'set' }] },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/argon2|AAAA/);
  });

  it('records deactivation and takedown as state changes', () => {
    const after = { ...base, deactivatedByOwner: true, takenDownAt: new Date(), takedownReason: 'Spam' };

    expect(codeChanges(base, after)).toEqual([
      { kind: 'state', changes: [{ field: 'active', before: true, after: false }] },
      { kind: 'takedown', changes: [{ field: 'takenDown', before: false, after: true }, { field: 'reason', before: null, after: 'Spam' }] },
    ]);
  });
});

describe('creationChanges', () => {
  it('lists what the code was created with, the password as set', () => {
    const created = creationChanges({ ...base, slug: 'AbCdEf1', category: 'restaurant', campaign: { scanLimit: 3 }, passwordHash: 'hash' });

    expect(created).toEqual({
      kind: 'created',
      changes: [
        { field: 'slug', before: null, after: 'AbCdEf1' },
        { field: 'name', before: null, after: 'Menu' },
        { field: 'destination', before: null, after: 'https://example.com/menu' },
        { field: 'category', before: null, after: 'restaurant' },
        { field: 'campaign.scanLimit', before: null, after: 3 },
        { field: 'password', before: 'none', after: 'set' },
      ],
    });
  });
});
