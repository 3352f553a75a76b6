import { formatCents, type BillingConfigView } from '@qrd/contracts';

/** The plan's prices as the web app shows them, from the server's configuration (GET /api/config). */
export interface PlanPrices {
  /** Per code per month, formatted in dollars and cents. */
  monthly: string;
  /** Per code per year, formatted in dollars and cents. */
  annual: string;
  /** Whole months a year paid at once saves against twelve monthly payments (0 when none). */
  annualMonthsFree: number;
  /** The same saving in whole per cent, rounded down. */
  annualSavingPercent: number;
}

/** DESIGN section 6: one plan priced per code (seat); the server's prices are the only source. */
export function describePrices(config: Pick<BillingConfigView, 'prices'>): PlanPrices {
  const month = config.prices.monthly.unitAmountCents;
  const year = config.prices.annual.unitAmountCents;
  const saved = Math.max(0, month * 12 - year);
  return {
    monthly: formatCents(month),
    annual: formatCents(year),
    annualMonthsFree: month > 0 ? Math.floor(saved / month + 1e-9) : 0,
    annualSavingPercent: month > 0 ? Math.floor((saved / (month * 12)) * 100 + 1e-9) : 0,
  };
}

/** "2 months free" / "1 month free". */
export function monthsFreeLabel(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'} free`;
}

/** Spec section 1: what the single plan includes. */
export const PLAN_FEATURES = [
  'As many dynamic QR codes as you need',
  'Update destination URLs at any time',
  'Scan analytics: counts, location, device and time',
  'High-quality downloads (PNG, SVG, PDF)',
  'URL management',
  'Email support',
] as const;
