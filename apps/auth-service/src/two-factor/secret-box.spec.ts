import { loadConfig } from '@qrd/config';
import { SecretBox } from './secret-box';

function boxWith(env: Record<string, string> = {}): SecretBox {
  return new SecretBox(loadConfig({ NODE_ENV: 'test', ...env }));
}

describe(SecretBox.name, () => {
  const secret = 'JQS6ZS6LXPP7SID2VTNKTO55AA6W6LUU';

  it('opens what it sealed, and never stores the secret readable', () => {
    const sut = boxWith();
    const sealed = sut.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(sut.seal(secret)).not.toBe(sealed);
    expect(sut.open(sealed)).toBe(secret);
  });

  it('refuses a tampered value and a value sealed under another key', () => {
    const sut = boxWith();
    const sealed = sut.seal(secret);
    const [version, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => sut.open([version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => boxWith({ TOTP_ENCRYPTION_KEY: 'another-key-of-at-least-32-characters!!' }).open(sealed)).toThrow();
    expect(() => sut.open('not-a-sealed-value')).toThrow('Unreadable authenticator secret');
  });
});
