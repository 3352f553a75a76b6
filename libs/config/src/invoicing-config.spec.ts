import { loadConfig } from './config';
import { ConfigError } from './reader';

describe('invoicing configuration', () => {
  it('names the seller by default and prints no tax line unless a rate is set', () => {
    const { invoicing } = loadConfig({ CONTACT_EMAIL: 'help@example.com' });
    expect(invoicing).toEqual({
      seller: { name: 'QR Dynamic', addressLines: [], email: 'help@example.com', vatId: null },
      numberPrefix: 'QRD',
      tax: null,
    });
  });

  it('reads the seller, the address lines and a tax rate', () => {
    const { invoicing } = loadConfig({
      SELLER_NAME: 'QR Dynamic Ltd',
      SELLER_ADDRESS: '1 Market Street | Springfield',
      SELLER_VAT_ID: 'GB123',
      INVOICE_NUMBER_PREFIX: 'INV',
      TAX_RATE_PERCENT: '8.25',
      TAX_LABEL: 'Sales tax',
    });
    expect(invoicing.seller).toMatchObject({ name: 'QR Dynamic Ltd', addressLines: ['1 Market Street', 'Springfield'], vatId: 'GB123' });
    expect(invoicing.numberPrefix).toBe('INV');
    expect(invoicing.tax).toEqual({ label: 'Sales tax', ratePercent: 8.25 });
  });

  it('refuses a rate that is not a percentage and a prefix that would make odd numbers', () => {
    expect(() => loadConfig({ TAX_RATE_PERCENT: '120' })).toThrow(ConfigError);
    expect(() => loadConfig({ TAX_RATE_PERCENT: 'twenty' })).toThrow(/TAX_RATE_PERCENT must be a percentage/);
    expect(() => loadConfig({ INVOICE_NUMBER_PREFIX: 'qr-d' })).toThrow(/INVOICE_NUMBER_PREFIX/);
  });
});
