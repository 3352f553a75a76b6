import { ifMatchAllows } from './if-match.interceptor';

describe(ifMatchAllows.name, () => {
  const current = 'W/"2f-abc"';

  it.each(['W/"2f-abc"', '"2f-abc"', ' W/"2f-abc" ', 'W/"1-old", W/"2f-abc"', '*'])('lets %s through', (header) => {
    expect(ifMatchAllows(header, current)).toBe(true);
  });

  it.each(['W/"1-old"', '"2f-abd"', '', 'W/"2f-abc', '2f-abc'])('stops %s', (header) => {
    expect(ifMatchAllows(header, current)).toBe(false);
  });
});
