import { HISTORY_MESSAGES, historyPageRequest } from './code-history.dto';

describe(historyPageRequest.name, () => {
  it('applies the defaults', () => {
    expect(historyPageRequest({})).toEqual({ request: { limit: 20, cursor: null, kind: null, codeId: null } });
  });

  it('takes a limit, a cursor, a kind and a code', () => {
    const codeId = '0b6f1c9e-8d47-4c6a-9f0e-2a7d3b5c1e90';
    expect(historyPageRequest({ limit: '100', cursor: '42', kind: 'password', codeId })).toEqual({
      request: { limit: 100, cursor: '42', kind: 'password', codeId },
    });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '1.5' }, 'limit'],
    [{ cursor: '0' }, 'cursor'],
    [{ cursor: ['1', '2'] }, 'cursor'],
    [{ kind: 'scan' }, 'kind'],
    [{ codeId: 'abc' }, 'codeId'],
  ] as const)('refuses %j', (query, field) => {
    expect(historyPageRequest(query)).toEqual({ field, message: HISTORY_MESSAGES[field] });
  });
});
