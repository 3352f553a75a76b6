const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** An ISO 3166-1 alpha-2 country code that names a real region. */
export function isCountryCode(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[A-Z]{2}$/.test(value) || value === 'ZZ' || value === 'XX') return false;
  const name = regionNames?.of(value);
  return name !== undefined && name !== value;
}
