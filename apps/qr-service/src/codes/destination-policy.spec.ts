import { destinationRefusal, DestinationPolicy } from './destination-policy';

const LOCAL: DestinationPolicy = { publicBaseUrl: 'http://localhost:8080', allowPrivateNetworks: false };
const PUBLIC: DestinationPolicy = { publicBaseUrl: 'https://qr.example.com', allowPrivateNetworks: false };
const refusal = (destination: string, policy: DestinationPolicy) => destinationRefusal(new URL(destination), policy);

describe(destinationRefusal.name, () => {
  it.each([
    'http://localhost.:8080/r/abc1234',
    'http://LOCALHOST:9999/r/abc1234',
    'http://127.0.0.1:8080/r/abc1234',
    'http://127.1/r/abc1234',
    'http://2130706433:8080/r/abc1234',
    'http://0x7f.0.0.1/r/abc1234',
    'http://0177.0.0.1/r/abc1234',
    'http://[::1]:8080/r/abc1234',
    'http://[::ffff:127.0.0.1]/r/abc1234',
    'http://0.0.0.0:8080/r/abc1234',
    'http://localhost:8080/%72/abc1234',
    'http://localhost:8080//r/abc1234',
  ])('refuses %s on a host on this machine as a loop', (destination) => {
    expect(refusal(destination, LOCAL)).toBe('own-link');
    expect(refusal(destination, { ...LOCAL, allowPrivateNetworks: true })).toBe('own-link');
  });

  it.each(['https://QR.EXAMPLE.COM./r/abc1234', 'http://qr.example.com:444/r/abc1234', 'https://qr.example.com/%72/abc1234'])(
    'refuses %s: our public host in another spelling or port',
    (destination) => expect(refusal(destination, PUBLIC)).toBe('own-link'),
  );

  it('knows our host by its punycode form', () => {
    expect(refusal('https://xn--bcher-kva.example/r/abc1234', { ...PUBLIC, publicBaseUrl: 'https://bücher.example' })).toBe('own-link');
  });

  it.each([
    'http://10.1.2.3/menu',
    'http://172.16.5.4/',
    'http://192.168.0.1/admin',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://printer.localhost/',
    'http://localhost.:3000/',
    'http://127.0.0.1:3000/',
    'http://localhost.localdomain/',
    'http://LOCALHOST6.localdomain6./',
    'http://ip6-loopback/',
    'http://nas.local/',
    'http://router.home.arpa/',
    'http://224.0.0.1/',
    'http://239.255.255.250:1900/',
    'http://[ff02::1]/',
    'http://[ff0e::1]/',
    'http://255.255.255.255/',
    'http://0.1.2.3/',
    'http://240.0.0.1/',
    'http://198.18.0.1/',
    'http://[2002:a00:1::]/',
    'http://[64:ff9b::a00:1]/',
  ])('refuses %s as a private network unless the operator allows it', (destination) => {
    expect(refusal(destination, PUBLIC)).toBe('private-network');
    expect(refusal(destination, { ...PUBLIC, allowPrivateNetworks: true })).toBeNull();
  });

  it.each(['https://example.com/r/abc1234', 'https://qr.example.com/menu', 'https://8.8.8.8/', 'https://[2606:4700::1111]/', 'https://bücher.example/'])(
    'accepts %s',
    (destination) => expect(refusal(destination, PUBLIC)).toBeNull(),
  );
});
