import { ConfigError, loadConfig } from './config';

describe('SOCIAL_LINKS', () => {
  it('is empty unless the operator names the site’s own profiles', () => {
    expect(loadConfig({}).socialLinks).toEqual([]);
  });

  it('reads network=URL pairs', () => {
    const config = loadConfig({ SOCIAL_LINKS: 'x=https://x.com/qrdynamic, linkedin=https://www.linkedin.com/company/qrdynamic' });

    expect(config.socialLinks).toEqual([
      { network: 'x', url: 'https://x.com/qrdynamic' },
      { network: 'linkedin', url: 'https://www.linkedin.com/company/qrdynamic' },
    ]);
  });

  it('refuses an unknown network or a link that is not https, saying which', () => {
    expect(() => loadConfig({ SOCIAL_LINKS: 'myspace=https://myspace.com/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ SOCIAL_LINKS: 'myspace=https://myspace.com/x' })).toThrow(/network one of x, facebook/);
    expect(() => loadConfig({ SOCIAL_LINKS: 'x=http://x.com/q' })).toThrow(/the x link must be an https URL/);
  });
});
