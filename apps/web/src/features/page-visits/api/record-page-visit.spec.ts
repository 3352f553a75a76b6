import { pageVisitPath } from './record-page-visit';

describe(pageVisitPath.name, () => {
  it('keeps a plain path as it is', () => {
    expect(pageVisitPath('/edit-qr/0b1f6a4e-8c1d-4f7e-9a3b-2d5c6e7f8a9b')).toBe('/edit-qr/0b1f6a4e-8c1d-4f7e-9a3b-2d5c6e7f8a9b');
    expect(pageVisitPath('/')).toBe('/');
  });

  it('replaces characters the gateway refuses, keeping the number of segments', () => {
    expect(pageVisitPath('/reset-password/ab_c.d~e')).toBe('/reset-password/ab-c-d-e');
  });

  it('cuts paths to the length the gateway accepts', () => {
    expect(pageVisitPath(`/${'a'.repeat(300)}`)).toHaveLength(100);
  });
});
