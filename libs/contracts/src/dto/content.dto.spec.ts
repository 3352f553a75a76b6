import { contentProblems, wifiPayload } from './content.dto';

describe('contentProblems', () => {
  it('accepts a complete contact card, link list, file and Wi-Fi network', () => {
    expect(contentProblems({ type: 'vcard', firstName: 'Ada', phones: [{ number: '+44 20 7946 0958' }], emails: ['ada@example.com'] })).toEqual({});
    expect(contentProblems({ type: 'links', title: 'Us', links: [{ label: 'Shop', url: 'https://shop.example.com' }] })).toEqual({});
    expect(contentProblems({ type: 'file', fileId: '2f1b7c9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' })).toEqual({});
    expect(contentProblems({ type: 'wifi', ssid: 'Home', security: 'nopass', hidden: false })).toEqual({});
  });

  it('names each failing field', () => {
    expect(contentProblems({ type: 'links', title: '', links: [{ label: 'A', url: 'javascript:alert(1)' }] })).toEqual({
      title: 'This field is required',
      'links.0.url': 'Please enter a valid URL. Include https:// at the beginning.',
    });
    expect(contentProblems({ type: 'links', title: 'T', links: Array.from({ length: 21 }, () => ({ label: 'a', url: 'https://a.example' })) })).toMatchObject({
      links: 'Add at most 20 buttons',
    });
    expect(contentProblems({ type: 'wifi', ssid: 'x'.repeat(33), security: 'WEP', password: 'abc', hidden: false })).toEqual({
      ssid: 'The network name is at most 32 bytes',
      password: 'A WEP key has 5 or 13 characters, or 10 or 26 hexadecimal digits',
    });
    expect(contentProblems({ type: 'file', fileId: '../../etc/passwd' })).toEqual({ fileId: 'Upload the file again' });
    expect(contentProblems({ type: 'page' })).toEqual({ '': 'Choose a contact card, link list, file or Wi-Fi network' });
    expect(contentProblems({ type: 'wifi', ssid: 'a', security: 'nopass', hidden: false, extra: 1 })).toEqual({ extra: 'Unknown field extra' });
  });
});

describe('wifiPayload', () => {
  it('escapes the characters the WIFI: format reserves', () => {
    expect(wifiPayload({ ssid: 'My;Net,"x":\\', security: 'WPA', password: 'p;w', hidden: true })).toBe('WIFI:T:WPA;S:My\\;Net\\,\\"x\\"\\:\\\\;P:p\\;w;H:true;;');
    expect(wifiPayload({ ssid: 'Open', security: 'nopass', hidden: false })).toBe('WIFI:T:nopass;S:Open;;');
  });
});
