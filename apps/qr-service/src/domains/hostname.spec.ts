import { DOMAIN_MESSAGES } from '@qrd/contracts';
import { checkHostname } from './hostname';

const OWN = ['qr.example.com'];

describe('checkHostname', () => {
  it('accepts a customer name, lower-cased, without its final dot', () => {
    expect(checkHostname('  Go.Acme.COM. ', OWN)).toEqual({ ascii: 'go.acme.com', unicode: 'go.acme.com' });
    expect(checkHostname('qr.example.test', OWN)).toEqual({ ascii: 'qr.example.test', unicode: 'qr.example.test' });
  });

  it('stores an international name as punycode and keeps its unicode form', () => {
    expect(checkHostname('qr.bücher.de', OWN)).toEqual({ ascii: 'qr.xn--bcher-kva.de', unicode: 'qr.bücher.de' });
  });

  it.each([
    ['', DOMAIN_MESSAGES.required],
    ['localhost', DOMAIN_MESSAGES.local],
    ['app.localhost', DOMAIN_MESSAGES.local],
    ['printer.local', DOMAIN_MESSAGES.local],
    ['127.0.0.1', DOMAIN_MESSAGES.ip],
    ['[::1]', DOMAIN_MESSAGES.ip],
    ['10.0.0.300', DOMAIN_MESSAGES.ip],
    ['co.uk', DOMAIN_MESSAGES.publicSuffix],
    ['github.io', DOMAIN_MESSAGES.publicSuffix],
    ['qr.example.com', DOMAIN_MESSAGES.ownHost],
    ['x.qr.example.com', DOMAIN_MESSAGES.ownHost],
    [`${'a'.repeat(60)}.`.repeat(5) + 'com', DOMAIN_MESSAGES.tooLong],
    [`${'a'.repeat(64)}.com`, DOMAIN_MESSAGES.tooLong],
    ['https://acme.com/x', DOMAIN_MESSAGES.invalid],
    ['-bad.acme.com', DOMAIN_MESSAGES.invalid],
    ['acme_corp.com', DOMAIN_MESSAGES.invalid],
  ])('refuses %j', (input, problem) => {
    expect(checkHostname(input, OWN)).toEqual({ problem });
  });
});
