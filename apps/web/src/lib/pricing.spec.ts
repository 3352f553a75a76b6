import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { aBillingConfig } from '../testing/fixtures';
import { currencyForLocale, describePrices } from './pricing';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

describe(describePrices.name, () => {
  it('formats the configured prices and works out what a year saves', () => {
    const prices = describePrices(
      aBillingConfig({ prices: { monthly: { interval: 'monthly', unitAmountCents: 500 }, annual: { interval: 'annual', unitAmountCents: 4500 } } }),
    );

    expect(prices).toEqual({ monthly: '$5.00', annual: '$45.00', annualMonthsFree: 3, annualSavingPercent: 25, currency: 'usd' });
  });

  it('says two months and 16% for the default plan', () => {
    expect(describePrices(aBillingConfig())).toEqual({
      monthly: '$3.49',
      annual: '$34.90',
      annualMonthsFree: 2,
      annualSavingPercent: 16,
      currency: 'usd',
    });
  });

  it('claims no saving when a year costs twelve months or more', () => {
    const prices = describePrices(
      aBillingConfig({ prices: { monthly: { interval: 'monthly', unitAmountCents: 300 }, annual: { interval: 'annual', unitAmountCents: 3600 } } }),
    );

    expect(prices.annualMonthsFree).toBe(0);
    expect(prices.annualSavingPercent).toBe(0);
  });

  it("shows a currency's own prices formatted for the shown language, and US dollars for one the server does not price", () => {
    const config = aBillingConfig({
      currencies: ['usd', 'eur', 'gbp'],
      pricesByCurrency: {
        usd: { monthly: { interval: 'monthly', unitAmountCents: 349 }, annual: { interval: 'annual', unitAmountCents: 3490 } },
        eur: { monthly: { interval: 'monthly', unitAmountCents: 329 }, annual: { interval: 'annual', unitAmountCents: 3290 } },
      },
    });
    expect(describePrices(config, 'eur', 'de')).toMatchObject({ monthly: '3,29\u00a0€', annual: '32,90\u00a0€', currency: 'eur' });
    expect(describePrices(config, 'gbp', 'en-GB')).toMatchObject({ monthly: 'US$3.49', currency: 'usd' });
  });

  it('is the only source of prices: no screen writes an amount of its own', () => {
    // A dollar sign before a digit in the code (comments aside) is a price written into the app.
    const amount = /\$\d+\.\d\d/;
    const code = (line: string) => !/^\s*(\*|\/\/|\/\*\*)/.test(line);
    const offenders = sourceFiles(SRC)
      .filter((file) => readFileSync(file, 'utf8').split('\n').some((line) => code(line) && amount.test(line)))
      .map((file) => relative(SRC, file));

    expect(offenders).toEqual([]);
    expect(readFileSync(join(SRC, '..', 'index.html'), 'utf8')).not.toMatch(amount);
  });
});

describe(currencyForLocale.name, () => {
  it("takes the browser's region when it names one, else its language", () => {
    expect(currencyForLocale(['en-GB', 'en'])).toBe('gbp');
    expect(currencyForLocale(['en-US'])).toBe('usd');
    expect(currencyForLocale(['en'])).toBe('usd');
    expect(currencyForLocale(['en-IE'])).toBe('eur');
    expect(currencyForLocale(['de-AT'])).toBe('eur');
    expect(currencyForLocale(['de'])).toBe('eur');
    expect(currencyForLocale(['fr-CA'])).toBe('eur');
    expect(currencyForLocale(['pt-BR'])).toBe('eur');
    expect(currencyForLocale(['ja-JP'])).toBe('eur');
    expect(currencyForLocale(['ar'])).toBe('eur');
    expect(currencyForLocale(['es-US'])).toBe('usd');
    expect(currencyForLocale([])).toBe('usd');
  });
});
