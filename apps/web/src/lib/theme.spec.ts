import { parseTheme, resolveTheme } from './theme';

describe(parseTheme.name, () => {
  it('defaults to system for a missing or unknown value', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('sepia')).toBe('system');
    expect(parseTheme('dark')).toBe('dark');
  });
});

describe(resolveTheme.name, () => {
  it('follows the operating system only on system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
