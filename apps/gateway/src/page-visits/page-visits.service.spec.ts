import { normalisePage } from './page-visits.service';

describe('normalisePage', () => {
  it('folds ids so each page counts once', () => {
    expect(normalisePage('/edit-qr/5f1c2a9e-0000-4000-8000-000000000001')).toBe('/edit-qr/:id');
    expect(normalisePage('/edit-qr/another-id')).toBe('/edit-qr/:id');
    expect(normalisePage('/reset-password/abc123')).toBe('/reset-password/:token');
  });

  it('keeps known pages and drops query strings and trailing slashes', () => {
    expect(normalisePage('/')).toBe('/');
    expect(normalisePage('/dashboard/')).toBe('/dashboard');
    expect(normalisePage('/auth?tab=login')).toBe('/auth');
  });

  it('counts unknown paths as the not-found page instead of inventing new keys', () => {
    expect(normalisePage('/wp-admin/setup.php')).toBe('(not found)');
    expect(normalisePage('/dashboard/extra')).toBe('(not found)');
  });
});
