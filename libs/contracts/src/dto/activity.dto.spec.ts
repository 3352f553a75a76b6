import { activityPageRequest, encodeActivityCursor } from './activity.dto';

describe(activityPageRequest.name, () => {
  it('takes scans or a kind of change, and a cursor it made', () => {
    const cursor = encodeActivityCursor({ change: '41', scans: { at: '2026-03-01T10:45:12.123456Z', codeId: '0B7E4C62-5D6C-4A8E-9A51-2F1F3C9D0E11' } });
    expect(activityPageRequest({ kind: 'scans', cursor })).toEqual({
      request: { limit: 20, kind: 'scans', codeId: null, cursor: { change: '41', scans: { at: '2026-03-01T10:45:12.123456Z', codeId: '0b7e4c62-5d6c-4a8e-9a51-2f1f3c9d0e11' } } },
    });
    expect(activityPageRequest({ cursor: '7~~' })).toMatchObject({ request: { cursor: { change: '7', scans: null } } });
  });

  it.each([
    [{ kind: 'scan' }, 'kind'],
    [{ cursor: '~~' }, 'cursor'],
    [{ cursor: '30' }, 'cursor'],
    [{ cursor: '~2026-03-01T10:45:12Z~0b7e4c62-5d6c-4a8e-9a51-2f1f3c9d0e11' }, 'cursor'],
    [{ cursor: ['1~~', '2~~'] }, 'cursor'],
    [{ limit: '0' }, 'limit'],
  ])('refuses %j, naming %s', (query, field) => {
    expect(activityPageRequest(query)).toMatchObject({ field });
  });
});
