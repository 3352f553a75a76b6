import type { QrCodeView } from '@qrd/contracts';
import { countLine, filterCodes, stateExplanation, truncate } from './code-list';

function code(name: string, destinationUrl: string, category: QrCodeView['category']): QrCodeView {
  return { name, destinationUrl, category } as QrCodeView;
}

describe(filterCodes.name, () => {
  const codes = [
    code('Lunch menu', 'https://bistro.example/menu', 'restaurant'),
    code('Spring fair', 'https://events.example/fair', 'event'),
    code('Business card', 'https://me.example', null),
  ];

  it('matches the name or the destination, ignoring case', () => {
    expect(filterCodes(codes, 'MENU', 'all').map((c) => c.name)).toEqual(['Lunch menu']);
    expect(filterCodes(codes, 'events.example', 'all').map((c) => c.name)).toEqual(['Spring fair']);
  });

  it('narrows by category', () => {
    expect(filterCodes(codes, '', 'event').map((c) => c.name)).toEqual(['Spring fair']);
    expect(filterCodes(codes, 'menu', 'event')).toEqual([]);
    expect(filterCodes(codes, '  ', 'all')).toHaveLength(3);
  });
});

describe(countLine.name, () => {
  it('says how many are shown of how many', () => {
    expect(countLine(3, 3)).toBe('3 QR codes');
    expect(countLine(1, 1)).toBe('1 QR code');
    expect(countLine(1, 4)).toBe('Showing 1 of 4 QR codes');
  });
});

describe(truncate.name, () => {
  it('cuts at 30 characters with an ellipsis', () => {
    expect(truncate('https://example.com/a-very-long-path')).toBe('https://example.com/a-very-lon…');
    expect(truncate('short')).toBe('short');
  });
});

describe(stateExplanation.name, () => {
  it('names the reason a code does not redirect', () => {
    expect(stateExplanation({ state: 'active', suspended: { billing: false, account: false } })).toBeNull();
    expect(stateExplanation({ state: 'suspended', suspended: { billing: true, account: false } })).toMatch(/subscription/);
    expect(stateExplanation({ state: 'suspended', suspended: { billing: false, account: true } })).toMatch(/account/);
  });
});
