import { logSafeRequest } from './log-safe-request';

describe(logSafeRequest.name, () => {
  it('drops cookies and credentials from the logged headers', () => {
    const sut = logSafeRequest({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'qrd_session=secret', Authorization: 'Bearer x', 'user-agent': 'test' },
    });
    expect(sut.headers).toEqual({ 'user-agent': 'test' });
  });

  it('hides a reset token in the path but keeps the fixed routes readable', () => {
    expect(logSafeRequest({ url: '/api/password-reset/abcDEF123_-' }).url).toBe('/api/password-reset/[token]');
    expect(logSafeRequest({ url: '/api/password-reset/abc?x=1' }).url).toBe('/api/password-reset/[token]?x=1');
    expect(logSafeRequest({ url: '/api/password-reset/request' }).url).toBe('/api/password-reset/request');
    expect(logSafeRequest({ url: '/api/password-reset/confirm' }).url).toBe('/api/password-reset/confirm');
    expect(logSafeRequest({ url: '/api/password-reset/requestXYZ' }).url).toBe('/api/password-reset/[token]');
  });
});
